/// Receives connection and request events (metrics, access logs). Called on the event loops'
/// threads: implementations must be thread-safe and quick. A class: the servers and sessions
/// that keep one hold a reference, which each event reaches without copying an existential box.
package protocol ServerObserver: AnyObject, Sendable {
    func connectionOpened()
    func connectionClosed()
    func requestCompleted(_ record: RequestRecord)
    /// A request was answered: the parts of its record (`RequestRecord`'s properties), so that
    /// an observer that needs no whole record for it makes none. Reports the same as
    /// `requestCompleted(_:)` with that record, which is what the default does.
    func requestCompleted(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        id: RequestContext.ID, remoteAddress: String?, protocolVersion: String,
        userAgentValue: HTTPHeaders.Field.Storage?, operationID: String?, loopIndex: Int)
    func connectionRefused()
    /// A request was answered 503 because the worker queue was full (load shedding); its
    /// answer is also reported to `requestCompleted`.
    func requestShed()
    /// The server started with `memory` as its memory budget: what its gauges and refusal
    /// counters read from (held bytes by kind, refusals by reason).
    func serverStarted(memory: MemoryBudget)
    /// The event loop `loop` (`RequestRecord.loopIndex`) finished a batch: it drained its ready
    /// events, or ran its deadline timer. Called on that loop's thread; a place to flush what was
    /// buffered for the requests the batch completed (one `write` per batch, not per request).
    func batchEnded(loop: Int)
    /// The server stopped: every loop has stopped and no request completes any more. Called
    /// once, before `waitUntilStopped` returns: the last place to flush buffers.
    func serverStopped()
}

extension ServerObserver {
    /// A connection accepted and at once answered 503 (over the connection limit, or draining).
    /// The default does nothing.
    package func connectionRefused() {}
    package func requestCompleted(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        id: RequestContext.ID, remoteAddress: String?, protocolVersion: String,
        userAgentValue: HTTPHeaders.Field.Storage?, operationID: String?, loopIndex: Int
    ) {
        requestCompleted(
            RequestRecord(
                method: method, path: path, status: status, duration: duration, bytesIn: bytesIn, bytesOut: bytesOut,
                id: id, remoteAddress: remoteAddress, protocolVersion: protocolVersion, userAgentValue: userAgentValue,
                operationID: operationID, loopIndex: loopIndex))
    }
    package func requestShed() {}
    package func serverStarted(memory: MemoryBudget) {}
    package func batchEnded(loop: Int) {}
    package func serverStopped() {}
}
