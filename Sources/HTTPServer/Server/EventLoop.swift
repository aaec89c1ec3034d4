internal import CSystemShims
import Foundation
import Synchronization

/// One thread running a plain epoll loop over its own epoll set: a blocking `epoll_wait`
/// whose timeout is the next deadline tick (a quarter of the shortest timeout), the ready
/// sockets served in the order the kernel reports them, then the work other threads posted
/// (`execute`), then, when due, the deadline tick. Only trivial handlers, and small bodies of
/// routes that bound their cost by their body (up to a byte allowance per round), run here; the
/// others on the worker pool, whose answers come back through `execute`.
///
/// A plain epoll loop rather than a `DispatchSourceRead` on the epoll descriptor: libdispatch
/// watches that descriptor with a one-shot registration of its own, so every wake-up would
/// cost its `epoll_wait`, an `epoll_ctl` to re-arm it and a `futex` to hand the handler to a
/// pool thread, on top of ours (docs/decisions/100). Dispatch still runs the listener and the
/// server's control work; the workers are threads of their own.
///
/// The mailbox (the way SwiftNIO's `SelectableEventLoop` and nginx's `ngx_epoll_notify` do
/// it): a locked array of closures and an `eventfd` in the same epoll set. A poster rings the
/// eventfd only when the loop is, or may be about to be, asleep in `epoll_wait` (it said so
/// under the lock before sleeping) and nobody rang since: work posted while the loop runs, or
/// by the loop itself, costs no system call. The eventfd is registered edge-triggered, so each
/// ring is reported once without being read back (nginx reads it every 2^32 rings).
///
/// `@unchecked Sendable` invariant: every `var` below, the buffers and the connections are
/// touched only on the loop's thread (its `run`, and closures other threads post with
/// `execute`); `mailbox` is behind its lock; the `let`s are immutable or themselves Sendable.
/// The per-request properties are `@exclusivity(unchecked)` (see `ServerConnection`): one
/// thread, no overlapping access.
final class EventLoop: @unchecked Sendable {
    typealias Task = @Sendable () -> Void

    static let eventCapacity: Int32 = 256
    static let readBufferSize = 64 * 1024
    /// A Content-Length body with at least this many bytes still to come is read straight into
    /// its buffer; a smaller rest goes through the read buffer, which may also catch the next
    /// pipelined request in the same `read`.
    static let directBodyThreshold = 16 * 1024
    /// The most a `read` takes for an HTTP/1.1 connection between requests (nothing of the next
    /// request received yet): room for a usual head and a small body, so that the rest of a
    /// large body is not copied out of the read buffer but read straight into its own buffer
    /// once the head gave its length (`directBodyThreshold`). A read that fills it reads on.
    static let requestStartReadSize = 4 * 1024
    /// Above this many unsent response bytes a connection's requests are not read.
    static let maxPendingOutput = 1 << 20
    /// How long a closed connection keeps reading (and dropping) input so the peer gets our last response.
    static let lingerTime: Duration = .seconds(2)

    /// Work posted to the loop, and whether the loop sleeps (so that a poster must ring).
    private struct Mailbox {
        var tasks: [Task] = []
        /// The loop found no task and is about to block in, or blocks in, `epoll_wait`.
        var isSleeping = false
        /// A poster rang the eventfd since the loop last woke: the next poster need not.
        var isRung = false
        /// The loop's thread has ended: what is posted now is dropped.
        var isClosed = false
    }

    /// This loop's position among the server's loops (`RequestRecord.loopIndex`).
    let index: Int
    let shared: ServerShared
    /// The server's responder (`shared.responder`), kept here: read once, passed on uncopied.
    let responder: any HTTPResponder
    let epollFD: Int32
    /// The mailbox's doorbell, in the epoll set (edge-triggered).
    private let wakeFD: Int32
    private let mailbox = Mutex(Mailbox())
    /// The loop's thread (`pthread_self` as an integer), 0 before it runs: for assertions.
    private let thread = Atomic<UInt>(0)
    private let tag: String
    private let tickInterval: Duration
    /// The tasks being run, swapped with the mailbox's array (both keep their storage).
    @exclusivity(unchecked) private var running: [Task] = []
    @exclusivity(unchecked) private var rings: UInt32 = 0
    /// Body bytes this round may still answer inline on routes with an inline body bound
    /// (`answersInline`); refilled to `inlineRoundBytes` at the start of each round.
    @exclusivity(unchecked) var inlineAllowance = EventLoop.inlineRoundBytes
    @exclusivity(unchecked) var connections = ConnectionTable()
    private let events: UnsafeMutablePointer<shim_event>
    let readBuffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) var serializer: HTTP1Serializer
    @exclusivity(unchecked) var headBuffer: [UInt8] = []
    /// The actions of the HTTP/1.1 connection being served, reused from event to event
    /// (`HTTP1Driver.perform(on:loop:)`).
    let actions = HTTP1Connection.ActionQueue()
    /// gzip for the requests this loop answers inline (the workers have their own).
    let contentCoder: HTTPContentCoder
    private var isDraining = false
    private var isStopped = false
    private var connectionCounter = 0

    init(index: Int, shared: ServerShared) throws(HTTPServerError) {
        let fd = shim_epoll_create()
        guard fd >= 0 else { throw HTTPServerError("epoll_create") }
        let wakeFD = shim_eventfd_create()
        guard wakeFD >= 0 else {
            let error = HTTPServerError("eventfd")
            close(fd)
            throw error
        }
        guard shim_epoll_add(fd, wakeFD, shim_epollin() | shim_epollet()) == 0 else {
            let error = HTTPServerError("epoll_ctl(ADD) eventfd")
            close(wakeFD)
            close(fd)
            throw error
        }
        epollFD = fd
        self.wakeFD = wakeFD
        self.index = index
        self.shared = shared
        responder = shared.responder
        tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        tickInterval = Self.timerInterval(shared.configuration.timeouts)
        events = .allocate(capacity: Int(Self.eventCapacity))
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        serializer = HTTP1Serializer(serverName: shared.configuration.serverName)
        contentCoder = HTTPContentCoder(
            maxBodyBytes: shared.configuration.limits.maxBodyBytes,
            maxResponseBytes: shared.configuration.limits.maxResponseBytes,
            bodyLimitSetting: shared.configuration.limitSettings?.maxBodyBytes
        )
    }

    deinit {
        events.deallocate()
        readBuffer.deallocate()
    }

    /// Starts the loop's thread. The thread closes the epoll descriptor and the eventfd when
    /// the loop stops (`stop()`).
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "http.loop.\(index)"
        thread.start()
    }

    /// Closes the descriptors of a loop that was never started (the server failed to start).
    func discard() {
        close(wakeFD)
        close(epollFD)
    }

    /// Runs `task` on the loop's thread, after the events and tasks it is serving now; from
    /// any thread. Rings the eventfd only when the loop sleeps and nobody rang yet. False when
    /// the loop has stopped: the task is dropped (nothing is served any more).
    @discardableResult
    func execute(_ task: @escaping Task) -> Bool {
        let (posted, ring) = mailbox.withLock { box -> (Bool, Bool) in
            guard !box.isClosed else { return (false, false) }
            box.tasks.append(task)
            guard box.isSleeping, !box.isRung else { return (true, false) }
            box.isRung = true
            return (true, true)
        }
        if ring { _ = shim_eventfd_signal(wakeFD) }
        return posted
    }

    /// Whether the caller runs on this loop's thread (for assertions).
    var isInLoop: Bool {
        thread.load(ordering: .relaxed) == UInt(pthread_self())
    }

    /// A quarter of the shortest timeout, between 10 ms and 250 ms.
    static func timerInterval(_ timeouts: HTTPServerConfiguration.Timeouts) -> Duration {
        let shortest = min(timeouts.requestHead, timeouts.idle, timeouts.write) / 4
        return max(.milliseconds(10), min(.milliseconds(250), shortest))
    }

    /// The loop: wait (at most until the next tick), serve the ready sockets, run the posted
    /// tasks, tick when due; the observer hears `batchEnded` after each round.
    private func run() {
        thread.store(UInt(pthread_self()), ordering: .relaxed)
        var nextTick = Moment.now + tickInterval
        while !isStopped {
            let wait = Self.milliseconds(until: nextTick)
            let timeout = mailbox.withLock { box -> Int32 in
                guard box.tasks.isEmpty else { return 0 }
                box.isSleeping = true
                return wait
            }
            let count = shim_epoll_wait(epollFD, events, Self.eventCapacity, timeout)
            mailbox.withLock { box in
                box.isSleeping = false
                box.isRung = false
                swap(&box.tasks, &running)
            }
            inlineAllowance = Self.inlineRoundBytes
            if count > 0 { serve(Int(count)) }
            for task in running { task() }
            running.removeAll(keepingCapacity: true)
            if isStopped { break }
            let now = ContinuousClock.now
            if Moment(now) >= nextTick {
                checkDeadlines(now: now)
                // Late (a long round): the next tick is an interval from now, not a burst of them.
                nextTick = max(nextTick + tickInterval, Moment(now) + tickInterval / 2)
            }
            shared.observer?.batchEnded(loop: index)
        }
        // No `batchEnded` for the stopping round: the server may already be telling the observer
        // `serverStopped` (the stop task let it go on), which flushes what that round buffered.
        mailbox.withLock { box in
            box.isClosed = true
            box.tasks = []
        }
        close(wakeFD)
        close(epollFD)
    }

    /// Milliseconds from now to `moment`, rounded up (so the tick is never early), 0 when past.
    private static func milliseconds(until moment: Moment) -> Int32 {
        let left = moment - Moment.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Serves the first `count` events `epoll_wait` wrote.
    private func serve(_ count: Int) {
        let readable = shim_epollin() | shim_epollrdhup() | shim_epollhup() | shim_epollerr()
        for index in 0..<count {
            let event = events[index]
            if event.fd == wakeFD {
                rings &+= 1
                if rings == .max {  // the counter is never read otherwise (edge-triggered)
                    _ = shim_eventfd_drain(wakeFD)
                    rings = 0
                }
                continue
            }
            guard let connection = connections[event.fd] else { continue }
            if event.events & shim_epollout() != 0 { flushOutput(connection) }
            if event.events & readable != 0, connections[event.fd] === connection { readInput(connection) }
        }
    }

    /// Takes an accepted, non-blocking socket.
    func adopt(_ fd: Int32) {
        assert(isInLoop)
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
        let connection = ServerConnection(
            fd: fd, driver: .http1(HTTP1Driver(machine: machine)), interest: interest, now: now)
        connections[fd] = connection
        shared.observer?.connectionOpened()
        if isDraining { connection.driver.startDraining(now: now, on: connection, loop: self) }
    }

    /// Tells every connection the server is draining.
    func startDraining() {
        assert(isInLoop)
        isDraining = true
        let now = ContinuousClock.now
        for connection in connections.values {
            connection.driver.startDraining(now: now, on: connection, loop: self)
        }
    }

    /// Closes every connection at once (the grace period is over).
    func closeAll() {
        for connection in connections.values { closeNow(connection) }
    }

    /// Closes every connection and ends the loop: its thread closes the descriptors after this
    /// round, and what is posted later is dropped.
    func stop() {
        assert(isInLoop)
        closeAll()
        isStopped = true
    }

    /// Whether `connection` has response bytes waiting and took none of them for the write
    /// timeout: the socket refuses them (TCP window), or its HTTP/2 flow-control window stays at 0.
    func isWriteStalled(_ connection: ServerConnection, now: ContinuousClock.Instant) -> Bool {
        let limit = shared.configuration.timeouts.write
        if connection.pendingOutputCount > 0, Moment(now) - connection.lastWriteProgress >= limit { return true }
        return connection.driver.isFlowStalled(now: now, limit: limit)
    }

    private func checkDeadlines(now: ContinuousClock.Instant) {
        for connection in connections.values {
            if let linger = connection.lingerUntil {
                if Moment(now) >= linger { closeNow(connection) }
            } else if isWriteStalled(connection, now: now) {
                closeNow(connection)  // the client stopped reading: its buffers go with it
            } else {
                connection.driver.tick(now: now, on: connection, loop: self)
            }
        }
    }
}
