import Foundation
import HTTPServer
import Testing

@testable import LayoutService

struct AccessLogTests {
    static let record = RequestRecord(
        method: .post, path: "/v1/timeline/layout", status: 422, duration: .microseconds(1_250), bytesIn: 300,
        bytesOut: 210,
        requestID: "req-\"1\"", remoteAddress: "127.0.0.1:5000", protocolVersion: "HTTP/1.1",
        userAgent: "curl/8.1 \"x\"\n")

    /// `--log-format json`: one JSON object per line with every field, strings escaped.
    @Test func jsonLine() throws {
        let line = try #require(AccessLog(format: .json).line(for: Self.record, at: Date(timeIntervalSince1970: 0)))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "1970-01-01T00:00:00.000Z")
        #expect(object["method"] as? String == "POST" && object["path"] as? String == "/v1/timeline/layout")
        #expect(
            object["status"] as? Int == 422 && object["bytes_in"] as? Int == 300 && object["bytes_out"] as? Int == 210)
        #expect(object["duration_ms"] as? Double == 1.25)
        #expect(object["request_id"] as? String == "req-\"1\"" && object["remote"] as? String == "127.0.0.1:5000")
        #expect(object["user_agent"] as? String == "curl/8.1 \"x\"\n")
    }

    /// The text line is a Combined Log Format line (UTC time, user agent escaped so that no
    /// client can break or forge a line) with the duration and request ID; `off` writes nothing.
    @Test func textLineAndOff() {
        let date = Date(timeIntervalSince1970: 1_796_075_137.9)  // 2026-11-30 21:45:37.9 UTC
        #expect(
            AccessLog(format: .text).line(for: Self.record, at: date)
                == #"127.0.0.1:5000 - - [30/Nov/2026:21:45:37 +0000] "POST /v1/timeline/layout HTTP/1.1" 422 210 "-" "curl/8.1 \"x\"\x0a" 1.25ms id=req-"1""#
        )
        var anonymous = Self.record
        anonymous.userAgent = nil
        anonymous.path = "/caf\u{E9}"
        #expect(
            AccessLog(format: .text).line(for: anonymous, at: Date(timeIntervalSince1970: 0))
                == #"127.0.0.1:5000 - - [01/Jan/1970:00:00:00 +0000] "POST /caf\xc3\xa9 HTTP/1.1" 422 210 "-" "-" 1.25ms id=req-"1""#
        )
        #expect(AccessLog(format: .off).line(for: Self.record) == nil)
    }

    /// The JSON log's `time`, made from digits, is what `ISO8601DateFormatter` wrote (UTC, milliseconds).
    @Test func isoTimeMatchesFoundation() {
        let seconds: [Double] = [
            0, 951_782_400.5, 1_764_582_337.125, 1_796_083_199.875, 4_102_444_799.25, 59.001953125,
        ]
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let foundation = ISO8601DateFormatter.string(
                from: date, timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
            #expect(AccessLog.isoTime(date) == foundation, "\(value)")
        }
        #expect(AccessLog.isoTime(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
    }
}
