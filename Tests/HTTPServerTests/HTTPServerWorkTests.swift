import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Handlers on the worker pool, over real sockets: load shedding, cancellation when the
/// client leaves, responses in order, trivial routes inline.
struct HTTPServerWorkTests {
    /// A server whose `/block` waits for `release` (after signalling `entered`) and whose
    /// `/count` answers how many times it ran.
    final class Harness: Sendable {
        let server: HTTPServer
        let port: Int
        let observer = RecordingObserver()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let counter = Counter()

        init(workers: Int, queue: Int) throws {
            var configuration = HTTPServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            configuration.workers = workers
            configuration.maxQueuedRequests = queue
            var router = Router()
            router.add(.get, "/block", operationID: "block") { [entered, release] _, _ in
                entered.signal()
                release.wait()
                return HTTPResponse(body: Array("block".utf8))
            }
            router.add(.get, "/count", operationID: "count") { [counter] _, _ in
                let count = counter.value.add(1, ordering: .relaxed).newValue
                return HTTPResponse(body: Array(String(count).utf8))
            }
            router.add(.get, "/quick", operationID: "quick", trivial: true) { _, _ in
                HTTPResponse(body: Array("quick".utf8))
            }
            server = HTTPServer(configuration: configuration, responder: router, observer: observer)
            port = try server.start()
        }

        func client() throws -> RawClient { try RawClient(port: port, receiveTimeout: 10) }

        func stop() {
            server.shutdown(grace: .milliseconds(100))
            server.waitUntilStopped()
        }

        /// Waits (hang guard 10 s) until `condition` holds.
        func wait(until condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while !condition() {
                if ContinuousClock.now > deadline { return false }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return true
        }
    }

    /// A count shared with handlers.
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    static func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n" }

    /// One worker, a queue of one: the third request is shed with 503, `Retry-After` and a
    /// problem, and counted; a trivial route is still answered inline meanwhile; the first two
    /// are answered once the worker is free.
    @Test func fullQueueSheds() throws {
        let harness = try Harness(workers: 1, queue: 1)
        defer { harness.stop() }
        let first = try harness.client()
        try first.send(Self.get("/block"))
        harness.entered.wait()
        let second = try harness.client()
        try second.send(Self.get("/count"))
        #expect(harness.wait { harness.server.waitingForWorkers == 1 })
        let third = try harness.client()
        try third.send(Self.get("/count"))
        let shed = try third.readResponse()
        #expect(shed.status == 503)
        #expect(shed.header("Retry-After") == "1")
        #expect(shed.header("Content-Type") == "application/problem+json")
        #expect(harness.observer.shed.load(ordering: .relaxed) == 1)
        try third.send(Self.get("/quick"))
        #expect(try third.readResponse().text == "quick")
        harness.release.signal()
        #expect(try first.readResponse().text == "block")
        #expect(try second.readResponse().text == "1")
    }

    /// A request queued behind a busy worker is dropped when its client resets the connection:
    /// the handler never runs for it. (A FIN alone is a half-close in HTTP/1.1: the request
    /// is still answered.)
    @Test func closedConnectionDropsQueuedWork() throws {
        let harness = try Harness(workers: 1, queue: 4)
        defer { harness.stop() }
        let first = try harness.client()
        try first.send(Self.get("/block"))
        harness.entered.wait()
        var leaving: RawClient? = try harness.client()
        try leaving?.send(Self.get("/count"))
        #expect(harness.wait { harness.server.waitingForWorkers == 1 })
        leaving?.resetOnClose()
        leaving = nil  // closes the socket
        #expect(harness.wait { harness.observer.closed.load(ordering: .relaxed) == 1 })
        #expect(harness.server.waitingForWorkers == 0)
        harness.release.signal()
        #expect(try first.readResponse().text == "block")
        let later = try harness.client()
        try later.send(Self.get("/count"))
        #expect(try later.readResponse().text == "1")  // the dropped request never counted
    }

    /// Pipelined requests run on two workers at once (half of four), yet their answers keep request order.
    @Test func pipelinedAnswersKeepOrder() throws {
        let harness = try Harness(workers: 4, queue: 4)  // two per connection
        defer { harness.stop() }
        let client = try harness.client()
        try client.send(Self.get("/block") + Self.get("/count"))
        harness.entered.wait()
        #expect(harness.wait { harness.counter.value.load(ordering: .relaxed) == 1 })  // /count done, held back
        harness.release.signal()
        #expect(try client.readResponse().text == "block")
        #expect(try client.readResponse().text == "1")
    }

    /// HTTP/2: a stream reset while its request waits for a worker is dropped: its handler never
    /// runs, and the connection's other stream is answered.
    @Test func resetStreamDropsItsWork() throws {
        let harness = try Harness(workers: 1, queue: 4)
        defer { harness.stop() }
        let client = try harness.client()
        try client.send(
            HTTP2ServerTests.opening + HTTP2ServerTests.get("/block", stream: 1)
                + HTTP2ServerTests.get("/count", stream: 3))
        harness.entered.wait()
        let reset: [UInt8] = [0, 0, 4, 3, 0, 0, 0, 0, 3, 0, 0, 0, 8]  // RST_STREAM 3 CANCEL
        let ping: [UInt8] = [0, 0, 8, 6, 0, 0, 0, 0, 0] + Array(repeating: 7, count: 8)
        try client.send(reset + ping)
        _ = try HTTP2ServerTests.readFrames(client) { frames in
            frames.contains { $0.type == 6 }  // the PING's ACK: the reset was read before it
        }
        harness.release.signal()
        let frames = try HTTP2ServerTests.readFrames(client) { frames in
            frames.contains { $0.type == 0 && $0.streamID == 1 }
        }
        #expect(frames.contains { $0.type == 0 && $0.streamID == 1 && $0.payload == Array("block".utf8) })
        #expect(!frames.contains { $0.streamID == 3 && $0.type == 0 })
        let later = try harness.client()
        try later.send(Self.get("/count"))
        #expect(try later.readResponse().text == "1")  // the reset stream never counted
    }
}
