import Testing

@testable import HTTPServer

/// A request whose head is all of it (no body) is started and finished in one step
/// (`HTTP1Connection.startWhole`): the same answers as a request that waits for its body.
struct HTTP1WholeRequestTests {
    /// The summaries of every action `text` provokes, fed whole or one byte at a time.
    private func summaries(_ text: String, byteByByte: Bool) -> [String] {
        var harness = ConnectionHarness()
        guard byteByByte else { return harness.receive(text).summaries }
        return text.utf8.flatMap { byte in
            harness.connection.received([byte], now: harness.now).summaries
        }
    }

    /// Bodiless requests of every shape: the same actions whole and split at every byte.
    @Test(arguments: [
        "GET /a HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n",
        "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\n\r\n",
        "POST /a HTTP/1.1\r\nHost: h\r\n\r\n",
        "HEAD /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        "\r\n\r\nGET /a HTTP/1.0\r\n\r\n",
    ])
    func splitAtEveryByte(_ text: String) {
        #expect(summaries(text, byteByByte: true) == summaries(text, byteByByte: false))
    }

    /// An unmet expectation on a bodiless request is 417 and close, the end left unread.
    @Test func unknownExpectationWithoutBody() {
        var harness = ConnectionHarness()
        #expect(
            harness.receive("GET / HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\n\r\n").summaries == [
                "send 417 close", "close",
            ])
        #expect(harness.receive(HTTP1ConnectionTests.get).isEmpty)
    }

    /// `100-continue` on a request without a body is accepted and owes no interim response.
    @Test func continueWithoutBodyIsNotSent() {
        var harness = ConnectionHarness()
        let actions = harness.receive("GET /a HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n")
        #expect(actions.summaries == ["handle 0 GET /a"])
        #expect(harness.complete(0, "A").summaries == ["send 200"])
    }

    /// A POST with `Content-Length: 0` is framed (no 411) and handled with an empty body.
    @Test func emptyFramedPost() throws {
        var harness = ConnectionHarness()
        let actions = harness.receive("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
        #expect(actions.summaries == ["handle 0 POST /a"])
        #expect(try #require(actions.first?.request).body.isEmpty)
    }

    /// Pipelined bodiless requests in one read: handled in order, each with its own size on the
    /// wire and its own request ID; answered in order.
    @Test func pipelinedWholeRequests() {
        var harness = ConnectionHarness()
        let first = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let second = "GET /bb HTTP/1.1\r\nHost: h\r\nUser-Agent: t\r\n\r\n"
        let actions = harness.receive(first + second)
        #expect(actions.summaries == ["handle 0 GET /a", "handle 1 GET /bb"])
        #expect(actions.map { $0.context?.requestID } == ["test-0", "test-1"])
        #expect(harness.complete(1, "B").isEmpty)
        let sent = harness.complete(0, "A")
        #expect(sent.summaries == ["send 200", "send 200"])
        #expect(sent.map { $0.info?.bytesIn } == [first.utf8.count, second.utf8.count])
        #expect(sent.map { $0.info?.userAgent } == [nil, "t"])
        #expect(sent.map { $0.info?.path } == ["/a", "/bb"])
    }

    /// A 411 is queued behind a pending response and goes out in order; the next request is served.
    @Test func lengthRequiredBehindPendingResponse() {
        var harness = ConnectionHarness()
        let actions = harness.receive(HTTP1ConnectionTests.get + "POST /p HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(actions.summaries == ["handle 0 GET /a"])
        #expect(harness.complete(0, "A").summaries == ["send 200", "send 411"])
        #expect(harness.receive(HTTP1ConnectionTests.get).summaries == ["handle 2 GET /a"])
    }
}
