import Foundation
import HTTPServer

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
        let milliseconds = (Double(record.duration.components.seconds) * 1e3 + Double(record.duration.components.attoseconds) / 1e15)
        let duration = (milliseconds * 1000).rounded() / 1000
        switch format {
        case .off:
            return nil
        case .text:
            return "\(record.remoteAddress ?? "-") \"\(record.method.rawValue) \(record.path) \(record.protocolVersion)\" "
                + "\(record.status) \(record.bytesOut) \(duration)ms id=\(record.requestID)"
        case .json:
            let fields: [(String, String)] = [
                ("time", Self.quoted(ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds]))),
                ("remote", record.remoteAddress.map(Self.quoted) ?? "null"),
                ("method", Self.quoted(record.method.rawValue)),
                ("path", Self.quoted(record.path)),
                ("protocol", Self.quoted(record.protocolVersion)),
                ("status", String(record.status)),
                ("bytes_in", String(record.bytesIn)),
                ("bytes_out", String(record.bytesOut)),
                ("duration_ms", String(duration)),
                ("request_id", Self.quoted(record.requestID)),
            ]
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
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

    /// A JSON string literal (RFC 8259 escaping).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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

    func requestCompleted(_ record: RequestRecord) {
        metrics.record(record, route: knownPaths.contains(record.path) ? record.path : "other")
        log.write(record)
    }
}
