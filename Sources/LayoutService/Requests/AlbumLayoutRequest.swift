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
    /// The members only the justified style has; `nil` when the body gives none of them (a
    /// grid's body), so that the grid's request stays small to copy.
    var justified: JustifiedMembers?

    /// `justified`, made when the first of its members is read.
    var members: JustifiedMembers {
        get { justified ?? JustifiedMembers() }
        set { justified = newValue }
    }

    /// The members of the justified style (docs/API.md §5), as sent.
    struct JustifiedMembers: Hashable, Sendable {
        var photos: [Size]?
        var aspectRatios: [Double]?
        var targetRowHeight: Double?
        var tolerance: Double?
        var maxRows: Double?
        var widow: String?
        var breakoutEvery: Double?
    }

    /// `spacing` or `inset` as sent: one number for every side, or an object naming sides
    /// (`{"horizontal", "vertical"}`, `{"top", "right", "bottom", "left"}`).
    enum Sides: Hashable, Sendable {
        case number(Double)
        /// Each side in the order of its field's cases (up to four), bit i of `present` set when
        /// side i was given a number (not absent, not `null`).
        case sides(SIMD4<Double>, present: UInt8)

        /// Side `index` (in its field's order), or `nil` when it was not given.
        func side(_ index: Int) -> Double? {
            switch self {
            case .number(let number): number
            case .sides(let values, let present): present & (1 << index) != 0 ? values[index] : nil
            }
        }
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
    /// member is read straight into its own field; a member's error is kept when it comes
    /// before the one kept so far in field order.
    static func read(_ body: [UInt8]) throws(InputError) -> AlbumLayoutRequest {
        try RequestBody.read(body) { scanner throws(JSONSyntaxError) in
            var request = AlbumLayoutRequest()
            var failure: (order: Int, error: InputError)?
            return try scanner.strictObject(at: [], "an object", Field.set) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .screen: request.screen = value(try scanner.strictSize(at: ["screen"]), field, &failure)
                case .scale: request.scale = value(try scanner.strictNumber(at: ["scale"]), field, &failure)
                case .count: request.count = value(try scanner.strictNumber(at: ["count"]), field, &failure)
                case .itemSize: request.itemSize = value(try scanner.strictNumber(at: ["item_size"]), field, &failure)
                case .spacing:
                    request.spacing = value(try readSides(&scanner, "spacing", SpacingSide.set), field, &failure)
                case .inset: request.inset = value(try readSides(&scanner, "inset", InsetSide.set), field, &failure)
                case .style: request.style = value(try scanner.strictString(at: ["style"]), field, &failure)
                case .photos: request.members.photos = value(try readPhotos(&scanner), field, &failure)
                case .aspectRatios:
                    let ratios = try scanner.strictArray(at: ["aspect_ratios"], "an array of numbers") {
                        scanner, index throws(JSONSyntaxError) in
                        try scanner.strictNumber(at: ["aspect_ratios", String(index)])
                            .nonNull(at: ["aspect_ratios", String(index)], "a number")
                    }
                    request.members.aspectRatios = value(ratios, field, &failure)
                case .targetRowHeight:
                    let target = value(try scanner.strictNumber(at: ["target_row_height"]), field, &failure)
                    request.members.targetRowHeight = target
                case .tolerance:
                    request.members.tolerance = value(
                        try scanner.strictNumber(at: ["tolerance"]), field, &failure)
                case .maxRows:
                    request.members.maxRows = value(try scanner.strictNumber(at: ["max_rows"]), field, &failure)
                case .widow:
                    request.members.widow = value(try scanner.strictString(at: ["widow"]), field, &failure)
                case .breakoutEvery:
                    let every = value(try scanner.strictNumber(at: ["breakout_every"]), field, &failure)
                    request.members.breakoutEvery = every
                }
            } value: { () throws(InputError) in
                if let failure { throw failure.error }
                return request
            }
            .nonNull(at: [], "an object")
        }
    }

    /// A member's value, or `nil` with its error kept in `failure` when it comes before the
    /// one kept so far in field order.
    @inline(__always)
    private static func value<T>(
        _ result: Result<T?, InputError>, _ field: Field, _ failure: inout (order: Int, error: InputError)?
    ) -> T? {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            let order = Field.set.fields.firstIndex(of: field) ?? 0
            if order < failure?.order ?? .max { failure = (order, error) }
            return nil
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
        var values = SIMD4<Double>()
        var present: UInt8 = 0
        var failure: (index: Int, error: InputError)?
        return try scanner.strictObject(at: [name], "an object", fields) { side, scanner throws(JSONSyntaxError) in
            let index = fields.fields.firstIndex(of: side) ?? 0
            switch try scanner.strictNumber(at: [name, side.name]) {
            case .success(let value?):
                values[index] = value
                present |= 1 << index
            case .success(nil):
                break
            case .failure(let error):
                if index < failure?.index ?? .max { failure = (index, error) }
            }
        } value: { () throws(InputError) in
            if let failure { throw failure.error }
            return Sides.sides(values, present: present)
        }
    }
}
