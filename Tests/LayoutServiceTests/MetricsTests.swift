import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// `/metrics` (docs/API.md §7): every label has a closed set of values, and the operator metrics
/// (latency by route, in flight, process_*, build info) are there.
@Suite(.serialized)
struct MetricsTests {
    /// The series of `name` (lines that start with it, comments aside).
    static func series(_ text: String, _ name: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
    }

    /// Made-up methods and unknown paths add no series: they count as method and route `other`.
    @Test func hostileTrafficAddsNoSeries() throws {
        let service = try RunningService()
        let client = try service.client()
        for round in 0..<25 {
            _ = try client.request("M\(round)X", "/healthz")
            _ = try client.request("GET", "/scan/\(round)")
            _ = try client.request("get", "/v1/grid?count=\(round)")
        }
        let text = try client.request("GET", "/metrics").text
        let requests = Self.series(text, "http_requests_total")
        #expect(
            requests == [
                #"http_requests_total{route="getGrid",method="other",status="405"} 25"#,
                #"http_requests_total{route="getHealth",method="other",status="405"} 25"#,
                #"http_requests_total{route="other",method="GET",status="404"} 25"#,
            ])
        // One histogram per route seen: 14 bounds + Inf, sum, count.
        #expect(Self.series(text, "http_request_duration_seconds_bucket").count == 3 * 15)
        #expect(text.contains(#"http_request_duration_seconds_count{route="other"} 25"#))
        #expect(!text.contains("M1X") && !text.contains("/scan"))
    }

    /// A duration on a bound falls in that bucket, one nanosecond more in the next; the sum is
    /// the exact total, in seconds.
    @Test func histogramBoundsAndSum() {
        let metrics = ServiceMetrics()
        for duration in [Duration.microseconds(100), .nanoseconds(100_001), .milliseconds(250)] {
            metrics.record(
                RequestRecord(
                    method: .get, path: "/healthz", status: 200, duration: duration, bytesIn: 1, bytesOut: 1,
                    requestID: "r", remoteAddress: nil, protocolVersion: "HTTP/1.1"),
                route: "getHealth")
        }
        let text = metrics.render()
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="getHealth",le="0.0001"} 1"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="getHealth",le="0.00025"} 2"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="getHealth",le="0.1"} 2"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="getHealth",le="0.25"} 3"#))
        #expect(text.contains(#"http_request_duration_seconds_sum{route="getHealth"} 0.250200001"#))
        #expect(text.contains(#"http_request_duration_seconds_count{route="getHealth"} 3"#))
    }

    /// HEAD counts under GET's operation; a known method on a known path under its own.
    @Test func routeLabels() {
        let labels = RouteLabels(LayoutAPI().router.routes)
        #expect(labels.label(path: "/v1/grid", method: .head) == "getGrid")
        #expect(labels.label(path: "/v1/timeline/layout", method: .post) == "layoutTimeline")
        #expect(labels.label(path: "/v1/timeline/layout", method: .options) == "layoutTimeline")
        #expect(labels.label(path: "/v1/timeline/layout/", method: .post) == "other")
        #expect(labels.label(path: "-", method: HTTPMethod(rawValue: "-")) == "other")
        #expect(ServiceMetrics.methodLabel(HTTPMethod(rawValue: "get")) == "other")
        #expect(ServiceMetrics.methodLabel(.patch) == "PATCH")
    }

    /// In flight counts the scrape itself; process_* read this process; build info names the version.
    @Test func operatorMetrics() throws {
        let service = try RunningService()
        let client = try service.client()
        let text = try client.request("GET", "/metrics").text
        #expect(Self.series(text, "http_requests_in_flight") == ["http_requests_in_flight 1"])
        #expect(Self.series(text, "http_connections_refused_total") == ["http_connections_refused_total 0"])
        #expect(
            Self.series(text, "timeline_layout_build_info") == [
                "timeline_layout_build_info{version=\"\(TimelineLayoutCommand.version)\",swift=\"\(BuildInfo.swiftVersion)\"} 1"
            ])
        func value(_ name: String) -> Double? {
            Self.series(text, name).first.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let process = ProcessMetrics.read()
        #expect((value("process_cpu_seconds_total") ?? 0) > 0)
        #expect((value("process_resident_memory_bytes") ?? 0) > 1_000_000)
        #expect((value("process_open_fds") ?? 0) >= 4)
        #expect(value("process_max_fds") == process.maxFDs.map(Double.init))
        let started = try #require(value("process_start_time_seconds"))
        // Started before now, and less than a day ago (a test process, not a boot-time guess).
        #expect(started <= Date().timeIntervalSince1970 + 1 && started > Date().timeIntervalSince1970 - 86_400)
    }
}
