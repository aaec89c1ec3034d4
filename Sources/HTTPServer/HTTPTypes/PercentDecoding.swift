/// `application/x-www-form-urlencoded` decoding of query components.
enum PercentDecoding {
    /// Decodes `%XX` and `+`; a malformed escape is kept as written; invalid UTF-8 is repaired.
    static func decode(_ text: Substring) -> String {
        // Most components have nothing to decode: one String, no byte buffer.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(ASCII.space)
            } else if byte == UInt8(ascii: "%"), index + 2 < source.count,
                let high = ASCII.hexValue(source[index + 1]), let low = ASCII.hexValue(source[index + 2])
            {
                bytes.append(UInt8(high << 4 | low))
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
