/// The fields `POST /v1/browser/open` and `/v1/browser/close` share (DESIGN §7.1), as sent:
/// decoded strictly (wrong JSON type: 400), not yet validated (`BrowserInput.validated`
/// gives the 422s). Unknown fields are ignored; `status` is read leniently, as a timeline's.
public struct BrowserRequest: Decodable, Hashable, Sendable {
    public var screen: Size?
    public var scale: Double?
    public var photos: [BrowserPhotoRequest]?
    public var status: WeiboStatus?
    /// `"bmiddle"` (default) or `"large"`: which variant of the status's pictures to show.
    public var variant: String?
    public var index: Double?
    /// One per picture, `nil` for a picture without a thumbnail.
    public var thumbnailFrames: [Rect?]?
    public var gridOrigin: Point?
    public var gridOptions: RawGridOptions?
    public var contentMode: String?
    public var upscale: Bool?
    public var transition: TransitionRequest?

    enum Key: String, CodingKey {
        case screen, scale, photos, status, variant, index, upscale, transition
        case thumbnailFrames = "thumbnail_frames"
        case gridOrigin = "grid_origin"
        case gridOptions = "grid_options"
        case contentMode = "content_mode"
    }

    public init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder)
        screen = try object.optional(.screen, "a size {\"width\", \"height\"}").map { (dto: BrowserSizeRequest) in
            dto.size
        }
        scale = try object.optional(.scale, "a number")
        photos = try object.optional(.photos, "an array of {\"url\", \"width\", \"height\"}")
        status = try object.optional(.status, "a status object").map { (dto: LenientWeiboStatus) in dto.value }
        variant = try object.optional(.variant, "a string")
        index = try object.optional(.index, "a number")
        thumbnailFrames = try object.optional(.thumbnailFrames, "an array of frames or nulls")
            .map { (dtos: [BrowserRectRequest?]) in dtos.map { $0?.rect } }
        gridOrigin = try object.optional(.gridOrigin, "a point {\"x\", \"y\"}").map { (dto: BrowserPointRequest) in
            dto.point
        }
        gridOptions = try object.optional(.gridOptions, "an object").map { (dto: StrictOptions) in dto.raw }
        contentMode = try object.optional(.contentMode, "a string")
        upscale = try object.optional(.upscale, "a boolean")
        transition = try object.optional(.transition, "an object")
    }
}

/// One entry of `photos`: `{"url", "width"?, "height"?}`.
public struct BrowserPhotoRequest: Decodable, Hashable, Sendable {
    public var url: String
    public var width: Double?
    public var height: Double?

    enum Key: String, CodingKey {
        case url, width, height
    }

    public init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder, expected: "an object {\"url\", \"width\", \"height\"}")
        url = try object.required(.url, "a string")
        width = try object.optional(.width, "a number")
        height = try object.optional(.height, "a number")
    }
}
