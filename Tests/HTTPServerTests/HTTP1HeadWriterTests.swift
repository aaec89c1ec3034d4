import Testing

@testable import HTTPServer

/// The head is written into memory bounded beforehand (`HTTP1HeadWriter`): every kind of part
/// must fit its bound and land in order, whatever its size.
struct HTTP1HeadWriterTests {
    /// A reason that is not the standard one is written through the custom line, within its bound.
    @Test func customReasonInAFullHead() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let response = HTTPResponse(status: HTTPStatus(code: 299, reason: "Quite Fine"), body: Array("abc".utf8))
        var buffer: [UInt8] = []
        serializer.writeHead(response, requestID: "id-7", closeConnection: true, into: &buffer)
        let lines = HTTP1SerializerTests.lines(buffer)
        #expect(lines[0] == "HTTP/1.1 299 Quite Fine")
        #expect(Array(lines[3...]) == ["X-Request-Id: id-7", "Content-Length: 3", "Connection: close", "", ""])
    }

    /// A received (byte) value, a 64 KiB value (past any stack allocation) and a generated request
    /// ID with Int.max as its number are all written whole.
    @Test func largeAndReceivedValues() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let large = String(repeating: "v", count: 65_536)
        var headers = HTTPHeaders(received: [HTTPHeaders.Field(name: "X-Echo", bytes: Array("from wire".utf8)[...])])
        headers.add("X-Large", large)
        let response = HTTPResponse(headers: headers)
        var buffer: [UInt8] = [1, 2, 3]
        serializer.writeHead(
            response, id: RequestContext.ID(prefix: "p", number: Int.max), closeConnection: false, into: &buffer)
        #expect(
            Array(HTTP1SerializerTests.lines(buffer)[3...]) == [
                "X-Echo: from wire", "X-Large: \(large)", "X-Request-Id: p-\(Int.max)", "Content-Length: 0",
                "Connection: keep-alive", "", "",
            ])
    }

    /// The buffer holds only the last head: a shorter head after a longer one leaves nothing behind.
    @Test func buffersAreReplaced() {
        var serializer = HTTP1Serializer(serverName: "unit")
        var buffer: [UInt8] = []
        serializer.writeHead(
            HTTPResponse(headers: ["X-Long": String(repeating: "x", count: 500)]), closeConnection: false,
            into: &buffer)
        serializer.writeHead(HTTPResponse(status: .noContent), closeConnection: true, into: &buffer)
        let lines = HTTP1SerializerTests.lines(buffer)
        #expect(lines[0] == "HTTP/1.1 204 No Content")
        #expect(Array(lines[3...]) == ["Connection: close", "", ""])
    }

    /// Digits as the writer puts them: zero, one digit, powers of ten, Int.max.
    @Test func digits() {
        for value in [0, 7, 10, 99, 100, 1_048_576, Int.max] {
            var text = ""
            withUnsafeTemporaryAllocation(byteCount: HTTP1HeadWriter.maxDigits, alignment: 1) { room in
                var writer = HTTP1HeadWriter(room)
                writer.write(digitsOf: value)
                text = String(decoding: writer.written, as: UTF8.self)
            }
            #expect(text == "\(value)")
        }
    }
}
