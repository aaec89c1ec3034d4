/// The member loops are `@inlinable`, so that a reader's module can specialize them for its
/// closure.
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
                try skipMemberValue()
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

/// Where a member loop without closures stands (`JSONScanner.members()` and
/// `nextField(_:in:)`): whether its first member is still to come, and the fields met so far.
/// The gathered members are `package`, so that a reader in another module hands them out
/// without a call (`JSONScanner.takeGathered` is not inlined there).
package struct JSONMemberCursor {
    /// The object has a member that `nextField` has not reached yet (its first).
    @usableFromInline var firstPending: Bool
    /// Whether `nextField` has run: after that, a member follows only past a `,`.
    @usableFromInline var started = false
    /// Bit n: field n was met (the first of duplicate keys wins).
    @usableFromInline var seen: UInt64 = 0
    /// With `members(gathering:)` on token masks: how many wanted members the one C walk of
    /// the object found (`entries`), else -1 (the object is read member by member).
    @usableFromInline package var gathered = -1
    /// The gathered entries `nextField` has given.
    @usableFromInline package var taken = 0
    /// Where the gathered object's `}` is.
    @usableFromInline package var end = 0
    /// The gathered members in document order, each `value offset << 8 | field`.
    @usableFromInline package var entries: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    /// The most keys a set read by `members(gathering:)` has (the room of `entries`).
    @usableFromInline static let gatheredLimit = 8

    @usableFromInline init(firstPending: Bool) {
        self.firstPending = firstPending
    }
}

/// The member loop as a cursor, so that a reader writes each field straight into its own
/// variables (no closure, no captured context, nothing copied out of a box):
///
///     var members = try scanner.members()
///     while let field = try scanner.nextField(&members, in: keys) { … consume the value … }
extension JSONScanner {
    /// Enters the object at the position (its `{` must be the next byte).
    @inlinable @inline(__always)
    package mutating func members() throws(JSONSyntaxError) -> JSONMemberCursor {
        JSONMemberCursor(firstPending: try enterObject())
    }

    /// `members()` for an object read for `keys` (at most 8) whose wanted values are mostly
    /// strings and numbers (a picture variant): with token masks, one C walk of the whole
    /// object (`cjs_gather_members`) finds where each wanted value starts and checks the
    /// grammar of the rest, and `nextField` then only hands out those places in document order
    /// and finally passes the `}`. When the walk finds anything it leaves to the caller (a key
    /// with escapes, a grammar error), nothing has changed and the object is read member by
    /// member as after `members()`, so values and errors are the same.
    ///
    /// Why: read member by member, a variant's `{cut_type, type, url, width, height}` takes
    /// five calls of the member walk, each passing its state to C and back; gathered, one. Not
    /// for objects whose wanted values are large containers: the walk passes over them once
    /// more than the reader that then reads them.
    @inlinable @inline(__always)
    package mutating func members(gathering keys: JSONKeySet) throws(JSONSyntaxError) -> JSONMemberCursor {
        var cursor = JSONMemberCursor(firstPending: try enterObject())
        if cursor.firstPending, tokens != nil, keys.count <= JSONMemberCursor.gatheredLimit {
            gatherMembers(&cursor, in: keys)
        }
        return cursor
    }

    /// `members(gathering: keys)` for an object whose wanted values include objects read for
    /// `inner` (a picture info's variants): with token masks, the one C walk of the object
    /// (`cjs_gather_nested`) also gathers, for the keys of `inner`, each wanted value of a field
    /// in `nested` (bit n for field n) that is an object with a member, instead of passing over
    /// it: their insides are walked once, and no call into C is made per member read. What it
    /// finds goes to `storage` (nine words per key of `keys`), which must outlive the cursor:
    /// for the member the cursor gave last (`taken`), word `9 · (taken - 1)` is
    /// `JSONStructuralIndex.notGathered`, or `closing << 8 | found` followed by `found` entries
    /// `value << 8 | field` (the reader reads such a value from them, without walking it
    /// again). When the walk finds anything it leaves to the caller, nothing has changed and
    /// the object is read member by member as after `members()` (and no slot is filled), so
    /// values and errors are the same.
    @inlinable @inline(__always)
    package mutating func members(
        gathering keys: JSONKeySet, nesting nested: UInt64, inner: JSONKeySet, storage: UnsafeMutablePointer<UInt64>
    ) throws(JSONSyntaxError) -> JSONMemberCursor {
        var cursor = JSONMemberCursor(firstPending: try enterObject())
        if cursor.firstPending, tokens != nil, keys.count <= JSONMemberCursor.gatheredLimit,
            inner.count <= JSONMemberCursor.gatheredLimit
        {
            gatherMembers(&cursor, in: keys, nesting: nested, inner: inner, storage: storage)
        }
        return cursor
    }

    /// `members(gathering:nesting:inner:storage:)`'s walk; on success the cursor holds the
    /// wanted members and the object's end, `storage` what was gathered inside, and the values
    /// the walk skipped are counted; otherwise nothing changes.
    @usableFromInline
    mutating func gatherMembers(
        _ cursor: inout JSONMemberCursor, in keys: JSONKeySet, nesting nested: UInt64, inner: JSONKeySet,
        storage: UnsafeMutablePointer<UInt64>
    ) {
        guard let tokens else { return }
        keys.walkTable.withUnsafeBufferPointer { table in
            inner.walkTable.withUnsafeBufferPointer { innerTable in
                guard let table = table.baseAddress, let innerTable = innerTable.baseAddress else { return }
                withUnsafeMutableBytes(of: &cursor.entries) { entries in
                    let words = entries.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
                    guard
                        let (found, end, skipped) = JSONStructuralIndex.gatherMembers(
                            in: bytes, count: count, tokens: tokens, table: table, keyCount: keys.count,
                            room: Self.maximumDepth &- depth, from: position, into: words, nesting: nested,
                            innerTable: innerTable, innerKeyCount: inner.count, inner: storage)
                    else { return }
                    cursor.gathered = found
                    cursor.end = end
                    valuesSkippedByTokens &+= skipped
                    objectsGathered &+= 1
                }
            }
        }
    }

    /// The field number in `keys` of the next member that is the first of its key, the
    /// scanner on its value, which the caller must consume; every other member is skipped.
    /// `nil` at the end of the object, its `}` consumed.
    ///
    /// With token masks, the members to skip are passed over by stage 1's member walk
    /// (`JSONStructuralIndex.nextMember`, a C loop: keys compared on their bytes, values
    /// skipped from token to token), one call per member read. What the walk leaves to the
    /// caller (a key with escapes, a member whose grammar breaks) is read by the loop below
    /// one member at a time, as without masks, so errors are the byte loop's.
    @inlinable @inline(__always)
    package mutating func nextField(
        _ cursor: inout JSONMemberCursor, in keys: JSONKeySet
    ) throws(JSONSyntaxError) -> Int? {
        if cursor.gathered >= 0 { return takeGathered(&cursor) }
        var afterValue = cursor.started
        if !cursor.started {
            cursor.started = true
            guard cursor.firstPending else { return nil }
        }
        while true {
            if tokens != nil, !keys.walkTable.isEmpty {
                switch walkMembers(&cursor, in: keys, afterValue: afterValue) {
                case .field(let field): return field
                case .end: return nil
                case .key: break
                case .afterValue: guard try nextMember() else { return nil }
                }
            } else if afterValue {
                guard try nextMember() else { return nil }
            }
            // On a member's key.
            let field = keys.index(of: try memberKey(), in: self)
            let bit: UInt64 = 1 << UInt64(field & 63)
            if field != keys.count, cursor.seen & bit == 0 {
                cursor.seen |= bit
                return field
            }
            try skipMemberValue()
            afterValue = true
        }
    }

    /// The next member `gatherMembers` found, the position on its value; at the end, the
    /// object's `}` consumed and `nil`.
    @inlinable @inline(__always)
    mutating func takeGathered(_ cursor: inout JSONMemberCursor) -> Int? {
        guard cursor.taken < cursor.gathered else {
            position = cursor.end
            leave()
            return nil
        }
        let entry = withUnsafeBytes(of: &cursor.entries) { entries in
            entries.load(fromByteOffset: cursor.taken &* 8, as: UInt64.self)
        }
        cursor.taken &+= 1
        position = Int(truncatingIfNeeded: entry &>> 8)
        return Int(truncatingIfNeeded: entry & 0xFF)
    }

    /// `members(gathering:)`'s walk of the object whose first key is at the position: on
    /// success the cursor holds the wanted members and the object's end, and the values the
    /// walk skipped are counted; otherwise nothing changes.
    @usableFromInline
    mutating func gatherMembers(_ cursor: inout JSONMemberCursor, in keys: JSONKeySet) {
        guard let tokens else { return }
        keys.walkTable.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            withUnsafeMutableBytes(of: &cursor.entries) { entries in
                let words = entries.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
                guard
                    let (found, end, skipped) = JSONStructuralIndex.gatherMembers(
                        in: bytes, count: count, tokens: tokens, table: table, keyCount: keys.count,
                        room: Self.maximumDepth &- depth, from: position, into: words)
                else { return }
                cursor.gathered = found
                cursor.end = end
                valuesSkippedByTokens &+= skipped
                objectsGathered &+= 1
            }
        }
    }

    /// `nextField`'s member walk by the token masks (`JSONStructuralIndex.nextMember`), out of
    /// line: the object's end consumed (`}` and its depth), the position on what the walk
    /// stopped at otherwise.
    @usableFromInline
    mutating func walkMembers(
        _ cursor: inout JSONMemberCursor, in keys: JSONKeySet, afterValue: Bool
    ) -> JSONStructuralIndex.MemberStop {
        guard let tokens else { return .key }
        let stop = keys.walkTable.withUnsafeBufferPointer { table -> JSONStructuralIndex.MemberStop in
            guard let table = table.baseAddress else { return .key }
            return JSONStructuralIndex.nextMember(
                in: bytes, count: count, tokens: tokens, table: table,
                keyCount: keys.count, room: Self.maximumDepth &- depth, afterValue: afterValue, position: &position,
                seen: &cursor.seen, skipped: &valuesSkippedByTokens)
        }
        if stop == .end { leave() }
        return stop
    }
}
