import CSystemShims
@preconcurrency import Dispatch
import Foundation

/// One serial queue with its own epoll set, watched by a single `DispatchSourceRead` on the
/// epoll descriptor and drained with `epoll_wait(…, 0)` (DESIGN §8), plus a coarse timer
/// for deadlines. Only trivial handlers run here; the others on the worker pool.
///
/// `@unchecked Sendable` invariant: every `var` below, the buffers and the connections are
/// touched only on `queue` (the source and timer handlers run there; other threads call
/// `queue.async`). The `let`s are immutable or themselves Sendable. The per-request properties
/// are `@exclusivity(unchecked)` (see `ServerConnection`): one queue, no overlapping access.
final class EventLoop: @unchecked Sendable {
    static let eventCapacity: Int32 = 256
    static let readBufferSize = 64 * 1024
    /// A Content-Length body with at least this many bytes still to come is read straight into
    /// its buffer; a smaller rest goes through the read buffer, which may also catch the next
    /// pipelined request in the same `read`.
    static let directBodyThreshold = 16 * 1024
    /// Above this many unsent response bytes a connection's requests are not read.
    static let maxPendingOutput = 1 << 20
    /// How long a closed connection keeps reading (and dropping) input so the peer gets our last response.
    static let lingerTime: Duration = .seconds(2)

    let queue: DispatchQueue
    /// This loop's position among the server's loops (`RequestRecord.loopIndex`).
    let index: Int
    let shared: ServerShared
    let epollFD: Int32
    private let tag: String
    private var source: DispatchSourceRead?
    private var timer: DispatchSourceTimer?
    @exclusivity(unchecked) var connections = ConnectionTable()
    private let events: UnsafeMutablePointer<shim_event>
    let readBuffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) var serializer: HTTP1Serializer
    @exclusivity(unchecked) var headBuffer: [UInt8] = []
    /// The actions of the connection being served, reused from event to event (`perform(on:)`).
    let actions = HTTP1Connection.ActionQueue()
    /// gzip for the requests this loop answers inline (the workers have their own).
    let contentCoder: HTTPContentCoder
    private var isDraining = false
    private var isStopped = false
    private var connectionCounter = 0

    init(index: Int, shared: ServerShared) throws(HTTPServerError) {
        let fd = shim_epoll_create()
        guard fd >= 0 else { throw HTTPServerError("epoll_create") }
        epollFD = fd
        self.index = index
        self.shared = shared
        queue = DispatchQueue(label: "http.loop.\(index)")
        tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        events = .allocate(capacity: Int(Self.eventCapacity))
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        serializer = HTTP1Serializer(serverName: shared.configuration.serverName)
        contentCoder = HTTPContentCoder(
            maxBodyBytes: shared.configuration.limits.maxBodyBytes,
            maxResponseBytes: shared.configuration.limits.maxResponseBytes
        )
    }

    deinit {
        events.deallocate()
        readBuffer.deallocate()
    }

    /// Starts watching the epoll set and the timer.
    func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: epollFD, queue: queue)
        source.setEventHandler { [self] in drainEvents() }
        source.setCancelHandler { [epollFD] in close(epollFD) }
        self.source = source
        source.resume()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = Self.timerInterval(shared.configuration.timeouts)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
        timer.setEventHandler { [self] in checkDeadlines() }
        self.timer = timer
        timer.resume()
    }

    /// A quarter of the shortest timeout, between 10 ms and 250 ms.
    static func timerInterval(_ timeouts: HTTPServerConfiguration.Timeouts) -> DispatchTimeInterval {
        let shortest = min(timeouts.requestHead, timeouts.idle, timeouts.write) / 4
        let milliseconds = shortest.components.seconds * 1000 + shortest.components.attoseconds / 1_000_000_000_000_000
        return .milliseconds(Int(max(10, min(250, milliseconds))))
    }

    /// Takes an accepted, non-blocking socket.
    func adopt(_ fd: Int32) {
        guard !isStopped else {
            close(fd)
            shared.connectionClosed()
            return
        }
        let interest = shim_epollin() | shim_epollrdhup()
        guard shim_epoll_add(epollFD, fd, interest) == 0 else {
            ServerLog.error("epoll_ctl(ADD) failed: \(String(cString: strerror(errno)))")
            close(fd)
            shared.connectionClosed()
            return
        }
        Socket.setNoDelay(fd)
        connectionCounter += 1
        let now = ContinuousClock.now
        let machine = HTTP1Connection(
            configuration: shared.connectionConfiguration, remoteAddress: Socket.peerAddress(fd),
            requestIDPrefix: "\(tag)-\(String(connectionCounter, radix: 36))", now: now
        )
        let connection = ServerConnection(fd: fd, machine: machine, interest: interest, now: now)
        connections[fd] = connection
        shared.observer?.connectionOpened()
        if isDraining {
            connection.machine.startDraining(now: now, into: actions)
            perform(on: connection)
        }
    }

    /// Tells every connection the server is draining.
    func startDraining() {
        isDraining = true
        let now = ContinuousClock.now
        for connection in connections.values {
            if connection.http2 != nil {
                drainHTTP2(connection)
            } else {
                connection.machine.startDraining(now: now, into: actions)
                perform(on: connection)
            }
        }
    }

    /// Closes every connection at once (the grace period is over).
    func closeAll() {
        for connection in connections.values { closeNow(connection) }
    }

    /// Stops the source and timer; the epoll descriptor is closed by the source's cancel handler.
    func stop() {
        closeAll()
        isStopped = true
        timer?.cancel()
        source?.cancel()
        timer = nil
        source = nil
    }

    private func drainEvents() {
        defer { shared.observer?.batchEnded(loop: index) }
        while true {
            let count = shim_epoll_wait(epollFD, events, Self.eventCapacity, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for index in 0..<Int(count) {
                let event = events[index]
                guard let connection = connections[event.fd] else { continue }
                if event.events & shim_epollout() != 0 { flushOutput(connection) }
                let readable = shim_epollin() | shim_epollrdhup() | shim_epollhup() | shim_epollerr()
                if event.events & readable != 0, connections[event.fd] === connection { readInput(connection) }
            }
            if count < Self.eventCapacity { return }
        }
    }

    /// Whether `connection` has response bytes waiting and took none of them for the write
    /// timeout: the socket refuses them (TCP window), or its HTTP/2 flow-control window stays at 0.
    func isWriteStalled(_ connection: ServerConnection, now: ContinuousClock.Instant) -> Bool {
        let limit = shared.configuration.timeouts.write
        if connection.pendingOutputCount > 0, Moment(now) - connection.lastWriteProgress >= limit { return true }
        guard let session = connection.http2, session.bufferedResponseBytes > 0 else { return false }
        return now - session.lastBodyProgress >= limit
    }

    private func checkDeadlines() {
        defer { shared.observer?.batchEnded(loop: index) }
        let now = ContinuousClock.now
        for connection in connections.values {
            if let linger = connection.lingerUntil {
                if Moment(now) >= linger { closeNow(connection) }
            } else if isWriteStalled(connection, now: now) {
                closeNow(connection)  // the client stopped reading: its buffers go with it
            } else if connection.http2 != nil {
                tickHTTP2(connection, now: now)
            } else {
                connection.machine.tick(now: now, into: actions)
                perform(on: connection)
            }
        }
    }
}
