/// An object key a reader looks for, precomputed so that matching a scanned key is a length
/// test and two word comparisons (keys of up to 16 bytes, loaded with a mask).
package struct JSONKey: Sendable {
    package let name: StaticString
    package let length: Int
    private let low: UInt64
    private let high: UInt64

    package init(_ name: StaticString) {
        self.name = name
        length = name.utf8CodeUnitCount
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<min(length, 16) {
            let byte = UInt64(name.utf8Start[index]) << (8 * UInt64(index % 8))
            if index < 8 { words.0 |= byte } else { words.1 |= byte }
        }
        (low, high) = words
    }

    /// Whether `token`, scanned by `scanner`, spells this key (escapes resolved).
    @inline(__always)
    package func matches(_ token: JSONStringToken, in scanner: JSONScanner) -> Bool {
        guard !token.hasEscapes else { return scanner.string(token) == name.description }
        guard token.byteCount == length else { return false }
        // A key is followed by at least its quote and `:`, so whole words past short keys
        // stay inside the document only when 16 bytes remain; otherwise compare bytewise.
        guard length <= 16, token.start &+ 16 <= scanner.count else {
            return scanner.token(token, is: name)
        }
        let first = SWAR.load(scanner.bytes + token.start)
        let second = SWAR.load(scanner.bytes + (token.start &+ 8))
        let lowMask: UInt64 = length >= 8 ? ~0 : (1 << (8 * UInt64(length))) &- 1
        let highMask: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << (8 * UInt64(length - 8))) &- 1
        return first & lowMask == low && second & highMask == high
    }
}

/// The keys one kind of object is read for, with a mask of their lengths so that most other
/// keys are told apart by their length alone.
package struct JSONKeySet: Sendable {
    package let keys: [JSONKey]
    private let lengths: UInt64

    package init(_ names: [StaticString]) {
        keys = names.map(JSONKey.init)
        lengths = keys.reduce(0) { $0 | ($1.length < 64 ? 1 << UInt64($1.length) : 0) }
    }

    package var count: Int { keys.count }

    /// The index of the key `token` spells, or `count` when it is none of them.
    @inline(__always)
    package func index(of token: JSONStringToken, in scanner: JSONScanner) -> Int {
        let length = token.byteCount
        if !token.hasEscapes, length < 64, lengths & (1 << UInt64(length)) == 0 { return keys.count }
        for index in keys.indices where keys[index].matches(token, in: scanner) {
            return index
        }
        return keys.count
    }
}
