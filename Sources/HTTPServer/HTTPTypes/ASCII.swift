/// Byte classes of RFC 9110/9112 used by the parser, the serializer and header lookup.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58
    static let comma: UInt8 = 44

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// tchar (RFC 9110 §5.6.2): the characters of methods and header names.
    /// A bit test, no table lookup: bit `b` of `tokenLow` (bytes 0–63) or of `tokenHigh`
    /// (bytes 64–127) is set when `b` is a tchar; no byte of 128 or more is one.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        if byte < 64 { return tokenLow >> UInt64(byte) & 1 == 1 }
        if byte < 128 { return tokenHigh >> UInt64(byte - 64) & 1 == 1 }
        return false
    }

    /// `!#$%&'*+-.` and the digits.
    static let tokenLow: UInt64 = 0x03ff_6cfa_0000_0000
    /// The letters and `^_`|~`.
    static let tokenHigh: UInt64 = 0x57ff_ffff_c7ff_fffe

    /// field-vchar, SP or HTAB: what a header value may hold (obs-text included).
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 32 && byte != 127)
    }

    /// Whether every byte of `bytes` is a field-value character (`isFieldValueCharacter`), eight
    /// bytes at a time: a word is clean when no byte is below 0x20 and none is 0x7F, which two
    /// carry tricks tell for all eight at once (`(w - 0x20…) & ~w & 0x80…` is non-zero exactly
    /// when some byte is below 0x20, `(v - 0x01…) & ~v & 0x80…` with `v = w ^ 0x7F…` when some
    /// byte is 0x7F; a byte of 0x80 or more has its top bit set, so `~w` keeps it out). A word
    /// that is not clean (a tab, or a real control) is checked byte by byte, as is the tail.
    static func areFieldValueCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let belowSpace = (word &- ones &* 0x20) & ~word & highs
            let delete = word ^ (ones &* 0x7F)
            let isDelete = (delete &- ones) & ~delete & highs
            if belowSpace | isDelete != 0 {
                for offset in index..<index + 8 where !isFieldValueCharacter(base[offset]) { return false }
            }
            index += 8
        }
        while index < count {
            if !isFieldValueCharacter(base[index]) { return false }
            index += 1
        }
        return true
    }

    /// VCHAR: printable ASCII, no space.
    static func isVisible(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    static func isWhitespaceCharacter(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }

    static func isToken<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Whether `bytes` spell `lowercase` (lower-case ASCII) in any case, compared as bytes.
    static func equalsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        var offset = 0
        for byte in bytes {
            guard lowercased(byte) == expected[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// `bytes` without leading and trailing spaces and tabs (OWS).
    static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }

    /// Calls `body` with each item of the comma-separated list `bytes`, OWS trimmed, empty
    /// ones included (RFC 9110 §5.6.1), in order, until `body` returns false.
    static func forEachListItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool
    ) {
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == comma {
            guard body(trimmed(bytes[start..<index])) else { return }
            start = index + 1
        }
    }
}
