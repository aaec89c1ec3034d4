import Testing

@testable import HTTPServer

struct HTTP1ParserTests {
    /// A GET yields its method, target, version and headers, an empty body and its wire size.
    @Test func parsesASimpleGET() throws {
        var parser = HTTP1Parser()
        let text = "GET /v1/grid?count=4 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n"
        let requests = try parser.requests(text)
        #expect(requests.count == 1)
        let head = try #require(requests.first?.head)
        #expect(head.method == .get)
        #expect(head.target == "/v1/grid?count=4")
        #expect(head.version == .http11)
        #expect(head.headers["host"] == "example.com")
        #expect(head.framing == .none)
        #expect(head.byteCount == text.utf8.count)
        #expect(requests[0].body.isEmpty)
        #expect(requests[0].byteCount == text.utf8.count)
        #expect(!parser.isMidRequest)
    }

    /// Header names match case-insensitively, repeated fields keep every value in order, OWS is trimmed.
    @Test func headersAreCaseInsensitiveAndRepeatable() throws {
        var parser = HTTP1Parser()
        let requests = try parser.requests(
            "GET / HTTP/1.1\r\nHOST: a\r\nX-Tag:  one \t\r\nx-tag: two\r\nX-Empty:\r\n\r\n"
        )
        let headers = try #require(requests.first?.head.headers)
        #expect(headers.values("X-TAG") == ["one", "two"])
        #expect(headers["x-tag"] == "one")
        #expect(headers["x-empty"] == "")
        #expect(headers.contains("Host"))
    }

    /// A Content-Length body fed one byte at a time arrives whole, after the head.
    @Test func contentLengthBodyAcrossFeeds() throws {
        var parser = HTTP1Parser()
        let text = "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world"
        var events: [String] = []
        var body: [UInt8] = []
        for byte in text.utf8 {
            parser.feed([byte])
            while let event = try parser.next() {
                switch event {
                case .head(let head): events.append("head \(head.framing)")
                case .end(let bytes, let count):
                    events.append("end \(count)")
                    body = bytes
                }
            }
        }
        #expect(events == ["head length(11)", "end \(text.utf8.count)"])
        #expect(body.text == "hello world")
    }

    /// Chunked bodies are de-chunked; extensions and trailers are accepted and dropped.
    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        var parser = HTTP1Parser()
        let text =
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value;flag\r\nhello\r\n6 ; q=\"x\"\r\n world\r\nA\r\n, chunked!\r\n0\r\nX-Trailer: yes\r\n\r\n"
        let requests = try parser.requests(text)
        #expect(requests.count == 1)
        #expect(requests[0].head.framing == .chunked)
        #expect(requests[0].body.text == "hello world, chunked!")
        #expect(requests[0].byteCount == text.utf8.count)
    }

    /// A pipelined pair split at every byte boundary yields the same two requests.
    @Test func pipelinedPairSplitAtEveryBoundary() throws {
        let text =
            "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
            + "POST /b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n"
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            var harness = ParserHarness()
            var requests = try harness.feed(Array(bytes[..<split]))
            requests += try harness.feed(Array(bytes[split...]))
            #expect(requests.map(\.head.target) == ["/a", "/b"], "split at \(split)")
            #expect(requests.map(\.body.text) == ["abc", "xy"], "split at \(split)")
            #expect(!harness.parser.isMidRequest)
        }
    }

    /// Empty lines before a request line are ignored (RFC 9112 §2.2).
    @Test func leadingEmptyLinesAreIgnored() throws {
        var parser = HTTP1Parser()
        let requests = try parser.requests("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(requests.map(\.head.target) == ["/"])
    }

    /// A truncated request waits for more bytes and reports being mid-request.
    @Test func truncatedInputWaits() throws {
        var parser = HTTP1Parser()
        #expect(try parser.requests("GET / HTTP/1.1\r\nHost: a\r\n").isEmpty)
        #expect(parser.isMidRequest)
        #expect(try parser.requests("\r\n").map(\.head.target) == ["/"])
    }

    /// HTTP/1.1 persists unless `Connection: close`; HTTP/1.0 only with `keep-alive`.
    @Test func keepAliveRules() throws {
        func keepAlive(_ text: String) throws -> Bool {
            var parser = HTTP1Parser()
            return try #require(parser.requests(text).first).head.keepAlive
        }
        #expect(try keepAlive("GET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(try !keepAlive("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n"))
        #expect(try !keepAlive("GET / HTTP/1.0\r\n\r\n"))
        #expect(try keepAlive("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))
    }

    /// A head over the limit is 431, whether or not its end has arrived.
    @Test func headerBlockLimit() {
        let limits = HTTPServerConfiguration.Limits(maxHeaderBytes: 64, maxBodyBytes: 1024)
        let long = "GET / HTTP/1.1\r\nHost: a\r\nX-Long: \(String(repeating: "x", count: 60))\r\n\r\n"
        #expect(HTTP1Parser.error(for: long, limits: limits)?.status == .requestHeaderFieldsTooLarge)
        let unfinished = "GET / HTTP/1.1\r\nX-Long: \(String(repeating: "x", count: 60))"
        #expect(HTTP1Parser.error(for: unfinished, limits: limits)?.kind == .headersTooLarge)
        let fits = "GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "x", count: 32))\r\n\r\n"
        #expect(fits.utf8.count == 64)
        #expect(HTTP1Parser.error(for: fits, limits: limits) == nil)
    }

    /// A body over the limit is 413: at the head for Content-Length, mid-body for chunks.
    @Test func bodyLimit() {
        let limits = HTTPServerConfiguration.Limits(maxHeaderBytes: 1024, maxBodyBytes: 10)
        let declared = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"
        #expect(HTTP1Parser.error(for: declared, limits: limits)?.status == .contentTooLarge)
        let exact = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789"
        #expect(HTTP1Parser.error(for: exact, limits: limits) == nil)
        let chunked = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n012345\r\n5\r\n"
        #expect(HTTP1Parser.error(for: chunked, limits: limits)?.kind == .bodyTooLarge)
        let huge = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n"
        #expect(HTTP1Parser.error(for: huge, limits: limits)?.status == .contentTooLarge)
    }

    /// After an error the parser is poisoned: it throws the same error again.
    @Test func errorsArePoisoning() {
        var parser = HTTP1Parser()
        parser.feed(Array("GET / HTTP/1.1\nHost: a\r\n\r\n".utf8))
        #expect(throws: HTTPParserError.self) { try parser.next() }
        parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(throws: HTTPParserError.self) { try parser.next() }
    }
}
