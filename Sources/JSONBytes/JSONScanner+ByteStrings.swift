/// Strings read as `ByteString`s: slices of one copy of the document, made the first time a
/// string is kept, so a reader keeps any number of strings for one copy and no `String`.
extension JSONScanner {
    /// The string `token` holds, escapes resolved: a slice of the document's copy when it
    /// has no escapes, else a decoded copy of its own.
    package mutating func byteString(_ token: JSONStringToken) -> ByteString {
        if token.hasEscapes {
            let decoded = [UInt8](unsafeUninitializedCapacity: token.byteCount) { output, written in
                written = unescape(token, into: output)
            }
            return ByteString(utf8: decoded[...])
        }
        return documentSlice(token.start..<token.end)
    }

    /// The document's bytes in `range` as a slice of its copy (`retained`, made by the first
    /// call): one retain, that of the slice.
    @inline(__always)
    package mutating func documentSlice(_ range: Range<Int>) -> ByteString {
        if retained == nil { retained = Array(UnsafeBufferPointer(start: bytes, count: count)) }
        return ByteString(utf8: retained.unsafelyUnwrapped[range])
    }

    /// A string as a `ByteString`, else `nil` (the value skipped, still validated).
    package mutating func lenientByteString() throws(JSONSyntaxError) -> ByteString? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        if let tokens, let escapeBlocks, let token = stringByTokens(tokens, escapeBlocks) { return byteString(token) }
        return byteString(try scanString())
    }

    /// The string at the position when stage 1 marked it and no block it spans holds an
    /// escape: its closing quote is the last quote before the next token, and its bytes are
    /// its UTF-8 as they are (stage 1 validated them). `nil`, nothing changed, otherwise.
    ///
    /// Why: the strings readers keep are URLs, pids and ids of 16 to 100 bytes, which
    /// `scanString` would look at eight bytes at a time for quotes, backslashes, controls and
    /// non-ASCII bytes; this looks at two mask words.
    @inline(__always)
    mutating func stringByTokens(
        _ tokens: UnsafePointer<UInt64>, _ escapeBlocks: UnsafePointer<UInt64>
    ) -> JSONStringToken? {
        guard tokens[position &>> 6] & (1 << UInt64(position & 63)) != 0 else { return nil }
        let start = position &+ 1
        var end = JSONStructuralIndex.nextToken(in: tokens, count: count, from: start) &- 1
        while end > position, bytes[end] != UInt8(ascii: "\"") { end &-= 1 }
        guard end > position else { return nil }
        var block = start &>> 6
        while block <= end &>> 6 {
            guard escapeBlocks[block &>> 6] & (1 << UInt64(block & 63)) == 0 else { return nil }
            block &+= 1
        }
        position = end &+ 1
        return JSONStringToken(start: start, end: end, hasEscapes: false)
    }
}
