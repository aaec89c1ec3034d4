/// Receives connection and request events (metrics, access logs). Called on the I/O queues:
/// implementations must be thread-safe and quick.
public protocol ServerObserver: Sendable {
    func connectionOpened()
    func connectionClosed()
    func requestCompleted(_ record: RequestRecord)
    /// A request was answered 503 because the worker queue was full (load shedding); its
    /// answer is also reported to `requestCompleted`.
    func requestShed()
}

extension ServerObserver {
    public func requestShed() {}
}
