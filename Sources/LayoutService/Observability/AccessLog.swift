import Foundation
import HTTPServer
import JSONBytes
import PhotoLayout

#if canImport(Glibc)
    import Glibc
#endif

/// One line per request on standard output: text for people, JSON for log pipelines.
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json, off
}

/// The access log. `text` is the Combined Log Format with the duration and request ID
/// appended (the referer is not recorded, so its field is always `-`):
///
///     127.0.0.1:5000 - - [30/Nov/2026:21:45:37 +0000] "POST /v1/timeline/layout HTTP/1.1" 422 210 "-" "curl/8.1" 1.25ms id=…
///
/// `json` has the same fields, with an ISO-8601 `time` to the millisecond.
struct AccessLog: Sendable {
    var format: LogFormat

    func line(for record: RequestRecord, at date: Date = Date()) -> String? {
        let milliseconds =
            (Double(record.duration.components.seconds) * 1e3 + Double(record.duration.components.attoseconds) / 1e15)
        let duration = (milliseconds * 1000).rounded() / 1000
        switch format {
        case .off:
            return nil
        case .text:
            let request = "\(record.method.rawValue) \(record.path) \(record.protocolVersion)"
            return
                "\(record.remoteAddress ?? "-") - - [\(Self.commonLogTime(date))] \"\(Self.escaped(request))\" "
                + "\(record.status) \(record.bytesOut) \"-\" \"\(Self.escaped(record.userAgent ?? "-"))\" "
                + "\(duration)ms id=\(record.requestID)"
        case .json:
            // The same writer as the responses: RFC 8259 escaping, shortest numbers.
            var writer = JSONByteWriter(capacity: 256)
            writer.beginObject()
            writer.key("time")
            writer.string(
                ISO8601DateFormatter.string(
                    from: date, timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds]))
            writer.key("remote")
            writer.string(record.remoteAddress)
            writer.key("method")
            writer.string(record.method.rawValue)
            writer.key("path")
            writer.string(record.path)
            writer.key("protocol")
            writer.string(record.protocolVersion)
            writer.key("status")
            writer.number(record.status)
            writer.key("bytes_in")
            writer.number(record.bytesIn)
            writer.key("bytes_out")
            writer.number(record.bytesOut)
            writer.key("duration_ms")
            writer.number(duration)
            writer.key("request_id")
            writer.string(record.requestID)
            writer.key("user_agent")
            writer.string(record.userAgent)
            writer.endObject()
            return String(decoding: writer.finish(), as: UTF8.self)
        }
    }

    /// `[day/Mon/year:hh:mm:ss +0000]`'s inside, in UTC: the Common Log Format's time.
    static func commonLogTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let month = months[Int(max(0, min(11, parts.tm_mon)))]
        return
            "\(two(parts.tm_mday))/\(month)/\(parts.tm_year + 1900):\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }

    /// A client-sent field made safe inside a quoted log field: `"` and `\` escaped with a
    /// backslash, control characters and non-ASCII bytes as `\xHH` (as Apache and nginx do),
    /// so that no client can forge or break a line.
    static func escaped(_ text: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0x20..<0x7F:
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func write(_ record: RequestRecord) {
        guard let line = line(for: record) else { return }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            // One write(2) per line: lines from different threads never interleave.
            _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        }
    }
}

/// The server's observer: feeds the metrics and writes the access log.
struct ServiceObserver: ServerObserver {
    let metrics: ServiceMetrics
    let log: AccessLog
    let routes: RouteLabels
    /// This observer's per-loop counters, registered with `metrics`.
    let counters: RequestCounters

    /// - Parameter loops: event loops that get counters of their own (more share them).
    init(metrics: ServiceMetrics, log: AccessLog, routes: RouteLabels, loops: Int = 8) {
        self.metrics = metrics
        self.log = log
        self.routes = routes
        counters = RequestCounters(routes: routes.labels, blocks: loops)
        metrics.register(counters)
    }

    func connectionOpened() { metrics.connectionOpened() }
    func connectionClosed() { metrics.connectionClosed() }
    func connectionRefused() { metrics.connectionRefused() }
    func requestShed() { metrics.requestShed() }

    func requestCompleted(_ record: RequestRecord) {
        // The router's label when the server passed it on; else looked up (refusals, HTTP/2, 404).
        let route = record.operationID ?? routes.label(path: record.path, method: record.method)
        if !counters.record(record, route: route) { metrics.record(record, route: route) }
        if log.format != .off { log.write(record) }
    }
}
