/// One entry of a router's table.
package struct Route: Sendable, Hashable {
    package var method: HTTPMethod
    /// The exact path matched (no templates).
    package var path: String
    /// The OpenAPI operationId, used as the metrics label.
    package var operationID: String

    package init(method: HTTPMethod, path: String, operationID: String) {
        self.method = method
        self.path = path
        self.operationID = operationID
    }
}
