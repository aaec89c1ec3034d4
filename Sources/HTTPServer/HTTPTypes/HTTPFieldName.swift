/// A header field name, validated and lower-cased once when it is made, so that comparing two
/// names is a plain comparison of their canonical (lower-case) spellings, not a case-folding
/// walk over both strings (as swift-http-types' `HTTPField.Name`). The name keeps its spelling
/// as given (`Content-Type`), which is what HTTP/1.1 writes; HTTP/2 writes the canonical one.
/// The well-known names the server and the service look up are static, made once.
package struct HTTPFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as given or received.
    package let rawName: String
    /// The name in ASCII lower case: what comparisons and HTTP/2 use.
    package let canonicalName: String
    /// Whether the name is a token (RFC 9110 §5.1), so that it may be written.
    package let isToken: Bool
    /// The canonical name's length and some of its bytes, packed: two names whose keys differ
    /// are different names, settled without comparing strings (see `key(of:)`).
    let key: UInt64

    package init(_ name: String) {
        rawName = name
        var hasUpper = false
        var isToken = !name.utf8.isEmpty
        for byte in name.utf8 {
            if byte >= 65 && byte <= 90 { hasUpper = true }
            if !ASCII.isTokenCharacter(byte) { isToken = false }
        }
        canonicalName = hasUpper ? String(decoding: name.utf8.map(ASCII.lowercased), as: UTF8.self) : name
        self.isToken = isToken
        key = Self.key(of: canonicalName)
    }

    /// A name whose parts are already known (a well-known name in another spelling).
    init(rawName: String, canonicalName: String, key: UInt64) {
        self.rawName = rawName
        self.canonicalName = canonicalName
        self.isToken = true
        self.key = key
    }

    /// A name the parser already checked to be a token, from its bytes on the wire. A well-known
    /// name (`Host`, `user-agent`, `CONTENT-length`) is found from the bytes themselves (see
    /// `wellKnown(matching:)`): its canonical spelling is the static one, and no String is built
    /// unless the spelling is neither the usual one nor lower case. Another name is decoded once,
    /// and lower-cased on the stack when it has an upper-case letter.
    init(validTokenBytes bytes: UnsafeBufferPointer<UInt8>) {
        if let known = Self.wellKnown(matching: bytes) {
            self = known
            return
        }
        let raw = String(decoding: bytes, as: UTF8.self)
        rawName = raw
        isToken = true
        guard bytes.contains(where: { $0 >= 65 && $0 <= 90 }) else {
            canonicalName = raw
            key = Self.key(of: raw)
            return
        }
        // Lower-cased on the stack: a short name becomes a small string, with no allocation.
        canonicalName = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { room in
            for (index, byte) in bytes.enumerated() { room[index] = ASCII.lowercased(byte) }
            return String(decoding: room, as: UTF8.self)
        }
        key = Self.key(of: canonicalName)
    }

    /// A token's bytes in any collection (tests, callers outside the hot path).
    init<C: Collection>(validTokenBytes bytes: C) where C.Element == UInt8 {
        self = Array(bytes).withUnsafeBufferPointer { HTTPFieldName(validTokenBytes: $0) }
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package var description: String { rawName }

    package static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.canonicalName == b.canonicalName
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalName)
    }

    // The well-known names are made from literals where they are used, not loaded from `static
    // let`s: a stored static is reached through its `swift_once` and copied (two strings
    // retained, then released) at every use, and the parser's and the connection's lookups use
    // a dozen per request (`Facts.note` compares each field's name with seven). Made in place,
    // a name of small literal strings costs a few stores. The keys are `key(of:)` of the
    // canonical spellings, written out (HTTPFieldNameTests checks each one).
    package static var accept: HTTPFieldName {
        .init(rawName: "Accept", canonicalName: "accept", key: 0x7470_6563_6363_6106)
    }
    package static var acceptEncoding: HTTPFieldName {
        .init(rawName: "Accept-Encoding", canonicalName: "accept-encoding", key: 0x676e_6964_6363_610f)
    }
    package static var acceptLanguage: HTTPFieldName {
        .init(rawName: "Accept-Language", canonicalName: "accept-language", key: 0x6567_6175_6363_610f)
    }
    package static var allow: HTTPFieldName {
        .init(rawName: "Allow", canonicalName: "allow", key: 0x776f_6c6c_6c6c_6105)
    }
    package static var authorization: HTTPFieldName {
        .init(rawName: "Authorization", canonicalName: "authorization", key: 0x6e6f_6974_7475_610d)
    }
    package static var cacheControl: HTTPFieldName {
        .init(rawName: "Cache-Control", canonicalName: "cache-control", key: 0x6c6f_7274_6361_630d)
    }
    package static var connection: HTTPFieldName {
        .init(rawName: "Connection", canonicalName: "connection", key: 0x6e6f_6974_6e6f_630a)
    }
    package static var contentEncoding: HTTPFieldName {
        .init(rawName: "Content-Encoding", canonicalName: "content-encoding", key: 0x676e_6964_6e6f_6310)
    }
    package static var contentLength: HTTPFieldName {
        .init(rawName: "Content-Length", canonicalName: "content-length", key: 0x6874_676e_6e6f_630e)
    }
    package static var contentType: HTTPFieldName {
        .init(rawName: "Content-Type", canonicalName: "content-type", key: 0x6570_7974_6e6f_630c)
    }
    package static var cookie: HTTPFieldName {
        .init(rawName: "Cookie", canonicalName: "cookie", key: 0x6569_6b6f_6f6f_6306)
    }
    package static var date: HTTPFieldName { .init(rawName: "Date", canonicalName: "date", key: 0x6574_6164_7461_6404) }
    package static var eTag: HTTPFieldName { .init(rawName: "ETag", canonicalName: "etag", key: 0x6761_7465_6174_6504) }
    package static var expect: HTTPFieldName {
        .init(rawName: "Expect", canonicalName: "expect", key: 0x7463_6570_7078_6506)
    }
    package static var host: HTTPFieldName { .init(rawName: "Host", canonicalName: "host", key: 0x7473_6f68_736f_6804) }
    package static var http2Settings: HTTPFieldName {
        .init(rawName: "HTTP2-Settings", canonicalName: "http2-settings", key: 0x7367_6e69_7474_680e)
    }
    package static var ifNoneMatch: HTTPFieldName {
        .init(rawName: "If-None-Match", canonicalName: "if-none-match", key: 0x6863_7461_2d66_690d)
    }
    package static var origin: HTTPFieldName {
        .init(rawName: "Origin", canonicalName: "origin", key: 0x6e69_6769_6972_6f06)
    }
    package static var pragma: HTTPFieldName {
        .init(rawName: "Pragma", canonicalName: "pragma", key: 0x616d_6761_6172_7006)
    }
    package static var referer: HTTPFieldName {
        .init(rawName: "Referer", canonicalName: "referer", key: 0x7265_7265_6665_7207)
    }
    package static var retryAfter: HTTPFieldName {
        .init(rawName: "Retry-After", canonicalName: "retry-after", key: 0x7265_7466_7465_720b)
    }
    package static var server: HTTPFieldName {
        .init(rawName: "Server", canonicalName: "server", key: 0x7265_7672_7265_7306)
    }
    package static var transferEncoding: HTTPFieldName {
        .init(rawName: "Transfer-Encoding", canonicalName: "transfer-encoding", key: 0x676e_6964_6172_7411)
    }
    package static var upgrade: HTTPFieldName {
        .init(rawName: "Upgrade", canonicalName: "upgrade", key: 0x6564_6172_6770_7507)
    }
    package static var userAgent: HTTPFieldName {
        .init(rawName: "User-Agent", canonicalName: "user-agent", key: 0x746e_6567_6573_750a)
    }
    package static var vary: HTTPFieldName { .init(rawName: "Vary", canonicalName: "vary", key: 0x7972_6176_7261_7604) }
    package static var xRequestID: HTTPFieldName {
        .init(rawName: "X-Request-Id", canonicalName: "x-request-id", key: 0x6469_2d74_722d_780c)
    }
}
