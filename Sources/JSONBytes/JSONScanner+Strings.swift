extension JSONScanner {
    /// Flags on the bytes of `word` the string scanner must look at: those a string must
    /// escape, and non-ASCII bytes (UTF-8 to validate).
    @inline(__always)
    private static func attentionFlags(_ word: UInt64) -> UInt64 {
        SWAR.needsEscape(word) | (word & SWAR.highBits)
    }

    /// The offset of the first byte at or after `offset` that needs attention, sixteen then
    /// eight bytes at a time, or the first offset from which fewer than eight bytes remain.
    @inline(__always)
    private func nextAttention(from offset: Int) -> Int {
        var offset = offset
        while offset &+ 16 <= count {
            let first = Self.attentionFlags(SWAR.load(bytes + offset))
            if first != 0 { return offset &+ SWAR.lowestIndex(first) }
            let second = Self.attentionFlags(SWAR.load(bytes + (offset &+ 8)))
            if second != 0 { return offset &+ 8 &+ SWAR.lowestIndex(second) }
            offset &+= 16
        }
        if offset &+ 8 <= count {
            return offset &+ SWAR.lowestIndex(Self.attentionFlags(SWAR.load(bytes + offset)))
        }
        return offset
    }

    /// Scans the string at the position (its opening quote), validating escapes and UTF-8.
    ///
    /// Inline for the common case, a string of plain ASCII: the first byte needing attention
    /// is its closing quote. Otherwise, with stage 1's token masks, the string was validated by
    /// stage 1 and only its end and whether it holds escapes are looked for; without them it
    /// is scanned again by the full loop.
    @inline(__always)
    package mutating func scanString() throws(JSONSyntaxError) -> JSONStringToken {
        let start = position &+ 1
        let end = nextAttention(from: start)
        if end < count, bytes[end] == UInt8(ascii: "\"") {
            position = end &+ 1
            return JSONStringToken(start: start, end: end, hasEscapes: false)
        }
        if let tokens, let token = validatedString(tokens) { return token }
        return try scanStringWithAttention()
    }

    /// The string at the position when stage 1 marked it (its opening quote is a token) and so
    /// validated it: its closing quote is the last one before the next token (only whitespace
    /// lies between), and it has escapes when a backslash lies inside. `nil` when the position
    /// is not a token.
    private mutating func validatedString(_ tokens: UnsafePointer<UInt64>) -> JSONStringToken? {
        guard tokens[position &>> 6] & (1 << UInt64(position & 63)) != 0 else { return nil }
        let start = position &+ 1
        var end = JSONStructuralIndex.nextToken(in: tokens, count: count, from: start) &- 1
        while end > position, bytes[end] != UInt8(ascii: "\"") { end &-= 1 }
        guard end > position else { return nil }
        var index = start
        var hasEscapes = false
        while index &+ 8 <= end, !hasEscapes {
            hasEscapes = SWAR.equal(SWAR.load(bytes + index), UInt8(ascii: "\\")) != 0
            index &+= 8
        }
        while index < end, !hasEscapes {
            hasEscapes = bytes[index] == UInt8(ascii: "\\")
            index &+= 1
        }
        position = end &+ 1
        return JSONStringToken(start: start, end: end, hasEscapes: hasEscapes)
    }

    /// Scans a string that holds escapes or non-ASCII bytes (or ends the document).
    private mutating func scanStringWithAttention() throws(JSONSyntaxError) -> JSONStringToken {
        let opening = position
        let start = position &+ 1
        position = start
        var hasEscapes = false
        while true {
            position = nextAttention(from: position)
            guard position < count else { throw error("unterminated string", at: opening) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position &+= 1
                return JSONStringToken(start: start, end: position &- 1, hasEscapes: hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte >= 0x80 {
                try scanUTF8Sequence(lead: byte)
            } else if byte < 0x20 {
                throw error("unescaped control character in a string")
            } else {
                position &+= 1
            }
        }
    }

    /// One escape (`\n`, `\u00e9`, a `\ud83d\ude00` pair): a lone surrogate is an error.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        guard position + 1 < count else { throw error("unterminated escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexEscape(at: position)
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("unpaired low surrogate in a \\u escape")
            }
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hexEscape(at: position))
                else {
                    throw error("high surrogate not followed by a low surrogate escape")
                }
                position += 6
            }
        default:
            throw error("invalid escape sequence")
        }
    }

    /// The code unit of the `\uXXXX` escape at `offset`.
    package func hexEscape(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
        guard offset + 6 <= count else { throw error("truncated \\u escape", at: offset) }
        var unit: UInt16 = 0
        for index in offset + 2..<offset + 6 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape", at: index)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// A run of multi-byte UTF-8 sequences (RFC 3629, Table 3-7 of Unicode), from `lead`
    /// until the next ASCII byte: lead byte and the allowed range of the second byte, then
    /// plain continuation bytes.
    private mutating func scanUTF8Sequence(lead: UInt8) throws(JSONSyntaxError) {
        var lead = lead
        repeat {
            // Most of a Chinese text: three bytes, a lead in E1...EF other than ED.
            if lead &- 0xE1 < 0x0F, lead != 0xED, position &+ 3 < count,
                bytes[position &+ 1] & 0xC0 == 0x80, bytes[position &+ 2] & 0xC0 == 0x80
            {
                position &+= 3
                lead = bytes[position]
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: throw error("invalid UTF-8 lead byte")
            }
            guard position &+ length < count else { throw error("truncated UTF-8 sequence") }
            let second = bytes[position &+ 1]
            guard second >= low, second <= high else { throw error("invalid UTF-8 sequence") }
            for index in position &+ 2..<position &+ length where bytes[index] & 0xC0 != 0x80 {
                throw error("invalid UTF-8 sequence")
            }
            position &+= length
            lead = bytes[position]
        } while lead >= 0x80
    }

    // MARK: Reading strings

    /// The string `token` holds, escapes resolved.
    package func string(_ token: JSONStringToken) -> String {
        let raw = UnsafeBufferPointer(start: bytes + token.start, count: token.byteCount)
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: token.byteCount) { output in
            unescape(token, into: output)
        }
    }

    /// Writes the unescaped bytes of `token` (never longer than the escaped ones) and returns
    /// their count. The token was validated by `scanString`.
    func unescape(_ token: JSONStringToken, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        var index = token.start
        func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }
        while index < token.end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                put(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                // Validated: a valid unit, and a high surrogate is followed by a low one.
                var scalar = UInt32((try? hexEscape(at: index - 2)) ?? 0)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32((try? hexEscape(at: index)) ?? 0xDC00)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                switch scalar {
                case 0..<0x80:
                    put(UInt8(scalar))
                case 0x80..<0x800:
                    put(UInt8(0xC0 | scalar >> 6))
                    put(UInt8(0x80 | scalar & 0x3F))
                case 0x800..<0x10000:
                    put(UInt8(0xE0 | scalar >> 12))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                default:
                    put(UInt8(0xF0 | scalar >> 18))
                    put(UInt8(0x80 | scalar >> 12 & 0x3F))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                }
            default: put(escape)  // `"`, `\`, `/`
            }
        }
        return written
    }
}
