import JSONBytes
import PhotoLayout

/// The body of `POST /v1/album/layout` (DESIGN §7.1): `{"screen", "count", "scale"?,
/// "item_size"?, "spacing"?, "inset"?}`, read strictly, not yet validated.
/// `scale` is accepted here too (decision: every geometry output is on a pixel grid).
struct AlbumLayoutRequest: Hashable, Sendable {
    var screen: Size?
    var scale: Double?
    var count: Double?
    var itemSize: Double?
    var spacing: Double?
    var inset: Double?

    /// In the order their errors are reported.
    private static let keys = JSONKeySet(["screen", "scale", "count", "item_size", "spacing", "inset"])

    /// The body's request; the first error in field order, after malformed JSON anywhere. Each
    /// member is read by the member cursor straight into its own field.
    static func read(_ body: [UInt8]) throws(InputError) -> AlbumLayoutRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var screen: Result<Size?, InputError> = .success(nil)
            var scale: Result<Double?, InputError> = .success(nil)
            var count: Result<Double?, InputError> = .success(nil)
            var itemSize: Result<Double?, InputError> = .success(nil)
            var spacing: Result<Double?, InputError> = .success(nil)
            var inset: Result<Double?, InputError> = .success(nil)
            var members: JSONMemberCursor
            switch RequestBody.topLevel(try scanner.strictMembers(at: [], "an object")) {
            case .failure(let error): return .failure(error)
            case .success(let cursor): members = cursor
            }
            while let field = try scanner.nextField(&members, in: keys) {
                switch field {
                case 0: screen = try scanner.strictSize(at: ["screen"])
                case 1: scale = try scanner.strictNumber(at: ["scale"])
                case 2: count = try scanner.strictNumber(at: ["count"])
                case 3: itemSize = try scanner.strictNumber(at: ["item_size"])
                case 4: spacing = try scanner.strictNumber(at: ["spacing"])
                default: inset = try scanner.strictNumber(at: ["inset"])
                }
            }
            return Result { () throws(InputError) in
                AlbumLayoutRequest(
                    screen: try screen.get(),
                    scale: try scale.get(),
                    count: try count.get(),
                    itemSize: try itemSize.get(),
                    spacing: try spacing.get(),
                    inset: try inset.get())
            }
        }
    }
}
