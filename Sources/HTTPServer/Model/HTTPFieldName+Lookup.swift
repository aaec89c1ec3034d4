extension HTTPFieldName {
    /// The length of `canonical` (low 8 bits), its first three bytes and its last four: equal
    /// names have equal keys, and most different names (all the well-known ones) differ in it.
    static func key(of canonical: String) -> UInt64 {
        var key = UInt64(truncatingIfNeeded: canonical.utf8.count) & 0xFF
        var shift: UInt64 = 8
        for byte in canonical.utf8.prefix(3) {
            key |= UInt64(byte) << shift
            shift += 8
        }
        shift = 32
        for byte in canonical.utf8.suffix(4) {
            key |= UInt64(byte) << shift
            shift += 8
        }
        return key
    }

    /// The names a request usually carries, in the spellings clients send (as written here and
    /// in lower case, as HTTP/2 and several HTTP/1.1 clients send them), grouped by length.
    private static let wellKnownByLength: [[(bytes: [UInt8], name: HTTPFieldName)]] = {
        let names: [HTTPFieldName] = [
            .accept, .acceptEncoding, .connection, .contentEncoding, .contentLength, .contentType, .expect, .host,
            .origin, .transferEncoding, .upgrade, .userAgent, .xRequestID, "Accept-Language", "Cache-Control",
            "Cookie", "Referer", "Authorization", "Pragma", "If-None-Match",
        ]
        var table = [[(bytes: [UInt8], name: HTTPFieldName)]](repeating: [], count: 32)
        for name in names {
            let lower = HTTPFieldName(name.canonicalName)
            for spelling in [name, lower] where spelling.rawName.utf8.count < table.count {
                table[spelling.rawName.utf8.count].append((Array(spelling.rawName.utf8), spelling))
            }
        }
        return table
    }()

    /// The well-known name spelled exactly as `bytes`, or nil.
    static func wellKnown<C: Collection>(spelled bytes: C) -> HTTPFieldName? where C.Element == UInt8 {
        let count = bytes.count
        guard count < wellKnownByLength.count else { return nil }
        for entry in wellKnownByLength[count] where entry.bytes.elementsEqual(bytes) { return entry.name }
        return nil
    }
}
