import HTTPServer

/// The `route` label of a request: the operationId that serves it (HEAD: GET's), the path's
/// operationId for another method on a routed path (a 405, an OPTIONS), and `other` for an
/// unknown path, so that scanners cannot grow the label set without bound (docs/API.md §7).
struct RouteLabels: Sendable {
    /// path → method → operationId.
    private let table: [String: [String: String]]
    /// Every label: the operationIds, sorted, then `other`.
    let labels: [String]

    init(_ routes: [Route]) {
        var table: [String: [String: String]] = [:]
        for route in routes { table[route.path, default: [:]][route.method.rawValue] = route.operationID }
        self.table = table
        labels = Set(routes.map(\.operationID)).sorted() + ["other"]
    }

    func label(path: String, method: HTTPMethod) -> String {
        guard let operations = table[path] else { return "other" }
        if let operation = operations[method.rawValue] { return operation }
        if method == .head, let operation = operations[HTTPMethod.get.rawValue] { return operation }
        return operations.min { $0.key < $1.key }?.value ?? "other"
    }
}
