import Foundation
import HTTPServer
import Testing

@testable import LayoutService

struct AccessLogTests {
    static let record = RequestRecord(
        method: .post, path: "/v1/timeline/layout", status: 422, duration: .microseconds(1_250), bytesIn: 300,
        bytesOut: 210,
        requestID: "req-\"1\"", remoteAddress: "127.0.0.1:5000", protocolVersion: "HTTP/1.1")

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
    }

    /// The text line reads like a common log line; `off` writes nothing.
    @Test func textLineAndOff() {
        #expect(
            AccessLog(format: .text).line(for: Self.record)
                == #"127.0.0.1:5000 "POST /v1/timeline/layout HTTP/1.1" 422 210 1.25ms id=req-"1""#)
        #expect(AccessLog(format: .off).line(for: Self.record) == nil)
    }
}
