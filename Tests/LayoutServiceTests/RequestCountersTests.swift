import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// The per-loop request counters (`RequestCounters`): what `/metrics` renders is the sum of every
/// loop's counts and of the locked slow path, exactly.
struct RequestCountersTests {
    static func record(
        _ method: HTTPMethod, status: Int, loop: Int, microseconds: Int64 = 50, bytesIn: Int = 10, bytesOut: Int = 100
    ) -> RequestRecord {
        RequestRecord(
            method: method, path: "/healthz", status: status, duration: .microseconds(microseconds), bytesIn: bytesIn,
            bytesOut: bytesOut, requestID: "r", remoteAddress: nil, protocolVersion: "HTTP/1.1",
            operationID: "getHealth", loopIndex: loop)
    }

    static func observer() -> (ServiceObserver, ServiceMetrics) {
        let metrics = ServiceMetrics()
        let routes = RouteLabels(LayoutAPI().router.routes)
        return (ServiceObserver(metrics: metrics, log: AccessLog(format: .off), routes: routes, loops: 2), metrics)
    }

    /// Counts from two loops, a loop past the block count, a made-up method, a status without a
    /// slot and the locked path add up to one series each.
    @Test func mergedCountsAreTheSum() {
        let (observer, metrics) = Self.observer()
        for _ in 0..<3 { observer.requestCompleted(Self.record(.get, status: 200, loop: 0)) }
        for _ in 0..<2 { observer.requestCompleted(Self.record(.get, status: 200, loop: 1)) }
        observer.requestCompleted(Self.record(.get, status: 200, loop: 5))  // shares block 1
        observer.requestCompleted(Self.record(HTTPMethod(rawValue: "BREW"), status: 200, loop: 1))
        observer.requestCompleted(Self.record(.get, status: 299, loop: 0))  // no slot: the locked path
        metrics.record(Self.record(.get, status: 200, loop: 0), route: "getHealth")  // the locked path too
        let text = metrics.render()
        let requests = MetricsTests.series(text, "http_requests_total")
        #expect(
            requests == [
                #"http_requests_total{route="getHealth",method="GET",status="200"} 7"#,
                #"http_requests_total{route="getHealth",method="GET",status="299"} 1"#,
                #"http_requests_total{route="getHealth",method="other",status="200"} 1"#,
            ])
        #expect(text.contains(#"http_request_duration_seconds_count{route="getHealth"} 9"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="getHealth",le="0.0001"} 9"#))
        #expect(text.contains(#"http_request_duration_seconds_sum{route="getHealth"} 0.00045"#))
        #expect(MetricsTests.series(text, "http_received_bytes_total") == ["http_received_bytes_total 90"])
        #expect(MetricsTests.series(text, "http_sent_bytes_total") == ["http_sent_bytes_total 900"])
    }

    /// The record's parts reported one by one (`requestCompleted(method:...)`, what HTTP/2 calls)
    /// count and log exactly what the record itself does: with the log off (no record made), on
    /// in either format, for a status without a slot (the locked path) and an unrouted path.
    @Test func partsReportWhatTheRecordDoes() throws {
        let records = [
            RequestRecord(
                method: .get, path: "/healthz", status: 200, duration: .microseconds(70), bytesIn: 40, bytesOut: 120,
                id: RequestContext.ID("p-3"), remoteAddress: "10.0.0.1:5", protocolVersion: "HTTP/2.0",
                userAgentValue: .bytes(ArraySlice("agent/1".utf8)), operationID: "getHealth", loopIndex: 1),
            RequestRecord(
                method: .get, path: "/healthz", status: 299, duration: .milliseconds(4), bytesIn: 41, bytesOut: 121,
                id: RequestContext.ID("given"), remoteAddress: nil, protocolVersion: "HTTP/2.0", userAgentValue: nil,
                operationID: "getHealth", loopIndex: 0),
            RequestRecord(
                method: HTTPMethod(rawValue: "BREW"), path: "/nope", status: 404, duration: .seconds(2), bytesIn: 7,
                bytesOut: 9, id: RequestContext.ID("p-4"), remoteAddress: "10.0.0.2:6",
                protocolVersion: "HTTP/2.0", userAgentValue: .text("agent/2"), operationID: nil, loopIndex: 3),
        ]
        let time = try Regex(#"\[[^\]]*\]|"time":"[^"]*""#)
        for format in LogFormat.allCases {
            var texts: [(metrics: [[Substring]], log: String)] = []
            for byParts in [false, true] {
                let recorder = AccessLogBufferTests.Recorder()
                let metrics = ServiceMetrics()
                let observer = ServiceObserver(
                    metrics: metrics, log: AccessLog(format: format, output: recorder.output()),
                    routes: RouteLabels(LayoutAPI().router.routes), loops: 2)
                for record in records {
                    if byParts {
                        observer.requestCompleted(
                            method: record.method, path: record.path, status: record.status,
                            duration: record.duration, bytesIn: record.bytesIn, bytesOut: record.bytesOut,
                            id: record.id,
                            remoteAddress: record.remoteAddress, protocolVersion: record.protocolVersion,
                            userAgentValue: record.userAgentValue, operationID: record.operationID,
                            loopIndex: record.loopIndex)
                    } else {
                        observer.requestCompleted(record)
                    }
                }
                observer.serverStopped()
                let text = metrics.render()
                let names = [
                    "http_requests_total", "http_request_duration_seconds_bucket", "http_request_duration_seconds_sum",
                    "http_request_duration_seconds_count", "http_received_bytes_total", "http_sent_bytes_total",
                ]
                texts.append((names.map { MetricsTests.series(text, $0) }, recorder.text.replacing(time, with: "")))
            }
            #expect(texts[0].metrics == texts[1].metrics)
            #expect(texts[0].log == texts[1].log)
            #expect(texts[1].metrics[0].count == 3)
            #expect(texts[1].log.split(separator: "\n").count == (format == .off ? 0 : 3))
            #expect(texts[1].log.contains("agent/1") == (format != .off))
        }
    }

    /// A label's index is its position among the labels, found among labels of its length and
    /// of others; an unknown label (of a known length or not) has none.
    @Test func routeIndexAmongLabelsOfOneLength() {
        let counters = RequestCounters(routes: ["abc", "getHealth", "xyz", "putThings", "other"], blocks: 1)
        #expect(counters.routeIndex("abc") == 0)
        #expect(counters.routeIndex("getHealth") == 1)
        #expect(counters.routeIndex(String("xy") + "z") == 2)  // equal text in other storage
        #expect(counters.routeIndex("putThings") == 3)
        #expect(counters.routeIndex("other") == 4)
        #expect(counters.routeIndex("abd") == nil)
        #expect(counters.routeIndex("getHealthz") == nil)
        #expect(counters.routeIndex("") == nil)
    }

    /// Among three labels of one length, a longer one stored out of line and lengths between
    /// them with no label, each label is found at its own position; another text of a length
    /// with labels, one of a length without, and one longer than all have none.
    @Test func routeIndexAcrossLengths() {
        let long = "aRouteLabelLongerThanFifteenBytes"
        let counters = RequestCounters(routes: ["ab", "cd", "ef", "ghijk", long, "other"], blocks: 1)
        #expect(counters.routeIndex("ab") == 0)
        #expect(counters.routeIndex("cd") == 1)
        #expect(counters.routeIndex("ef") == 2)
        #expect(counters.routeIndex("ghijk") == 3)
        #expect(counters.routeIndex(String(long.prefix(20)) + long.dropFirst(20)) == 4)
        #expect(counters.routeIndex("other") == 5)
        #expect(counters.routeIndex("gh") == nil)
        #expect(counters.routeIndex("abc") == nil)
        #expect(counters.routeIndex(long + "s") == nil)
        #expect(counters.routeIndex("a") == nil)
    }

    /// The service's own labels: each one's index is its position in the sorted list.
    @Test func routeIndexOfTheServicesLabels() {
        let labels = RouteLabels(LayoutAPI().router.routes).labels
        let counters = RequestCounters(routes: labels, blocks: 1)
        #expect(labels.count == 13)
        for (position, label) in labels.enumerated() { #expect(counters.routeIndex(label) == position) }
    }

    /// Two threads counting at once, on their own loops and on a shared one, lose no count.
    @Test func concurrentLoopsLoseNothing() async {
        let (observer, metrics) = Self.observer()
        await withTaskGroup(of: Void.self) { group in
            for loop in 0..<2 {
                group.addTask {
                    for round in 0..<5_000 {
                        observer.requestCompleted(Self.record(.post, status: 422, loop: round % 2 == 0 ? loop : 0))
                    }
                }
            }
        }
        let text = metrics.render()
        #expect(
            MetricsTests.series(text, "http_requests_total") == [
                #"http_requests_total{route="getHealth",method="POST",status="422"} 10000"#
            ])
        #expect(MetricsTests.series(text, "http_received_bytes_total") == ["http_received_bytes_total 100000"])
    }

    /// Methods keep their label when standard and count as `other` otherwise, case-sensitively.
    @Test func methodIndices() {
        let labels = RequestCounters.methods
        #expect(labels[RequestCounters.methodIndex(.get)] == "GET")
        #expect(labels[RequestCounters.methodIndex(.options)] == "OPTIONS")
        #expect(labels[RequestCounters.methodIndex(HTTPMethod(rawValue: "CONNECT"))] == "CONNECT")
        #expect(labels[RequestCounters.methodIndex(HTTPMethod(rawValue: "get"))] == "other")
        #expect(labels[RequestCounters.methodIndex(HTTPMethod(rawValue: "PUTS"))] == "other")
        #expect(RequestCounters.statusIndex(200) == 0 && RequestCounters.statusIndex(299) == nil)
        #expect(RequestCounters.statusIndex(-1) == nil && RequestCounters.statusIndex(600) == nil)
    }
}

/// `RequestCounters.measure`: the nanoseconds and bucket of a duration, on 64-bit integers, as
/// `Duration.components` and comparisons of durations give them.
struct RequestCountersMeasureTests {
    /// Exactly at a bound, one attosecond past it, just under it, zero, negative, past every
    /// bound, and over 9.2 seconds (the 128-bit path): the same as the Duration arithmetic.
    @Test func measureMatchesDurationArithmetic() {
        let bounds = ServiceMetrics.bucketDurations
        var durations: [Duration] = [.zero, .nanoseconds(-3), .seconds(-20), .seconds(9), .seconds(10), .seconds(500)]
        for bound in bounds {
            durations += [
                bound, bound + Duration(secondsComponent: 0, attosecondsComponent: 1), bound - .nanoseconds(1),
            ]
        }
        for duration in durations {
            let (seconds, attoseconds) = duration.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            let measured = RequestCounters.measure(duration)
            #expect(measured.nanoseconds == nanoseconds, "\(duration)")
            #expect(measured.bucket == bounds.firstIndex { duration <= $0 }, "\(duration)")
        }
        #expect(RequestCounters.measure(.milliseconds(3)).nanoseconds == 3_000_000)
        #expect(RequestCounters.measure(.milliseconds(3)).bucket == 5)  // 0.0025 < 0.003 <= 0.005
    }
}
