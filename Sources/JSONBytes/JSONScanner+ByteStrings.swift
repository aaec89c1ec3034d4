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
        let document = retained ?? Array(UnsafeBufferPointer(start: bytes, count: count))
        retained = document
        return ByteString(utf8: document[token.start..<token.end])
    }

    /// A string as a `ByteString`, else `nil` (the value skipped, still validated).
    package mutating func lenientByteString() throws(JSONSyntaxError) -> ByteString? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        return byteString(try scanString())
    }
}
