extension JSONByteWriter {
    /// `utf8` between quotes, escaped per RFC 8259 (at most 6 bytes per input byte, plus 2);
    /// returns the bytes written.
    @inline(__always)
    package static func quote(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\"")
        let written = 1 &+ escape(utf8, into: output + 1)
        output[written] = UInt8(ascii: "\"")
        return written &+ 1
    }

    /// `utf8` escaped per RFC 8259, without quotes (at most 6 bytes per input byte); returns
    /// the bytes written. What `quote` writes between its quotes, and what a string written in
    /// parts (`string(prefix:middle:suffix:)`) writes for each part.
    @inline(__always)
    package static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = utf8.baseAddress else { return 0 }
        var written = 0
        var index = 0
        while index < utf8.count {
            // A run that needs no escape, eight bytes at a time; then the tail shorter than a
            // word in one step when the string's last eight bytes need none (they overlap what
            // was checked), else byte by byte.
            var end = index
            while end &+ 8 <= utf8.count, SWAR.needsEscape(SWAR.load(source + end)) == 0 { end &+= 8 }
            if end < utf8.count, end &+ 8 > utf8.count, utf8.count >= 8,
                SWAR.needsEscape(SWAR.load(source + (utf8.count &- 8))) == 0
            {
                end = utf8.count
            }
            while end < utf8.count, !needsEscape(source[end]) { end &+= 1 }
            (output + written).update(from: source + index, count: end &- index)
            written &+= end &- index
            if end < utf8.count {
                written &+= escape(source[end], into: output + written)
                end &+= 1
            }
            index = end
        }
        return written
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// `utf8` as is (text known to need no escaping); returns the bytes written.
    @inline(__always)
    package static func copy(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        if let base = utf8.baseAddress { output.update(from: base, count: utf8.count) }
        return utf8.count
    }

    /// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, or `\u00XX` for the other control characters.
    private static func escape(_ byte: UInt8, into output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\\")
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        if let short {
            output[1] = short
            return 2
        }
        let low = byte & 0xF
        output[1] = UInt8(ascii: "u")
        output[2] = UInt8(ascii: "0")
        output[3] = UInt8(ascii: "0")
        output[4] = byte < 0x10 ? UInt8(ascii: "0") : UInt8(ascii: "1")
        output[5] = low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10
        return 6
    }
}
