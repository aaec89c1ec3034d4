/// Skipping by stage 1's token masks (`JSONStructuralIndex`): the grammar is checked from
/// token to token, each number and literal is checked where it starts, and the bytes of
/// strings are not read again, stage 1 having checked them (strings closed, escapes, UTF-8,
/// control characters).
extension JSONScanner {
    /// Runs `body` on a scanner over `buffer` from `start` (3 after a byte order mark), with
    /// token masks when the document passes stage 1 (the bytes before `start` read as spaces);
    /// otherwise on a plain scanner, which then finds the error where it always has.
    package static func withTokens<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0,
        _ body: (inout JSONScanner) throws(JSONSyntaxError) -> Result
    ) throws(JSONSyntaxError) -> Result {
        var scanner = try JSONScanner(buffer, from: start)
        let wordCount = JSONStructuralIndex.wordCount(for: buffer.count)
        return try withUnsafeTemporaryAllocation(
            of: UInt64.self, capacity: wordCount + JSONStructuralIndex.escapeWordCount(for: buffer.count)
        ) { (masks: UnsafeMutableBufferPointer<UInt64>) throws(JSONSyntaxError) -> Result in
            // Never empty: the scanner refused an empty document.
            guard let words = masks.baseAddress else { return try body(&scanner) }
            let escapes = words + wordCount
            if JSONStructuralIndex.tokens(of: buffer, from: start, into: words, escapes: escapes) == .valid {
                scanner.tokens = UnsafePointer(words)
                scanner.escapeBlocks = UnsafePointer(escapes)
            }
            defer {
                scanner.tokens = nil
                scanner.escapeBlocks = nil
            }
            return try body(&scanner)
        }
    }

    /// Skips the value at the position by its tokens, checking the grammar (and the depth
    /// limit) as the byte loop does; `false` where the grammar breaks, with nothing changed but
    /// the whitespace before the value passed (which the byte loop passes first too). On
    /// success the position is the next token (whitespace after the value passed) or the end
    /// of the document. A string or a scalar (most skipped values: `skipValue` and
    /// `skipMemberValue` both come here) ends before the next token, read off the same mask
    /// word that marked its start; a container is walked by `JSONStructuralIndex.skipValue`,
    /// a C loop.
    @inline(__always)
    mutating func skipValueByTokens(_ tokens: UnsafePointer<UInt64>) -> Bool {
        skipWhitespace()
        guard position < count else { return false }
        let word = position &>> 6
        // Bit 0: the position itself, which must start a token.
        let bits = tokens[word] &>> UInt64(position & 63)
        guard bits & 1 != 0 else { return false }
        let first = bytes[position]
        if first | 0x20 == UInt8(ascii: "{") {
            guard
                let end = JSONStructuralIndex.skipValue(
                    in: bytes, count: count, tokens: tokens, from: position, room: Self.maximumDepth - depth)
            else { return false }
            position = end
        } else {
            guard !Self.isPunctuation(first) else { return false }
            let rest = bits &>> 1
            // A number or literal: one digit with the next token right after it, or checked by
            // `JSONStructuralIndex.isValidScalar` (a misspelled one is left to the byte loop).
            if first != UInt8(ascii: "\""),
                !(rest & 1 != 0 && first &- UInt8(ascii: "0") < 10),
                !JSONStructuralIndex.isValidScalar(in: bytes, count: count, at: position)
            {
                return false
            }
            position =
                rest != 0
                ? position &+ 1 &+ rest.trailingZeroBitCount
                : JSONStructuralIndex.nextToken(in: tokens, count: count, from: (word &+ 1) &<< 6)
        }
        valuesSkippedByTokens &+= 1
        return true
    }

    /// `}`, `]`, `:` or `,`: a token that cannot start a value.
    @inline(__always)
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte | 0x20 == UInt8(ascii: "}") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")
    }
}
