/// The members one kind of object is read for, named: an enum whose cases are the members
/// and whose raw values are their JSON names, as a `CodingKey` is written:
///
///     enum StatusField: String, JSONField {
///         case idstr, id
///         case picURLs = "pic_urls"
///         static let set = JSONFieldSet<StatusField>()
///     }
///
/// A reader switches on the case a member cursor gives (`JSONScanner.nextField(_:in:)`), so
/// adding a member is one case here and one line in that switch; the order of the cases is
/// the order `CaseIterable` lists them, which readers that report the first of several errors
/// use as their order.
package protocol JSONField: CaseIterable, Hashable, Sendable {
    /// The member's name in the document.
    var name: String { get }
}

extension JSONField where Self: RawRepresentable, RawValue == String {
    package var name: String { rawValue }
}

/// A `JSONField` enum's keys as a `JSONKeySet`, made once (a `static let` of the enum): a
/// scanned key is found by the set's slot hash, and its index in `allCases` names the case.
package struct JSONFieldSet<Field: JSONField>: Sendable {
    /// The members' names, in the order of `Field.allCases`.
    package let keys: JSONKeySet
    /// `Field.allCases`: the case of each key index.
    @usableFromInline let fields: [Field]

    package init() {
        fields = Array(Field.allCases)
        keys = JSONKeySet(fields.map(\.name))
    }

    /// The case of key index `index` (below `keys.count`).
    @inlinable @inline(__always)
    package func field(at index: Int) -> Field {
        fields[index]
    }

    /// The case whose name `token` spells, or `nil` for a name the set does not hold.
    @inlinable
    package func field(of token: JSONStringToken, in scanner: JSONScanner) -> Field? {
        let index = keys.index(of: token, in: scanner)
        return index == keys.count ? nil : fields[index]
    }

    /// The names, in order (for error details that list what an object may hold).
    package var names: [String] { fields.map(\.name) }
}

/// Member loops that give named fields.
extension JSONScanner {
    /// `nextField(_:in:)` for the keys of `fields`: the case of the next member that is the
    /// first of its key, the scanner on its value (which the caller must consume); `nil` at
    /// the object's end, its `}` consumed.
    @inlinable @inline(__always)
    package mutating func nextField<Field>(
        _ cursor: inout JSONMemberCursor, in fields: JSONFieldSet<Field>
    ) throws(JSONSyntaxError) -> Field? {
        guard let index = try nextField(&cursor, in: fields.keys) else { return nil }
        return fields.field(at: index)
    }

    /// `members(gathering:)` for the keys of `fields`.
    @inlinable @inline(__always)
    package mutating func members<Field>(
        gathering fields: JSONFieldSet<Field>
    ) throws(JSONSyntaxError) -> JSONMemberCursor {
        try members(gathering: fields.keys)
    }

    /// `readObject(_:_:)` for the keys of `fields`: `read(field, &self)` for the first
    /// occurrence of each, which must consume the value; other members are skipped.
    @inlinable
    package mutating func readObject<Field>(
        _ fields: JSONFieldSet<Field>,
        _ read: (_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try readMembers(
            fields.keys, noteKey: { _ in },
            { index, scanner throws(JSONSyntaxError) in try read(fields.field(at: index), &scanner) })
    }

    /// `readObject(_:_:)` that also appends every member's key, in document order, to
    /// `allKeys` (to name what a document had when it had nothing the reader wanted).
    @inlinable
    package mutating func readObject<Field>(
        _ fields: JSONFieldSet<Field>,
        collectingKeys allKeys: inout [JSONStringToken],
        _ read: (_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try readMembers(
            fields.keys, noteKey: { allKeys.append($0) },
            { index, scanner throws(JSONSyntaxError) in try read(fields.field(at: index), &scanner) })
    }
}
