import JSONBytes
import PhotoLayout

/// The geometry objects of browser requests, read strictly: `{"width", "height"}`,
/// `{"x", "y"}` and `{"x", "y", "width", "height"}`, every member a required number (absent or
/// `null`: 422 "is required"), checked in that order. Their values are checked (positive
/// sizes…) by the `validated` functions.
extension JSONScanner {
    static let sizeType = #"a size {"width", "height"}"#
    static let pointType = #"a point {"x", "y"}"#
    static let frameType = #"a frame {"x", "y", "width", "height"}"#

    private static let sizeKeys = JSONKeySet(["width", "height"])
    private static let pointKeys = JSONKeySet(["x", "y"])
    private static let rectKeys = JSONKeySet(["x", "y", "width", "height"])

    /// `{"width", "height"}`; `nil` for `null`.
    mutating func strictSize(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Size?, InputError
    > {
        try numbers(at: path(), Self.sizeType, Self.sizeKeys).map {
            $0.map { Size(width: $0[0], height: $0[1]) }
        }
    }

    /// `{"x", "y"}`; `nil` for `null`.
    mutating func strictPoint(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Point?, InputError
    > {
        try numbers(at: path(), Self.pointType, Self.pointKeys).map {
            $0.map { Point(x: $0[0], y: $0[1]) }
        }
    }

    /// `{"x", "y", "width", "height"}`; `nil` for `null`.
    mutating func strictRect(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Rect?, InputError
    > {
        try numbers(at: path(), Self.frameType, Self.rectKeys).map {
            $0.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        }
    }

    /// An object of two to four required numbers named by `keys`, in their order; `nil` for
    /// `null`. The shape clients write is read at once (`canonicalNumbers`); any other member by
    /// member (`ownMembers`: another name, or a name given twice, is the error), each number
    /// straight to a `Double`. Then the first member, in the order of `keys`, that is of the
    /// wrong type or missing is the error.
    private mutating func numbers(
        at path: @autoclosure () -> [String],
        _ expected: String,
        _ keys: JSONKeySet
    ) throws(JSONSyntaxError) -> Result<SIMD4<Double>?, InputError> {
        if try peekKind() == .object, let values = canonicalNumbers(keys) { return .success(values) }
        switch try peekKind() {
        case .object: break
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), expected))
        }
        var values = SIMD4<Double>()
        var present: UInt8 = 0
        var wrong: UInt8 = 0
        var tooLarge: UInt8 = 0
        let stray = try ownMembers(at: path(), keys) { field, scanner throws(JSONSyntaxError) in
            switch try scanner.peekKind() {
            case .number:
                if let value = try scanner.scanDouble() {
                    values[field] = value
                    present |= 1 << field
                } else {
                    wrong |= 1 << field
                    tooLarge |= 1 << field
                }
            case .null:
                try scanner.scanNull()
            default:
                try scanner.skipValue()
                wrong |= 1 << field
            }
        }
        if let stray { return .failure(stray) }
        for field in 0..<keys.count where present & (1 << field) == 0 {
            let member = path() + [keys.keys[field].name]
            if tooLarge & (1 << field) != 0 { return .failure(Self.outOfRange(member)) }
            if wrong & (1 << field) != 0 { return .failure(Self.wrongType(member, "a number")) }
            return .failure(.at(JSONPointer.fragment(member), .invalidValue, "is required: a number"))
        }
        return .success(values)
    }
}
