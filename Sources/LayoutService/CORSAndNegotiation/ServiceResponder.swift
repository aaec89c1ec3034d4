import HTTPServer

/// What the service does around the router, for every route at once (API.md §7):
/// `OPTIONS` and CORS preflights, the CORS headers of responses, `Accept` negotiation (406),
/// `Retry-After` on every 503, and the in-flight gauge.
struct ServiceResponder: HTTPResponder {
    let router: Router
    let cors: CORSPolicy
    let metrics: ServiceMetrics
    /// path → its `Allow` value (`GET, HEAD`, `POST`), from the router's table.
    let allowedMethods: [String: String]

    init(router: Router, cors: CORSPolicy, metrics: ServiceMetrics) {
        self.router = router
        self.cors = cors
        self.metrics = metrics
        var methods: [String: Set<String>] = [:]
        for route in router.routes {
            methods[route.path, default: []].insert(route.method.rawValue)
            if route.method == .get { methods[route.path, default: []].insert(HTTPMethod.head.rawValue) }
        }
        allowedMethods = methods.mapValues { $0.sorted().joined(separator: ", ") }
    }

    /// What runs inline on the event loop: the routes the router calls trivial, and `OPTIONS`
    /// (answered from a table). Without this the protocol's default (false) would send every
    /// request, `/healthz` included, through the worker pool: two thread hand-offs (futex
    /// wake-ups) per request.
    func isTrivial(_ request: HTTPRequest) -> Bool {
        var copy = request
        return prepare(&copy)
    }

    /// As `isTrivial`, with the router's match kept on the request: looked up once per request.
    func prepare(_ request: inout HTTPRequest) -> Bool {
        let trivialRoute = router.prepare(&request)
        return trivialRoute || (request.method == .options && allowedMethods[request.path] != nil)
    }

    /// Seconds a client should wait before retrying a 503.
    static let retryAfterSeconds = "1"

    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        metrics.requestStarted()
        defer { metrics.requestFinished() }
        // Without a CORS policy the origin changes nothing (`allowOrigin` is nil): not looked up.
        let origin: String? = if case .none = cors { nil } else { request.headers[.origin] }
        var response: HTTPResponse
        if request.method == .options, let allowed = allowedMethods[request.path] {
            response = options(request, allowed: allowed, origin: origin)
        } else {
            response = router.respond(to: request, context: context)
            negotiate(&response, accept: request.headers[.accept])
            if let allowOrigin = cors.allowOrigin(for: origin) {
                response.headers.set("Access-Control-Allow-Origin", allowOrigin)
                response.headers.set("Access-Control-Expose-Headers", CORSPolicy.exposedHeaders)
            }
            if case .origins = cors { response.headers.add(.vary, "Origin") }
        }
        if response.status.code == 503, !response.headers.contains(.retryAfter) {
            response.headers.set(.retryAfter, Self.retryAfterSeconds)
        }
        return response
    }

    /// `OPTIONS` on a route: 204 with `Allow`, and for an allowed origin's preflight the CORS
    /// grant (methods, headers, max age). An origin not allowed gets no CORS headers, so the
    /// browser refuses the call; that answer is still a 204, as for any `OPTIONS`.
    private func options(_ request: HTTPRequest, allowed: String, origin: String?) -> HTTPResponse {
        var response = HTTPResponse(status: .noContent)
        response.headers.set(.allow, "OPTIONS, " + allowed)
        if cors != .none { response.headers.set(.vary, "Origin") }
        guard let allowOrigin = cors.allowOrigin(for: origin) else { return response }
        response.headers.set("Access-Control-Allow-Origin", allowOrigin)
        if request.headers.contains("Access-Control-Request-Method") {
            response.headers.set("Access-Control-Allow-Methods", allowed)
            response.headers.set("Access-Control-Allow-Headers", CORSPolicy.allowedHeaders)
            response.headers.set("Access-Control-Max-Age", CORSPolicy.maxAge)
        }
        return response
    }

    /// Replaces a successful response whose media type `Accept` rules out with a 406 problem.
    /// Errors are never replaced: problem+json is always acceptable for them, and a JSON body
    /// is acceptable when `Accept` admits JSON or problem+json (API.md §7).
    private func negotiate(_ response: inout HTTPResponse, accept: String?) {
        guard let accept, response.status.code < 400, let contentType = response.headers[.contentType] else {
            return
        }
        let mediaType =
            contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        let ranges = MediaRanges(accept)
        if ranges.admits(mediaType) { return }
        if mediaType == "application/json", ranges.admits("application/problem+json") { return }
        response = .problem(
            ProblemDetails(
                status: HTTPStatus(code: 406),
                detail: "Accept \"\(accept)\" rules out \(mediaType), the only type this resource has."))
    }
}
