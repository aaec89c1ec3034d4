import JSONBytes
import PhotoLayout

/// The body of `POST /v1/browser/close` (DESIGN §7.1), read strictly, not yet validated.
struct BrowserCloseRequest: Hashable, Sendable {
    var browser: BrowserRequest
    var currentFrame: Rect?
    /// `zoom`: `{"scale", "content_offset"}`.
    var zoomScale: Double?
    var zoomOffset: Point?
    var scroll: BrowserScrollContext?

    /// The shared members, then close's own.
    private static let keys = JSONKeySet(BrowserRequest.keys + ["current_frame", "zoom", "scroll"])
    private static let zoomKeys = JSONKeySet(["scale", "content_offset"])
    private static let scrollKeys = JSONKeySet(["viewport", "content_offset", "content_size"])

    /// The body's request; the first error in field order (the shared fields, then
    /// `current_frame`, `zoom`, `scroll`), after malformed JSON anywhere.
    static func read(_ body: [UInt8]) throws(InputError) -> BrowserCloseRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var shared = BrowserRequest.Fields()
            var currentFrame: Result<Rect?, InputError> = .success(nil)
            var zoom: Result<(scale: Double, offset: Point)?, InputError> = .success(nil)
            var scroll: Result<BrowserScrollContext?, InputError> = .success(nil)
            var members: JSONMemberCursor
            switch RequestBody.topLevel(try scanner.strictMembers(at: [], "an object")) {
            case .failure(let error): return .failure(error)
            case .success(let cursor): members = cursor
            }
            while let field = try scanner.nextField(&members, in: keys) {
                switch field - BrowserRequest.keys.count {
                case ..<0: try shared.read(field, &scanner)
                case 0: currentFrame = try scanner.strictRect(at: ["current_frame"])
                case 1: zoom = try readZoom(&scanner)
                default: scroll = try readScroll(&scanner)
                }
            }
            return Result { () throws(InputError) in
                let browser = try shared.request()
                let frame = try currentFrame.get()
                let zoom = try zoom.get()
                return BrowserCloseRequest(
                    browser: browser, currentFrame: frame, zoomScale: zoom?.scale, zoomOffset: zoom?.offset,
                    scroll: try scroll.get())
            }
        }
    }

    /// `zoom`: the zoomed scroll view's `scale` (required) and `content_offset` (default 0, 0).
    private static func readZoom(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<(scale: Double, offset: Point)?, InputError> {
        var scale: Result<Double?, InputError> = .success(nil)
        var offset: Result<Point?, InputError> = .success(nil)
        var members: JSONMemberCursor
        switch try scanner.strictMembers(at: ["zoom"], "an object") {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success(let cursor?): members = cursor
        }
        while let field = try scanner.nextField(&members, in: zoomKeys) {
            if field == 0 {
                scale = try scanner.strictNumber(at: ["zoom", "scale"])
            } else {
                offset = try scanner.strictPoint(at: ["zoom", "content_offset"])
            }
        }
        return Result { () throws(InputError) in
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
        var members: JSONMemberCursor
        switch try scanner.strictMembers(at: ["scroll"], "an object") {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success(let cursor?): members = cursor
        }
        while let field = try scanner.nextField(&members, in: scrollKeys) {
            switch field {
            case 0: viewport = try scanner.strictRect(at: ["scroll", "viewport"])
            case 1: offset = try scanner.strictPoint(at: ["scroll", "content_offset"])
            default: size = try scanner.strictSize(at: ["scroll", "content_size"])
            }
        }
        return Result { () throws(InputError) in
            BrowserScrollContext(
                viewport: try viewport.required(at: ["scroll", "viewport"], "a frame").get(),
                contentOffset: try offset.required(at: ["scroll", "content_offset"], JSONScanner.pointType).get(),
                contentSize: try size.required(at: ["scroll", "content_size"], JSONScanner.sizeType).get())
        }
    }
}
