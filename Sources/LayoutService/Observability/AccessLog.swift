import Foundation
import HTTPServer
import PhotoLayout

#if canImport(Glibc)
    import Glibc
#endif

/// One line per request on standard output: text for people, JSON for log pipelines.
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json, off
}

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
            return
                "\(record.remoteAddress ?? "-") \"\(record.method.rawValue) \(record.path) \(record.protocolVersion)\" "
                + "\(record.status) \(record.bytesOut) \(duration)ms id=\(record.requestID)"
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
            writer.endObject()
            return String(decoding: writer.finish(), as: UTF8.self)
        }
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
    /// Paths with routes; requests to any other path count under the route label `other`,
    /// so that scanners cannot grow the label set without bound.
    let knownPaths: Set<String>

    func connectionOpened() { metrics.connectionOpened() }
    func connectionClosed() { metrics.connectionClosed() }
    func requestShed() { metrics.requestShed() }

    func requestCompleted(_ record: RequestRecord) {
        metrics.record(record, route: knownPaths.contains(record.path) ? record.path : "other")
        log.write(record)
    }
}
