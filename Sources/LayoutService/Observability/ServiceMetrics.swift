import HTTPServer
import Synchronization

/// Prometheus metrics of the service (DESIGN §7 `GET /metrics`): requests by route, method and
/// status, a latency histogram, open connections, bytes in and out. The server reports to it
/// as its `ServerObserver`; `/metrics` renders it in the text exposition format.
///
/// All state sits behind one `Mutex`, taken once per request and once per connection event.
public final class ServiceMetrics: Sendable {
    /// Histogram bucket bounds, in seconds: the service answers in well under a millisecond,
    /// so the buckets are fine at the low end.
    static let bucketBounds: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
    ]

    struct RequestKey: Hashable, Comparable {
        var route: String
        var method: String
        var status: Int

        static func < (a: Self, b: Self) -> Bool {
            (a.route, a.method, a.status) < (b.route, b.method, b.status)
        }
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.bucketBounds.count)
        var durationSum = 0.0
        var durationCount = 0
        var openConnections = 0
        var connectionsTotal = 0
        var bytesIn = 0
        var bytesOut = 0
        var shed = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Counts one answered request under `route`, a bounded label (see `ServiceObserver`).
    func record(_ record: RequestRecord, route: String) {
        let key = RequestKey(route: route, method: record.method.rawValue, status: record.status)
        let seconds = Double(record.duration.components.seconds) + Double(record.duration.components.attoseconds) / 1e18
        let bucket = Self.bucketBounds.firstIndex { seconds <= $0 }
        state.withLock { state in
            state.requests[key, default: 0] += 1
            if let bucket { state.bucketCounts[bucket] += 1 }
            state.durationSum += seconds
            state.durationCount += 1
            state.bytesIn += record.bytesIn
            state.bytesOut += record.bytesOut
        }
    }

    func connectionOpened() {
        state.withLock {
            $0.openConnections += 1
            $0.connectionsTotal += 1
        }
    }

    func connectionClosed() {
        state.withLock { $0.openConnections -= 1 }
    }

    /// Counts one request answered 503 because the worker queue was full.
    func requestShed() {
        state.withLock { $0.shed += 1 }
    }

    /// The Prometheus text format (version 0.0.4).
    public func render() -> String {
        let snapshot = state.withLock { $0 }
        var text = """
            # HELP http_requests_total Requests answered, by route, method and status.
            # TYPE http_requests_total counter

            """
        for (key, count) in snapshot.requests.sorted(by: { $0.key < $1.key }) {
            text +=
                "http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)\n"
        }
        text += """
            # HELP http_request_duration_seconds Time from a request's arrival to its response, in seconds.
            # TYPE http_request_duration_seconds histogram

            """
        var cumulative = 0
        for (bound, count) in zip(Self.bucketBounds, snapshot.bucketCounts) {
            cumulative += count
            text += "http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += """
            http_request_duration_seconds_bucket{le="+Inf"} \(snapshot.durationCount)
            http_request_duration_seconds_sum \(snapshot.durationSum)
            http_request_duration_seconds_count \(snapshot.durationCount)
            # HELP http_open_connections Connections open now.
            # TYPE http_open_connections gauge
            http_open_connections \(snapshot.openConnections)
            # HELP http_connections_total Connections accepted since start.
            # TYPE http_connections_total counter
            http_connections_total \(snapshot.connectionsTotal)
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
        return text
    }
}
