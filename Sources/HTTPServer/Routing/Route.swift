/// One entry of a router's table.
public struct Route: Sendable, Hashable {
    public var method: HTTPMethod
    /// The exact path matched (no templates).
    public var path: String
    /// The OpenAPI operationId, used as the metrics label.
    public var operationID: String

    public init(method: HTTPMethod, path: String, operationID: String) {
        self.method = method
        self.path = path
        self.operationID = operationID
    }
}
