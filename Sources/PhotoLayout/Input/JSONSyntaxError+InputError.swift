import JSONBytes

extension JSONSyntaxError {
    /// The 400-class `InputError` for this position: the byte offset, and the 1-based line and
    /// column (in bytes) counted in `bytes`, the document the offset refers to.
    package func inputError(in bytes: UnsafeRawBufferPointer) -> InputError {
        let (line, column) = lineAndColumn(in: bytes)
        return InputError(
            kind: .malformed,
            detail: "malformed JSON at byte \(offset) (line \(line), column \(column)): \(message)"
        )
    }
}
