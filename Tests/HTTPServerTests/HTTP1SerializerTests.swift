import Testing

@testable import HTTPServer

struct HTTP1SerializerTests {
    static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.text.components(separatedBy: "\r\n")
    }

    /// Status line, Server, Date, the handler's headers, Content-Length, Connection, then the body.
    @Test func writesHeadAndBody() throws {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("hello".utf8))
        let lines = Self.lines(serializer.serialize(response, isHeadRequest: false, closeConnection: false))
        #expect(lines[0] == "HTTP/1.1 200 OK")
        #expect(lines[1] == "Server: unit")
        #expect(lines[2].hasPrefix("Date: ") && lines[2].hasSuffix(" GMT") && lines[2].count == 35)
        #expect(
            Array(lines[3...]) == [
                "Content-Type: text/plain", "Content-Length: 5", "Connection: keep-alive", "", "hello",
            ])
    }

    /// HEAD keeps Content-Length of the body it does not send; close is announced.
    @Test func headDropsBody() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(body: Array("hello".utf8))
        let lines = Self.lines(serializer.serialize(response, isHeadRequest: true, closeConnection: true))
        #expect(Array(lines.suffix(4)) == ["Content-Length: 5", "Connection: close", "", ""])
    }

    /// Headers the server owns are not taken from the handler; 204 has no Content-Length.
    @Test func ownedHeadersAndNoContent() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(
            status: .noContent, headers: ["Content-Length": "99", "Connection": "upgrade", "Server": "x"],
            body: Array("ignored".utf8)
        )
        let lines = Self.lines(serializer.serialize(response, isHeadRequest: false, closeConnection: false))
        #expect(lines[0] == "HTTP/1.1 204 No Content")
        #expect(Array(lines[3...]) == ["Connection: keep-alive", "", ""])
    }

    /// IMF-fixdate of RFC 9110's example instant.
    @Test func dateFormat() {
        #expect(HTTPDateCache.format(784_111_777).text == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    /// Responses with CR/LF in headers, bad names or interim statuses are not writable.
    @Test func writability() {
        #expect(HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": "fine\tvalue"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": "a\nb"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(headers: ["X A": "b"])))
        let long = String(repeating: "v", count: 40)  // a native (heap) string, not a small one
        #expect(HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": long + "\u{e9}"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": long + "\u{7f}"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": "ok", "X-B": long + "\0"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(status: .switchingProtocols)))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(status: HTTPStatus(code: 200, reason: "O\r\nK"))))
    }
}

struct HTTP1SerializerTailTests {
    /// Content-Length digits are written without a String: zero, one digit, powers of ten, Int.max.
    @Test func digits() {
        for value in [0, 7, 10, 99, 100, 1_048_576, Int.max] {
            var buffer: [UInt8] = [UInt8(ascii: "x")]
            HTTP1Serializer.appendDigits(of: value, to: &buffer)
            #expect(buffer.text == "x\(value)")
        }
    }

    /// The precomputed status line is used for a standard reason; another reason is written as given.
    @Test func statusLines() {
        var buffer: [UInt8] = []
        HTTP1Serializer.appendStatusLine(.notFound, to: &buffer)
        HTTP1Serializer.appendStatusLine(HTTPStatus(code: 200, reason: "Fine"), to: &buffer)
        HTTP1Serializer.appendStatusLine(HTTPStatus(code: 299), to: &buffer)
        #expect(buffer.text == "HTTP/1.1 404 Not Found\r\nHTTP/1.1 200 Fine\r\nHTTP/1.1 299 Unknown\r\n")
    }

    /// The server's request ID replaces the handler's X-Request-Id and follows the handler's headers.
    @Test func requestIDFromTheRecord() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(headers: ["x-request-id": "forged", "X-Kept": "y"])
        var buffer: [UInt8] = []
        serializer.writeHead(response, requestID: "abc-1", closeConnection: false, into: &buffer)
        #expect(
            Array(HTTP1SerializerTests.lines(buffer)[3...]) == [
                "X-Kept: y", "X-Request-Id: abc-1", "Content-Length: 0", "Connection: keep-alive", "", "",
            ])
    }

    /// Owned headers are dropped whatever their case.
    @Test func ownedHeadersInAnyCase() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(headers: ["content-length": "99", "DATE": "x", "X-Kept": "y"])
        let lines = HTTP1SerializerTests.lines(
            serializer.serialize(response, isHeadRequest: false, closeConnection: true))
        #expect(Array(lines[3...]) == ["X-Kept: y", "Content-Length: 0", "Connection: close", "", ""])
    }
}
