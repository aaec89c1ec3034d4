/// Exact-path routing with RFC 9110 semantics: HEAD served by GET, 404, 405 with `Allow`,
/// and errors mapped to problem+json (an `HTTPResponseError`'s problem, anything else a 500).
package struct Router: HTTPResponder {
    package typealias Handler = @Sendable (HTTPRequest, RequestContext) throws -> HTTPResponse

    private struct Entry: Sendable {
        var route: Route
        var handler: Handler
        var isTrivial: Bool
        var inlineBodyBytes: Int
    }

    /// The router's identity, which a `RouteMatch` carries (a class instance: compared by address).
    private final class Identity: Sendable {}

    /// One routed path: its methods (index in `entries`, searched in order) and the
    /// operationId labelling other methods on it (the first by method name).
    private struct PathEntry: Sendable {
        var path: String
        var methods: [(method: HTTPMethod, index: Int)]
        var label: String?
    }

    /// The routed paths, found by length, then bytes: the table holds a dozen fixed paths, so a
    /// lookup compares the paths of the request path's length only, and hashes nothing (a
    /// client's path cannot make a lookup cost more than one comparison per routed path).
    private var paths: [PathEntry] = []
    /// Per UTF-8 length up to the longest path's, the index in `paths` of the first path of
    /// that length (-1: none); per path, the index of the next one of its length (-1: none).
    private var firstPathOfLength: [Int] = []
    private var nextPathOfLength: [Int] = []
    private var entries: [Entry] = []
    private var order: [Route] = []
    private let identity = Identity()

    package init() {}

    /// Adds (or replaces) the handler of `method` `path`. A `trivial` handler is cheap and
    /// bounded whatever the request (see `HTTPResponder.isTrivial`): it runs on the I/O queue.
    /// A handler whose work and response are bounded by a linear function of its body may give
    /// `inlineBodyBytes`: a request whose body has at most that many bytes (and no coding to
    /// inflate) is answered on the I/O queue too, without a hand-off to a worker; a larger one
    /// goes to the worker pool. 0, the default: always the pool (unless `trivial`).
    package mutating func add(
        _ method: HTTPMethod, _ path: String, operationID: String, trivial: Bool = false, inlineBodyBytes: Int = 0,
        _ handler: @escaping Handler
    ) {
        let route = Route(method: method, path: path, operationID: operationID)
        let entry = Entry(route: route, handler: handler, isTrivial: trivial, inlineBodyBytes: max(0, inlineBodyBytes))
        let position =
            paths.firstIndex { $0.path == path }
            ?? {
                paths.append(PathEntry(path: path, methods: [], label: nil))
                indexLength(ofPath: paths.count - 1)
                return paths.count - 1
            }()
        if let index = paths[position].methods.first(where: { $0.method == method })?.index {
            order.removeAll { $0.method == method && $0.path == path }
            entries[index] = entry
        } else {
            paths[position].methods.append((method, entries.count))
            entries.append(entry)
        }
        order.append(route)
        paths[position].label = paths[position].methods.min { $0.method.rawValue < $1.method.rawValue }.map {
            entries[$0.index].route.operationID
        }
    }

    /// Links the path at `index` (the last added) after the others of its length.
    private mutating func indexLength(ofPath index: Int) {
        let length = paths[index].path.utf8.count
        if firstPathOfLength.count <= length {
            firstPathOfLength.append(contentsOf: repeatElement(-1, count: length + 1 - firstPathOfLength.count))
        }
        nextPathOfLength.append(-1)
        guard firstPathOfLength[length] >= 0 else {
            firstPathOfLength[length] = index
            return
        }
        var last = firstPathOfLength[length]
        while nextPathOfLength[last] >= 0 { last = nextPathOfLength[last] }
        nextPathOfLength[last] = index
    }

    /// The entry of `path`, or nil: only the paths of its length are compared, in the order added.
    private func pathEntry(_ path: String) -> Int? {
        let length = path.utf8.count
        guard length < firstPathOfLength.count else { return nil }
        var index = firstPathOfLength[length]
        while index >= 0 {
            if paths[index].path == path { return index }
            index = nextPathOfLength[index]
        }
        return nil
    }

    /// The routes in the order they were added.
    package var routes: [Route] { order }

    package func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        let match = request.route.flatMap { $0.owner == ObjectIdentifier(identity) ? $0 : nil } ?? self.match(request)
        guard let index = match.entryIndex else {
            guard let position = pathEntry(request.path) else {
                return .problem(ProblemDetails(status: .notFound, detail: "No resource at \(request.path)."))
            }
            let allowed = Self.allowedMethods(paths[position].methods.map(\.method))
            var response = HTTPResponse.problem(
                ProblemDetails(
                    status: .methodNotAllowed,
                    detail: "\(request.method.rawValue) is not allowed on \(request.path); use \(allowed)."
                )
            )
            response.headers.set(.allow, allowed)
            return response
        }
        // The handler is called in place: `let entry = entries[index]` copied the entry's three
        // strings and its closure on every request.
        do {
            return try entries[index].handler(request, context)
        } catch let error as any HTTPResponseError {
            return .problem(error.problem)
        } catch {
            ServerLog.error("request \(context.requestID) \(entries[index].route.operationID) failed: \(error)")
            return .problem(
                ProblemDetails(status: .internalServerError, detail: "The server could not complete the request.")
            )
        }
    }

    /// Looks `request` up: the entry that serves it (HEAD: GET's), whether it is trivial, its label.
    package func match(_ request: HTTPRequest) -> RouteMatch {
        match(path: request.path, method: request.method)
    }

    /// Looks a request for `method` on `path` up (see `match(_:)`).
    private func match(path: String, method: HTTPMethod) -> RouteMatch {
        let owner = ObjectIdentifier(identity)
        guard let position = pathEntry(path) else {
            return RouteMatch(owner: owner, entryIndex: nil, isTrivial: true, inlineBodyBytes: 0, operationID: nil)
        }
        let methods = paths[position].methods
        var index = methods.first { $0.method == method }?.index
        if index == nil, method == .head { index = methods.first { $0.method == .get }?.index }
        guard let index else {
            return RouteMatch(
                owner: owner, entryIndex: nil, isTrivial: true, inlineBodyBytes: 0, operationID: paths[position].label)
        }
        let entry = entries[index]
        return RouteMatch(
            owner: owner, entryIndex: index, isTrivial: entry.isTrivial, inlineBodyBytes: entry.inlineBodyBytes,
            operationID: entry.route.operationID)
    }

    /// Trivial routes, and requests answered 404 or 405 (a canned problem), are cheap.
    package func isTrivial(_ request: HTTPRequest) -> Bool {
        match(request).isTrivial
    }

    /// Looks the route up once and keeps it on `request`; tells whether it is trivial.
    package func prepare(_ request: inout HTTPRequest) -> Bool {
        // The path and method passed alone: the request is not copied for the call.
        let match = match(path: request.path, method: request.method)
        request.route = match
        return match.isTrivial
    }

    private static func allowedMethods(_ methods: [HTTPMethod]) -> String {
        var names = Set(methods.map(\.rawValue))
        if names.contains(HTTPMethod.get.rawValue) { names.insert(HTTPMethod.head.rawValue) }
        return names.sorted().joined(separator: ", ")
    }
}
