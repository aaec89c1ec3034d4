import JSONBytes

/// The member loops of `JSONScanner` giving each member as its `JSONField` case.
///
/// Declared in this module, not in JSONBytes, so that each is specialized for the reader's
/// enum: the bodies of JSONBytes' `package` functions are not inlined into other modules, and
/// a generic one would run there through its protocol witnesses.
extension JSONScanner {
    /// The case of the next member that is the first of its key, the scanner on its value
    /// (which the caller must consume); `nil` at the object's end, its `}` consumed.
    /// A gathered member (`members(gathering:)`) is handed out here, without a call into
    /// JSONBytes, whose functions are not inlined in this module.
    @inline(__always)
    mutating func nextField<Field>(
        _ cursor: inout JSONMemberCursor, in fields: JSONFieldSet<Field>
    ) throws(JSONSyntaxError) -> Field? {
        if cursor.taken < cursor.gathered {
            let entry = withUnsafeBytes(of: &cursor.entries) { entries in
                entries.load(fromByteOffset: cursor.taken &* 8, as: UInt64.self)
            }
            cursor.taken &+= 1
            position = Int(truncatingIfNeeded: entry &>> 8)
            return fields.fields[Int(truncatingIfNeeded: entry & 0xFF)]
        }
        guard let index = try nextField(&cursor, in: fields.keys) else { return nil }
        return fields.fields[index]
    }

    /// `members(gathering:)` for the keys of `fields`.
    @inline(__always)
    mutating func members<Field>(gathering fields: JSONFieldSet<Field>) throws(JSONSyntaxError) -> JSONMemberCursor {
        try members(gathering: fields.keys)
    }

    /// `readObject(_:_:)` for the keys of `fields`: `read(field, &self)` for the first
    /// occurrence of each, which must consume the value; other members are skipped.
    @inline(__always)
    mutating func readObject<Field>(
        _ fields: JSONFieldSet<Field>,
        _ read: (_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try readObject(fields.keys) { index, scanner throws(JSONSyntaxError) in try read(fields.fields[index], &scanner)
        }
    }

    /// `readObject(_:_:)` that also appends every member's key, in document order, to
    /// `allKeys` (to name what a document had when it had nothing the reader wanted).
    @inline(__always)
    mutating func readObject<Field>(
        _ fields: JSONFieldSet<Field>,
        collectingKeys allKeys: inout [JSONStringToken],
        _ read: (_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        // Room for the keys of an envelope or an `options` object at once, rather than
        // growing the array by doubling from one.
        if allKeys.capacity == 0 { allKeys.reserveCapacity(16) }
        try readObject(fields.keys, collectingKeys: &allKeys) { index, scanner throws(JSONSyntaxError) in
            try read(fields.fields[index], &scanner)
        }
    }
}
