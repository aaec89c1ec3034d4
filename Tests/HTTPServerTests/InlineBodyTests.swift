import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Routes that bound their cost by their body (`Router.add(inlineBodyBytes:)`): a body within the
/// bound is answered on the event loop, a larger one, or one to inflate, on the worker pool; one
/// round of the loop answers at most `EventLoop.inlineRoundBytes` of such bodies inline.
struct InlineBodyTests {
    /// The server under test, for handlers to look at: its loop and its memory budget (set once
    /// the server exists).
    final class ServerBox: Sendable {
        let server = Mutex<HTTPServer?>(nil)

        /// "loop" on the server's event loop, else "pool" (the only other threads that run handlers).
        var thread: String { server.withLock { $0 }?.eventLoops.first?.isInLoop == true ? "loop" : "pool" }
        var bodies: Int { server.withLock { $0 }?.memory.heldBytes(.bodies) ?? -1 }
    }

    /// `/where` answers where its handler ran; its inline bound is 64 bytes. `/pool` has none.
    static func router(_ box: ServerBox) -> Router {
        var router = Router()
        router.add(.post, "/where", operationID: "where", inlineBodyBytes: 64) { [box] _, _ in
            HTTPResponse(body: Array(box.thread.utf8))
        }
        router.add(.post, "/pool", operationID: "pool") { [box] _, _ in HTTPResponse(body: Array(box.thread.utf8)) }
        router.add(.post, "/held", operationID: "held", inlineBodyBytes: 64) { [box] _, _ in
            HTTPResponse(body: Array("\(box.thread) \(box.bodies)".utf8))
        }
        router.add(.get, "/quick", operationID: "quick", trivial: true) { _, _ in HTTPResponse(body: []) }
        return router
    }

    /// A started server (one loop, one worker) with `router(box)`.
    static func start(_ box: ServerBox) throws -> (HTTPServer, Int) {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.workers = 1
        let server = HTTPServer(configuration: configuration, responder: Self.router(box), observer: nil)
        box.server.withLock { $0 = server }
        return (server, try server.start())
    }

    /// Stops the server and lets the box go of it (its handlers hold the box).
    static func stop(_ server: HTTPServer, _ box: ServerBox) {
        server.shutdown(grace: .milliseconds(100))
        server.waitUntilStopped()
        box.server.withLock { $0 = nil }
    }

    static func post(_ path: String, _ body: [UInt8], gzip: Bool = false) -> [UInt8] {
        let head =
            "POST \(path) HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n"
            + (gzip ? "Content-Encoding: gzip\r\n" : "") + "\r\n"
        return Array(head.utf8) + body
    }

    /// Over a socket: 0, 5 and 64 bytes run on the loop's thread; 65 bytes, a gzip body of 25
    /// bytes and a route without a bound run on a worker.
    @Test func smallBodiesRunOnTheLoop() throws {
        let box = ServerBox()
        let (server, port) = try Self.start(box)
        defer { Self.stop(server, box) }
        let client = try RawClient(port: port, receiveTimeout: 10)
        let compressed = try #require(GzipDeflater().compress(Array("hello".utf8)))
        #expect(compressed.count == 25)
        let cases: [([UInt8], String)] = [
            (Self.post("/where", []), "loop"),
            (Self.post("/where", Array("hello".utf8)), "loop"),
            (Self.post("/where", Array(repeating: 0x61, count: 64)), "loop"),
            (Self.post("/where", Array(repeating: 0x61, count: 65)), "pool"),
            (Self.post("/where", compressed, gzip: true), "pool"),
            (Self.post("/pool", Array("hello".utf8)), "pool"),
        ]
        for (request, thread) in cases {
            try client.send(request)
            let got = try client.readResponse()
            #expect(got.text == thread, "\(got.status) \(got.text)")
        }
    }

    /// A body answered inline keeps its charge to the memory budget while its handler runs (a
    /// Content-Length body its size, a chunked one the first step, 16 KiB) and gives it back
    /// with the answer, as on the pool.
    @Test func inlineBodyChargeIsExact() throws {
        let box = ServerBox()
        let (server, port) = try Self.start(box)
        defer { Self.stop(server, box) }
        let client = try RawClient(port: port, receiveTimeout: 10)
        try client.send(Self.post("/held", Array("hello".utf8)))
        #expect(try client.readResponse().text == "loop 5")
        #expect(MemoryBudgetServerTests.held(server.memory, becomes: 0) == 0)
        try client.send("POST /held HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(try client.readResponse().text == "loop 16384")
        #expect(MemoryBudgetServerTests.held(server.memory, becomes: 0) == 0)
        try client.send(Self.post("/held", Array(repeating: 0x61, count: 65)))
        #expect(try client.readResponse().text == "pool 65")
        #expect(MemoryBudgetServerTests.held(server.memory, becomes: 0) == 0)
    }

    /// HTTP/2 as HTTP/1.1: a 5-byte body on stream 1 is answered on the loop, a 65-byte one on
    /// stream 3 on the pool, each with its charge held (a body without a length is charged in
    /// steps of 16 KiB, as a chunked one); nothing is held after.
    @Test func http2SmallBodiesRunOnTheLoop() throws {
        let box = ServerBox()
        let (server, port) = try Self.start(box)
        defer { Self.stop(server, box) }
        let client = try RawClient(port: port, receiveTimeout: 10)
        func post(_ body: [UInt8], stream: UInt32) -> [UInt8] {
            let path = Array("/held".utf8)
            let block: [UInt8] = [0x83, 0x86, 0x04, UInt8(path.count)] + path + [0x01, 1, UInt8(ascii: "t")]
            return RawHTTP2.frame(1, flags: 0x04, stream: stream, block)
                + RawHTTP2.frame(0, flags: 0x01, stream: stream, body)
        }
        try client.send(RawHTTP2.opening + post(Array("hello".utf8), stream: 1))
        let first = try HTTP2ServerTests.readFrames(client) { $0.contains { $0.type == 0 && $0.streamID == 1 } }
        #expect(first.contains { $0.type == 0 && $0.streamID == 1 && $0.payload == Array("loop 16384".utf8) })
        try client.send(post(Array(repeating: 0x61, count: 65), stream: 3))
        let second = try HTTP2ServerTests.readFrames(client) { $0.contains { $0.type == 0 && $0.streamID == 3 } }
        #expect(second.contains { $0.type == 0 && $0.streamID == 3 && $0.payload == Array("pool 16384".utf8) })
        #expect(MemoryBudgetServerTests.held(server.memory, becomes: 0) == 0)
    }

    /// One round's allowance: 8,192 bytes, a body counted as at least 256, so after 31 bodies of
    /// 60 bytes one of 64 takes the last 256 and the next goes to the pool, even an empty one; a
    /// trivial route is not counted; a body past the route's bound is not charged.
    @Test func roundAllowance() throws {
        let shared = ServerShared(
            configuration: HTTPServerConfiguration(), responder: Self.router(ServerBox()), observer: nil)
        let loop = try EventLoop(index: 0, shared: shared)
        defer { loop.discard() }
        #expect(EventLoop.inlineRoundBytes == 8192)
        #expect(EventLoop.inlineRequestFloor == 256)
        func inline(_ path: String, _ body: Int, method: HTTPMethod = .post) -> Bool {
            var request = HTTPRequest(method: method, target: path, body: Array(repeating: 0x61, count: body))
            return loop.answersInline(&request, responder: shared.responder)
        }
        for _ in 0..<31 { #expect(inline("/where", 60)) }
        #expect(loop.inlineAllowance == 8192 - 31 * 256)
        #expect(inline("/where", 64))
        #expect(loop.inlineAllowance == 0)
        #expect(!inline("/where", 1))
        #expect(!inline("/where", 0))
        #expect(inline("/quick", 0, method: .get))
        #expect(!inline("/pool", 1))
        #expect(loop.inlineAllowance == 0)
        loop.inlineAllowance = 300
        #expect(!inline("/where", 65))  // over the route's bound: not charged
        #expect(loop.inlineAllowance == 300)
        #expect(inline("/where", 10))
        #expect(loop.inlineAllowance == 44)
    }
}
