import Testing

@testable import HTTPServer

/// Request IDs kept as a prefix and a number until read (`RequestContext.ID`).
struct RequestIDTests {
    /// A generated ID reads as `<prefix>-<number>`; a client's reads as itself.
    @Test func textForms() {
        #expect(RequestContext.ID(prefix: "a1f-2z", number: 0).description == "a1f-2z-0")
        #expect(RequestContext.ID(prefix: "a1f-2z", number: 1_234_567).description == "a1f-2z-1234567")
        #expect(RequestContext.ID("client-7").description == "client-7")
        var context = RequestContext(requestID: "x")
        context.id = RequestContext.ID(prefix: "p", number: 42)
        #expect(context.requestID == "p-42")
    }

    /// The serializer writes the same bytes as the text, without formatting a String.
    @Test func serializerWritesTheDigits() {
        var serializer = HTTP1Serializer(serverName: "unit")
        var buffer: [UInt8] = []
        for id in [RequestContext.ID(prefix: "tag-z", number: 90_210), RequestContext.ID("given-id")] {
            serializer.writeHead(HTTPResponse(), id: id, closeConnection: false, into: &buffer)
            #expect(HTTP1SerializerTests.lines(buffer).contains("X-Request-Id: \(id.description)"))
        }
    }
}
