import Testing

@testable import HTTPServer

struct HTTP1ParserBodyTests {
    /// A body fed after its head goes into the body buffer sized by Content-Length, without
    /// waiting in the parser's buffer; the bytes after it (a pipelined request) stay buffered.
    @Test func bodyGoesStraightIntoItsBuffer() throws {
        var parser = HTTP1Parser()
        parser.feed(Array("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n".utf8))
        guard case .head(let head)? = try parser.next() else {
            Issue.record("no head")
            return
        }
        #expect(head.framing == .length(5))
        #expect(try parser.next() == nil)
        parser.feed(Array("hel".utf8))
        #expect(parser.bufferedByteCount == 0)
        #expect(parser.body.capacity >= 5)
        parser.feed(Array("loGET /b HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(parser.bufferedByteCount == "GET /b HTTP/1.1\r\nHost: a\r\n\r\n".utf8.count)
        guard case .end(let body, let byteCount)? = try parser.next() else {
            Issue.record("no end")
            return
        }
        #expect(body.text == "hello")
        #expect(byteCount == head.byteCount + 5)
        guard case .head(let next)? = try parser.next() else {
            Issue.record("no second head")
            return
        }
        #expect(next.target == "/b")
    }

    /// A body whose bytes arrive behind unparsed ones is read from the parser's buffer as before.
    @Test func bodyBehindBufferedBytes() throws {
        var parser = HTTP1Parser()
        let requests = try parser.requests("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi")
        #expect(requests.count == 1)
        #expect(requests.first?.body.text == "hi")
    }
}
