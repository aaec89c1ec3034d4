/// Exact-path routing with RFC 9110 semantics: HEAD served by GET, 404, 405 with `Allow`,
/// and errors mapped to problem+json (an `HTTPResponseError`'s problem, anything else a 500).
public struct Router: HTTPResponder {
    public typealias Handler = @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse

    private struct Entry: Sendable {
        var route: Route
        var handler: Handler
        var isTrivial: Bool
    }

    /// path → method → entry.
    private var table: [String: [HTTPMethod: Entry]] = [:]
    private var order: [Route] = []

    public init() {}

    /// Adds (or replaces) the handler of `method` `path`. A `trivial` handler is cheap and
    /// bounded whatever the request (see `HTTPResponder.isTrivial`): it runs on the I/O queue.
    public mutating func add(
        _ method: HTTPMethod, _ path: String, operationID: String, trivial: Bool = false,
        _ handler: @escaping Handler
    ) {
        let route = Route(method: method, path: path, operationID: operationID)
        if table[path]?[method] != nil {
            order.removeAll { $0.method == method && $0.path == path }
        }
        table[path, default: [:]][method] = Entry(route: route, handler: handler, isTrivial: trivial)
        order.append(route)
    }

    /// The routes in the order they were added.
    public var routes: [Route] { order }

    public func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        guard let methods = table[request.path] else {
            return .problem(ProblemDetails(status: .notFound, detail: "No resource at \(request.path)."))
        }
        guard let entry = entry(for: request.method, in: methods) else {
            let allowed = Self.allowedMethods(methods.keys)
            var response = HTTPResponse.problem(
                ProblemDetails(
                    status: .methodNotAllowed,
                    detail: "\(request.method.rawValue) is not allowed on \(request.path); use \(allowed)."
                )
            )
            response.headers.set(.allow, allowed)
            return response
        }
        do {
            return try entry.handler(request, context)
        } catch let error as any HTTPResponseError {
            return .problem(error.problem)
        } catch {
            ServerLog.error("request \(context.requestID) \(entry.route.operationID) failed: \(error)")
            return .problem(
                ProblemDetails(status: .internalServerError, detail: "The server could not complete the request.")
            )
        }
    }

    /// Trivial routes, and requests answered 404 or 405 (a canned problem), are cheap.
    public func isTrivial(_ request: HTTPRequest) -> Bool {
        guard let methods = table[request.path] else { return true }
        return entry(for: request.method, in: methods)?.isTrivial ?? true
    }

    /// The operationId that would serve `request` (HEAD: GET's), or nil when unrouted.
    public func operationID(for request: HTTPRequest) -> String? {
        guard let methods = table[request.path] else { return nil }
        return entry(for: request.method, in: methods)?.route.operationID
    }

    private func entry(for method: HTTPMethod, in methods: [HTTPMethod: Entry]) -> Entry? {
        if let entry = methods[method] { return entry }
        return method == .head ? methods[.get] : nil
    }

    private static func allowedMethods(_ methods: Dictionary<HTTPMethod, Entry>.Keys) -> String {
        var names = Set(methods.map(\.rawValue))
        if names.contains(HTTPMethod.get.rawValue) { names.insert(HTTPMethod.head.rawValue) }
        return names.sorted().joined(separator: ", ")
    }
}
