import JSONBytes
import PhotoLayout

/// The body of `POST /v1/album/layout` (docs/API.md §7.1): `{"screen", "count", "scale"?,
/// "item_size"?, "spacing"?, "inset"?}`, read strictly, not yet validated.
/// `scale` is accepted here too (decision: every geometry output is on a pixel grid).
struct AlbumLayoutRequest: Hashable, Sendable {
    var screen: Size?
    var scale: Double?
    var count: Double?
    var itemSize: Double?
    var spacing: Double?
    var inset: Double?

    /// The members, in the order their errors are reported.
    enum Field: String, JSONField {
        case screen, scale, count
        case itemSize = "item_size"
        case spacing, inset

        static let set = JSONFieldSet<Self>()
    }

    /// The body's request; the first error in field order, after malformed JSON anywhere. Each
    /// member is read straight into its own field.
    static func read(_ body: [UInt8]) throws(InputError) -> AlbumLayoutRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var screen: Result<Size?, InputError> = .success(nil)
            var scale: Result<Double?, InputError> = .success(nil)
            var count: Result<Double?, InputError> = .success(nil)
            var itemSize: Result<Double?, InputError> = .success(nil)
            var spacing: Result<Double?, InputError> = .success(nil)
            var inset: Result<Double?, InputError> = .success(nil)
            return try scanner.strictObject(at: [], "an object", Field.set) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .screen: screen = try scanner.strictSize(at: ["screen"])
                case .scale: scale = try scanner.strictNumber(at: ["scale"])
                case .count: count = try scanner.strictNumber(at: ["count"])
                case .itemSize: itemSize = try scanner.strictNumber(at: ["item_size"])
                case .spacing: spacing = try scanner.strictNumber(at: ["spacing"])
                case .inset: inset = try scanner.strictNumber(at: ["inset"])
                }
            } value: { () throws(InputError) in
                AlbumLayoutRequest(
                    screen: try screen.get(),
                    scale: try scale.get(),
                    count: try count.get(),
                    itemSize: try itemSize.get(),
                    spacing: try spacing.get(),
                    inset: try inset.get())
            }
            .nonNull(at: [], "an object")
        }
    }
}
