import JSONBytes

/// A status id read as bytes of the request (DESIGN §3: `id`'s literal digits, never through a
/// `Double`), so that a 16-digit id is no heap `String` from the reader to the writer.
extension JSONScanner {
    /// `lenientStatusID()` as a `ByteString`: a string's bytes, or a number's own digits when
    /// they are what `statusID(_:)` writes (an integer of at most 18 digits other than `-0`,
    /// which it writes `0`); any other number (`-0`, 19 digits, a fraction or an exponent)
    /// takes `statusID(_:)`'s path and its `String`. `nil` for any other value, skipped.
    package mutating func lenientStatusIDBytes() throws(JSONSyntaxError) -> ByteString? {
        switch try peekKind() {
        case .string:
            return byteString(try scanString())
        case .number:
            let token = try scanNumber()
            let negative = bytes[token.start] == UInt8(ascii: "-")
            let negativeZero = negative && token.end &- token.start == 2 && bytes[token.end &- 1] == UInt8(ascii: "0")
            guard token.isInteger, token.digitCount <= 18, !negativeZero else {
                return statusID(token).map { ByteString($0) }
            }
            return documentSlice(token.start..<token.end)
        default:
            try skipValue()
            return nil
        }
    }

    /// The document's bytes in `range` as a slice of its copy (the one `byteString(_:)` shares).
    private mutating func documentSlice(_ range: Range<Int>) -> ByteString {
        let document = retained ?? Array(UnsafeBufferPointer(start: bytes, count: count))
        retained = document
        return ByteString(utf8: document[range])
    }
}
