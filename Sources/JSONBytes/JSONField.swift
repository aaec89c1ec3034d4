/// The members one kind of object is read for, named: an enum whose cases are the members
/// and whose raw values are their JSON names, as a `CodingKey` is written:
///
///     enum StatusField: String, JSONField {
///         case idstr, id
///         case picURLs = "pic_urls"
///         static let set = JSONFieldSet<StatusField>()
///     }
///
/// A reader switches on the case of each member the cursor gives (`JSONScanner.nextField`
/// with the set's `keys`, the case being `fields[index]`), so adding a member is one case here
/// and one line in that switch. The order of the cases is the order `CaseIterable` lists them,
/// which readers that report the first of several errors use as their order.
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
    /// `Field.allCases`: the case of each key index. Readers in other modules index it
    /// directly (`fields[index]`): a generic method of this type called from another module
    /// runs unspecialized, its body not being inlined there.
    package let fields: [Field]

    package init() {
        fields = Array(Field.allCases)
        keys = JSONKeySet(fields.map(\.name))
    }

    /// The case whose name `token` spells, or `nil` for a name the set does not hold.
    package func field(of token: JSONStringToken, in scanner: JSONScanner) -> Field? {
        let index = keys.index(of: token, in: scanner)
        return index == keys.count ? nil : fields[index]
    }

    /// The names, in order (for error details that list what an object may hold).
    package var names: [String] { fields.map(\.name) }
}
