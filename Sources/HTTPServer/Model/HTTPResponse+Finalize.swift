extension HTTPResponse {
    /// The response with `X-Request-Id` set; one that cannot be written safely (an interim
    /// status, a header with a control character) becomes a logged 500 first.
    func finalized(requestID: String) -> HTTPResponse {
        var response = self
        if !HTTP1Serializer.isWritable(response) {
            ServerLog.error(
                "request \(requestID): unwritable response (status \(response.status.code) or a header "
                    + "with a control character); answering 500"
            )
            response = .problem(
                ProblemDetails(status: .internalServerError, detail: "The server could not complete the request.")
            )
        }
        response.headers.set(.xRequestID, requestID)
        return response
    }
}
