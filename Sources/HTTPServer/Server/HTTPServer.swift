internal import CSystemShims
@preconcurrency import Dispatch
import Foundation
import Synchronization

/// A generic HTTP/1.1 and cleartext HTTP/2 server (gzip on both): one listener, `threads` event
/// loops (threads, each with its own epoll set) that parse, frame and write, and a bounded
/// pool of workers that run handlers and compression (routes declared trivial run inline).
package final class HTTPServer: Sendable {
    private enum Phase {
        case idle, running, draining, stopped
    }

    private struct State {
        var phase = Phase.idle
        var loops: [EventLoop] = []
        var listener: Listener?
        /// Returns freed memory to the kernel after bursts (`MemoryTrimmer`).
        var trimmer: MemoryTrimmer?
    }

    private let shared: ServerShared
    private let state = Mutex(State())
    private let stopped = DispatchGroup()
    /// Where the grace timer and the final stop run. A queue of the server's own, not the global
    /// concurrent queue: that pool admits only as many threads as there are cores, so a process
    /// whose cores are busy with CPU-bound work (a test run, a host's own work) could hold the
    /// stop back for as long as that work lasts; a private queue is served by the overcommitting
    /// pool, which starts a thread when none is free.
    private let control = DispatchQueue(label: "http.server.control")

    package init(
        configuration: HTTPServerConfiguration, responder: any HTTPResponder, observer: (any ServerObserver)? = nil
    ) {
        shared = ServerShared(configuration: configuration, responder: responder, observer: observer)
    }

    /// Binds, listens and starts the loops; returns the bound port (an ephemeral one for port 0).
    package func start() throws -> Int {
        try state.withLock { state throws(HTTPServerError) -> Int in
            guard state.phase == .idle else { throw HTTPServerError("start", code: 0, description: "already started") }
            signal(SIGPIPE, SIG_IGN)
            let configuration = shared.configuration
            // Request bodies up to the limit (and their copies) stay in the malloc heap: above
            // glibc's default 128 KiB threshold every large body would be a fresh mmap, faulted
            // in and zeroed per request (docs/decisions/100).
            shim_keep_allocations_in_heap(min(max(2 * configuration.limits.maxBodyBytes, 1 << 20), 32 << 20))
            let (fd, port) = try Socket.listen(
                host: configuration.host, port: configuration.port, backlog: configuration.backlog
            )
            var loops: [EventLoop] = []
            do throws(HTTPServerError) {
                for index in 0..<max(1, configuration.threads) {
                    loops.append(try EventLoop(index: index, shared: shared))
                }
            } catch {
                close(fd)
                for loop in loops { loop.discard() }
                throw error
            }
            shared.onDrained.withLock { $0 = { [weak self] in self?.finish() } }
            shared.pool.start()
            for loop in loops { loop.start() }
            let listener = Listener(fd: fd, loops: loops, shared: shared)
            listener.start()
            let trimmer = MemoryTrimmer(budget: shared.memory, queue: control)
            trimmer.start()
            shared.observer?.serverStarted(memory: shared.memory)
            state = State(phase: .running, loops: loops, listener: listener, trimmer: trimmer)
            stopped.enter()
            return port
        }
    }

    /// Begins draining: stop accepting, let in-flight requests finish (their responses say
    /// `Connection: close`), close idle connections; after `grace` (default: the configured
    /// one) close whatever is left. Idempotent.
    package func shutdown(grace: Duration?) {
        let loops = state.withLock { state -> [EventLoop]? in
            guard state.phase == .running else { return nil }
            state.phase = .draining
            state.listener?.close()
            return state.loops
        }
        guard let loops else { return }
        shared.isDraining.store(true, ordering: .releasing)
        for loop in loops {
            loop.execute { loop.startDraining() }
        }
        let seconds = Self.seconds(grace ?? shared.configuration.shutdownGrace)
        control.asyncAfter(deadline: .now() + seconds) { [self] in forceStop() }
        if shared.connectionCount.load(ordering: .acquiring) == 0 { finish() }
    }

    /// Blocks until the server has stopped (at once if it never started).
    package func waitUntilStopped() {
        stopped.wait()
    }

    /// The event loops (for tests that must order work against a loop, with `execute`).
    var eventLoops: [EventLoop] {
        state.withLock { $0.loops }
    }

    /// The budget request bodies and unsent responses are charged to.
    package var memory: MemoryBudget { shared.memory }

    /// Requests waiting for a worker now (for tests and figures).
    package var waitingForWorkers: Int { shared.pool.waitingCount }

    /// True from `shutdown` on.
    package var isDraining: Bool {
        shared.isDraining.load(ordering: .acquiring)
    }

    /// The grace period is over: close every connection, then stop.
    private func forceStop() {
        let loops = state.withLock { $0.phase == .draining ? $0.loops : [] }
        guard !loops.isEmpty else { return }
        let group = DispatchGroup()
        for loop in loops {
            group.enter()
            let posted = loop.execute {
                loop.closeAll()
                group.leave()
            }
            if !posted { group.leave() }
        }
        group.notify(queue: control) { [self] in finish() }
    }

    /// Stops the loops once draining is done.
    private func finish() {
        let loops = state.withLock { state -> [EventLoop]? in
            guard state.phase == .draining else { return nil }
            state.phase = .stopped
            state.trimmer?.stop()
            return state.loops
        }
        guard let loops else { return }
        shared.onDrained.withLock { $0 = nil }
        let group = DispatchGroup()
        for loop in loops {
            group.enter()
            let posted = loop.execute {
                loop.stop()
                group.leave()
            }
            if !posted { group.leave() }
        }
        group.notify(queue: control) { [stopped, shared] in
            shared.pool.stop()
            shared.observer?.serverStopped()
            stopped.leave()
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
