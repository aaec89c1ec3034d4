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

    /// The well-known name that the token `bytes` spell in any case, or nil: the candidate is
    /// picked by the length and the first letter, then compared once, byte by byte, ignoring
    /// case. Spelled as the static name or in lower case, it is a static name (no String made);
    /// in another case it keeps that spelling as its `rawName`.
    static func wellKnown(matching bytes: UnsafeBufferPointer<UInt8>) -> HTTPFieldName? {
        guard let (name, canonical) = candidate(for: bytes) else { return nil }
        let expected = canonical.utf8Start
        var isLowerCase = true
        // `| 0x20` folds an upper-case letter; the canonical names hold only lower-case letters,
        // `-` and digits, which no other token byte folds onto.
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte | 0x20 == expected[index] else { return nil }
            if byte != expected[index] { isLowerCase = false }
        }
        if isLowerCase {
            return HTTPFieldName(rawName: name.canonicalName, canonicalName: name.canonicalName, key: name.key)
        }
        if bytes.elementsEqual(name.rawName.utf8) { return name }
        return HTTPFieldName(
            rawName: String(decoding: bytes, as: UTF8.self), canonicalName: name.canonicalName, key: name.key)
    }

    /// The one well-known name of this length and first letter (two of length 15 start with
    /// `a`: the eighth byte tells them apart) with its canonical spelling, or nil.
    private static func candidate(
        for bytes: UnsafeBufferPointer<UInt8>
    ) -> (name: HTTPFieldName, canonical: StaticString)? {
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first | 0x20) {
        case (4, UInt8(ascii: "h")): return (.host, "host")
        case (6, UInt8(ascii: "a")): return (.accept, "accept")
        case (6, UInt8(ascii: "c")): return (.cookie, "cookie")
        case (6, UInt8(ascii: "e")): return (.expect, "expect")
        case (6, UInt8(ascii: "o")): return (.origin, "origin")
        case (6, UInt8(ascii: "p")): return (.pragma, "pragma")
        case (7, UInt8(ascii: "r")): return (.referer, "referer")
        case (7, UInt8(ascii: "u")): return (.upgrade, "upgrade")
        case (10, UInt8(ascii: "c")): return (.connection, "connection")
        case (10, UInt8(ascii: "u")): return (.userAgent, "user-agent")
        case (12, UInt8(ascii: "c")): return (.contentType, "content-type")
        case (12, UInt8(ascii: "x")): return (.xRequestID, "x-request-id")
        case (13, UInt8(ascii: "a")): return (.authorization, "authorization")
        case (13, UInt8(ascii: "c")): return (.cacheControl, "cache-control")
        case (13, UInt8(ascii: "i")): return (.ifNoneMatch, "if-none-match")
        case (14, UInt8(ascii: "c")): return (.contentLength, "content-length")
        case (14, UInt8(ascii: "h")): return (.http2Settings, "http2-settings")
        case (15, UInt8(ascii: "a")):
            return bytes[7] | 0x20 == UInt8(ascii: "e")
                ? (.acceptEncoding, "accept-encoding") : (.acceptLanguage, "accept-language")
        case (16, UInt8(ascii: "c")): return (.contentEncoding, "content-encoding")
        case (17, UInt8(ascii: "t")): return (.transferEncoding, "transfer-encoding")
        default: return nil
        }
    }
}
