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

    /// Size limits of a request.
    package struct Limits: Sendable {
        /// Request line and headers (and, separately, chunked trailers): above it, 431.
        package var maxHeaderBytes = 16 * 1024
        /// The body (decoded from chunks): above it, 413.
        package var maxBodyBytes = 1 << 20
        /// A handler's response body (before compression): above it, 413 instead.
        package var maxResponseBytes = 16 << 20

        /// How an operator sets `maxHeaderBytes` (say `--max-header-bytes / MAX_HEADER_BYTES`):
        /// a 431's detail names it; nil names nothing.
        package var maxHeaderBytesSetting: String? = nil
        /// How an operator sets `maxBodyBytes`: a 413's detail names it; nil names nothing.
        package var maxBodyBytesSetting: String? = nil

        package init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxResponseBytes: Int = 16 << 20) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxResponseBytes = maxResponseBytes
        }

        /// The detail of a 431: `what` (say "The request head") exceeds `maxHeaderBytes`, and
        /// the setting that raises the limit when one is named.
        func headerLimitDetail(_ what: String) -> String {
            Self.limitDetail("\(what) exceeds \(maxHeaderBytes) bytes", setting: maxHeaderBytesSetting)
        }

        /// The detail of a 413: `what` (say "The body") exceeds `maxBodyBytes`, and the setting
        /// that raises the limit when one is named.
        func bodyLimitDetail(_ what: String) -> String {
            Self.limitDetail("\(what) exceeds \(maxBodyBytes) bytes", setting: maxBodyBytesSetting)
        }

        private static func limitDetail(_ sentence: String, setting: String?) -> String {
            guard let setting else { return sentence + "." }
            return sentence + ", the server's limit (" + setting + ")."
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
