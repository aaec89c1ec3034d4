import Foundation
import Testing

@testable import HTTPServer

/// Refusals answered before a request reaches the responder (413 from Content-Length, 431,
/// 408) keep what was read of the request: the client's `X-Request-Id`, the method and the
/// path; the limit's detail names the setting that raises it.
struct HTTP1RefusalRecordTests {
    static let limits = HTTPServerConfiguration.Limits(maxHeaderBytes: 1024, maxBodyBytes: 10)
    static let settings = HTTPServerConfiguration.LimitSettings(
        maxHeaderBytes: "--max-header-bytes / MAX_HEADER_BYTES", maxBodyBytes: "--max-body-bytes / MAX_BODY_BYTES")

    /// The `detail` of a problem+json response.
    static func detail(_ action: HTTP1Connection.Action?) throws -> String {
        let body = try #require(action?.response?.body)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        return try #require(object["detail"] as? String)
    }

    /// A Content-Length over the limit: 413 with the client's ID, the method and the path, and
    /// a detail naming the limit and its setting.
    @Test func contentLengthOverLimit() throws {
        var harness = ConnectionHarness(.init(limits: Self.limits, limitSettings: Self.settings))
        let actions = harness.receive(
            "POST /v1/timeline/layout HTTP/1.1\r\nHost: h\r\nX-Request-Id: client-413\r\nContent-Length: 11\r\n\r\n")
        #expect(actions.summaries == ["send 413 close", "close"])
        let info = try #require(actions.first?.info)
        #expect(info.requestID == "client-413")
        #expect(info.method == .post)
        #expect(info.path == "/v1/timeline/layout")
        #expect(info.version == .http11)
        #expect(info.isRefusal)
        #expect(
            try Self.detail(actions.first)
                == "The body exceeds 10 bytes, the server's limit (--max-body-bytes / MAX_BODY_BYTES).")
    }

    /// Without a named setting the detail is the sentence alone.
    @Test func unnamedLimit() throws {
        var harness = ConnectionHarness(.init(limits: Self.limits))
        let actions = harness.receive("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n")
        #expect(try Self.detail(actions.first) == "The body exceeds 10 bytes.")
        #expect(actions.first?.info?.requestID == "test-0")
    }

    /// A head over the limit: 431 with what its complete lines said (the ID sent before the
    /// line that overflowed), and a detail naming the header limit.
    @Test func headOverLimit() throws {
        var harness = ConnectionHarness(.init(limits: Self.limits, limitSettings: Self.settings))
        let padding = String(repeating: "x", count: 1100)
        let actions = harness.receive(
            "GET /v1/grid?count=4 HTTP/1.1\r\nHost: h\r\nX-Request-Id: client-431\r\nX-Pad: \(padding)\r\n\r\n")
        #expect(actions.summaries == ["send 431 close", "close"])
        let info = try #require(actions.first?.info)
        #expect(info.requestID == "client-431")
        #expect(info.method == .get)
        #expect(info.path == "/v1/grid")
        #expect(
            try Self.detail(actions.first)
                == "The request head exceeds 1024 bytes, the server's limit (--max-header-bytes / MAX_HEADER_BYTES).")
    }

    /// A HEAD refused for its head's size is answered without a body, as any HEAD.
    @Test func headRequestRefusal() {
        var harness = ConnectionHarness(.init(limits: Self.limits, limitSettings: Self.settings))
        let padding = String(repeating: "x", count: 1100)
        let actions = harness.receive("HEAD /h HTTP/1.1\r\nHost: h\r\nX-Pad: \(padding)\r\n\r\n")
        #expect(actions.summaries == ["send 431 close head", "close"])
    }

    /// A head not finished in time: 408 with the ID, method and path of the lines received.
    @Test func headTimeoutKeepsTheRequest() throws {
        var harness = ConnectionHarness(.init(timeouts: .init(requestHead: .seconds(2))))
        #expect(harness.receive("PUT /slow HTTP/1.1\r\nX-Request-Id: slow-1\r\nHo").isEmpty)
        let actions = harness.advance(.seconds(3))
        #expect(actions.summaries == ["send 408 close", "close"])
        let info = try #require(actions.first?.info)
        #expect(info.requestID == "slow-1")
        #expect(info.method == .put)
        #expect(info.path == "/slow")
    }

    /// A request line still incomplete, or malformed, leaves nothing to keep: `-` and a generated ID.
    @Test func nothingReadable() throws {
        var harness = ConnectionHarness(.init(timeouts: .init(requestHead: .seconds(2))))
        #expect(harness.receive("GET /not-yet-a-li").isEmpty)
        let late = try #require(harness.advance(.seconds(3)).first?.info)
        #expect(late.method.rawValue == "-")
        #expect(late.path == "-")
        #expect(late.requestID == "test-0")

        var other = ConnectionHarness()
        let malformed = try #require(other.receive("GET  /two-spaces HTTP/1.1\r\nX-Request-Id: k\r\n\r\n").first?.info)
        #expect(malformed.method.rawValue == "-")
        #expect(malformed.requestID == "test-0")
    }

    /// Fields up to a malformed one are kept; the refusal is the malformed field's 400.
    @Test func fieldsBeforeAMalformedOne() throws {
        var harness = ConnectionHarness()
        let actions = harness.receive("GET /q HTTP/1.1\r\nX-Request-Id: kept-1\r\nBad Name: v\r\nHost: h\r\n\r\n")
        #expect(actions.summaries == ["send 400 close", "close"])
        let info = try #require(actions.first?.info)
        #expect(info.requestID == "kept-1")
        #expect(info.path == "/q")
    }

    /// A chunked body over the limit names the setting too (the head was already read).
    @Test func chunkedBodyOverLimit() throws {
        var harness = ConnectionHarness(.init(limits: Self.limits, limitSettings: Self.settings))
        let actions = harness.receive(
            "POST /c HTTP/1.1\r\nHost: h\r\nX-Request-Id: c-1\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n0123456789a\r\n0\r\n\r\n"
        )
        #expect(actions.summaries == ["send 413 close", "close"])
        #expect(actions.first?.info?.requestID == "c-1")
        #expect(
            try Self.detail(actions.first)
                == "The body exceeds 10 bytes, the server's limit (--max-body-bytes / MAX_BODY_BYTES).")
    }

    /// The settings name the body's limit on a 413, the head's on a 431, nothing on another status.
    @Test func settingsNamedByStatus() {
        #expect(
            Self.settings.detail("The header list is larger than 9 bytes.", for: .requestHeaderFieldsTooLarge)
                == "The header list is larger than 9 bytes, the server's limit (--max-header-bytes / MAX_HEADER_BYTES)."
        )
        #expect(
            Self.settings.detail("The request body is larger than 9 bytes.", for: .contentTooLarge)
                == "The request body is larger than 9 bytes, the server's limit (--max-body-bytes / MAX_BODY_BYTES).")
        #expect(Self.settings.detail("Bad.", for: .badRequest) == "Bad.")
    }

    /// Chunked trailers over the head limit: 431 naming the header setting, with the request's ID.
    @Test func trailersOverLimit() throws {
        var harness = ConnectionHarness(.init(limits: Self.limits, limitSettings: Self.settings))
        let trailer = "X-T: " + String(repeating: "t", count: 1100)
        let actions = harness.receive(
            "POST /t HTTP/1.1\r\nHost: h\r\nX-Request-Id: t-1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(trailer)\r\n\r\n"
        )
        #expect(actions.summaries == ["send 431 close", "close"])
        #expect(actions.first?.info?.requestID == "t-1")
        #expect(
            try Self.detail(actions.first).hasSuffix(", the server's limit (--max-header-bytes / MAX_HEADER_BYTES)."))
    }
}
