/// The protocol a connection speaks, as exactly one driver: the loop owns the socket (epoll,
/// reads, writes, deadlines, the connection table) and hands each event to the driver through
/// the entry points below, which both drivers have alike: bytes in, end of input, a worker's
/// answer, room to write again, the deadline tick, draining. A driver answers through the
/// loop's services (`EventLoop.send`, `updateInterest`, `beginClosing`, `closeNow`, the
/// backlog and the worker pool) and never reads or writes the socket itself.
///
/// A connection starts as `.http1`; the client preface or `Upgrade: h2c` moves it to `.http2`
/// (`HTTP2Driver.takeOver`), once and never back. The drivers are classes, so a switch here
/// loads one reference and the machine inside is mutated in place.
enum ConnectionProtocol {
    case http1(HTTP1Driver)
    case http2(HTTP2Driver)

    /// Feeds bytes read from the socket (neither lingering nor closed). On return the epoll
    /// interest is up to date, or the connection is closed or closing.
    func received(_ bytes: UnsafeRawBufferPointer, on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.received(bytes, on: connection, loop: loop)
        case .http2(let driver): driver.received(bytes, on: connection, loop: loop)
        }
    }

    /// The peer closed its side (read returned 0, not while lingering).
    func inputClosed(on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.inputClosed(on: connection, loop: loop)
        case .http2: loop.closeNow(connection)
        }
    }

    /// A worker's answer to `pending`, whose ticket is already off the connection.
    func workDone(_ pending: PendingRequest, response: HTTPResponse, on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.workDone(pending, response: response, on: connection, loop: loop)
        case .http2(let driver): driver.workDone(pending, response: response, on: connection, loop: loop)
        }
    }

    /// The socket took queued output (maybe all of it) and the connection stays open: the
    /// driver may produce more, start waiting work, and brings the epoll interest up to date.
    func outputFlushed(on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.outputFlushed(on: connection, loop: loop)
        case .http2(let driver): driver.pump(connection, loop: loop)
        }
    }

    /// The deadline tick (the connection is neither lingering nor write-stalled).
    func tick(now: ContinuousClock.Instant, on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.tick(now: now, on: connection, loop: loop)
        case .http2(let driver): driver.tick(now: now, on: connection, loop: loop)
        }
    }

    /// The server is draining: finish what was received, take nothing new, then close.
    func startDraining(now: ContinuousClock.Instant, on connection: ServerConnection, loop: EventLoop) {
        switch self {
        case .http1(let driver): driver.startDraining(now: now, on: connection, loop: loop)
        case .http2(let driver): driver.startDraining(on: connection, loop: loop)
        }
    }

    /// Whether the driver takes input now (the loop adds its own conditions: lingering, EOF).
    func wantsInput(_ connection: ServerConnection) -> Bool {
        switch self {
        case .http1(let driver): driver.machine.wantsInput
        case .http2(let driver):
            driver.session.wantsInput && connection.pendingOutputCount < EventLoop.maxPendingOutput
        }
    }

    /// The driver asked for no more input: a readable event is the peer hanging up or an error.
    var isCondemned: Bool {
        switch self {
        case .http1: false
        case .http2(let driver): driver.session.isCondemned
        }
    }

    /// Response bytes the driver holds back itself (HTTP/2 flow control), not yet in the
    /// connection's output.
    var bufferedResponseBytes: Int {
        switch self {
        case .http1: 0
        case .http2(let driver): driver.session.bufferedResponseBytes
        }
    }

    /// Whether the driver holds response bytes that made no progress for `limit`: the peer
    /// keeps its HTTP/2 flow-control window at 0.
    func isFlowStalled(now: ContinuousClock.Instant, limit: Duration) -> Bool {
        switch self {
        case .http1: false
        case .http2(let driver):
            driver.session.bufferedResponseBytes > 0 && now - driver.session.lastBodyProgress >= limit
        }
    }
}
