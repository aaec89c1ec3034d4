/// The member loops are `@inlinable`: inlined into each reader, their closure is specialized
/// there, as it was when the scanner and the reader shared a module.
extension JSONScanner {
    /// Reads the object at the position for the members named in `keys`: `read(field, &self)`
    /// for the first occurrence of each (JSONDecoder's rule for duplicate keys), which must
    /// consume the value; every other member is skipped. `keys` holds fewer than 64 names.
    @inlinable
    package mutating func readObject(
        _ keys: JSONKeySet,
        _ read: (_ field: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try readMembers(keys, noteKey: { _ in }, read)
    }

    /// `readObject(keys, read)` that also appends every member's key, in document order, to
    /// `allKeys` (to name what a document had when it had nothing the reader wanted).
    @inlinable
    package mutating func readObject(
        _ keys: JSONKeySet,
        collectingKeys allKeys: inout [JSONStringToken],
        _ read: (_ field: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try readMembers(keys, noteKey: { allKeys.append($0) }, read)
    }

    /// The one member loop behind both `readObject`s: `noteKey` sees every key (inlined, so
    /// an empty one costs nothing), `read` the first occurrence of each wanted one.
    @inlinable
    mutating func readMembers(
        _ keys: JSONKeySet,
        noteKey: (JSONStringToken) -> Void,
        _ read: (_ field: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        var seen: UInt64 = 0
        var more = try enterObject()
        while more {
            let key = try memberKey()
            noteKey(key)
            let field = keys.index(of: key, in: self)
            let bit: UInt64 = 1 << UInt64(field & 63)
            if field == keys.count || seen & bit != 0 {
                try skipValue()
            } else {
                seen |= bit
                try read(field, &self)
            }
            more = try nextMember()
        }
    }

    /// When the value at the position is an array, calls `element(&self)` on each element
    /// (which must consume it) and returns `true`; otherwise skips the value, `false`.
    @inlinable @discardableResult
    package mutating func readArray(
        _ element: (_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> Bool {
        guard try peekKind() == .array else {
            try skipValue()
            return false
        }
        var more = try enterArray()
        while more {
            try element(&self)
            more = try nextElement()
        }
        return true
    }
}
