/// A request line and its header fields, with the framing of the body that follows and the
/// facts the connection needs, read from the bytes while the fields are made (the way NIO's
/// decoder fills `keepAliveState`), never recomputed by splitting strings.
struct HTTPRequestHead: Sendable {
    /// How the body is delimited (RFC 9112 §6.3).
    enum Framing: Hashable, Sendable {
        /// No Content-Length and no Transfer-Encoding: no body.
        case none
        case length(Int)
        case chunked
    }

    var method: HTTPMethod
    /// The target, split once into path and query on its bytes.
    var requestTarget: RequestTarget
    var version: HTTPVersion
    /// The fields as received (constant but for `HTTPRequest(head:body:)`, which moves them out
    /// of a head it consumes: the facts below point into them).
    var headers: HTTPHeaders
    var framing: Framing
    /// Bytes of the request line and header block, CRLFs included.
    var byteCount: Int
    /// Whether the connection persists after this request (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    let keepAlive: Bool
    /// `Expect` of an HTTP/1.1 request, lower-cased, or nil (HTTP/1.0 expectations are ignored).
    let expectation: String?
    /// Where the first `X-Request-Id` and `User-Agent` are in `headers`.
    private let requestIDIndex: Int?
    private let userAgentIndex: Int?

    /// The head of `headers`, with the `facts` read from them.
    init(
        method: HTTPMethod, target: RequestTarget, version: HTTPVersion, headers: HTTPHeaders, framing: Framing,
        byteCount: Int, facts: Facts
    ) {
        self.method = method
        self.requestTarget = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.byteCount = byteCount
        keepAlive = !facts.close && (version == .http11 || facts.keepAliveOption)
        expectation = version == .http11 ? facts.expectation : nil
        requestIDIndex = facts.requestIDIndex
        userAgentIndex = facts.userAgentIndex
    }

    /// The request-target as received (origin-form `/a?b`, absolute-form, `*`…).
    var target: String { requestTarget.target }
    /// The target up to `?`, not percent-decoded; the path of an absolute-form target.
    var path: String { requestTarget.path }
    /// The raw text after the first `?`, or nil when there is none.
    var query: String? { requestTarget.query }

    /// The first `X-Request-Id`, as sent (the connection decides whether it is sane), decoded when asked.
    var clientRequestID: String? { requestIDIndex.map { headers.fields[$0].value } }
    /// The first `User-Agent`, for the access log, decoded when asked.
    var userAgent: String? { userAgentIndex.map { headers.fields[$0].value } }
    /// The first `User-Agent` as stored (bytes of the head): kept so, it becomes a String only
    /// if someone (the access log) reads it.
    var userAgentValue: HTTPHeaders.Field.Storage? { userAgentIndex.map { headers.fields[$0].storage } }

    /// Whether a body may follow the head.
    var hasBody: Bool {
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
