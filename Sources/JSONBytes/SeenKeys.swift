/// The keys already met in one JSON object, for JSONDecoder's rule that the first of
/// duplicate keys wins: an open-addressing hash set of strings (linear probing, at most half
/// full, Swift's per-process seeded hash, so crafted keys cannot force collisions).
///
/// It counts its work: `comparisons` is the number of stored keys each insertion compared
/// with, so tests can check that reading n keys costs O(n) comparisons (docs/API.md §8: parsing is
/// linear in the input), without timing anything. An array searched with `contains`, as the
/// reader could use, would cost n²/2.
package struct SeenKeys {
    /// The table; empty until the first `String` is inserted (a set used through tokens that
    /// never outgrows its first keys allocates none).
    private var slots: [String?] = []
    /// `insert(_:in:)`'s first keys (up to `linearTokens`), held in the set itself and compared
    /// one by one before any `String` is built: a set of a few keys (a status's pictures)
    /// allocates nothing.
    var firstKeys = FirstKeys()
    package private(set) var count = 0
    /// Key comparisons made so far, by insertions and by growing.
    package internal(set) var comparisons = 0

    /// An empty set.
    package init() {}

    /// Inserts `key`; `true` when it was not there yet (its first occurrence).
    package mutating func insert(_ key: String) -> Bool {
        if 2 * (count + 1) > slots.count { grow() }
        return place(key)
    }

    /// Inserts `key` into the table (which has room).
    private mutating func place(_ key: String) -> Bool {
        var slot = key.hashValue & (slots.count - 1)
        while let stored = slots[slot] {
            comparisons += 1
            if stored == key { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = key
        count += 1
        return true
    }

    /// Doubles the table and places every key again (each placement probes empty slots only
    /// after the keys it passes, which are counted).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(16, old.count * 2))
        for case let key? in old {
            var slot = key.hashValue & (slots.count - 1)
            while slots[slot] != nil {
                comparisons += 1
                slot = (slot + 1) & (slots.count - 1)
            }
            slots[slot] = key
        }
    }
}
