import Synchronization

/// What the listener, the event loops and the server share: configuration, responder,
/// observer and the connection count. Immutable but for atomics and one mutex.
final class ServerShared: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let observer: (any ServerObserver)?
    /// Where handlers and compression run (started and stopped by `HTTPServer`).
    let pool: WorkerPool
    /// What request bodies and unsent responses may hold (`HTTPServerConfiguration.memoryBudget`).
    let memory: MemoryBudget
    /// Accepted sockets not yet closed (including those on their way to a loop).
    let connectionCount = Atomic<Int>(0)
    let isDraining = Atomic<Bool>(false)
    /// Called when the last connection closes while draining.
    let onDrained = Mutex<(@Sendable () -> Void)?>(nil)

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, observer: (any ServerObserver)?) {
        self.configuration = configuration
        self.responder = responder
        self.observer = observer
        memory = MemoryBudget(limit: configuration.memoryBudget)
        pool = WorkerPool(
            workers: configuration.workers, capacity: configuration.maxQueuedRequests,
            maxBodyBytes: configuration.limits.maxBodyBytes, maxResponseBytes: configuration.limits.maxResponseBytes,
            bodyLimitSetting: configuration.limitSettings?.maxBodyBytes
        )
    }

    func connectionClosed() {
        let remaining = connectionCount.subtract(1, ordering: .acquiringAndReleasing).newValue
        if remaining == 0, isDraining.load(ordering: .acquiring) {
            onDrained.withLock { $0 }?()
        }
    }

    var connectionConfiguration: HTTP1Connection.Configuration {
        HTTP1Connection.Configuration(
            limits: configuration.limits, timeouts: configuration.timeouts, memory: memory,
            limitSettings: configuration.limitSettings)
    }
}
