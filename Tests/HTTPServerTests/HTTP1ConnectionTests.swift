import Foundation
import Testing

@testable import HTTPServer

struct HTTP1ConnectionTests {
    static let get = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"

    /// A request is handed to the responder; its response goes out keep-alive with its request ID
    /// beside it (the serializer writes it as X-Request-Id).
    @Test func requestThenResponse() throws {
        var harness = ConnectionHarness()
        let actions = harness.receive(Self.get)
        #expect(actions.summaries == ["handle 0 GET /a"])
        let context = try #require(actions.first?.context)
        #expect(context.requestID == "test-0")
        #expect(context.remoteAddress == "127.0.0.1:1")
        #expect(!context.isDraining)
        let sent = harness.complete(0, "A")
        #expect(sent.summaries == ["send 200"])
        #expect(sent.first?.info?.requestID == "test-0")
        let wantsInput = harness.connection.wantsInput  // a mutating getter: read outside the macro
        #expect(wantsInput)
    }

    /// A sane client X-Request-Id is echoed; one over 200 characters or with spaces is replaced.
    @Test func requestIDEcho() throws {
        var harness = ConnectionHarness()
        let echoed = harness.receive("GET / HTTP/1.1\r\nHost: h\r\nX-Request-Id: abc-123\r\n\r\n")
        #expect(echoed.first?.context?.requestID == "abc-123")
        _ = harness.complete(0, "")
        let long = String(repeating: "x", count: 201)
        let replaced = harness.receive("GET / HTTP/1.1\r\nHost: h\r\nX-Request-Id: \(long)\r\n\r\n")
        #expect(replaced.first?.context?.requestID == "test-1")
        _ = harness.complete(1, "")
        let spaced = harness.receive("GET / HTTP/1.1\r\nHost: h\r\nX-Request-Id: a b\r\n\r\n")
        #expect(spaced.first?.context?.requestID == "test-2")
    }

    /// Pipelined requests finishing out of order are answered strictly in request order.
    @Test func pipelinedResponsesStayInOrder() {
        var harness = ConnectionHarness()
        let actions = harness.receive(
            Self.get + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n" + "GET /c HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(actions.summaries == ["handle 0 GET /a", "handle 1 GET /b", "handle 2 GET /c"])
        #expect(harness.complete(2, "C").isEmpty)
        #expect(harness.complete(1, "B").isEmpty)
        let sent = harness.complete(0, "A")
        #expect(sent.compactMap { $0.response?.body.text } == ["A", "B", "C"])
    }

    /// At most `maxPipelinedRequests` await responses; the rest wait in the buffer.
    @Test func pipelineDepthIsBounded() {
        var harness = ConnectionHarness(.init(maxPipelinedRequests: 2))
        let actions = harness.receive(String(repeating: Self.get, count: 3))
        #expect(actions.summaries == ["handle 0 GET /a", "handle 1 GET /a"])
        let wantsInput = harness.connection.wantsInput  // a mutating getter: read outside the macro
        #expect(!wantsInput)
        #expect(harness.complete(0, "").summaries == ["send 200", "handle 2 GET /a"])
    }

    /// `Connection: close` ends the connection after its response; later bytes are ignored.
    @Test func connectionClose() {
        var harness = ConnectionHarness()
        let actions = harness.receive("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n" + Self.get)
        #expect(actions.summaries == ["handle 0 GET /"])
        #expect(harness.complete(0, "").summaries == ["send 200 close", "close"])
        #expect(harness.receive(Self.get).isEmpty)
    }

    /// HTTP/1.0 closes by default and stays open with `Connection: keep-alive`.
    @Test func http10() {
        var harness = ConnectionHarness()
        _ = harness.receive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(harness.complete(0, "").summaries == ["send 200"])
        _ = harness.receive("GET / HTTP/1.0\r\n\r\n")
        #expect(harness.complete(1, "").summaries == ["send 200 close", "close"])
    }

    /// HEAD responses are marked so the writer drops the body.
    @Test func headRequest() {
        var harness = ConnectionHarness()
        _ = harness.receive("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(harness.complete(0, "body").summaries == ["send 200 head"])
    }

    /// `Expect: 100-continue` gets `100 Continue` after the head, before the body is read.
    @Test func expectContinue() {
        var harness = ConnectionHarness()
        let head = "POST /e HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        #expect(harness.receive(head).summaries == ["continue"])
        let actions = harness.receive("ok")
        #expect(actions.summaries == ["handle 0 POST /e"])
        #expect(actions.first?.request?.body.text == "ok")
    }

    /// Behind a pending response, the 100 Continue waits until that response is sent.
    @Test func expectContinueAfterPendingResponse() {
        var harness = ConnectionHarness()
        let head = "POST /e HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        #expect(harness.receive(Self.get + head).summaries == ["handle 0 GET /a"])
        #expect(harness.complete(0, "").summaries == ["send 200", "continue"])
    }

    /// A body announced over the limit is refused with 413 instead of 100 Continue.
    @Test func expectContinueRefusedWhenTooLarge() {
        var harness = ConnectionHarness(.init(limits: .init(maxHeaderBytes: 1024, maxBodyBytes: 10)))
        let head = "POST /e HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n"
        let actions = harness.receive(head)
        #expect(actions.summaries == ["send 413 close", "close"])
        #expect(actions.first?.response?.headers["Content-Type"] == "application/problem+json")
    }

    /// An expectation other than 100-continue is 417.
    @Test func unknownExpectation() {
        var harness = ConnectionHarness()
        let actions = harness.receive("POST / HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx")
        #expect(actions.summaries == ["send 417 close", "close"])
    }

    /// POST without Content-Length or Transfer-Encoding is 411; the connection stays usable.
    @Test func lengthRequired() {
        var harness = ConnectionHarness()
        #expect(harness.receive("POST / HTTP/1.1\r\nHost: h\r\n\r\n").summaries == ["send 411"])
        #expect(harness.receive(Self.get).summaries == ["handle 1 GET /a"])
    }

    /// A protocol error after a valid request: its response first, then one 400 problem and close.
    @Test func protocolErrorAfterPipelinedRequest() throws {
        var harness = ConnectionHarness()
        #expect(harness.receive(Self.get + "BAD REQUEST\r\n\r\n").summaries == ["handle 0 GET /a"])
        let actions = harness.complete(0, "A")
        #expect(actions.summaries == ["send 200", "send 400 close", "close"])
        let problem = try #require(actions[1].response)
        #expect(problem.headers["Content-Type"] == "application/problem+json")
        #expect(
            problem.body.text.hasPrefix(
                #"{"type":"urn:problem:timeline-layout:bad-request","title":"Bad Request","status":400,"detail":"#))
        #expect(harness.receive(Self.get).isEmpty)
    }

    /// A head not finished within the request-head timeout gets 408 and close.
    @Test func slowHeadTimesOut() {
        var harness = ConnectionHarness(.init(timeouts: .init(requestHead: .seconds(10), idle: .seconds(60))))
        _ = harness.receive("GET / HTTP/1.1\r\n")
        #expect(harness.advance(.seconds(9)).isEmpty)
        #expect(harness.advance(.seconds(1)).summaries == ["send 408 close", "close"])
    }

    /// A body not finished within the timeout after its head gets 408 and close.
    @Test func slowBodyTimesOut() {
        var harness = ConnectionHarness(.init(timeouts: .init(requestHead: .seconds(10), idle: .seconds(60))))
        _ = harness.receive("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nab")
        #expect(harness.advance(.seconds(9)).isEmpty)
        _ = harness.receive("c")
        #expect(harness.advance(.seconds(1)).summaries == ["send 408 close", "close"])
    }

    /// A silent keep-alive connection is closed after the idle timeout, without a response.
    @Test func idleTimeoutCloses() {
        var harness = ConnectionHarness(.init(timeouts: .init(requestHead: .seconds(10), idle: .seconds(60))))
        _ = harness.receive(Self.get)
        _ = harness.complete(0, "")
        #expect(harness.advance(.seconds(59)).isEmpty)
        #expect(harness.advance(.seconds(1)).summaries == ["close"])
    }

    /// No timeout fires while a response is pending.
    @Test func noTimeoutWhileHandling() {
        var harness = ConnectionHarness()
        _ = harness.receive(Self.get)
        #expect(harness.advance(.seconds(120)).isEmpty)
    }

    /// Draining closes an idle connection once it stayed quiet for `drainQuietTime` (500 ms).
    @Test func drainingClosesIdle() {
        var harness = ConnectionHarness()
        _ = harness.advance(.seconds(30))
        #expect(harness.connection.startDraining(now: harness.now).isEmpty)
        #expect(harness.advance(.milliseconds(499)).isEmpty)
        #expect(harness.advance(.milliseconds(1)).summaries == ["close"])
    }

    /// A request that reaches an idle connection just after draining began is answered with
    /// `Connection: close`, not cut (the drain test under wrk saw such requests fail).
    @Test func drainingAnswersRequestArrivingWhileQuiet() {
        var harness = ConnectionHarness()
        #expect(harness.connection.startDraining(now: harness.now).isEmpty)
        _ = harness.advance(.milliseconds(100))
        #expect(harness.receive(Self.get).summaries == ["handle 0 GET /a"])
        #expect(harness.complete(0, "").summaries == ["send 200 close", "close"])
    }

    /// Draining lets the request in progress finish; its response says `Connection: close`.
    @Test func drainingFinishesInFlight() throws {
        var harness = ConnectionHarness()
        _ = harness.receive("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\na")
        #expect(harness.connection.startDraining(now: harness.now).isEmpty)
        let actions = harness.receive("b")
        #expect(actions.summaries == ["handle 0 POST /"])
        #expect(actions.first?.context?.isDraining == true)
        #expect(harness.complete(0, "").summaries == ["send 200 close", "close"])
    }

    /// A dispatched request finishing after draining began gets `Connection: close`.
    @Test func drainingMarksLastResponse() {
        var harness = ConnectionHarness()
        _ = harness.receive(Self.get)
        #expect(harness.connection.startDraining(now: harness.now).isEmpty)
        #expect(harness.complete(0, "").summaries == ["send 200 close", "close"])
    }

    /// The peer ending its input mid-request gets a 400; after complete requests, just close.
    @Test func inputClosed() {
        var truncated = ConnectionHarness()
        _ = truncated.receive("GET / HTTP/1.1\r\nHost")
        #expect(truncated.connection.inputClosed(now: truncated.now).summaries == ["send 400 close", "close"])
        var finished = ConnectionHarness()
        _ = finished.receive(Self.get)
        #expect(finished.connection.inputClosed(now: finished.now).isEmpty)
        #expect(finished.complete(0, "").summaries == ["send 200 close", "close"])
    }

    /// A response that could inject headers (CR LF in a value) or has a 1xx status becomes a 500.
    @Test func unwritableResponsesBecome500() {
        var harness = ConnectionHarness()
        _ = harness.receive(Self.get + Self.get)
        let injected = HTTPResponse(headers: ["X-Evil": "a\r\nSet-Cookie: b"])
        let first = harness.connection.complete(sequence: 0, with: injected, now: harness.now)
        #expect(first.summaries == ["send 500"])
        let interim = harness.connection.complete(sequence: 1, with: HTTPResponse(status: .continue), now: harness.now)
        #expect(interim.summaries == ["send 500"])
    }
}
