/// One accepted socket on an event loop: the protocol it speaks (one driver, `driver`) and what
/// the loop keeps for every socket alike: the bytes not yet written, the epoll interest, the
/// closing state and the requests on the worker pool. Not Sendable: it lives on its loop's
/// thread only.
///
/// The mutable state is `@exclusivity(unchecked)`: it is touched on the loop's thread only, and
/// no access to a property overlaps another to the same property (the machine's methods and the
/// loop's helpers never reach back into the connection object while it is being modified), so
/// the runtime's dynamic exclusivity checks are skipped (docs/decisions/100).
final class ServerConnection {
    let fd: Int32
    /// The one protocol driver: HTTP/1.1 from the start, HTTP/2 once the connection opened with
    /// the client preface or upgraded with `Upgrade: h2c` (`HTTP2Driver.takeOver`, the only
    /// transition; there is none back).
    @exclusivity(unchecked) var driver: ConnectionProtocol
    /// Response bytes the kernel did not take yet, from `outputOffset`.
    @exclusivity(unchecked) var output: [UInt8] = []
    @exclusivity(unchecked) var outputOffset = 0
    /// How much of `output` is charged to the memory budget (as responses).
    @exclusivity(unchecked) var chargedOutput = 0
    /// While `output` holds bytes: when the socket last took some of them, or when the bytes
    /// began to wait (what the write timeout counts from). Not kept up to date while nothing is
    /// pending. (`Moment`s, not `ContinuousClock.Instant`s: a resilient optional field cost
    /// value-witness calls on each of the several reads per request.)
    @exclusivity(unchecked) var lastWriteProgress: Moment
    /// The machine said close: close once `output` is written.
    @exclusivity(unchecked) var closeAfterFlush = false
    /// Our side is shut; input is read and dropped until EOF or this instant (lingering close).
    @exclusivity(unchecked) var lingerUntil: Moment?
    @exclusivity(unchecked) var peerClosedInput = false
    /// The last response refused the request: the peer may still be sending, so linger on close.
    @exclusivity(unchecked) var lingerOnClose = false
    /// The epoll events currently asked for.
    @exclusivity(unchecked) var interest: UInt32
    /// Requests on the worker pool, by HTTP/1.1 sequence or HTTP/2 stream id.
    @exclusivity(unchecked) var work: [Int: WorkTicket] = [:]
    /// Requests read whole that wait for this connection's turn on the pool (at most
    /// `EventLoop.maxWorkPerConnection` run at once per connection), in arrival order.
    @exclusivity(unchecked) var backlog: [PendingRequest] = []
    /// Closed and forgotten by its loop (`EventLoop.closeNow`): nothing more is done for it.
    @exclusivity(unchecked) var isClosed = false

    init(fd: Int32, driver: ConnectionProtocol, interest: UInt32, now: ContinuousClock.Instant) {
        self.fd = fd
        self.driver = driver
        self.interest = interest
        lastWriteProgress = Moment(now)
    }

    var pendingOutputCount: Int { output.count - outputOffset }
}

/// A request waiting for its connection's turn on the worker pool.
struct PendingRequest {
    var request: HTTPRequest
    var context: RequestContext
    /// The HTTP/1.1 sequence or the HTTP/2 stream id.
    var key: Int
    /// The body's charge to the memory budget, kept until the request is done.
    var charge: MemoryCharge? = nil
}
