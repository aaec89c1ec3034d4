/// A response as a handler returns it; the server adds `Date`, `Server`, `Content-Length`,
/// `Connection` and `X-Request-Id` when it writes it.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An RFC 9457 `application/problem+json` response for `problem`.
    public static func problem(_ problem: ProblemDetails) -> HTTPResponse {
        HTTPResponse(
            status: problem.status,
            headers: [.contentType: "application/problem+json"],
            body: problem.jsonBytes()
        )
    }
}
