internal import CNghttp2

extension HTTP2Session {
    /// Applies the request deadlines to each stream still being received: 408 for a body not
    /// in within `limit` of its head (the stream is reset once the answer is out, and its
    /// partial body freed at once); a header block unfinished after `limit` ends the session
    /// (no other frame can come while it is open).
    func expireStreams(now: ContinuousClock.Instant, limit: Duration) {
        var late: [Int32] = []
        for (streamID, stream) in streams.entries where !stream.requestEnded && !stream.isRefused {
            if let headEnded = stream.headEndedAt {
                if now - headEnded >= limit { late.append(streamID) }
            } else if now - stream.receivedAt >= limit {
                terminate()
                return
            }
        }
        for streamID in late.sorted() {
            if let stream = streams[streamID] { releaseBody(of: stream, streamID: streamID) }
            let detail = "The request body was not received in time."
            refuse(streamID: streamID, ProblemDetails(status: .requestTimeout, detail: detail))
        }
        grantDeferredWindow()
    }
}
