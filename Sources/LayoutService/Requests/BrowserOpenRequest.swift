import JSONBytes
import PhotoLayout

/// The body of `POST /v1/browser/open` (DESIGN §7.1), read strictly, not yet validated.
struct BrowserOpenRequest: Hashable, Sendable {
    var browser: BrowserRequest
    var pageSpacing: Double?
    var stripOffset: Double?
    var watermark: BrowserWatermarkRequest?

    /// The shared members, then open's own.
    private static let keys = JSONKeySet(BrowserRequest.keys + ["page_spacing", "strip_offset", "watermark"])

    /// The body's request; the first error in field order (the shared fields, then
    /// `page_spacing`, `strip_offset`, `watermark`), after malformed JSON anywhere.
    static func read(_ body: [UInt8]) throws(InputError) -> BrowserOpenRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var shared = BrowserRequest.Fields()
            var pageSpacing: Result<Double?, InputError> = .success(nil)
            var stripOffset: Result<Double?, InputError> = .success(nil)
            var watermark: Result<BrowserWatermarkRequest?, InputError> = .success(nil)
            var members: JSONMemberCursor
            switch RequestBody.topLevel(try scanner.strictMembers(at: [], "an object")) {
            case .failure(let error): return .failure(error)
            case .success(let cursor): members = cursor
            }
            while let field = try scanner.nextField(&members, in: keys) {
                switch field - BrowserRequest.keys.count {
                case ..<0: try shared.read(field, &scanner)
                case 0: pageSpacing = try scanner.strictNumber(at: ["page_spacing"])
                case 1: stripOffset = try scanner.strictNumber(at: ["strip_offset"])
                default: watermark = try BrowserWatermarkRequest.read(&scanner)
                }
            }
            return Result { () throws(InputError) in
                BrowserOpenRequest(
                    browser: try shared.request(),
                    pageSpacing: try pageSpacing.get(),
                    stripOffset: try stripOffset.get(),
                    watermark: try watermark.get())
            }
        }
    }
}

/// `watermark`: `{"width", "height", "margin"?}`.
struct BrowserWatermarkRequest: Hashable, Sendable {
    var size: Size
    var margin: Double?

    private static let keys = JSONKeySet(["width", "height", "margin"])

    /// Read as JSONDecoder read it: the size first (`width`, `height` required), then `margin`.
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<
        BrowserWatermarkRequest?, InputError
    > {
        var width: Result<Double?, InputError> = .success(nil)
        var height: Result<Double?, InputError> = .success(nil)
        var margin: Result<Double?, InputError> = .success(nil)
        var members: JSONMemberCursor
        switch try scanner.strictMembers(at: ["watermark"], JSONScanner.sizeType) {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success(let cursor?): members = cursor
        }
        while let field = try scanner.nextField(&members, in: keys) {
            switch field {
            case 0: width = try scanner.strictNumber(at: ["watermark", "width"])
            case 1: height = try scanner.strictNumber(at: ["watermark", "height"])
            default: margin = try scanner.strictNumber(at: ["watermark", "margin"])
            }
        }
        return Result { () throws(InputError) in
            let size = Size(
                width: try width.required(at: ["watermark", "width"], "a number").get(),
                height: try height.required(at: ["watermark", "height"], "a number").get())
            return BrowserWatermarkRequest(size: size, margin: try margin.get())
        }
    }
}
