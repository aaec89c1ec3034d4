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
    /// picked by the length and the first letter, then compared once (a word at a time), ignoring
    /// case. Spelled as the static name or in lower case, it is a static name (no String made);
    /// in another case it keeps that spelling as its `rawName`.
    static func wellKnown(matching bytes: UnsafeBufferPointer<UInt8>) -> HTTPFieldName? {
        guard let (name, canonical, raw) = candidate(for: bytes) else { return nil }
        let expected = canonical.utf8Start
        let usual = raw.utf8Start
        var isLowerCase = true
        var isUsual = true
        // `| 0x20` folds an upper-case letter; the canonical names hold only lower-case letters,
        // `-` and digits, which no other token byte folds onto. Eight bytes are compared at once
        // (every canonical byte has 0x20 set, so the fold is one OR of the word), then the tail
        // one by one: a name costs two or three word comparisons, not three per byte.
        guard let base = bytes.baseAddress else { return nil }
        var start = 0
        while start + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
            let want = UnsafeRawPointer(expected + start).loadUnaligned(as: UInt64.self)
            guard word | 0x2020_2020_2020_2020 == want else { return nil }
            if word != want { isLowerCase = false }
            if word != UnsafeRawPointer(usual + start).loadUnaligned(as: UInt64.self) { isUsual = false }
            start += 8
        }
        for index in start..<bytes.count {
            let byte = bytes[index]
            guard byte | 0x20 == expected[index] else { return nil }
            if byte != expected[index] { isLowerCase = false }
            if byte != usual[index] { isUsual = false }
        }
        if isUsual { return name }
        if isLowerCase {
            return HTTPFieldName(rawName: name.canonicalName, canonicalName: name.canonicalName, key: name.key)
        }
        return HTTPFieldName(
            rawName: String(decoding: bytes, as: UTF8.self), canonicalName: name.canonicalName, key: name.key)
    }

    /// The one well-known name of this length and first letter (two of length 15 start with
    /// `a`: the eighth byte tells them apart) with its canonical and usual spellings (the
    /// static name's `canonicalName` and `rawName`, as bytes), or nil.
    static func candidate(
        for bytes: UnsafeBufferPointer<UInt8>
    ) -> (name: HTTPFieldName, canonical: StaticString, raw: StaticString)? {
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first | 0x20) {
        case (4, UInt8(ascii: "h")): return (.host, "host", "Host")
        case (6, UInt8(ascii: "a")): return (.accept, "accept", "Accept")
        case (6, UInt8(ascii: "c")): return (.cookie, "cookie", "Cookie")
        case (6, UInt8(ascii: "e")): return (.expect, "expect", "Expect")
        case (6, UInt8(ascii: "o")): return (.origin, "origin", "Origin")
        case (6, UInt8(ascii: "p")): return (.pragma, "pragma", "Pragma")
        case (7, UInt8(ascii: "r")): return (.referer, "referer", "Referer")
        case (7, UInt8(ascii: "u")): return (.upgrade, "upgrade", "Upgrade")
        case (10, UInt8(ascii: "c")): return (.connection, "connection", "Connection")
        case (10, UInt8(ascii: "u")): return (.userAgent, "user-agent", "User-Agent")
        case (12, UInt8(ascii: "c")): return (.contentType, "content-type", "Content-Type")
        case (12, UInt8(ascii: "x")): return (.xRequestID, "x-request-id", "X-Request-Id")
        case (13, UInt8(ascii: "a")): return (.authorization, "authorization", "Authorization")
        case (13, UInt8(ascii: "c")): return (.cacheControl, "cache-control", "Cache-Control")
        case (13, UInt8(ascii: "i")): return (.ifNoneMatch, "if-none-match", "If-None-Match")
        case (14, UInt8(ascii: "c")): return (.contentLength, "content-length", "Content-Length")
        case (14, UInt8(ascii: "h")): return (.http2Settings, "http2-settings", "HTTP2-Settings")
        case (15, UInt8(ascii: "a")):
            return bytes[7] | 0x20 == UInt8(ascii: "e")
                ? (.acceptEncoding, "accept-encoding", "Accept-Encoding")
                : (.acceptLanguage, "accept-language", "Accept-Language")
        case (16, UInt8(ascii: "c")): return (.contentEncoding, "content-encoding", "Content-Encoding")
        case (17, UInt8(ascii: "t")): return (.transferEncoding, "transfer-encoding", "Transfer-Encoding")
        default: return nil
        }
    }
}
