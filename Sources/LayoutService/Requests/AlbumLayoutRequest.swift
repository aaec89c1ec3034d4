import JSONBytes
import PhotoLayout

/// The body of `POST /v1/album/layout` (docs/API.md §5, §7), read strictly, not yet validated:
/// `{"screen", "scale"?, "style"?}` and, for the `grid` style (the default), `"count",
/// "item_size"?, "spacing"?, "inset"?`; for the `justified` style `"photos"` or
/// `"aspect_ratios"` and the options `target_row_height`, `tolerance`, `spacing`, `inset`,
/// `max_rows`, `widow`, `breakout_every`. Every member of either style is read whatever the
/// style; `AlbumLayoutInput.validated` refuses those of the other style.
/// `scale` is accepted here too (decision: every geometry output is on a pixel grid).
struct AlbumLayoutRequest: Hashable, Sendable {
    var screen: Size?
    var scale: Double?
    var count: Double?
    var itemSize: Double?
    var spacing: Sides?
    var inset: Sides?
    var style: String?
    var photos: [Size]?
    var aspectRatios: [Double]?
    var targetRowHeight: Double?
    var tolerance: Double?
    var maxRows: Double?
    var widow: String?
    var breakoutEvery: Double?

    /// `spacing` or `inset` as sent: one number for every side, or an object naming sides
    /// (`{"horizontal", "vertical"}`, `{"top", "right", "bottom", "left"}`).
    enum Sides: Hashable, Sendable {
        case number(Double)
        /// Each side in the order of its field's cases; `nil` where absent or `null`.
        case sides([Double?])
    }

    /// The members of `spacing` given as an object.
    enum SpacingSide: String, JSONField {
        case horizontal, vertical

        static let set = JSONFieldSet<Self>()
    }

    /// The members of `inset` given as an object.
    enum InsetSide: String, JSONField {
        case top, right, bottom, left

        static let set = JSONFieldSet<Self>()
    }

    /// The members, in the order their errors are reported.
    enum Field: String, JSONField {
        case screen, scale, count
        case itemSize = "item_size"
        case spacing, inset, style, photos
        case aspectRatios = "aspect_ratios"
        case targetRowHeight = "target_row_height"
        case tolerance
        case maxRows = "max_rows"
        case widow
        case breakoutEvery = "breakout_every"

        static let set = JSONFieldSet<Self>()
    }

    static let photoType = #"a size {"width", "height"}"#

    /// The body's request; the first error in field order, after malformed JSON anywhere. Each
    /// member is read straight into its own field.
    static func read(_ body: [UInt8]) throws(InputError) -> AlbumLayoutRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var screen: Result<Size?, InputError> = .success(nil)
            var scale: Result<Double?, InputError> = .success(nil)
            var count: Result<Double?, InputError> = .success(nil)
            var itemSize: Result<Double?, InputError> = .success(nil)
            var spacing: Result<Sides?, InputError> = .success(nil)
            var inset: Result<Sides?, InputError> = .success(nil)
            var style: Result<String?, InputError> = .success(nil)
            var photos: Result<[Size]?, InputError> = .success(nil)
            var ratios: Result<[Double]?, InputError> = .success(nil)
            var target: Result<Double?, InputError> = .success(nil)
            var tolerance: Result<Double?, InputError> = .success(nil)
            var maxRows: Result<Double?, InputError> = .success(nil)
            var widow: Result<String?, InputError> = .success(nil)
            var breakout: Result<Double?, InputError> = .success(nil)
            return try scanner.strictObject(at: [], "an object", Field.set) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .screen: screen = try scanner.strictSize(at: ["screen"])
                case .scale: scale = try scanner.strictNumber(at: ["scale"])
                case .count: count = try scanner.strictNumber(at: ["count"])
                case .itemSize: itemSize = try scanner.strictNumber(at: ["item_size"])
                case .spacing: spacing = try readSides(&scanner, "spacing", SpacingSide.set)
                case .inset: inset = try readSides(&scanner, "inset", InsetSide.set)
                case .style: style = try scanner.strictString(at: ["style"])
                case .photos: photos = try readPhotos(&scanner)
                case .aspectRatios:
                    ratios = try scanner.strictArray(at: ["aspect_ratios"], "an array of numbers") {
                        scanner, index throws(JSONSyntaxError) in
                        try scanner.strictNumber(at: ["aspect_ratios", String(index)])
                            .nonNull(at: ["aspect_ratios", String(index)], "a number")
                    }
                case .targetRowHeight: target = try scanner.strictNumber(at: ["target_row_height"])
                case .tolerance: tolerance = try scanner.strictNumber(at: ["tolerance"])
                case .maxRows: maxRows = try scanner.strictNumber(at: ["max_rows"])
                case .widow: widow = try scanner.strictString(at: ["widow"])
                case .breakoutEvery: breakout = try scanner.strictNumber(at: ["breakout_every"])
                }
            } value: { () throws(InputError) in
                AlbumLayoutRequest(
                    screen: try screen.get(),
                    scale: try scale.get(),
                    count: try count.get(),
                    itemSize: try itemSize.get(),
                    spacing: try spacing.get(),
                    inset: try inset.get(),
                    style: try style.get(),
                    photos: try photos.get(),
                    aspectRatios: try ratios.get(),
                    targetRowHeight: try target.get(),
                    tolerance: try tolerance.get(),
                    maxRows: try maxRows.get(),
                    widow: try widow.get(),
                    breakoutEvery: try breakout.get())
            }
            .nonNull(at: [], "an object")
        }
    }

    /// `photos`: an array of sizes, each strictly `{"width", "height"}` (both required).
    private static func readPhotos(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<
        [Size]?, InputError
    > {
        try scanner.strictArray(at: ["photos"], #"an array of {"width", "height"}"#) {
            scanner, index throws(JSONSyntaxError) in
            try scanner.strictSize(at: ["photos", String(index)]).nonNull(at: ["photos", String(index)], photoType)
        }
    }

    /// A number, or an object of the sides `fields` names (each a number; absent or `null`
    /// leaves the side to its default); `nil` for `null`.
    private static func readSides<Side: JSONField>(
        _ scanner: inout JSONScanner, _ name: String, _ fields: JSONFieldSet<Side>
    ) throws(JSONSyntaxError) -> Result<Sides?, InputError> {
        guard try scanner.peekKind() == .object else {
            let number = try scanner.strictNumber(at: [name])
            if case .failure(let error) = number, error.kind == .wrongType {
                let names = fields.names.map { "\"\($0)\"" }.joined(separator: ", ")
                return .failure(JSONScanner.wrongType([name], "a number or an object {\(names)}"))
            }
            return number.map { $0.map(Sides.number) }
        }
        var values = [Result<Double?, InputError>](repeating: .success(nil), count: fields.fields.count)
        return try scanner.strictObject(at: [name], "an object", fields) { side, scanner throws(JSONSyntaxError) in
            let index = fields.fields.firstIndex(of: side) ?? 0
            values[index] = try scanner.strictNumber(at: [name, side.name])
        } value: { () throws(InputError) in
            var sides: [Double?] = []
            for value in values { sides.append(try value.get()) }
            return Sides.sides(sides)
        }
    }
}
