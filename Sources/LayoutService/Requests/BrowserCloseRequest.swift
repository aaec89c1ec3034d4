import JSONBytes
import PhotoLayout

/// The body of `POST /v1/browser/close` (docs/API.md §7.1), read strictly, not yet validated.
struct BrowserCloseRequest: Hashable, Sendable {
    var browser: BrowserRequest
    var currentFrame: Rect?
    /// `zoom`: `{"scale", "content_offset"}`.
    var zoomScale: Double?
    var zoomOffset: Point?
    var scroll: BrowserScrollContext?

    /// Close's own members, after the shared ones.
    enum Field: String, JSONField {
        case currentFrame = "current_frame"
        case zoom, scroll
    }

    /// The members of `zoom`.
    enum ZoomField: String, JSONField {
        case scale
        case contentOffset = "content_offset"

        static let set = JSONFieldSet<Self>()
    }

    /// The members of `scroll`.
    enum ScrollField: String, JSONField {
        case viewport
        case contentOffset = "content_offset"
        case contentSize = "content_size"

        static let set = JSONFieldSet<Self>()
    }

    private static let fields = JSONFieldSet<BrowserBodyField<Field>>()

    /// The body's request; the first error in field order (the shared fields, then
    /// `current_frame`, `zoom`, `scroll`), after malformed JSON anywhere.
    static func read(_ body: [UInt8]) throws(InputError) -> BrowserCloseRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var shared = BrowserRequest.Fields()
            var currentFrame: Result<Rect?, InputError> = .success(nil)
            var zoom: Result<(scale: Double, offset: Point)?, InputError> = .success(nil)
            var scroll: Result<BrowserScrollContext?, InputError> = .success(nil)
            return try scanner.strictObject(at: [], "an object", fields) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .shared(let field): try shared.read(field, &scanner)
                case .own(.currentFrame): currentFrame = try scanner.strictRect(at: ["current_frame"])
                case .own(.zoom): zoom = try readZoom(&scanner)
                case .own(.scroll): scroll = try readScroll(&scanner)
                }
            } value: { () throws(InputError) in
                let browser = try shared.request()
                let frame = try currentFrame.get()
                let zoom = try zoom.get()
                return BrowserCloseRequest(
                    browser: browser, currentFrame: frame, zoomScale: zoom?.scale, zoomOffset: zoom?.offset,
                    scroll: try scroll.get())
            }
            .nonNull(at: [], "an object")
        }
    }

    /// `zoom`: the zoomed scroll view's `scale` (required) and `content_offset` (default 0, 0).
    private static func readZoom(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<(scale: Double, offset: Point)?, InputError> {
        var scale: Result<Double?, InputError> = .success(nil)
        var offset: Result<Point?, InputError> = .success(nil)
        return try scanner.strictObject(at: ["zoom"], "an object", ZoomField.set) {
            field, scanner throws(JSONSyntaxError) in
            switch field {
            case .scale: scale = try scanner.strictNumber(at: ["zoom", "scale"])
            case .contentOffset: offset = try scanner.strictPoint(at: ["zoom", "content_offset"])
            }
        } value: { () throws(InputError) in
            let value = try scale.required(at: ["zoom", "scale"], "a number").get()
            return (value, try offset.get() ?? .zero)
        }
    }

    /// `scroll`: `{"viewport": Frame, "content_offset": {"x","y"}, "content_size": Size}`, all required.
    private static func readScroll(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<BrowserScrollContext?, InputError> {
        var viewport: Result<Rect?, InputError> = .success(nil)
        var offset: Result<Point?, InputError> = .success(nil)
        var size: Result<Size?, InputError> = .success(nil)
        return try scanner.strictObject(at: ["scroll"], "an object", ScrollField.set) {
            field, scanner throws(JSONSyntaxError) in
            switch field {
            case .viewport: viewport = try scanner.strictRect(at: ["scroll", "viewport"])
            case .contentOffset: offset = try scanner.strictPoint(at: ["scroll", "content_offset"])
            case .contentSize: size = try scanner.strictSize(at: ["scroll", "content_size"])
            }
        } value: { () throws(InputError) in
            BrowserScrollContext(
                viewport: try viewport.required(at: ["scroll", "viewport"], "a frame").get(),
                contentOffset: try offset.required(at: ["scroll", "content_offset"], JSONScanner.pointType).get(),
                contentSize: try size.required(at: ["scroll", "content_size"], JSONScanner.sizeType).get())
        }
    }
}
