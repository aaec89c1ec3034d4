import Testing

@testable import HTTPServer

/// The `User-Agent` travels from the head to the record as bytes, and reads as the text sent.
struct UserAgentValueTests {
    /// A head's bytes (long enough not to be a small string, with invalid UTF-8 repaired), then
    /// set as text: the record reads the same value either way.
    @Test func keptAsBytesReadAsText() {
        var record = RequestRecord(
            method: .get, path: "/healthz", status: 200, duration: .zero, bytesIn: 1, bytesOut: 2,
            requestID: "r", remoteAddress: nil, protocolVersion: "HTTP/1.1")
        #expect(record.userAgent == nil)
        record.userAgentValue = .bytes(Array("h2load nghttp2/1.52.0 \u{e9}".utf8)[...])
        #expect(record.userAgent == "h2load nghttp2/1.52.0 \u{e9}")
        record.userAgentValue = .bytes([0x61, 0xFF][...])
        #expect(record.userAgent == "a\u{FFFD}")
        record.userAgent = "curl/8"
        #expect(record.userAgent == "curl/8")
        record.userAgent = nil
        #expect(record.userAgentValue == nil)
    }
}
