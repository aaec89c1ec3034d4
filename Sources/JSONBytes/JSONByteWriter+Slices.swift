/// Strings held as bytes (`ByteString`), written straight from their bytes.
extension JSONByteWriter {
    /// `value` as a JSON string, escaped as `string(_: String)` escapes.
    public mutating func string(_ value: ByteString) {
        value.utf8.withUnsafeBufferPointer { utf8 in
            write(reserving: utf8.count &* 6 &+ 2) { output in
                Self.quote(utf8, into: output)
            }
        }
        needsComma = true
    }
}
