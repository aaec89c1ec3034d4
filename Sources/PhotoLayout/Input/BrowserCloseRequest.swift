/// The body of `POST /v1/browser/close` (DESIGN §7.1), decoded strictly, not yet validated.
public struct BrowserCloseRequest: Decodable, Hashable, Sendable {
    public var browser: BrowserRequest
    public var currentFrame: Rect?
    /// `zoom`: `{"scale", "content_offset"}`.
    public var zoomScale: Double?
    public var zoomOffset: Point?
    public var scroll: BrowserScrollContext?

    enum Key: String, CodingKey {
        case zoom, scroll
        case currentFrame = "current_frame"
    }

    enum ZoomKey: String, CodingKey {
        case scale
        case contentOffset = "content_offset"
    }

    public init(from decoder: any Decoder) throws {
        browser = try BrowserRequest(from: decoder)
        let object = try BrowserStrictObject<Key>(decoder)
        currentFrame = try object.optional(.currentFrame, "a frame").map { (dto: BrowserRectRequest) in dto.rect }
        if let zoom: ZoomStateRequest = try object.optional(.zoom, "an object {\"scale\", \"content_offset\"}") {
            zoomScale = zoom.scale
            zoomOffset = zoom.contentOffset
        }
        scroll = try object.optional(.scroll, "an object").map { (dto: BrowserScrollRequest) in dto.context }
    }
}

/// `zoom`: the zoomed scroll view's `scale` (required) and `content_offset` (default 0, 0).
struct ZoomStateRequest: Decodable {
    var scale: Double
    var contentOffset: Point

    enum Key: String, CodingKey {
        case scale
        case contentOffset = "content_offset"
    }

    init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder)
        scale = try object.required(.scale, "a number")
        contentOffset =
            try object.optional(.contentOffset, "a point").map { (dto: BrowserPointRequest) in dto.point } ?? .zero
    }
}

/// `scroll`: `{"viewport": Frame, "content_offset": {"x","y"}, "content_size": Size}`, all required.
struct BrowserScrollRequest: Decodable {
    var context: BrowserScrollContext

    enum Key: String, CodingKey {
        case viewport
        case contentOffset = "content_offset"
        case contentSize = "content_size"
    }

    init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder)
        let viewport: BrowserRectRequest = try object.required(.viewport, "a frame")
        let offset: BrowserPointRequest = try object.required(.contentOffset, "a point {\"x\", \"y\"}")
        let size: BrowserSizeRequest = try object.required(.contentSize, "a size {\"width\", \"height\"}")
        context = BrowserScrollContext(viewport: viewport.rect, contentOffset: offset.point, contentSize: size.size)
    }
}
