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
        guard let candidate = candidate(for: bytes) else { return nil }
        // `| 0x20` folds an upper-case letter; the canonical names hold only lower-case letters,
        // `-` and digits, which no other token byte folds onto.
        let matches = candidate.canonicalName.utf8.withContiguousStorageIfAvailable { canonical in
            (0..<bytes.count).allSatisfy { bytes[$0] | 0x20 == canonical[$0] }
        }
        // The static names are ASCII literals, contiguous: `matches` is never nil.
        guard matches ?? false else { return nil }
        if bytes.elementsEqual(candidate.rawName.utf8) { return candidate }
        let canonical = candidate.canonicalName
        let raw = bytes.contains { $0 >= 65 && $0 <= 90 } ? String(decoding: bytes, as: UTF8.self) : canonical
        return HTTPFieldName(rawName: raw, canonicalName: canonical, key: candidate.key)
    }

    /// The one well-known name of this length and first letter (two of length 15 start with
    /// `a`: the eighth byte tells them apart), or nil.
    private static func candidate(for bytes: UnsafeBufferPointer<UInt8>) -> HTTPFieldName? {
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first | 0x20) {
        case (4, UInt8(ascii: "h")): return .host
        case (6, UInt8(ascii: "a")): return .accept
        case (6, UInt8(ascii: "c")): return .cookie
        case (6, UInt8(ascii: "e")): return .expect
        case (6, UInt8(ascii: "o")): return .origin
        case (6, UInt8(ascii: "p")): return .pragma
        case (7, UInt8(ascii: "r")): return .referer
        case (7, UInt8(ascii: "u")): return .upgrade
        case (10, UInt8(ascii: "c")): return .connection
        case (10, UInt8(ascii: "u")): return .userAgent
        case (12, UInt8(ascii: "c")): return .contentType
        case (12, UInt8(ascii: "x")): return .xRequestID
        case (13, UInt8(ascii: "a")): return .authorization
        case (13, UInt8(ascii: "c")): return .cacheControl
        case (13, UInt8(ascii: "i")): return .ifNoneMatch
        case (14, UInt8(ascii: "c")): return .contentLength
        case (14, UInt8(ascii: "h")): return .http2Settings
        case (15, UInt8(ascii: "a")): return bytes[7] | 0x20 == UInt8(ascii: "e") ? .acceptEncoding : .acceptLanguage
        case (16, UInt8(ascii: "c")): return .contentEncoding
        case (17, UInt8(ascii: "t")): return .transferEncoding
        default: return nil
        }
    }
}
