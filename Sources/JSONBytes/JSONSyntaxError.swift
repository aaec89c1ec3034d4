/// Where a document stops being JSON (RFC 8259): the byte offset and what was expected there.
package struct JSONSyntaxError: Error, Hashable, Sendable {
    /// Zero-based byte offset of the offending byte (the document's length at a premature end).
    package var offset: Int
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The 1-based line and column (in bytes) of `offset`, counted in `bytes`, the document
    /// the offset refers to.
    package func lineAndColumn(in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
