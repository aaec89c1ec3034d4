/// A request line and its header fields, with the framing of the body that follows and the
/// facts the connection needs, read once from the fields when the head is made (the way
/// NIO's decoder fills `keepAliveState`), never recomputed by splitting strings again.
public struct HTTPRequestHead: Sendable {
    /// How the body is delimited (RFC 9112 §6.3).
    public enum Framing: Hashable, Sendable {
        /// No Content-Length and no Transfer-Encoding: no body.
        case none
        case length(Int)
        case chunked
    }

    public var method: HTTPMethod
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var framing: Framing
    /// Bytes of the request line and header block, CRLFs included.
    public var byteCount: Int
    /// Whether the connection persists after this request (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public let keepAlive: Bool
    /// `Expect` of an HTTP/1.1 request, lower-cased, or nil (HTTP/1.0 expectations are ignored).
    public let expectation: String?
    /// The first `X-Request-Id`, as sent (the connection decides whether it is sane).
    public let clientRequestID: String?
    /// The first `User-Agent`, for the access log.
    public let userAgent: String?

    /// The head of `headers`, its facts read in one pass over the fields.
    init(
        method: HTTPMethod, target: String, version: HTTPVersion, headers: HTTPHeaders, framing: Framing,
        byteCount: Int
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.byteCount = byteCount
        var close = false
        var keepAliveOption = false
        var expectation: String?
        var clientRequestID: String?
        var userAgent: String?
        for field in headers.fields {
            switch field.name {
            case .connection:
                for option in Self.listItems(field.value) {
                    if option == "close" { close = true }
                    if option == "keep-alive" { keepAliveOption = true }
                }
            case .expect where expectation == nil:
                expectation = Substring(field.value).trimmingWhitespace().lowercased()
            case .xRequestID where clientRequestID == nil:
                clientRequestID = field.value
            case .userAgent where userAgent == nil:
                userAgent = field.value
            default:
                break
            }
        }
        keepAlive = !close && (version == .http11 || keepAliveOption)
        self.expectation = version == .http11 ? expectation : nil
        self.clientRequestID = clientRequestID
        self.userAgent = userAgent
    }

    /// Whether a body may follow the head.
    public var hasBody: Bool {
        switch framing {
        case .none: false
        case .length(let count): count > 0
        case .chunked: true
        }
    }

    /// Comma-separated list items, trimmed and lower-cased, empty ones dropped.
    static func listItems(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { item in
            let trimmed = item.trimmingWhitespace().lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}
