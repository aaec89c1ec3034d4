/// A complete request: head and (de-chunked) body.
package struct HTTPRequest: Sendable {
    // `method` and `target` are computed over plain stored properties rather than stored with
    // `didSet` observers, which made the move out of a parsed head copy the whole request.
    package var method: HTTPMethod {
        get { storedMethod }
        set {
            storedMethod = newValue
            route = nil
        }
    }
    /// The request-target as received (origin-form `/a?b`, absolute-form, `*`…).
    package var target: String {
        get { requestTarget.target }
        set {
            requestTarget = RequestTarget(newValue)
            route = nil
        }
    }
    /// The target up to `?`, not percent-decoded; the path of an absolute-form target.
    package var path: String { requestTarget.path }
    /// The raw text after the first `?`, or nil when there is none.
    package var query: String? { requestTarget.query }
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// The route a router found for this request (`HTTPResponder.prepare`), once; reset when
    /// the method or target changes.
    package internal(set) var route: RouteMatch?
    private var storedMethod: HTTPMethod
    /// The target, split once into path and query.
    private var requestTarget: RequestTarget

    package init(
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
    init(head: consuming HTTPRequestHead, body: [UInt8]) {
        // Swapped out of the consumed head for placeholders made of literals (free to make and
        // to free), rather than copied out of it and released with it: no retain and release
        // per string and array of the head.
        storedMethod = .get
        requestTarget = RequestTarget(target: "", path: "", query: nil)
        headers = HTTPHeaders()
        version = head.version
        self.body = body
        swap(&storedMethod, &head.method)
        swap(&requestTarget, &head.requestTarget)
        swap(&headers, &head.headers)
    }

    init(method: HTTPMethod, target: RequestTarget, version: HTTPVersion, headers: HTTPHeaders, body: [UInt8]) {
        storedMethod = method
        requestTarget = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The query's `name=value` pairs, percent-decoded with `+` as a space, in order.
    package var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1]) : ""
            return (name: PercentDecoding.decode(parts[0]), value: value)
        }
    }
}
