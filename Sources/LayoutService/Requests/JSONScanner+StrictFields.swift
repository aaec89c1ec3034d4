import JSONBytes
import PhotoLayout

/// A request's own fields read strictly on the scanner (DESIGN §3, §7): `null` is absent; a
/// value of another JSON type than documented is a `.wrongType` `InputError` (400) at its
/// pointer, saying what it must be.
///
/// Each reader consumes the value at the position whatever it holds (validating all of it,
/// as the scanner does), so a wrong type never stops the scan and malformed JSON later in the
/// body still wins over the request's own errors. Paths are autoclosures: a pointer is built
/// only for an error.
extension JSONScanner {
    /// `must be {expected}` at `path`: the error of a value of the wrong JSON type.
    static func wrongType(_ path: [String], _ expected: String) -> InputError {
        .at(JSONPointer.fragment(path), .wrongType, "must be \(expected)")
    }

    /// A number; `nil` for `null`. A number no `Double` holds (`1e999`) is a wrong type, as
    /// JSONDecoder had it.
    mutating func strictNumber(at path: @autoclosure () -> [String]) throws(JSONSyntaxError) -> Result<
        Double?, InputError
    > {
        switch try peekKind() {
        case .number:
            if let value = try scanDouble() { return .success(value) }
            return .failure(Self.wrongType(path(), "a number"))
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
    /// for the first occurrence of each member `fields` names (which must consume the value;
    /// other members are skipped), then `value()` makes the result from what the members gave.
    /// `nil` for `null`; a wrong type saying it must be `expected` otherwise (the value
    /// skipped, `value` not called).
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
            var members = try members()
            // The case read from the set's array here, in this module: see `JSONFieldSet.fields`.
            while let index = try nextField(&members, in: fields.keys) { try member(fields.fields[index], &self) }
            return Result { () throws(InputError) -> Value? in try value() }
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), expected))
        }
    }

    /// Enters the object at the position for a member loop of the caller's own
    /// (`nextField(_:in:)`): its cursor; `nil` for `null`; a wrong type saying it must be
    /// `expected` otherwise (the value skipped).
    mutating func strictMembers(at path: @autoclosure () -> [String], _ expected: String) throws(JSONSyntaxError)
        -> Result<JSONMemberCursor?, InputError>
    {
        switch try peekKind() {
        case .object:
            return .success(try members())
        case .null:
            try scanNull()
            return .success(nil)
        default:
            try skipValue()
            return .failure(Self.wrongType(path(), expected))
        }
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
