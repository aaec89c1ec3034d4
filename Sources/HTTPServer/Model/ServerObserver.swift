/// Receives connection and request events (metrics, access logs). Called on the I/O queues:
/// implementations must be thread-safe and quick.
public protocol ServerObserver: Sendable {
    func connectionOpened()
    func connectionClosed()
    func requestCompleted(_ record: RequestRecord)
    func connectionRefused()
    /// A request was answered 503 because the worker queue was full (load shedding); its
    /// answer is also reported to `requestCompleted`.
    func requestShed()
}

extension ServerObserver {
    /// A connection accepted and at once answered 503 (over the connection limit, or draining).
    /// The default does nothing.
    public func connectionRefused() {}
    public func requestShed() {}
}
