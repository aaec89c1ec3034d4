import JSONBytes

/// What a member that must be one kind of value, or `null`, holds: `JSONScanner.expect(_:)`.
enum ExpectedValue {
    /// The value is of the kind expected; the scanner is on it, for the caller to read.
    case found
    /// The value was `null`, and is consumed.
    case null
    /// The value was of another kind, and is skipped: the caller reports a wrong type.
    case other
}

extension JSONScanner {
    /// Looks at a value that must be of `kind` or `null` (an envelope's array, `options`,
    /// `variants`, `data`): leaves a value of `kind` to be read, and skips any other.
    mutating func expect(_ kind: JSONValueKind) throws(JSONSyntaxError) -> ExpectedValue {
        let found = try peekKind()
        if found == kind { return .found }
        try skipValue()
        return found == .null ? .null : .other
    }
}
