/// Where a document stops being JSON (RFC 8259): the byte offset and what was expected there.
struct JSONSyntaxError: Error, Hashable, Sendable {
    /// Zero-based byte offset of the offending byte (the document's length at a premature end).
    var offset: Int
    var message: String

    /// The 400-class `InputError` for this position: the byte offset, and the 1-based line and
    /// column (in bytes) counted in `bytes`, the document the offset refers to.
    func inputError(in bytes: UnsafeRawBufferPointer) -> InputError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = offset - lineStart + 1
        return InputError(
            kind: .malformed,
            detail: "malformed JSON at byte \(offset) (line \(line), column \(column)): \(message)"
        )
    }
}
