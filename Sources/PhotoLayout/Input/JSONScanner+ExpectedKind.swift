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

/// `peekKind()` tests made in this module: the value's first byte is looked at here, and
/// JSONBytes' `peekKind()` (a call from this module) is reached only for a value of another
/// kind, which it checks and for which it throws as before.
extension JSONScanner {
    /// Whether the next value is an object (`peekKind() == .object`, which throws where
    /// `peekKind()` throws).
    @inline(__always)
    mutating func peekIsObject() throws(JSONSyntaxError) -> Bool {
        passWhitespaceByTokens()
        if position < count, bytes[position] == UInt8(ascii: "{") { return true }
        if case .object = try peekKind() { return true }
        return false
    }

    /// Whether the next value is a string (`peekKind() == .string`, which throws where
    /// `peekKind()` throws).
    @inline(__always)
    mutating func peekIsString() throws(JSONSyntaxError) -> Bool {
        passWhitespaceByTokens()
        if position < count, bytes[position] == UInt8(ascii: "\"") { return true }
        if case .string = try peekKind() { return true }
        return false
    }

    /// With token masks, moves past whitespace at the position (outside a string, between
    /// tokens) to the next token, as `peekToken()` does: stage 1 having passed, only
    /// whitespace lies before it. At the document's end the position is its end, where
    /// `peekKind()` then throws as it would have. Without masks, or on a byte that is no
    /// whitespace, nothing changes.
    @inline(__always)
    mutating func passWhitespaceByTokens() {
        guard let tokens, position < count, bytes[position] <= 0x20 else { return }
        position = nextToken(after: position, in: tokens)
    }

    /// `nextMember()` with the whitespace before the `,` or `}` and after the `,` passed by
    /// the token masks here (`passWhitespaceByTokens()`); anything else (no masks, a byte that
    /// is neither, no key after the `,`) is left to JSONBytes' `nextMember()`, from the same
    /// place, which reads it and throws as before.
    @inline(__always)
    mutating func nextMemberByTokens() throws(JSONSyntaxError) -> Bool {
        passWhitespaceByTokens()
        if position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                let comma = position
                position &+= 1
                passWhitespaceByTokens()
                if position < count, bytes[position] == UInt8(ascii: "\"") { return true }
                position = comma
            } else if byte == UInt8(ascii: "}") {
                depth &-= 1
                position &+= 1
                return false
            }
        }
        return try nextMember()
    }

    /// `nextElement()` as `nextMemberByTokens()` is `nextMember()`.
    @inline(__always)
    mutating func nextElementByTokens() throws(JSONSyntaxError) -> Bool {
        passWhitespaceByTokens()
        if position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position &+= 1
                return true
            } else if byte == UInt8(ascii: "]") {
                depth &-= 1
                position &+= 1
                return false
            }
        }
        return try nextElement()
    }

    /// `readArray(_:)` in the reading module: when the value at the position is an array,
    /// `element(&self)` on each element (which must consume it), its `,`s and `]` passed by
    /// `nextElementByTokens()`; any other value skipped. Its `[` is found as `peekIsObject()`
    /// finds a `{`.
    @inline(__always)
    mutating func readElements(
        _ element: (_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        passWhitespaceByTokens()
        if position >= count || bytes[position] != UInt8(ascii: "[") {
            guard case .array = try peekKind() else { return try skipValue() }
        }
        var more = try enterArrayByTokens()
        while more {
            try element(&self)
            more = try nextElementByTokens()
        }
    }

    /// `enterArray()` with the whitespace after the `[` passed by the token masks here: the
    /// `[` consumed (one level deeper), and whether an element follows (else the `]` consumed).
    /// Without masks, or at the depth limit (where `enterArray()` throws), JSONBytes'
    /// `enterArray()` reads it; at the document's end `peekToken()` throws as it would.
    @inline(__always)
    mutating func enterArrayByTokens() throws(JSONSyntaxError) -> Bool {
        guard tokens != nil, depth < Self.maximumDepth else { return try enterArray() }
        depth &+= 1
        position &+= 1
        passWhitespaceByTokens()
        guard position < count else {
            _ = try peekToken()
            return true
        }
        if bytes[position] == UInt8(ascii: "]") {
            depth &-= 1
            position &+= 1
            return false
        }
        return true
    }
}
