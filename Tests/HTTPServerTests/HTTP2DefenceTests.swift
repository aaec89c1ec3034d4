import CNghttp2
import Testing

@testable import HTTPServer

/// The HTTP/2 session's defences, fed bytes without sockets (DESIGN §8 "What one request may
/// cost"): cancellation, output bounds, per-stream deadlines, floods, conformance.
struct HTTP2DefenceTests {
    /// A stream reset after its request was handed out is reported once as abandoned (its work
    /// is cancelled by the loop); one answered before its reset is not.
    @Test func resetStreamIsAbandoned() throws {
        let session = HTTP2SessionTests.session()
        let client = HTTP2TestClient(server: session)
        let reset = client.request("GET", "/a")
        let answered = client.request("GET", "/b")
        client.exchange()
        #expect(client.pending.map(\.streamID) == [reset, answered])
        client.answer(try #require(client.pending.last), HTTP2SessionTests.text("b"))
        client.reset(reset)
        #expect(session.takeAbandonedStreams() == [reset])
        #expect(session.takeAbandonedStreams() == [])
        #expect(!session.hasOpenStreams)
    }
}
