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

    /// The body's request; the first error in field order, after malformed JSON anywhere.
    static func read(_ body: [UInt8]) throws(InputError) -> AlbumLayoutRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var screen: Result<Size?, InputError> = .success(nil)
            var numbers = [Result<Double?, InputError>](repeating: .success(nil), count: 5)
            let object = try scanner.strictObject(at: [], "an object", keys) { field, scanner throws(JSONSyntaxError) in
                if field == 0 {
                    screen = try scanner.strictSize(at: ["screen"])
                } else {
                    numbers[field - 1] = try scanner.strictNumber(at: [keys.keys[field].name.description])
                }
            }
            return RequestBody.topLevel(object).flatMap { () -> Result<AlbumLayoutRequest, InputError> in
                Result { () throws(InputError) in
                    AlbumLayoutRequest(
                        screen: try screen.get(),
                        scale: try numbers[0].get(),
                        count: try numbers[1].get(),
                        itemSize: try numbers[2].get(),
                        spacing: try numbers[3].get(),
                        inset: try numbers[4].get())
                }
            }
        }
    }
}
