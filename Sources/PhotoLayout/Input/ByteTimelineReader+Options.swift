import JSONBytes

/// `options`, strict as `FoundationTimelineReader`'s `StrictOptions`: every field optional,
/// `null` as absent, any other value of the wrong type a 400 at its pointer. When several
/// fields are wrong, the first in the reference's decoding order is reported. Names that
/// are no option are kept (`unknownNames`) for `GridOptions.validated` to refuse.
extension ByteTimelineReader {
    /// The fields in the reference's decoding order, with what each must be.
    private static let optionFields: [(name: StaticString, expected: String)] = [
        ("style", "a string"),
        ("item_size", "a number"),
        ("spacing", "a number"),
        ("max_items", "a number"),
        ("content_width", "a number"),
        ("scale", "a number"),
        ("badge_size", "an object {\"width\": number, \"height\": number}"),
    ]
    private static let optionKeys = JSONKeySet(optionFields.map(\.name))
    private static let sizeKeys = JSONKeySet(["width", "height"])

    static func readOptions(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<RawGridOptions, InputError> {
        switch try scanner.peekKind() {
        case .null:
            try scanner.skipValue()
            return .success(RawGridOptions())
        case .object:
            break
        default:
            try scanner.skipValue()
            return .failure(.at("#/options", .wrongType, "must be an object"))
        }
        var raw = RawGridOptions()
        var wrong: Set<Int> = []
        var keys: [JSONStringToken] = []
        try scanner.readObject(optionKeys, collectingKeys: &keys) { field, scanner throws(JSONSyntaxError) in
            if try scanner.peekKind() == .null {
                try scanner.skipValue()
            } else if try !readOption(field, into: &raw, &scanner) {
                wrong.insert(field)
            }
        }
        if let field = wrong.min() {
            let (name, expected) = optionFields[field]
            return .failure(.at("#/options/\(name)", .wrongType, "must be \(expected)"))
        }
        let unknown = keys.filter { optionKeys.index(of: $0, in: scanner) == optionKeys.count }
        if !unknown.isEmpty { raw.unknownNames = RawGridOptions.normalizedNames(unknown.map { scanner.string($0) }) }
        return .success(raw)
    }

    /// Reads option `field` into `raw`; `false` when the value has the wrong type.
    private static func readOption(
        _ field: Int,
        into raw: inout RawGridOptions,
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Bool {
        let kind = try scanner.peekKind()
        switch field {
        case 0:
            raw.style = try scanner.lenientString()
            return raw.style != nil
        case 6:
            raw.badgeSize = kind == .object ? try readStrictSize(&scanner) : nil
            if kind != .object { try scanner.skipValue() }
            return raw.badgeSize != nil
        default:
            let number = kind == .number ? scanner.double(try scanner.scanNumber()) : nil
            if kind != .number { try scanner.skipValue() }
            switch field {
            case 1: raw.itemSize = number
            case 2: raw.spacing = number
            case 3: raw.maxItems = number
            case 4: raw.contentWidth = number
            default: raw.scale = number
            }
            return number != nil
        }
    }

    /// `{"width": number, "height": number}`, both required; `nil` otherwise.
    private static func readStrictSize(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Size? {
        var sides: [Double?] = [nil, nil]
        try scanner.readObject(sizeKeys) { field, scanner throws(JSONSyntaxError) in
            if try scanner.peekKind() == .number {
                sides[field] = scanner.double(try scanner.scanNumber())
            } else {
                try scanner.skipValue()
            }
        }
        guard let width = sides[0], let height = sides[1] else { return nil }
        return Size(width: width, height: height)
    }
}
