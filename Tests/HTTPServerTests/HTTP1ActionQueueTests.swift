import Testing

@testable import HTTPServer

struct HTTP1ActionQueueTests {
    /// A `send` whose status tells the actions apart.
    static func send(_ code: Int) -> HTTP1Connection.Action {
        let info = HTTP1Connection.ResponseInfo(
            isHeadRequest: false, closeConnection: false, method: .get, path: "/", id: RequestContext.ID("r"),
            receivedMoment: .now, bytesIn: 0, version: .http11, isRefusal: false)
        return .send(HTTPResponse(status: HTTPStatus(code: code)), info)
    }

    /// Actions come out in the order they went in, across the ring's wrap and two growths.
    @Test func firstInFirstOutAcrossWrapAndGrowth() {
        let queue = HTTP1Connection.ActionQueue(capacity: 2)
        var pulled: [String] = []
        queue.append(Self.send(200))
        queue.append(Self.send(201))
        pulled.append(queue.next()?.summary ?? "none")  // head moves to 1: the next append wraps
        for code in 202...206 { queue.append(Self.send(code)) }  // grows from 2 to 4 to 8 while wrapped
        #expect(queue.count == 6)
        while let action = queue.next() { pulled.append(action.summary) }
        #expect(pulled == ["send 200", "send 201", "send 202", "send 203", "send 204", "send 205", "send 206"])
        #expect(queue.isEmpty && queue.next() == nil)
    }

    /// An action appended while the queue is being pulled (a completion's `send` after its
    /// `handle`) comes out after those already waiting.
    @Test func appendWhilePulling() {
        let queue = HTTP1Connection.ActionQueue(capacity: 4)
        queue.append(.sendContinue)
        queue.append(.close)
        var pulled: [String] = []
        while let action = queue.next() {
            pulled.append(action.summary)
            if pulled.count == 1 { queue.append(Self.send(200)) }
        }
        #expect(pulled == ["continue", "close", "send 200"])
    }

    /// `removeAll` drops what waits (a closed connection's rest) and `drain` hands it over as an array.
    @Test func removeAllAndDrain() {
        let queue = HTTP1Connection.ActionQueue(capacity: 2)
        for code in 200...204 { queue.append(Self.send(code)) }
        queue.removeAll()
        #expect(queue.isEmpty)
        queue.append(.close)
        queue.append(Self.send(404))
        #expect(queue.drain().map(\.summary) == ["close", "send 404"])
        #expect(queue.count == 0)
    }

    /// The machine appends to the caller's queue exactly the actions its array API returns.
    @Test func machineAppendsToTheCallersQueue() {
        var first = ConnectionHarness()
        var second = ConnectionHarness()
        let request = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        let expected = first.receive(request).map(\.summary)
        let queue = HTTP1Connection.ActionQueue()
        Array(request.utf8).withUnsafeBytes { second.connection.received($0, now: second.now, into: queue) }
        #expect(queue.drain().map(\.summary) == expected)
        #expect(expected == ["handle 0 GET /a", "handle 1 GET /b"])
    }
}
