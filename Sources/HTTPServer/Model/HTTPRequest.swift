/// A complete request: head and (de-chunked) body.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod {
        didSet { route = nil }
    }
    /// The request-target as received (origin-form `/a?b`, absolute-form, `*`…).
    public var target: String {
        didSet {
            (path, query) = Self.split(target)
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
        self.method = method
        self.target = target
        (path, query) = Self.split(target)
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

    private static func split(_ target: String) -> (path: String, query: String?) {
        let question = UInt8(ascii: "?")
        if target.utf8.first == UInt8(ascii: "/") {  // origin-form, the usual case: no scheme, no copy
            guard let mark = target.utf8.firstIndex(of: question) else { return (target, nil) }
            return (String(target[..<mark]), String(target[target.utf8.index(after: mark)...]))
        }
        var rest = Substring(target)
        for scheme in ["http://", "https://"] where !rest.hasPrefix("/") && rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...] } ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        guard let mark = rest.utf8.firstIndex(of: question) else { return (String(rest), nil) }
        return (String(rest[..<mark]), String(rest[rest.utf8.index(after: mark)...]))
    }
}
