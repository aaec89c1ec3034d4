/// The order of an index-keyed `pics` object (`{"0": {…}, "1": {…}, "10": {…}}`): its keys
/// that are decimal digits, by numeric value (of any length, never overflowing), then by
/// the key itself (so `"0"` before `"00"`); other keys are ignored.
package enum WeiboPicOrder {
    /// Whether `key` is one or more ASCII digits.
    package static func isIndex(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether index key `a` comes before index key `b`.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.utf8.drop { $0 == UInt8(ascii: "0") }
        let right = b.utf8.drop { $0 == UInt8(ascii: "0") }
        if left.count != right.count { return left.count < right.count }
        if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
