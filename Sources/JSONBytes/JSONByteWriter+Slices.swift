/// Strings held as bytes (`ByteString`), written straight from their bytes.
extension JSONByteWriter {
    /// `value` as a JSON string, escaped as `string(_: String)` escapes.
    public mutating func string(_ value: ByteString) {
        value.utf8.withUnsafeBufferPointer { string(utf8: $0) }
    }

    /// The UTF-8 text `utf8` (valid UTF-8) as a JSON string, escaped as `string(_: String)` escapes.
    @inline(__always)
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        write(reserving: utf8.count &* 6 &+ 2) { output in
            Self.quote(utf8, into: output)
        }
        needsComma = true
    }

    /// `utf8` between quotes as it is, not scanned for escapes: text known to hold no byte JSON
    /// must escape (`"`, `\\`, a control character), such as a slice of the text of a string of
    /// a JSON document that had no escape sequence, or of a number's literal (checked in debug
    /// builds). Writes what `string(utf8:)` writes for such text.
    @inline(__always)
    public mutating func string(plain utf8: UnsafeBufferPointer<UInt8>) {
        assert(
            !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
            "a string written as it is must need no escaping")
        write(reserving: utf8.count &+ 2) { output in
            output[0] = UInt8(ascii: "\"")
            let written = 1 &+ Self.copy(utf8, into: output + 1)
            output[written] = UInt8(ascii: "\"")
            return written &+ 1
        }
        needsComma = true
    }

    /// One JSON string whose text is `prefix`, then `middle`, then `suffix`, escaped as
    /// `string(_:)` escapes: a URL with one path segment replaced (`…/orj360/…` written as
    /// `…/`, `bmiddle`, `/…`) goes out without the spliced URL ever being built.
    public mutating func string(prefix: ByteString, middle: StaticString, suffix: ByteString) {
        prefix.utf8.withUnsafeBufferPointer { first in
            suffix.utf8.withUnsafeBufferPointer { last in string(prefix: first, middle: middle, suffix: last) }
        }
    }

    /// `string(prefix:middle:suffix:)` on the parts' bytes (valid UTF-8 each).
    public mutating func string(
        prefix first: UnsafeBufferPointer<UInt8>, middle: StaticString, suffix last: UnsafeBufferPointer<UInt8>
    ) {
        // `withUTF8Buffer`: a one-character literal is held as a scalar, not a pointer.
        middle.withUTF8Buffer { second in
            write(reserving: (first.count &+ second.count &+ last.count) &* 6 &+ 2) { output in
                output[0] = UInt8(ascii: "\"")
                var written = 1
                written &+= Self.escape(first, into: output + written)
                written &+= Self.escape(second, into: output + written)
                written &+= Self.escape(last, into: output + written)
                output[written] = UInt8(ascii: "\"")
                return written &+ 1
            }
        }
        needsComma = true
    }
}
