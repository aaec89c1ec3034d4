internal import CSystemShims
@preconcurrency import Dispatch
import Foundation

/// The listening socket: accepts on its own queue and hands sockets to the event loops in
/// turn. Over the connection limit a socket gets a canned 503 and is closed; when the process
/// runs out of descriptors accepting pauses briefly; nothing here stops the server.
///
/// `@unchecked Sendable` invariant: `nextLoop`, `isSuspended`, `isClosed` and `serializer` are
/// touched only on `queue`; the rest is immutable.
final class Listener: @unchecked Sendable {
    static let backOff: DispatchTimeInterval = .milliseconds(100)

    let fd: Int32
    private let queue = DispatchQueue(label: "http.accept")
    private let source: DispatchSourceRead
    private let loops: [EventLoop]
    private let shared: ServerShared
    private let busyResponse: HTTPResponse
    private var serializer: HTTP1Serializer
    private var nextLoop = 0
    private var isSuspended = false
    private var isClosed = false

    init(fd: Int32, loops: [EventLoop], shared: ServerShared) {
        self.fd = fd
        self.loops = loops
        self.shared = shared
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        serializer = HTTP1Serializer(serverName: shared.configuration.serverName)
        let problem = ProblemDetails(status: .serviceUnavailable, detail: "Too many connections; try again later.")
        var busy = HTTPResponse.problem(problem)
        busy.headers.set(.retryAfter, "1")  // docs/API.md §7: every 503 says when to come back
        busyResponse = busy
    }

    func start() {
        source.setEventHandler { [self] in acceptAvailable() }
        source.setCancelHandler { [fd] in Glibc.close(fd) }
        source.resume()
    }

    /// Stops accepting and closes the socket. Synchronous, and before any connection drains: the
    /// connections the kernel already completed are taken (and drained like the others), then
    /// the socket stops listening at once, so that a client reconnecting after a drain response
    /// (`Connection: close`) is refused at connect instead of reset in the accept queue with its
    /// request sent. Never called on `queue`.
    func close() {
        queue.sync { [self] in
            guard !isClosed else { return }
            acceptAvailable(upTo: .max)
            shutdown(fd, Int32(SHUT_RD))  // a listening socket stops listening; the cancel handler closes it
            isClosed = true
            if isSuspended {
                isSuspended = false
                source.resume()
            }
            source.cancel()
        }
    }

    private func acceptAvailable(upTo limit: Int = 64) {
        for _ in 0..<limit where !isClosed {
            let client = shim_accept_nonblocking(fd)
            guard client >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EAGAIN, EWOULDBLOCK: return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    ServerLog.error("accept: \(String(cString: strerror(errno))); pausing accepts")
                    pause()
                    return
                default:
                    ServerLog.error("accept: \(String(cString: strerror(errno)))")
                    return
                }
            }
            let count = shared.connectionCount.add(1, ordering: .acquiringAndReleasing).newValue
            if count > shared.configuration.maxConnections || shared.isDraining.load(ordering: .acquiring) {
                refuse(client)
                continue
            }
            let loop = loops[nextLoop % loops.count]
            nextLoop &+= 1
            if !loop.execute({ loop.adopt(client) }) {  // the loop stopped: nobody will adopt it
                Glibc.close(client)
                shared.connectionClosed()
            }
        }
    }

    /// Best effort 503 on a fresh socket (its send buffer is empty), then close. Counted before
    /// the 503 is written: a client that reads it and asks `/metrics` at once must see it counted.
    private func refuse(_ client: Int32) {
        shared.observer?.connectionRefused()
        let bytes = serializer.serialize(busyResponse, isHeadRequest: false, closeConnection: true)
        _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        shutdown(client, Int32(SHUT_WR))
        Glibc.close(client)
        shared.connectionClosed()
    }

    private func pause() {
        source.suspend()
        isSuspended = true
        queue.asyncAfter(deadline: .now() + Self.backOff) { [self] in
            guard isSuspended, !isClosed else { return }
            isSuspended = false
            source.resume()
        }
    }
}
