/// An object key a reader looks for, precomputed so that matching a scanned key is a length
/// test and two word comparisons (keys of up to 16 bytes, loaded with a mask).
package struct JSONKey: Sendable {
    package let name: String
    /// The name's UTF-8 bytes.
    package let utf8: [UInt8]
    package let length: Int
    /// The first eight bytes of the name (first byte lowest), zero past its end.
    package let low: UInt64
    /// Bytes 8 to 15 of the name, zero past its end.
    package let high: UInt64
    /// Keeps the first `min(length, 8)` bytes of a word loaded at a key's first byte.
    package let lowMask: UInt64
    /// Keeps bytes 8 up to `min(length, 16)` of the word loaded eight bytes after a key's first byte.
    package let highMask: UInt64

    package init(_ name: String) {
        self.name = name
        utf8 = Array(name.utf8)
        length = utf8.count
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in utf8.prefix(16).enumerated() {
            let shifted = UInt64(byte) << (8 * UInt64(index % 8))
            if index < 8 { words.0 |= shifted } else { words.1 |= shifted }
        }
        (low, high) = words
        let bits = UInt64(min(length, 16)) * 8
        lowMask = bits >= 64 ? ~0 : ~(~0 << bits)
        highMask = bits <= 64 ? 0 : bits >= 128 ? ~0 : ~(~0 << (bits - 64))
    }

    /// Whether `token`, scanned by `scanner`, spells this key (escapes resolved).
    @inline(__always)
    package func matches(_ token: JSONStringToken, in scanner: JSONScanner) -> Bool {
        guard !token.hasEscapes else { return scanner.string(token) == name }
        guard token.byteCount == length else { return false }
        guard length <= 16, let words = JSONKey.words(of: token, in: scanner) else {
            return utf8.withUnsafeBufferPointer { name in
                ByteString.sameBytes(UnsafeBufferPointer(start: scanner.bytes + token.start, count: length), name)
            }
        }
        return words.low == low && words.high == high
    }

    /// The two masked words of a token of at most 16 bytes without escapes, as `low` and
    /// `high` hold a key's; `nil` when fewer than 16 bytes remain after its start, where whole
    /// words would read past the document. (A key is followed by at least its quote and `:`,
    /// so 16 bytes from its start stay inside the document in all but its last bytes.)
    @inlinable @inline(__always)
    static func words(of token: JSONStringToken, in scanner: JSONScanner) -> (low: UInt64, high: UInt64)? {
        guard token.start &+ 16 <= scanner.count else { return nil }
        let length = UInt64(truncatingIfNeeded: token.byteCount)
        let first = SWAR.load(scanner.bytes + token.start)
        let second = SWAR.load(scanner.bytes + (token.start &+ 8))
        // Smart shifts: a shift by 64 or more gives 0.
        let lowMask: UInt64 = length >= 8 ? ~0 : ~(~0 << (8 &* length))
        let highMask: UInt64 = length <= 8 ? 0 : length >= 16 ? ~0 : ~(~0 << (8 &* (length &- 8)))
        return (first & lowMask, second & highMask)
    }
}

/// The keys one kind of object is read for, found by one table lookup and one comparison.
///
/// A key of at most 16 bytes without escapes (every key a reader names, and almost every key
/// of a document) is hashed from its length and its two masked words into a table of 256
/// slots, with a multiplier chosen when the set is made so that the set's own keys never
/// share a slot; the slot names the one key it can be, which is then compared. No `Hasher`,
/// no loop over the keys: a constant cost per key, so reading stays linear in the input
/// (docs/API.md §8). Longer keys, keys with escapes and keys in the last 16 bytes of a document
/// are compared with each key of the set in turn (at most 63).
package struct JSONKeySet: Sendable {
    package let keys: [JSONKey]
    /// Bit n set when some key has n bytes (n < 64): most other keys are told apart by this.
    @usableFromInline let lengths: UInt64
    /// The multiplier of `slot(low:high:length:)`.
    @usableFromInline let multiplier: UInt64
    /// 256 slots: the index of the key hashed there plus one, or 0.
    @usableFromInline let slots: [UInt8]
    /// The set as stage 1's member walk looks keys up (`JSONStructuralIndex.nextMember`, laid
    /// out as `cjs_next_member` says): the multiplier, the 256 slots eight to a word, the
    /// `lengths` bits (most keys the walk skips are told apart by them), then three words per
    /// key, its `low` and `high` words and its length. Empty when a key is
    /// longer than 16 bytes, which the walk does not compare, or no multiplier was found: such
    /// sets are read member by member.
    package let walkTable: [UInt64]

    package init(_ names: [String]) {
        precondition(names.count < 64, "a key set holds fewer than 64 keys")
        let keys = names.map(JSONKey.init)
        self.keys = keys
        lengths = keys.reduce(0) { $0 | ($1.length < 64 ? 1 << UInt64($1.length) : 0) }
        let hashed = keys.indices.filter { keys[$0].length <= 16 }
        // Odd multipliers from a fixed sequence until one places every key in a slot of its own
        // (a few tries for a dozen keys). Only two keys whose mixes are equal would collide under
        // every multiplier; the set then compares every key in turn, which is still correct.
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        var table = [UInt8](repeating: 0, count: 256)
        var found: UInt64 = 0
        for _ in 0..<4096 {
            table = [UInt8](repeating: 0, count: 256)
            var clear = true
            for index in hashed {
                let key = keys[index]
                let slot = Self.slot(low: key.low, high: key.high, length: key.length, multiplier: candidate | 1)
                if table[slot] != 0 {
                    clear = false
                    break
                }
                table[slot] = UInt8(index + 1)
            }
            if clear {
                found = candidate | 1
                break
            }
            candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        }
        // No multiplier found (see above): `multiplier` 0 sends every key the linear way.
        multiplier = found
        slots = found == 0 ? [UInt8](repeating: 0, count: 256) : table
        var walkTable: [UInt64] = []
        if found != 0, keys.allSatisfy({ $0.length <= 16 }) {
            walkTable =
                [found]
                + (0..<32).map { word in
                    (0..<8).reduce(0) { $0 | UInt64(table[8 * word + $1]) << (8 * UInt64($1)) }
                }
                + [lengths]
            walkTable += keys.flatMap { [$0.low, $0.high, UInt64($0.length)] }
        }
        self.walkTable = walkTable
    }

    package var count: Int { keys.count }

    /// The slot of a key: its words and length mixed, multiplied, top eight bits.
    @inlinable @inline(__always)
    static func slot(low: UInt64, high: UInt64, length: Int, multiplier: UInt64) -> Int {
        let mixed = low ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
        return Int(truncatingIfNeeded: (mixed &* multiplier) &>> 56)
    }

    /// The index of the key `token` spells, or `count` when it is none of them.
    @inlinable @inline(__always)
    package func index(of token: JSONStringToken, in scanner: JSONScanner) -> Int {
        let length = token.byteCount
        if !token.hasEscapes, length <= 16, multiplier != 0 {
            if lengths & (1 << UInt64(length)) == 0 { return keys.count }
            if let words = JSONKey.words(of: token, in: scanner) {
                let slot = Int(
                    slots[Self.slot(low: words.low, high: words.high, length: length, multiplier: multiplier)])
                guard slot != 0 else { return keys.count }
                let key = keys[slot &- 1]
                return key.length == length && key.low == words.low && key.high == words.high ? slot &- 1 : keys.count
            }
        }
        return linearIndex(of: token, in: scanner)
    }

    /// `index(of:in:)` by comparing with each key in turn.
    @usableFromInline
    func linearIndex(of token: JSONStringToken, in scanner: JSONScanner) -> Int {
        if !token.hasEscapes, token.byteCount < 64, lengths & (1 << UInt64(token.byteCount)) == 0 {
            return keys.count
        }
        for index in keys.indices where keys[index].matches(token, in: scanner) {
            return index
        }
        return keys.count
    }
}
