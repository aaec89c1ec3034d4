/// The body of `POST /v1/browser/open` (DESIGN §7.1), decoded strictly, not yet validated.
public struct BrowserOpenRequest: Decodable, Hashable, Sendable {
    public var browser: BrowserRequest
    public var pageSpacing: Double?
    public var stripOffset: Double?
    public var watermark: BrowserWatermarkRequest?

    enum Key: String, CodingKey {
        case watermark
        case pageSpacing = "page_spacing"
        case stripOffset = "strip_offset"
    }

    public init(from decoder: any Decoder) throws {
        browser = try BrowserRequest(from: decoder)
        let object = try BrowserStrictObject<Key>(decoder)
        pageSpacing = try object.optional(.pageSpacing, "a number")
        stripOffset = try object.optional(.stripOffset, "a number")
        watermark = try object.optional(.watermark, "an object {\"width\", \"height\", \"margin\"}")
    }
}

/// `watermark`: `{"width", "height", "margin"?}`.
public struct BrowserWatermarkRequest: Decodable, Hashable, Sendable {
    public var size: Size
    public var margin: Double?

    enum Key: String, CodingKey {
        case margin
    }

    public init(from decoder: any Decoder) throws {
        size = try BrowserSizeRequest(from: decoder).size
        margin = try BrowserStrictObject<Key>(decoder).optional(.margin, "a number")
    }
}
