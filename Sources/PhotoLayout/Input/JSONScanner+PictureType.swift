import JSONBytes

extension JSONScanner {
    /// A `type` field: what its string says (`WeiboPictureType`), classified on the
    /// document's bytes (a `String` only for a name with escapes); `nil` for any other value,
    /// skipped.
    mutating func lenientPictureType() throws(JSONSyntaxError) -> WeiboPictureType? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        let token = try scanString()
        guard !token.hasEscapes else { return WeiboPictureType(string(token)) }
        return WeiboPictureType(utf8: UnsafeBufferPointer(start: bytes + token.start, count: token.byteCount))
    }
}
