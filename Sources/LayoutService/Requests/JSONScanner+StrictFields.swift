import JSONBytes
import PhotoLayout

/// A request's own fields read strictly on the scanner (docs/API.md §3, §7): `null` is absent; a
/// value of another JSON type than documented is a `.wrongType` `InputError` (400) at its
/// pointer, saying what it must be.
///
/// Each reader consumes the value at the position whatever it holds (validating all of it,
/// as the scanner does), so a wrong type never stops the scan and malformed JSON later in the
/// body still wins over the request's own errors. Paths are autoclosures: a pointer is built
/// only for an error.
extension JSONScanner {
    /// A number too large for any `Double` at `path`: 422, saying what the geometry accepts.
    static func outOfRange(_ path: [String]) -> InputError {
        .at(JSONPointer.fragment(path), .invalidValue, "is out of range: \(GeometryLimits.refusal)")
    }

    /// `must be {expected}` at `path`: the error of a value of the wrong JSON type.
    static func wrongType(_ path: [String], _ expected: String) -> InputError {
        .at(JSONPointer.fragment(path), .wrongType, "must be \(expected)")
    }

    /// A number; `nil` for `null`. A number no `Double` holds (`1e999`) is out of range: a
    /// 422 saying what the geometry accepts (`outOfRange`).
    mutating func strictNumber(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Double?, InputError
    > {
        switch try peekKind() {
        case .number:
            if let value = try scanDouble() { return .success(value) }
            return .failure(Self.outOfRange(path()))
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), "a number"))
        }
    }

    /// A string; `nil` for `null`.
    mutating func strictString(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        String?, InputError
    > {
        try strictStringToken(at: path()).map { token in token.map { string($0) } }
    }

    /// A string as bytes (a slice of the document, unless it has escapes: `byteString`);
    /// `nil` for `null`.
    mutating func strictByteString(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        ByteString?, InputError
    > {
        try strictStringToken(at: path()).map { token in token.map { byteString($0) } }
    }

    /// The string token that `strictString` and `strictByteString` decode; `nil` for `null`.
    @inline(__always)
    private mutating func strictStringToken(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        JSONStringToken?, InputError
    > {
        switch try peekKind() {
        case .string:
            return .success(try scanString())
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), "a string"))
        }
    }

    /// `true` or `false`; `nil` for `null`.
    mutating func strictBool(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Bool?, InputError
    > {
        switch try peekKind() {
        case .bool:
            return .success(try scanBool())
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), "a boolean"))
        }
    }

    /// An object of this API's own schema, read by its named fields: `member(field, &scanner)`
    /// for each member `fields` names (which must consume the value), then `value()` makes the
    /// result from what the members gave. A name `fields` does not hold, or a name given a
    /// second time, is the object's error (`strayName`), reported before any error of its
    /// members; its value is only scanned. `nil` for `null`; a wrong type saying it must be
    /// `expected` otherwise (the value skipped, `value` not called).
    @inline(__always)
    mutating func strictObject<Field, Value>(
        at path: @autoclosure () -> [String],
        _ expected: String,
        _ fields: JSONFieldSet<Field>,
        member: (_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void,
        value: () throws(InputError) -> Value
    ) throws(JSONSyntaxError) -> Result<Value?, InputError> {
        switch try peekKind() {
        case .object:
            // The case read from the set's array here, in this module: see `JSONFieldSet.fields`.
            let stray = try ownMembers(at: path(), fields.keys) { index, scanner throws(JSONSyntaxError) in
                try member(fields.fields[index], &scanner)
            }
            if let stray { return .failure(stray) }
            return Result { () throws(InputError) -> Value? in try value() }
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), expected))
        }
    }

    /// The members of the object at the position (its `{` the next byte), strictly:
    /// `member(index, &scanner)` for each member whose name is key `index` of `keys`, given
    /// for the first time (it must consume the value). Every other member's value is
    /// scanned and skipped; the first such name, in document order, is the result
    /// (`strayName`), `nil` when there is none. The object's `}` is consumed.
    @inline(__always)
    mutating func ownMembers(
        at path: @autoclosure () -> [String],
        _ keys: JSONKeySet,
        _ member: (_ index: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> InputError? {
        var more = try enterObject()
        var seen: UInt64 = 0
        var stray: InputError?
        while more {
            let key = try memberKey()
            let index = keys.index(of: key, in: self)
            let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index & 63)
            if index != keys.count, seen & bit == 0 {
                seen |= bit
                try member(index, &self)
            } else {
                if stray == nil { stray = Self.strayName(string(key), at: path(), repeated: index != keys.count, keys) }
                try skipValue()
            }
            more = try nextMember()
        }
        return stray
    }

    /// The error of member `name` in an object of this API's own schema at `path` whose names
    /// are `keys`: a name it does not hold (`unknownField`, naming the expected ones) or a
    /// name given again (`repeatedField`), 422 at the member's pointer.
    static func strayName(_ name: String, at path: [String], repeated: Bool, _ keys: JSONKeySet) -> InputError {
        let pointer = JSONPointer.fragment(path + [name])
        if repeated { return .at(pointer, .repeatedField, "is given twice; a name may appear once") }
        let expected = keys.keys.map(\.name).joined(separator: ", ")
        return .at(pointer, .unknownField, "unknown name; expected one of: \(expected)")
    }

    /// An array, each element read by `element(&scanner, index)`; `nil` for `null`. The first
    /// element that fails is the error (later ones are only scanned).
    mutating func strictArray<Element>(
        at path: @autoclosure () -> [String],
        _ expected: String,
        _ element: (_ scanner: inout JSONScanner, _ index: Int) throws(JSONSyntaxError) -> Result<Element, InputError>
    ) throws(JSONSyntaxError) -> Result<[Element]?, InputError> {
        switch try peekKind() {
        case .array:
            break
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), expected))
        }
        var elements: [Element] = []
        var failure: InputError?
        var more = try enterArray()
        // Room for a status's nine pictures at once: appending one by one from empty
        // reallocated the array four times.
        if more { elements.reserveCapacity(16) }
        while more {
            if failure != nil {
                try skipValue()
            } else {
                switch try element(&self, elements.count) {
                case .success(let value): elements.append(value)
                case .failure(let error): failure = error
                }
            }
            more = try nextElement()
        }
        if let failure { return .failure(failure) }
        return .success(elements)
    }
}

extension Result where Failure == InputError {
    /// A required member's value: absent or `null` is a 422 "is required: {expected}" at `path`.
    func required<Value>(at path: @autoclosure () -> [String], _ expected: String) -> Result<Value, InputError>
    where Success == Value? {
        flatMap { value in
            guard let value else {
                return .failure(.at(JSONPointer.fragment(path()), .invalidValue, "is required: \(expected)"))
            }
            return .success(value)
        }
    }

    /// A value that may not be `null` either: `null` is a wrong type at `path`, saying it must
    /// be `expected` (the body itself, or an entry of `photos`).
    func nonNull<Value>(at path: @autoclosure () -> [String], _ expected: String) -> Result<Value, InputError>
    where Success == Value? {
        flatMap { value in
            guard let value else { return .failure(JSONScanner.wrongType(path(), expected)) }
            return .success(value)
        }
    }
}
