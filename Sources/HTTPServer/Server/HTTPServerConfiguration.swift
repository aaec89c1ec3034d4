import Foundation

/// Everything the server can be told; every field has a default.
package struct HTTPServerConfiguration: Sendable {
    /// The address to bind: a numeric IPv4/IPv6 address or a host name.
    package var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one (reported by `HTTPServer.start()`).
    package var port = 8080
    /// Event loops: I/O threads, each with its own epoll set.
    /// (Default: the cores available, the cgroup CPU quota included.)
    package var threads = CPUQuota.availableCores
    /// Worker threads that run handlers and response compression, off the event loops.
    /// (Default: the cores available, the cgroup CPU quota included.)
    package var workers = CPUQuota.availableCores
    /// Requests that may wait for a worker; past it a request gets 503 with `Retry-After`.
    package var maxQueuedRequests = 256
    package var backlog = 256
    /// Connections beyond this are answered 503 and closed at once.
    package var maxConnections = 10_000
    package var limits = Limits()
    package var timeouts = Timeouts()
    /// The bytes of request bodies and unsent responses held at once (`MemoryBudget`); past
    /// it the server pushes back instead of allocating. (Default: `MemoryLimit.defaultBudget`,
    /// a share of the cgroup memory limit.)
    package var memoryBudget = MemoryLimit.defaultBudget
    /// The unfinished request bodies one HTTP/2 connection may hold together: past it no flow-
    /// control window is granted and new streams with a body are refused (REFUSED_STREAM).
    package var maxConnectionBodyBytes = 4 << 20
    /// How long in-flight requests may take to finish after `shutdown` starts.
    package var shutdownGrace: Duration = .seconds(10)
    /// The `Server` header.
    package var serverName = "timeline-layout"
    /// How an operator sets the size limits, named in the refusals over them; nil names nothing.
    package var limitSettings: LimitSettings? = nil

    /// Size limits of a request.
    package struct Limits: Sendable {
        /// Request line and headers (and, separately, chunked trailers): above it, 431.
        package var maxHeaderBytes = 16 * 1024
        /// The body (decoded from chunks): above it, 413.
        package var maxBodyBytes = 1 << 20
        /// A handler's response body (before compression): above it, 413 instead.
        package var maxResponseBytes = 16 << 20

        package init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxResponseBytes: Int = 16 << 20) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxResponseBytes = maxResponseBytes
        }
    }

    /// How an operator sets the size limits (say `--max-body-bytes / MAX_BODY_BYTES`): a 413's
    /// or a 431's detail names the setting after the sentence. A class, so that the
    /// configurations holding it copy one reference.
    package final class LimitSettings: Sendable {
        package let maxHeaderBytes: String?
        package let maxBodyBytes: String?

        package init(maxHeaderBytes: String?, maxBodyBytes: String?) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
        }

        /// `detail` (a sentence ending in a period) naming the setting that raises the limit of
        /// `status` (413: the body's, 431: the head's), when one is named.
        func detail(_ detail: String, for status: HTTPStatus) -> String {
            let setting: String?
            switch status.code {
            case 413: setting = maxBodyBytes
            case 431: setting = maxHeaderBytes
            default: setting = nil
            }
            guard let setting, detail.hasSuffix(".") else { return detail }
            return detail.dropLast() + ", the server's limit (" + setting + ")."
        }
    }

    /// How long a client may take.
    package struct Timeouts: Sendable {
        /// From the first byte of a request to the end of its head; the body gets as long again
        /// from there. Past it: 408 and close.
        package var requestHead: Duration = .seconds(10)
        /// A keep-alive connection with no request in progress (or a client not reading its
        /// responses) is closed after this.
        package var idle: Duration = .seconds(60)
        /// A peer that takes none of its response for this long (TCP, or an HTTP/2 window left
        /// at 0) is disconnected and its buffered responses freed.
        package var write: Duration = .seconds(30)

        package init(
            requestHead: Duration = .seconds(10), idle: Duration = .seconds(60), write: Duration = .seconds(30)
        ) {
            self.requestHead = requestHead
            self.idle = idle
            self.write = write
        }
    }

    package init() {}
}
