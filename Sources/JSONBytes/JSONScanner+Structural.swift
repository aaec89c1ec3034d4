/// Skipping by stage 1's token masks (`JSONStructuralIndex`): the grammar is checked from
/// token to token, and the bytes between tokens are not read again, stage 1 having checked
/// them (strings closed, escapes, UTF-8, control characters, numbers and literals).
extension JSONScanner {
    /// Runs `body` on a scanner over `buffer` from `start`, with token masks when the document
    /// passes stage 1; otherwise (or from an offset, after a byte order mark) on a plain
    /// scanner, which then finds the error where it always has.
    package static func withTokens<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0,
        _ body: (inout JSONScanner) throws(JSONSyntaxError) -> Result
    ) throws(JSONSyntaxError) -> Result {
        var scanner = try JSONScanner(buffer, from: start)
        guard start == 0 else { return try body(&scanner) }
        return try withUnsafeTemporaryAllocation(
            of: UInt64.self, capacity: JSONStructuralIndex.wordCount(for: buffer.count)
        ) { (masks: UnsafeMutableBufferPointer<UInt64>) throws(JSONSyntaxError) -> Result in
            // Never empty: the scanner refused an empty document.
            guard let words = masks.baseAddress else { return try body(&scanner) }
            if JSONStructuralIndex.tokens(of: buffer, into: words) == .valid { scanner.tokens = UnsafePointer(words) }
            defer { scanner.tokens = nil }
            return try body(&scanner)
        }
    }

    /// Skips the value at the position by its tokens, checking the grammar (and the depth
    /// limit) as the byte loop does; `false` where the grammar breaks, with nothing changed but
    /// the whitespace before the value passed (which the byte loop passes first too).
    /// On success the position is the next token (whitespace after the value passed) or the
    /// end of the document.
    mutating func skipValueByTokens(_ tokens: UnsafePointer<UInt64>) -> Bool {
        skipWhitespace()
        guard position < count else { return false }
        var cursor = TokenCursor(tokens: tokens, count: count, from: position)
        var token = cursor.next()
        guard token == position else { return false }
        let first = bytes[token]
        if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
            // A string or a scalar (most skipped values): it ends before the next token.
            guard !Self.isPunctuation(first) else { return false }
            position = cursor.peek()
            return true
        }
        let room = Self.maximumDepth - depth
        var level = 0
        // One bit per open level, 1 for an object: 512 levels in eight words.
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (Self.maximumDepth + 63) / 64) { levels in
            levels.initialize(repeating: 0)
            func isObject(_ level: Int) -> Bool { levels[level &>> 6] & (1 << UInt64(level & 63)) != 0 }
            while true {
                // A value starts at `token`.
                let byte = bytes[token]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard level < room else { return false }
                    let object = byte == UInt8(ascii: "{")
                    let bit: UInt64 = 1 << UInt64(level & 63)
                    if object { levels[level &>> 6] |= bit } else { levels[level &>> 6] &= ~bit }
                    level &+= 1
                    token = cursor.next()
                    guard token < count else { return false }
                    let first = bytes[token]
                    if first == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        level &-= 1
                    } else {
                        if object {
                            guard first == UInt8(ascii: "\""), cursor.nextIs(UInt8(ascii: ":"), in: bytes) else {
                                return false
                            }
                            token = cursor.next()
                            guard token < count else { return false }
                        }
                        continue
                    }
                } else if Self.isPunctuation(byte) {
                    return false
                }
                // After a value: close containers, or move to the next member or element.
                while true {
                    if level == 0 {
                        position = cursor.peek()
                        return true
                    }
                    let object = isObject(level &- 1)
                    token = cursor.next()
                    guard token < count else { return false }
                    let next = bytes[token]
                    if next == UInt8(ascii: ",") {
                        if object {
                            guard cursor.nextIs(UInt8(ascii: "\""), in: bytes),
                                cursor.nextIs(UInt8(ascii: ":"), in: bytes)
                            else { return false }
                        }
                        token = cursor.next()
                        guard token < count else { return false }
                        break
                    }
                    guard next == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                    level &-= 1
                }
            }
        }
    }

    /// `}`, `]`, `:` or `,`: a token that cannot start a value.
    @inline(__always)
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte | 0x20 == UInt8(ascii: "}") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")
    }
}

/// Walks the set bits of the token masks in order: the offsets where tokens start.
struct TokenCursor {
    let tokens: UnsafePointer<UInt64>
    let count: Int
    let words: Int
    var word: Int
    /// The bits of `tokens[word]` not yet passed.
    var bits: UInt64

    /// A cursor on the first token at or after `offset`.
    @inline(__always)
    init(tokens: UnsafePointer<UInt64>, count: Int, from offset: Int) {
        self.tokens = tokens
        self.count = count
        words = JSONStructuralIndex.wordCount(for: count)
        word = offset &>> 6
        bits = tokens[word] & (~0 << UInt64(offset & 63))
    }

    /// The offset of the next token, passed; `count` when there is none.
    @inline(__always)
    mutating func next() -> Int {
        let offset = peek()
        bits &= bits &- 1  // zero when there was none: harmless
        return offset
    }

    /// The offset of the next token, not passed; `count` when there is none.
    @inline(__always)
    mutating func peek() -> Int {
        while bits == 0 {
            word &+= 1
            guard word < words else { return count }
            bits = tokens[word]
        }
        return word &<< 6 | bits.trailingZeroBitCount
    }

    /// Passes the next token and tells whether it starts with `byte`.
    @inline(__always)
    mutating func nextIs(_ byte: UInt8, in bytes: UnsafePointer<UInt8>) -> Bool {
        let offset = next()
        return offset < count && bytes[offset] == byte
    }
}
