internal import CNghttp2

extension HTTP2Session {
    /// Takes over from HTTP/1.1 after `101 Switching Protocols`: applies the client's
    /// `HTTP2-Settings` and opens stream 1 for the request that asked, already read whole
    /// (its answer goes through `complete` as any other). False when the settings are refused.
    func upgrade(settings: [UInt8], request: HTTPRequest, receivedAt: ContinuousClock.Instant) -> Bool {
        guard let session else { return false }
        let isHead = request.method == .head
        let result = settings.withUnsafeBufferPointer { payload in
            nghttp2_session_upgrade2(session, payload.baseAddress, payload.count, isHead ? 1 : 0, nil)
        }
        guard result == 0 else { return false }
        let stream = HTTP2Stream(receivedAt: Moment(receivedAt))
        stream.method = request.method
        stream.hasMethod = true
        stream.target = request.target
        stream.requestEnded = true
        stream.isDispatched = true
        stream.isHeadRequest = isHead
        stream.bytesIn = request.body.count
        streams[1] = stream
        servedStreams += 1
        return true
    }
}
