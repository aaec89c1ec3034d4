import HTTPServer

/// `GET /healthz` (operationId `getHealth`): the process is up and serving.
/// `GET /readyz` (operationId `getReadiness`): 200 while it takes traffic, 503 once it drains.
///
/// - Remark: HTTP `GET /healthz`, `GET /readyz`
enum Health {
    static func live(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        liveResponse
    }

    /// The liveness answer, the same every time: made (and its headers checked) once, then
    /// shared, not rebuilt with two arrays per request.
    private static let liveResponse = JSONBody.response(Array(#"{"status":"ok"}"#.utf8))

    static func ready(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        if context.isDraining {
            throw APIError(
                .serviceUnavailable, "The server is shutting down and takes no new work.", type: .unavailable)
        }
        return JSONBody.response(Array(#"{"status":"ready"}"#.utf8))
    }
}
