/// A complete request: head and (de-chunked) body.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod {
        didSet { route = nil }
    }
    /// The request-target as received (origin-form `/a?b`, absolute-form, `*`…).
    public var target: String {
        didSet {
            let parts = RequestTarget(target)
            (path, query) = (parts.path, parts.query)
            route = nil
        }
    }
    /// The target up to `?`, not percent-decoded; the path of an absolute-form target.
    public private(set) var path: String
    /// The raw text after the first `?`, or nil when there is none.
    public private(set) var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The route a router found for this request (`HTTPResponder.prepare`), once; reset when
    /// the method or target changes.
    public internal(set) var route: RouteMatch?

    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http11,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.init(method: method, target: RequestTarget(target), version: version, headers: headers, body: body)
    }

    /// The request of a parsed head, whose target was split once, on its bytes.
    /// Its parts are moved out of the head one by one (a delegating init copied the whole request once more).
    public init(head: consuming HTTPRequestHead, body: [UInt8]) {
        method = head.method
        target = head.requestTarget.target
        path = head.requestTarget.path
        query = head.requestTarget.query
        version = head.version
        headers = head.headers
        self.body = body
    }

    init(method: HTTPMethod, target: RequestTarget, version: HTTPVersion, headers: HTTPHeaders, body: [UInt8]) {
        self.method = method
        self.target = target.target
        path = target.path
        query = target.query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The query's `name=value` pairs, percent-decoded with `+` as a space, in order.
    public var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1]) : ""
            return (name: PercentDecoding.decode(parts[0]), value: value)
        }
    }
}
