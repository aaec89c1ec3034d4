/// A header field name, validated and lower-cased once when it is made, so that comparing two
/// names is a plain comparison of their canonical (lower-case) spellings, not a case-folding
/// walk over both strings (as swift-http-types' `HTTPField.Name`). The name keeps its spelling
/// as given (`Content-Type`), which is what HTTP/1.1 writes; HTTP/2 writes the canonical one.
/// The well-known names the server and the service look up are static, made once.
public struct HTTPFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as given or received.
    public let rawName: String
    /// The name in ASCII lower case: what comparisons and HTTP/2 use.
    public let canonicalName: String
    /// Whether the name is a token (RFC 9110 §5.1), so that it may be written.
    public let isToken: Bool
    /// The canonical name's length and some of its bytes, packed: two names whose keys differ
    /// are different names, settled without comparing strings (see `key(of:)`).
    let key: UInt64

    public init(_ name: String) {
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

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawName }

    public static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.canonicalName == b.canonicalName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalName)
    }

    public static let accept: HTTPFieldName = "Accept"
    public static let acceptEncoding: HTTPFieldName = "Accept-Encoding"
    public static let acceptLanguage: HTTPFieldName = "Accept-Language"
    public static let allow: HTTPFieldName = "Allow"
    public static let authorization: HTTPFieldName = "Authorization"
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    public static let connection: HTTPFieldName = "Connection"
    public static let contentEncoding: HTTPFieldName = "Content-Encoding"
    public static let contentLength: HTTPFieldName = "Content-Length"
    public static let contentType: HTTPFieldName = "Content-Type"
    public static let cookie: HTTPFieldName = "Cookie"
    public static let date: HTTPFieldName = "Date"
    public static let eTag: HTTPFieldName = "ETag"
    public static let expect: HTTPFieldName = "Expect"
    public static let host: HTTPFieldName = "Host"
    public static let http2Settings: HTTPFieldName = "HTTP2-Settings"
    public static let ifNoneMatch: HTTPFieldName = "If-None-Match"
    public static let origin: HTTPFieldName = "Origin"
    public static let pragma: HTTPFieldName = "Pragma"
    public static let referer: HTTPFieldName = "Referer"
    public static let retryAfter: HTTPFieldName = "Retry-After"
    public static let server: HTTPFieldName = "Server"
    public static let transferEncoding: HTTPFieldName = "Transfer-Encoding"
    public static let upgrade: HTTPFieldName = "Upgrade"
    public static let userAgent: HTTPFieldName = "User-Agent"
    public static let vary: HTTPFieldName = "Vary"
    public static let xRequestID: HTTPFieldName = "X-Request-Id"
}
