import HTTPServer
import Synchronization

/// Prometheus metrics of the service (docs/API.md §7 `GET /metrics`): requests by route, method and
/// status, a latency histogram by route, requests in flight, open, accepted and refused
/// connections, bytes in and out, the `process_*` family and `timeline_layout_build_info`.
/// The server reports to it as its `ServerObserver`; `/metrics` renders it in the text
/// exposition format.
///
/// Every label has a closed set of values, so no client can create series: `route` is an
/// operationId or `other`, `method` a standard method or `other`, `status` a code the server
/// itself chose.
///
/// The server's requests are counted in `RequestCounters` (per event loop, atomics, no lock),
/// registered here by the observer and merged when rendering; the rest (`record(_:route:)` for
/// a status without a slot, connection events) sits behind one `Mutex`; the in-flight gauge is
/// an atomic.
public final class ServiceMetrics: Sendable {
    /// Histogram bucket bounds, in seconds: the service answers in well under a millisecond,
    /// so the buckets are fine at the low end.
    static let bucketBounds: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
    ]

    /// The bounds as durations, so that a request's bucket is found by comparing durations,
    /// without converting its duration to seconds (`Duration.components` divides 128-bit numbers).
    static let bucketDurations: [Duration] = bucketBounds.map { Duration.nanoseconds(Int64(($0 * 1e9).rounded())) }

    struct RequestKey: Hashable, Comparable {
        var route: String
        var method: String
        var status: Int

        static func < (a: Self, b: Self) -> Bool {
            (a.route, a.method, a.status) < (b.route, b.method, b.status)
        }

        /// Hashes the status and the labels' lengths, not their text: the label sets are small
        /// and closed, so equal keys still hash equal and the rare collision is settled by `==`,
        /// while a request pays for hashing three integers instead of two strings.
        func hash(into hasher: inout Hasher) {
            hasher.combine(status &+ route.utf8.count << 16 &+ method.utf8.count << 32)
        }
    }

    /// A `route` label as a dictionary key, hashed by its length (see `RequestKey.hash(into:)`).
    struct RouteKey: Hashable, Comparable {
        var route: String

        static func < (a: Self, b: Self) -> Bool { a.route < b.route }

        func hash(into hasher: inout Hasher) {
            hasher.combine(route.utf8.count)
        }
    }

    /// One route's latency histogram.
    struct Histogram {
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.bucketBounds.count)
        /// The sum of the durations, exact; converted to seconds when rendered.
        var total = Duration.zero
        var count = 0

        /// The sum in seconds, as the exposition format writes it.
        var sum: Double {
            let (seconds, attoseconds) = total.components
            return Double(seconds) + Double(attoseconds) / 1e18
        }
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var durations: [RouteKey: Histogram] = [:]
        var openConnections = 0
        var connectionsTotal = 0
        var connectionsRefused = 0
        var bytesIn = 0
        var bytesOut = 0
        var shed = 0
    }

    private let state = Mutex(State())
    private let inFlight = Atomic<Int>(0)
    /// The observers' counters, merged into the rendered state.
    private let counters = Mutex<[RequestCounters]>([])
    /// The server's memory budget, once it started (`ServerObserver.serverStarted(memory:)`).
    private let memory = Mutex<MemoryBudget?>(nil)

    public init() {}

    /// The `method` label of `method`: itself when standard, else `other`.
    /// The methods of RFC 9110 (and PATCH) keep their name; compared, not hashed.
    static func methodLabel(_ method: HTTPMethod) -> String {
        switch method.rawValue {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH": method.rawValue
        default: "other"
        }
    }

    /// Adds `counters` to what `render` shows (once, when an observer is made).
    func register(_ counters: RequestCounters) {
        self.counters.withLock { $0.append(counters) }
    }

    /// Counts one answered request under `route`, a bounded label (see `ServiceObserver`), behind
    /// the lock: the way for statuses `RequestCounters` has no slot for.
    func record(_ record: RequestRecord, route: String) {
        let key = RequestKey(route: route, method: Self.methodLabel(record.method), status: record.status)
        let duration = record.duration
        let bucket = Self.bucketDurations.firstIndex { duration <= $0 }
        state.withLock { state in
            state.requests[key, default: 0] += 1
            state.durations[RouteKey(route: route), default: Histogram()].record(duration, bucket: bucket)
            state.bytesIn += record.bytesIn
            state.bytesOut += record.bytesOut
        }
    }

    func requestStarted() { inFlight.add(1, ordering: .relaxed) }
    func requestFinished() { inFlight.subtract(1, ordering: .relaxed) }

    func connectionOpened() {
        state.withLock {
            $0.openConnections += 1
            $0.connectionsTotal += 1
        }
    }

    func connectionClosed() {
        state.withLock { $0.openConnections -= 1 }
    }

    func connectionRefused() {
        state.withLock { $0.connectionsRefused += 1 }
    }

    /// The budget whose limit, held bytes and refusals `render` shows.
    func track(_ budget: MemoryBudget) {
        memory.withLock { $0 = budget }
    }

    /// Counts one request answered 503 because the worker queue was full.
    func requestShed() {
        state.withLock { $0.shed += 1 }
    }

    /// The Prometheus text format (version 0.0.4).
    public func render() -> String {
        var snapshot = state.withLock { $0 }
        for counters in counters.withLock({ $0 }) { counters.merge(into: &snapshot) }
        var text = """
            # HELP http_requests_total Requests answered, by operationId (route), method and status.
            # TYPE http_requests_total counter

            """
        for (key, count) in snapshot.requests.sorted(by: { $0.key < $1.key }) {
            text +=
                "http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)\n"
        }
        text += """
            # HELP http_request_duration_seconds Time from a request's arrival to its response, in seconds, by route.
            # TYPE http_request_duration_seconds histogram

            """
        for (key, histogram) in snapshot.durations.sorted(by: { $0.key < $1.key }) {
            let route = key.route
            var cumulative = 0
            for (bound, count) in zip(Self.bucketBounds, histogram.bucketCounts) {
                cumulative += count
                text += "http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            text += """
                http_request_duration_seconds_bucket{route="\(route)",le="+Inf"} \(histogram.count)
                http_request_duration_seconds_sum{route="\(route)"} \(histogram.sum)
                http_request_duration_seconds_count{route="\(route)"} \(histogram.count)

                """
        }
        text += """
            # HELP http_requests_in_flight Requests being handled now.
            # TYPE http_requests_in_flight gauge
            http_requests_in_flight \(inFlight.load(ordering: .relaxed))
            # HELP http_open_connections Connections open now.
            # TYPE http_open_connections gauge
            http_open_connections \(snapshot.openConnections)
            # HELP http_connections_total Connections accepted since start.
            # TYPE http_connections_total counter
            http_connections_total \(snapshot.connectionsTotal)
            # HELP http_connections_refused_total Connections answered 503 at once (over the limit, or draining).
            # TYPE http_connections_refused_total counter
            http_connections_refused_total \(snapshot.connectionsRefused)
            # HELP http_received_bytes_total Request bytes received (heads and bodies).
            # TYPE http_received_bytes_total counter
            http_received_bytes_total \(snapshot.bytesIn)
            # HELP http_sent_bytes_total Response bytes sent (heads and bodies).
            # TYPE http_sent_bytes_total counter
            http_sent_bytes_total \(snapshot.bytesOut)
            # HELP timeline_layout_requests_shed_total Requests answered 503 because the worker queue was full.
            # TYPE timeline_layout_requests_shed_total counter
            timeline_layout_requests_shed_total \(snapshot.shed)

            """
        if let budget = memory.withLock({ $0 }) { text += Self.exposition(of: budget) }
        text += ProcessMetrics.read().exposition()
        text += BuildInfo.exposition()
        return text
    }
}

extension ServiceMetrics {
    /// The memory budget's gauges and refusal counters (labels: the closed `Kind` and `Refusal` sets).
    static func exposition(of budget: MemoryBudget) -> String {
        var text = """
            # HELP timeline_layout_memory_budget_bytes Bytes of request bodies and unsent responses the server may hold at once.
            # TYPE timeline_layout_memory_budget_bytes gauge
            timeline_layout_memory_budget_bytes \(budget.limit)
            # HELP timeline_layout_memory_held_bytes Bytes held against the memory budget now, by kind.
            # TYPE timeline_layout_memory_held_bytes gauge

            """
        for kind in MemoryBudget.Kind.allCases {
            text += "timeline_layout_memory_held_bytes{kind=\"\(kind.label)\"} \(budget.heldBytes(kind))\n"
        }
        text += """
            # HELP timeline_layout_memory_refused_total Requests and HTTP/2 streams refused because the memory budget could not take their body, by reason.
            # TYPE timeline_layout_memory_refused_total counter

            """
        for reason in MemoryBudget.Refusal.allCases {
            text += "timeline_layout_memory_refused_total{reason=\"\(reason.label)\"} \(budget.refusals(reason))\n"
        }
        return text
    }
}

extension ServiceMetrics.Histogram {
    mutating func record(_ duration: Duration, bucket: Int?) {
        if let bucket { bucketCounts[bucket] += 1 }
        total += duration
        count += 1
    }
}
