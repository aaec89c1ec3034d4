import Foundation

/// Everything the server can be told; every field has a default.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: a numeric IPv4/IPv6 address or a host name.
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one (reported by `HTTPServer.start()`).
    public var port = 8080
    /// Event loops: I/O threads, each with its own epoll set.
    /// (Default: the cores available, the cgroup CPU quota included.)
    public var threads = CPUQuota.availableCores
    /// Worker threads that run handlers and response compression, off the event loops.
    /// (Default: the cores available, the cgroup CPU quota included.)
    public var workers = CPUQuota.availableCores
    /// Requests that may wait for a worker; past it a request gets 503 with `Retry-After`.
    public var maxQueuedRequests = 256
    public var backlog = 256
    /// Connections beyond this are answered 503 and closed at once.
    public var maxConnections = 10_000
    public var limits = Limits()
    public var timeouts = Timeouts()
    /// The bytes of request bodies and unsent responses held at once (`MemoryBudget`); past
    /// it the server pushes back instead of allocating. (Default: `MemoryLimit.defaultBudget`,
    /// a share of the cgroup memory limit.)
    public var memoryBudget = MemoryLimit.defaultBudget
    /// The unfinished request bodies one HTTP/2 connection may hold together: past it no flow-
    /// control window is granted and new streams with a body are refused (REFUSED_STREAM).
    public var maxConnectionBodyBytes = 4 << 20
    /// How long in-flight requests may take to finish after `shutdown` starts.
    public var shutdownGrace: Duration = .seconds(10)
    /// The `Server` header.
    public var serverName = "timeline-layout"

    /// Size limits of a request.
    public struct Limits: Sendable {
        /// Request line and headers (and, separately, chunked trailers): above it, 431.
        public var maxHeaderBytes = 16 * 1024
        /// The body (decoded from chunks): above it, 413.
        public var maxBodyBytes = 1 << 20
        /// A handler's response body (before compression): above it, 413 instead.
        public var maxResponseBytes = 16 << 20

        /// How an operator sets `maxHeaderBytes` (say `--max-header-bytes / MAX_HEADER_BYTES`):
        /// a 431's detail names it; nil names nothing.
        public var maxHeaderBytesSetting: String? = nil
        /// How an operator sets `maxBodyBytes`: a 413's detail names it; nil names nothing.
        public var maxBodyBytesSetting: String? = nil

        public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxResponseBytes: Int = 16 << 20) {
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
    public struct Timeouts: Sendable {
        /// From the first byte of a request to the end of its head; the body gets as long again
        /// from there. Past it: 408 and close.
        public var requestHead: Duration = .seconds(10)
        /// A keep-alive connection with no request in progress (or a client not reading its
        /// responses) is closed after this.
        public var idle: Duration = .seconds(60)
        /// A peer that takes none of its response for this long (TCP, or an HTTP/2 window left
        /// at 0) is disconnected and its buffered responses freed.
        public var write: Duration = .seconds(30)

        public init(requestHead: Duration = .seconds(10), idle: Duration = .seconds(60), write: Duration = .seconds(30))
        {
            self.requestHead = requestHead
            self.idle = idle
            self.write = write
        }
    }

    public init() {}
}
