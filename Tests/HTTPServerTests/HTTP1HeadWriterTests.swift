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

/// A response written again with the same fields (a static answer) takes its head up to the
/// fields from the serializer's `HeadPrefix`: the bytes are those of a serializer writing it the
/// first time, whatever changes around it.
struct HTTP1HeadPrefixTests {
    /// What a fresh serializer writes for `response`: the head made field by field.
    static func fresh(_ response: HTTPResponse, id: RequestContext.ID?, close: Bool) -> [UInt8] {
        var serializer = HTTP1Serializer(serverName: "unit")
        var buffer: [UInt8] = []
        serializer.writeHead(response, id: id, closeConnection: close, into: &buffer)
        return buffer
    }

    /// The same static response five times, with other request IDs, other body lengths and both
    /// tails: each head equals a fresh serializer's (the Date line aside, which is per second).
    @Test func repeatedResponseIsWrittenTheSame() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let shared = HTTPResponse(headers: ["Content-Type": "application/json", "X-Request-Id": "handler's"])
        var buffer: [UInt8] = []
        for round in 0..<5 {
            var response = shared
            response.body = Array(repeating: UInt8(ascii: "a"), count: round * 7)
            let id = RequestContext.ID(prefix: "c\(round)", number: round * 1_000)
            serializer.writeHead(response, id: id, closeConnection: round == 3, into: &buffer)
            let expected = Self.fresh(response, id: id, close: round == 3)
            #expect(Self.withoutDate(buffer) == Self.withoutDate(expected))
            #expect(
                Array(HTTP1SerializerTests.lines(buffer)[3...5]) == [
                    "Content-Type: application/json", "X-Request-Id: c\(round)-\(round * 1_000)",
                    "Content-Length: \(round * 7)",
                ])
        }
    }

    /// What is kept is told apart: the same fields with another status, with the handler's
    /// `X-Request-Id` kept (no server ID) and dropped again, and a copy of the fields changed
    /// (which no longer shares their storage) are each written as they are.
    @Test func changedResponsesAreNotTakenForTheKeptOne() {
        var serializer = HTTP1Serializer(serverName: "unit")
        let shared = HTTPResponse(headers: ["Content-Type": "text/plain", "X-Request-Id": "handler's"])
        var changed = shared
        changed.headers.add("Cache-Control", "no-store")
        var renamed = shared
        renamed.status = HTTPStatus(code: 200, reason: "Fine")
        let id = RequestContext.ID("client-1")
        let sequence: [(HTTPResponse, RequestContext.ID?)] = [
            (shared, id), (shared, id), (shared, nil), (shared, nil), (shared, id),
            (HTTPResponse(status: .notFound, headers: shared.headers), id), (shared, id), (changed, id), (shared, id),
            (renamed, id), (renamed, id), (shared, id),
        ]
        var buffer: [UInt8] = []
        for (response, id) in sequence {
            serializer.writeHead(response, id: id, closeConnection: false, into: &buffer)
            #expect(Self.withoutDate(buffer) == Self.withoutDate(Self.fresh(response, id: id, close: false)))
        }
    }

    /// The head without its `Date` line (two serializers may write it in different seconds).
    static func withoutDate(_ head: [UInt8]) -> [String] {
        HTTP1SerializerTests.lines(head).filter { !$0.hasPrefix("Date: ") }
    }
}
