import JSONBytes
import PhotoLayout

/// The fields `POST /v1/browser/open` and `/v1/browser/close` share (docs/API.md §7.1), as sent:
/// read strictly (wrong JSON type: 400), not yet validated (`BrowserInput.validated` gives
/// the 422s). Unknown fields are ignored; `status` is read leniently, by the timeline
/// reader's own code (`ByteTimelineReader.readStatus`).
struct BrowserRequest: Hashable, Sendable {
    var screen: Size?
    var scale: Double?
    var photos: [BrowserPhotoRequest]?
    var status: WeiboStatus?
    /// `"bmiddle"` (default) or `"large"`: which variant of the status's pictures to show.
    var variant: String?
    var index: Double?
    /// One per picture, `nil` for a picture without a thumbnail.
    var thumbnailFrames: [Rect?]?
    var gridOrigin: Point?
    var gridOptions: RawGridOptions?
    var contentMode: String?
    var upscale: Bool?
    var transition: TransitionRequest?

    /// The shared members, in the order their errors are reported; open and close add their
    /// own (`BrowserBodyField`).
    enum Field: String, JSONField {
        case screen, scale, photos, status, variant, index
        case thumbnailFrames = "thumbnail_frames"
        case gridOrigin = "grid_origin"
        case gridOptions = "grid_options"
        case contentMode = "content_mode"
        case upscale, transition
    }
}

/// A member of an open or close body: one of the members the two share, or one of the body's
/// own (`Own`), listed after the shared ones (the order their errors are reported).
enum BrowserBodyField<Own: JSONField>: JSONField {
    case shared(BrowserRequest.Field)
    case own(Own)

    static var allCases: [Self] {
        BrowserRequest.Field.allCases.map(Self.shared) + Own.allCases.map(Self.own)
    }

    var name: String {
        switch self {
        case .shared(let field): field.name
        case .own(let field): field.name
        }
    }
}

/// One entry of `photos`: `{"url", "width"?, "height"?}`.
struct BrowserPhotoRequest: Hashable, Sendable {
    /// As bytes: a slice of the body, the page's URL as it came (no `String`).
    var url: ByteString
    var width: Double?
    var height: Double?
}
