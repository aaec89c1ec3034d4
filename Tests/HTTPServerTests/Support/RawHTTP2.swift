/// HTTP/2 frames and HPACK blocks written byte by byte, for inputs a well-behaved client
/// library refuses to send (floods, bombs, stream ids out of order).
enum RawHTTP2 {
    static let opening = HTTP2ServerTests.opening

    static func frame(_ type: UInt8, flags: UInt8 = 0, stream: UInt32, _ payload: [UInt8] = []) -> [UInt8] {
        let length = payload.count
        return [UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff), type, flags]
            + [UInt8(stream >> 24 & 0x7f), UInt8(stream >> 16 & 0xff), UInt8(stream >> 8 & 0xff), UInt8(stream & 0xff)]
            + payload
    }

    /// An HPACK integer with an `prefix`-bit prefix, its first byte or-ed with `pattern`.
    static func integer(_ value: Int, prefix: Int, pattern: UInt8) -> [UInt8] {
        let limit = (1 << prefix) - 1
        guard value >= limit else { return [pattern | UInt8(value)] }
        var bytes = [pattern | UInt8(limit)]
        var rest = value - limit
        while rest >= 128 {
            bytes.append(UInt8(rest % 128) | 0x80)
            rest /= 128
        }
        return bytes + [UInt8(rest)]
    }

    /// :method GET, :scheme http, :path /, :authority t.
    static let requestFields: [UInt8] = [0x82, 0x86, 0x84, 0x01, 0x01, UInt8(ascii: "t")]

    /// HEADERS for `GET /` on `stream`; END_STREAM unless `open`.
    static func get(stream: UInt32, open: Bool = false, extra: [UInt8] = []) -> [UInt8] {
        frame(1, flags: open ? 0x04 : 0x05, stream: stream, requestFields + extra)
    }

    /// A literal field with incremental indexing and a new name (it enters the dynamic table).
    static func indexedLiteral(_ name: String, _ value: String) -> [UInt8] {
        [0x40] + integer(name.utf8.count, prefix: 7, pattern: 0) + Array(name.utf8)
            + integer(value.utf8.count, prefix: 7, pattern: 0) + Array(value.utf8)
    }
}
