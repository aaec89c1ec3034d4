import JSONBytes
import PhotoLayout

/// The body of `POST /v1/browser/open` (docs/API.md §7.1), read strictly, not yet validated.
struct BrowserOpenRequest: Hashable, Sendable {
    var browser: BrowserRequest
    var pageSpacing: Double?
    var stripOffset: Double?
    var watermark: BrowserWatermarkRequest?

    /// Open's own members, after the shared ones.
    enum Field: String, JSONField {
        case pageSpacing = "page_spacing"
        case stripOffset = "strip_offset"
        case watermark
    }

    private static let fields = JSONFieldSet<BrowserBodyField<Field>>()

    /// The body's request; the first error in field order (the shared fields, then
    /// `page_spacing`, `strip_offset`, `watermark`), after malformed JSON anywhere.
    static func read(_ body: [UInt8]) throws(InputError) -> BrowserOpenRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var shared = BrowserRequest.Fields()
            var pageSpacing: Result<Double?, InputError> = .success(nil)
            var stripOffset: Result<Double?, InputError> = .success(nil)
            var watermark: Result<BrowserWatermarkRequest?, InputError> = .success(nil)
            return try scanner.strictObject(at: [], "an object", fields) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .shared(let field): try shared.read(field, &scanner)
                case .own(.pageSpacing): pageSpacing = try scanner.strictNumber(at: ["page_spacing"])
                case .own(.stripOffset): stripOffset = try scanner.strictNumber(at: ["strip_offset"])
                case .own(.watermark): watermark = try BrowserWatermarkRequest.read(&scanner)
                }
            } value: { () throws(InputError) in
                BrowserOpenRequest(
                    browser: try shared.request(),
                    pageSpacing: try pageSpacing.get(),
                    stripOffset: try stripOffset.get(),
                    watermark: try watermark.get())
            }
            .nonNull(at: [], "an object")
        }
    }
}

/// `watermark`: `{"width", "height", "margin"?}`.
struct BrowserWatermarkRequest: Hashable, Sendable {
    var size: Size
    var margin: Double?

    enum Field: String, JSONField {
        case width, height, margin

        static let set = JSONFieldSet<Self>()
    }

    /// `width` and `height` required (reported first, in that order), then `margin`.
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<
        BrowserWatermarkRequest?, InputError
    > {
        var width: Result<Double?, InputError> = .success(nil)
        var height: Result<Double?, InputError> = .success(nil)
        var margin: Result<Double?, InputError> = .success(nil)
        return try scanner.strictObject(at: ["watermark"], JSONScanner.sizeType, Field.set) {
            field, scanner throws(JSONSyntaxError) in
            switch field {
            case .width: width = try scanner.strictNumber(at: ["watermark", "width"])
            case .height: height = try scanner.strictNumber(at: ["watermark", "height"])
            case .margin: margin = try scanner.strictNumber(at: ["watermark", "margin"])
            }
        } value: { () throws(InputError) in
            let size = Size(
                width: try width.required(at: ["watermark", "width"], "a number").get(),
                height: try height.required(at: ["watermark", "height"], "a number").get())
            return BrowserWatermarkRequest(size: size, margin: try margin.get())
        }
    }
}
