/// A response as a handler returns it; the server adds `Date`, `Server`, `Content-Length`,
/// `Connection` and `X-Request-Id` when it writes it.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An RFC 9457 `application/problem+json` response for `problem`.
    package static func problem(_ problem: ProblemDetails) -> HTTPResponse {
        HTTPResponse(
            status: problem.status,
            headers: [.contentType: "application/problem+json"],
            body: problem.jsonBytes()
        )
    }
}
