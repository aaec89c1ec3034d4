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
///
/// Lines are gathered per event loop (`AccessLogBuffer`, chosen by `RequestRecord.loopIndex`)
/// and written once per batch of the loop (`batchEnded`), not once per request.
struct AccessLog: Sendable {
    var format: LogFormat
    /// One buffer per event loop; more loops share them (modulo), safely.
    let buffers: [AccessLogBuffer]

    /// - Parameters:
    ///   - loops: event loops that get a buffer of their own.
    ///   - limit: bytes a buffer holds before it is written in the middle of a batch.
    init(
        format: LogFormat, loops: Int = 8, output: AccessLogOutput = .standardOutput,
        limit: Int = AccessLogBuffer.defaultLimit
    ) {
        self.format = format
        buffers = (0..<max(1, loops)).map { _ in AccessLogBuffer(limit: limit, output: output) }
    }

    func line(for record: RequestRecord, at date: Date = Date()) -> String? {
        guard format != .off else { return nil }
        var bytes: [UInt8] = []
        appendLine(for: record, at: date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `record`'s line, without its newline, to `bytes` (nothing when the log is off).
    func appendLine(for record: RequestRecord, at date: Date, to bytes: inout [UInt8]) {
        let milliseconds =
            (Double(record.duration.components.seconds) * 1e3 + Double(record.duration.components.attoseconds) / 1e15)
        let duration = (milliseconds * 1000).rounded() / 1000
        switch format {
        case .off:
            return
        case .text:
            let request = "\(record.method.rawValue) \(record.path) \(record.protocolVersion)"
            let line =
                "\(record.remoteAddress ?? "-") - - [\(Self.commonLogTime(date))] \"\(Self.escaped(request))\" "
                + "\(record.status) \(record.bytesOut) \"-\" \"\(Self.escaped(record.userAgent ?? "-"))\" "
                + "\(duration)ms id=\(record.requestID)"
            bytes.append(contentsOf: line.utf8)
        case .json:
            // The same writer as the responses: RFC 8259 escaping, shortest numbers.
            var writer = JSONByteWriter(capacity: 256)
            writer.beginObject()
            writer.key("time")
            writer.string(
                Self.isoTime(date))
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
            bytes.append(contentsOf: writer.finish())
        }
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC (milliseconds rounded, as Foundation does), the JSON log's `time`: from
    /// `gmtime_r` and digits, as `commonLogTime`, with no formatter made per call
    /// (docs/decisions/090).
    static func isoTime(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = max(0, value)
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(Int(parts.tm_year) + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2)
        bytes.append(UInt8(ascii: "T"))
        digits(Int(parts.tm_hour), 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2)
        bytes.append(UInt8(ascii: "."))
        digits(fraction, 3)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
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

    /// Buffers `record`'s line in its loop's buffer (written at the loop's batch end, or at once
    /// when the buffer is full).
    func write(_ record: RequestRecord) {
        guard format != .off else { return }
        buffers[max(0, record.loopIndex) % buffers.count].append { bytes in
            appendLine(for: record, at: Date(), to: &bytes)
        }
    }

    /// Writes what loop `loop` buffered: its batch ended.
    func flush(loop: Int) {
        buffers[max(0, loop) % buffers.count].flush()
    }

    /// Writes every buffer: the server stopped.
    func flushAll() {
        for buffer in buffers { buffer.flushWaiting() }
    }
}

/// The server's observer: feeds the metrics and writes the access log.
final class ServiceObserver: ServerObserver {
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
    func serverStarted(memory: MemoryBudget) { metrics.track(memory) }

    /// Counts `record` and logs it: the same as its parts reported one by one.
    func requestCompleted(_ record: RequestRecord) {
        requestCompleted(
            method: record.method, path: record.path, status: record.status, duration: record.duration,
            bytesIn: record.bytesIn, bytesOut: record.bytesOut, id: record.id, remoteAddress: record.remoteAddress,
            protocolVersion: record.protocolVersion, userAgentValue: record.userAgentValue,
            operationID: record.operationID, loopIndex: record.loopIndex)
    }

    /// Counts a request from its record's parts and logs it; the record is made only when the
    /// access log writes it or the counters have no slot for it.
    func requestCompleted(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        id: RequestContext.ID, remoteAddress: String?, protocolVersion: String,
        userAgentValue: HTTPHeaders.Field.Storage?, operationID: String?, loopIndex: Int
    ) {
        // The router's label when the server passed it on; else looked up (refusals, HTTP/2, 404).
        let route = operationID ?? routes.label(path: path, method: method)
        let counted = counters.record(
            method: method, status: status, duration: duration, bytesIn: bytesIn, bytesOut: bytesOut,
            loopIndex: loopIndex, route: route)
        guard !counted || log.format != .off else { return }
        let record = RequestRecord(
            method: method, path: path, status: status, duration: duration, bytesIn: bytesIn, bytesOut: bytesOut,
            id: id,
            remoteAddress: remoteAddress, protocolVersion: protocolVersion, userAgentValue: userAgentValue,
            operationID: operationID, loopIndex: loopIndex)
        if !counted { metrics.record(record, route: route) }
        if log.format != .off { log.write(record) }
    }

    func batchEnded(loop: Int) {
        if log.format != .off { log.flush(loop: loop) }
    }

    func serverStopped() {
        if log.format != .off { log.flushAll() }
    }
}
