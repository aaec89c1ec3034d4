import JSONBytes

/// `options`, strict as `FoundationTimelineReader`'s `StrictOptions`: every field optional,
/// `null` as absent, any other value of the wrong type a 400 at its pointer. When several
/// fields are wrong, the first in the reference's decoding order is reported. Names that
/// are no option (`unknownNames`) and options given more than once (`repeatedNames`, the
/// first value read) are kept for `GridOptions.validated` to refuse, and so are the names
/// inside a size option (`badge_size`, `play_badge_size`) other than `width` and `height` or
/// given twice: such a size is no wrong type, it has no value (its names are its error).
extension ByteTimelineReader {
    /// The options, in the reference's decoding order (the order their errors are reported).
    enum OptionField: String, JSONField {
        case style
        case itemSize = "item_size"
        case spacing
        case maxItems = "max_items"
        case contentWidth = "content_width"
        case minItemWidth = "min_item_width"
        case scale
        case badgeSize = "badge_size"
        case playBadgeSize = "play_badge_size"

        static let set = JSONFieldSet<Self>()

        /// What the value must be.
        var expected: String {
            switch self {
            case .style: "a string"
            case .itemSize, .spacing, .maxItems, .contentWidth, .minItemWidth, .scale: "a number"
            case .badgeSize, .playBadgeSize: #"an object {"width": number, "height": number}"#
            }
        }
    }

    /// The members of a size option (`RawGridOptions.sizeMemberNames`).
    enum SizeField: String, JSONField {
        case width, height

        static let set = JSONFieldSet<Self>()
    }

    static func readOptions(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<RawGridOptions, InputError> {
        switch try scanner.expect(.object) {
        case .found: break
        case .null: return .success(RawGridOptions())
        case .other: return .failure(.at("#/options", .wrongType, "must be an object"))
        }
        var raw = RawGridOptions()
        var wrong: Set<OptionField> = []
        var keys: [JSONStringToken] = []
        let fields = OptionField.set
        try scanner.readObject(fields, collectingKeys: &keys) { field, scanner throws(JSONSyntaxError) in
            if try scanner.peekKind() == .null {
                try scanner.skipValue()
            } else if try !readOption(field, into: &raw, &scanner) {
                wrong.insert(field)
            }
        }
        if let field = OptionField.allCases.first(where: wrong.contains) {
            return .failure(.at("#/options/\(field.name)", .wrongType, "must be \(field.expected)"))
        }
        var unknown: [String] = []
        var met: Set<OptionField> = []
        var repeated: Set<OptionField> = []
        for key in keys {
            if let field = fields.field(of: key, in: scanner) {
                if !met.insert(field).inserted { repeated.insert(field) }
            } else {
                unknown.append(scanner.string(key))
            }
        }
        if !unknown.isEmpty { raw.unknownNames = RawGridOptions.normalizedNames(unknown) }
        if !repeated.isEmpty { raw.repeatedNames = RawGridOptions.normalizedNames(repeated.map(\.name)) }
        return .success(raw)
    }

    /// Reads option `field` into `raw`; `false` when the value has the wrong type.
    private static func readOption(
        _ field: OptionField,
        into raw: inout RawGridOptions,
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Bool {
        switch field {
        case .style:
            raw.style = try scanner.lenientString()
            return raw.style != nil
        case .badgeSize, .playBadgeSize:
            guard case .object = try scanner.peekKind() else {
                try scanner.skipValue()
                return false
            }
            switch try readStrictSize(&scanner) {
            case .size(let size):
                if field == .badgeSize { raw.badgeSize = size } else { raw.playBadgeSize = size }
            case .wrongType:
                return false
            case .strayNames(let unknown, let repeated):
                if !unknown.isEmpty { raw.unknownSizeNames[field.name] = unknown }
                if !repeated.isEmpty { raw.repeatedSizeNames[field.name] = repeated }
            }
            return true
        case .itemSize: return try readNumber(&scanner, into: &raw.itemSize)
        case .spacing: return try readNumber(&scanner, into: &raw.spacing)
        case .maxItems: return try readNumber(&scanner, into: &raw.maxItems)
        case .contentWidth: return try readNumber(&scanner, into: &raw.contentWidth)
        case .minItemWidth: return try readNumber(&scanner, into: &raw.minItemWidth)
        case .scale: return try readNumber(&scanner, into: &raw.scale)
        }
    }

    /// A number into `option`; `false` (and `nil`) for any other value.
    private static func readNumber(
        _ scanner: inout JSONScanner, into option: inout Double?
    ) throws(JSONSyntaxError) -> Bool {
        option = try readNumber(&scanner)
        return option != nil
    }

    /// A number, else `nil` (the value skipped). A number no `Double` holds (`1e400`) is
    /// infinity, which `GridOptions.validated` refuses as out of range.
    private static func readNumber(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Double? {
        guard case .number = try scanner.peekKind() else {
            try scanner.skipValue()
            return nil
        }
        return scanner.double(try scanner.scanNumber()) ?? .infinity
    }

    /// What a size option's object holds.
    private enum StrictSize {
        /// Both sides, numbers, each once, and no other name.
        case size(Size)
        /// No other name, no side twice, but a side missing or not a number.
        case wrongType
        /// Names other than `width` and `height`, and sides given twice (each list sorted,
        /// without duplicates, one of them not empty): the object's error, whatever its values.
        case strayNames(unknown: [String], repeated: [String])
    }

    /// The object `{"width": number, "height": number}` at the position, read strictly.
    private static func readStrictSize(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> StrictSize {
        var width: Double?
        var height: Double?
        var keys: [JSONStringToken] = []
        try scanner.readObject(SizeField.set, collectingKeys: &keys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            // Here a number no Double holds makes the size of the wrong type, as the reference has it.
            case .width: width = try readNumber(&scanner).flatMap { $0.isInfinite ? nil : $0 }
            case .height: height = try readNumber(&scanner).flatMap { $0.isInfinite ? nil : $0 }
            }
        }
        var unknown: [String] = []
        var met: Set<SizeField> = []
        var repeated: [String] = []
        for key in keys {
            if let field = SizeField.set.field(of: key, in: scanner) {
                if !met.insert(field).inserted { repeated.append(field.name) }
            } else {
                unknown.append(scanner.string(key))
            }
        }
        if !unknown.isEmpty || !repeated.isEmpty {
            return .strayNames(
                unknown: RawGridOptions.normalizedNames(unknown), repeated: RawGridOptions.normalizedNames(repeated))
        }
        guard let width, let height else { return .wrongType }
        return .size(Size(width: width, height: height))
    }
}
