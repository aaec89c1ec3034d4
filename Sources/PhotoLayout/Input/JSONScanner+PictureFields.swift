import JSONBytes

/// The fields of a picture as the reader takes them: a `type` classified on its bytes, and
/// sizes with a fast path for what Weibo sends (a JSON integer of a few digits).
extension JSONScanner {
    /// A `type` field: what its string says (`WeiboPictureType`), classified on the
    /// document's bytes (a `String` only for a name with escapes); `nil` for any other value,
    /// skipped.
    @inline(__always)
    mutating func lenientPictureType() throws(JSONSyntaxError) -> WeiboPictureType? {
        if let plain = plainString() {
            return WeiboPictureType(utf8: UnsafeBufferPointer(start: bytes + plain.lowerBound, count: plain.count))
        }
        return try otherPictureType()
    }

    /// `lenientPictureType()` for a value the token masks mark as a token's start (a member's
    /// value a walk gathered): a string whose closing quote lies within the eight bytes after
    /// its opening one, with no backslash before it, is classified on those bytes (stage 1
    /// validated them: no escape, no control character, valid UTF-8), without looking for its
    /// end through the masks. Anything else is read as `lenientPictureType()` reads it.
    @inline(__always)
    mutating func gatheredPictureType() throws(JSONSyntaxError) -> WeiboPictureType? {
        let start = position &+ 1
        if tokens != nil, start &+ 8 <= count, bytes[position] == UInt8(ascii: "\"") {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
            // The lowest flag of each is exact (as `SWAR.equal`'s, written here so that it is
            // inlined): the first quote, the first backslash.
            let quotes = Self.flags(word, UInt8(ascii: "\""))
            let backslashes = Self.flags(word, UInt8(ascii: "\\"))
            if quotes != 0, backslashes == 0 || backslashes.trailingZeroBitCount > quotes.trailingZeroBitCount {
                let length = quotes.trailingZeroBitCount &>> 3
                position = start &+ length &+ 1
                return WeiboPictureType(utf8: UnsafeBufferPointer(start: bytes + start, count: length))
            }
        }
        return try lenientPictureType()
    }

    /// The high bit of each byte of `word` equal to `byte`: exact for the lowest such byte,
    /// bytes after it possibly flagged too (`SWAR.equal`).
    @inline(__always)
    private static func flags(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
    }

    /// `lenientTruthy()` for a member's value a walk gathered (the position on the value):
    /// a number of one digit (`0`, `1`: what Weibo sends), whose next byte is no digit, `.`,
    /// `e` or `E`, is `true` unless it is `0`; `true` and `false` are read as `scanBool()`
    /// reads them (the literal's bytes); the position is put past what was read, without the
    /// call into JSONBytes and its copy of the scanner. Any other value is read by
    /// `lenientTruthy()` from the same place.
    @inline(__always)
    mutating func gatheredTruthy() throws(JSONSyntaxError) -> Bool {
        if position &+ 5 <= count {
            let first = bytes[position]
            if first &- UInt8(ascii: "0") < 10 {
                let next = bytes[position &+ 1]
                if next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
                    position &+= 1
                    return first != UInt8(ascii: "0")
                }
                return try lenientTruthy()
            }
            let word = UInt32(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self))
            if word == 0x6575_7274 {  // "true", little-endian
                position &+= 4
                return true
            }
            if word == 0x736C_6166, bytes[position &+ 4] == UInt8(ascii: "e") {  // "fals", then "e"
                position &+= 5
                return false
            }
        }
        return try lenientTruthy()
    }

    /// `lenientPictureType()` for a value that is no string `plainString()` bounds.
    @inline(never)
    private mutating func otherPictureType() throws(JSONSyntaxError) -> WeiboPictureType? {
        guard case .string = try peekKind() else {
            try skipValue()
            return nil
        }
        let token = try scanString()
        guard !token.hasEscapes else { return WeiboPictureType(string(token)) }
        return WeiboPictureType(utf8: UnsafeBufferPointer(start: bytes + token.start, count: token.byteCount))
    }

    /// `lenientByteString()`, with a string stage 1 validated and whose blocks hold no escape
    /// (`plainString()`) sliced here, in the reading module (JSONBytes' functions are calls
    /// from it): a URL, a pid or an id. Whitespace before the value (an array entry after `, `
    /// or a line break) is passed over through the token masks first, here
    /// (`passWhitespaceByTokens()`: at the document's end the position is its end, where
    /// `lenientByteString()` throws as it would have).
    @inline(__always)
    mutating func keptString() throws(JSONSyntaxError) -> ByteString? {
        passWhitespaceByTokens()
        guard let plain = plainString() else { return try keptStringPastWhitespace() }
        return keptSlice(plain)
    }

    /// `keptString()` for a member's value a walk gathered: the position is on a token's
    /// start inside the document and the masks are there, so `plainString()`'s checks of the
    /// position (in the document, marked as a token) are left out; a string is bounded as
    /// `plainString()` bounds it, and anything else (no string, an escape in its blocks, no
    /// masks) is read by `lenientByteString()` from the same place.
    @inline(__always)
    mutating func gatheredKeptString() throws(JSONSyntaxError) -> ByteString? {
        if let tokens, let escapeBlocks, bytes[position] == UInt8(ascii: "\"") {
            let start = position &+ 1
            let end = lastQuote(before: nextToken(after: start, in: tokens))
            if end > position, Self.noEscapes(in: escapeBlocks, from: start &>> 6, through: end &>> 6) {
                position = end &+ 1
                return keptSlice(start..<end)
            }
        }
        return try lenientByteString()
    }

    /// `keptString()` for a value `plainString()` did not bound at the position: tried again
    /// past the whitespace there, else read by `lenientByteString()`.
    @inline(never)
    private mutating func keptStringPastWhitespace() throws(JSONSyntaxError) -> ByteString? {
        if tokens != nil, position < count, bytes[position] <= 0x20 {
            _ = try peekToken()
            if let plain = plainString() { return keptSlice(plain) }
        }
        return try lenientByteString()
    }

    /// `memberKey()` for a key `plainString()` would bound (a pid of `pic_infos`), in this
    /// module: the next token after its opening quote is the first after the key (a string
    /// holds none), its closing quote the last quote before that token, and that token must be
    /// its `:` (only whitespace lies between, stage 1 having passed): else the error
    /// `memberKey()` throws, at the same offset. Any other key (with an escape in its blocks,
    /// or without masks) is read by `memberKey()`.
    @inline(__always)
    mutating func plainMemberKey() throws(JSONSyntaxError) -> JSONStringToken {
        guard let tokens, let escapeBlocks, position < count, bytes[position] == UInt8(ascii: "\""),
            tokens[position &>> 6] & (1 &<< UInt64(position & 63)) != 0
        else { return try memberKey() }
        let start = position &+ 1
        let next = nextToken(after: start, in: tokens)
        let end = lastQuote(before: next)
        guard end > position, Self.noEscapes(in: escapeBlocks, from: start &>> 6, through: end &>> 6) else {
            return try memberKey()
        }
        guard next < count else { throw error("unexpected end of the document", at: next) }
        guard bytes[next] == UInt8(ascii: ":") else { throw error("expected ':' after an object key", at: next) }
        position = next &+ 1
        return JSONStringToken(start: start, end: end, hasEscapes: false)
    }

    /// Whether the document's bytes in `range` (a string's, as `plainString()` gives them) are
    /// those of `string`, compared eight at a time.
    @inline(__always)
    func hasBytes(_ range: Range<Int>, of string: ByteString) -> Bool {
        string.utf8.withUnsafeBufferPointer {
            ByteString.sameBytes(UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), $0)
        }
    }

    /// `documentSlice(_:)` in the reading module: the bytes in `range` as a slice of the
    /// document's copy (`retained`, made by the first string kept).
    @inline(__always)
    mutating func keptSlice(_ range: Range<Int>) -> ByteString {
        if retained == nil { retained = Array(UnsafeBufferPointer(start: bytes, count: count)) }
        return ByteString(utf8: retained.unsafelyUnwrapped[range])
    }

    /// With token masks, the bytes between the quotes of the string at the position when
    /// stage 1 marked it (and so validated it) and no block it spans holds an escape: its
    /// closing quote is the last quote before the next token (only whitespace lies between),
    /// and its bytes are its UTF-8 as they are. The position moves past it. `nil`, nothing
    /// changed, for any other value or string: what `JSONBytes`' `stringByTokens` finds.
    @inline(__always)
    mutating func plainString() -> Range<Int>? {
        guard let tokens, let escapeBlocks, position < count, bytes[position] == UInt8(ascii: "\""),
            tokens[position &>> 6] & (1 &<< UInt64(position & 63)) != 0
        else { return nil }
        let start = position &+ 1
        let end = lastQuote(before: nextToken(after: start, in: tokens))
        guard end > position else { return nil }
        guard Self.noEscapes(in: escapeBlocks, from: start &>> 6, through: end &>> 6) else { return nil }
        position = end &+ 1
        return start..<end
    }

    /// The offset of the first token at or after `start` (the document's end when none
    /// follows): `JSONStructuralIndex.nextToken(in:count:from:)` written in the reading module,
    /// where that package type's member would be a call.
    @inline(__always)
    func nextToken(after start: Int, in tokens: UnsafePointer<UInt64>) -> Int {
        guard start < count else { return count }
        var word = start &>> 6
        var bits = tokens[word] & (~0 &<< UInt64(start & 63))
        let words = (count &+ 63) &>> 6
        while bits == 0 {
            word &+= 1
            guard word < words else { return count }
            bits = tokens[word]
        }
        return word &<< 6 | bits.trailingZeroBitCount
    }

    /// The offset of the last quote before `next`, searched back to the position (the opening
    /// quote, returned when no quote lies between): where a string opened at the position
    /// closes when only whitespace lies between it and the token at `next`.
    @inline(__always)
    func lastQuote(before next: Int) -> Int {
        var end = next &- 1
        while end > position, bytes[end] != UInt8(ascii: "\"") { end &-= 1 }
        return end
    }

    /// Whether none of the blocks `first` through `last` is marked in `escapeBlocks` (bit
    /// `b & 63` of word `b >> 6` for block `b`): one masked word when they share a word (a
    /// string shorter than 4 KiB, but for one in 64 of them), else block by block.
    @inline(__always)
    static func noEscapes(in escapeBlocks: UnsafePointer<UInt64>, from first: Int, through last: Int) -> Bool {
        if first &>> 6 == last &>> 6 {
            let below: UInt64 = ~0 &<< UInt64(first & 63)
            let through: UInt64 = ~0 &>> UInt64(63 &- (last & 63))
            return escapeBlocks[first &>> 6] & below & through == 0
        }
        var block = first
        while block <= last {
            guard escapeBlocks[block &>> 6] & (1 &<< UInt64(block & 63)) == 0 else { return false }
            block &+= 1
        }
        return true
    }

    /// `lenientFlexibleNumber()`, with the digits of a positive JSON integer of at most 15
    /// digits (`1242`, exact as a double) or of a string of 1 to 15 digits read in place. The
    /// fast path checks the grammar it passes (a first digit 1–9, digits, then no fraction,
    /// exponent or further digit; a string's digits then its closing quote); anything else is
    /// left to `lenientFlexibleNumber`.
    @inline(__always)
    mutating func lenientSide() throws(JSONSyntaxError) -> Double? {
        // On a value of up to seven digits (what Weibo sends), or a string of them: the eight
        // bytes there read at once.
        if position &+ 9 <= count {
            let first = bytes[position]
            if first &- UInt8(ascii: "1") < 9 {
                let (digits, value) = leadingDigits(at: position)
                let next = bytes[position &+ digits]
                if digits < 8, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
                    position &+= digits
                    return Double(value)
                }
            } else if first == UInt8(ascii: "\"") {
                let (digits, value) = leadingDigits(at: position &+ 1)
                if digits > 0, digits < 8, bytes[position &+ 1 &+ digits] == UInt8(ascii: "\"") {
                    position &+= digits &+ 2
                    return Double(value)
                }
            }
        }
        return try otherSide()
    }

    /// `lenientSide()` for any other value: after whitespace, of eight or more digits, near
    /// the document's end, or for `lenientFlexibleNumber`.
    @inline(never)
    private mutating func otherSide() throws(JSONSyntaxError) -> Double? {
        // On a value already (a gathered member, a value after `: `): its byte without the
        // call of `peek()`, which other modules do not inline.
        let first = position < count && bytes[position] > 0x20 ? bytes[position] : try peek()
        let lead = first &- UInt8(ascii: "1")
        if lead < 9 {
            let (value, index) = digitRun(from: position &+ 1, upTo: position &+ 15, startingWith: UInt64(lead &+ 1))
            let next = index < count ? bytes[index] : 0
            if next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
                position = index
                return Double(value)
            }
        } else if first == UInt8(ascii: "\"") {
            // A string of 1 to 15 digits (`"1136"`, as Weibo sends the sides of large
            // variants), what `lenientFlexibleNumber` reads through `plainDigits`, in place.
            let (value, index) = digitRun(from: position &+ 1, upTo: position &+ 16, startingWith: 0)
            if index > position &+ 1, index < count, bytes[index] == UInt8(ascii: "\"") {
                position = index &+ 1
                return Double(value)
            }
        }
        return try lenientFlexibleNumber()
    }

    /// How many of the eight bytes at `start` (which must be in the document) are decimal
    /// digits before the first that is not (8 when all are), and the value of those digits.
    /// Eight bytes at once: each byte's value minus `0` tested for a high nibble or a low one
    /// of 10 or more (the lowest byte flagged is exact; a carry reaches only bytes after
    /// it), then the digits, right-aligned, combined in pairs, fours and eights.
    @inline(__always)
    private func leadingDigits(at start: Int) -> (count: Int, value: UInt64) {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
        let values = word ^ 0x3030_3030_3030_3030
        let others = (values & 0xF0F0_F0F0_F0F0_F0F0) | ((values &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010)
        let digits = others.trailingZeroBitCount &>> 3
        guard digits > 0 else { return (0, 0) }
        // The digits in the high bytes, first digit lowest, zeros before them.
        var value = values &<< UInt64((8 &- digits) &* 8)
        value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
        return (digits, value)
    }

    /// The decimal digits from `start` up to `limit` (or the document's end), appended to
    /// `value`; returns the value and the index of the first byte that is not a digit, or the limit.
    @inline(__always)
    private func digitRun(from start: Int, upTo limit: Int, startingWith value: UInt64) -> (UInt64, Int) {
        var value = value
        var index = start
        let limit = min(count, limit)
        while index < limit {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            index &+= 1
        }
        return (value, index)
    }
}
