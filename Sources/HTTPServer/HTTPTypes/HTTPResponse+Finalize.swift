extension HTTPResponse {
    /// The response with `X-Request-Id` set; one that cannot be written safely (an interim
    /// status, a header with a control character) becomes a logged 500 first.
    func finalized(requestID: String) -> HTTPResponse {
        var response = validated(requestID: requestID)
        response.headers.set(.xRequestID, requestID)
        return response
    }

    /// The response itself when it can be written safely, else the logged 500 that replaces it;
    /// `X-Request-Id` is left to the HTTP/1.1 serializer, which writes it from the request's record
    /// (no copy of the headers to add it).
    /// Consumed: a response moved in is moved out again, not copied.
    consuming func validated(requestID: @autoclosure () -> String) -> HTTPResponse {
        guard !HTTP1Serializer.isWritable(self) else { return self }
        ServerLog.error(
            "request \(requestID()): unwritable response (status \(status.code) or a header "
                + "with a control character); answering 500"
        )
        return .problem(
            ProblemDetails(status: .internalServerError, detail: "The server could not complete the request.")
        )
    }
}
