import Foundation
import Testing

@testable import HTTPServer

/// Large request bodies over a socket: the rest of a Content-Length body is read straight into
/// its buffer by the event loop; the requests around it are unaffected.
struct HTTPServerBodyIOTests {
    /// A 300 KB body sent in slices with pauses (so the loop reads it in many pieces, most of
    /// them directly), a pipelined request right behind it: both answered, the body echoed whole.
    @Test func largeBodyInSlicesThenPipelined() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client()
        let size = 300_000
        let body = (0..<size).map { UInt8($0 % 251) }
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(size)\r\n\r\n")
        var offset = 0
        while offset < size - 100 {
            let end = min(size - 100, offset + 40_000)
            try client.send(Array(body[offset..<end]))
            offset = end
            Thread.sleep(forTimeInterval: 0.01)
        }
        try client.send(Array(body[offset...]) + Array("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        let echoed = try client.readResponse()
        #expect(echoed.status == 200)
        #expect(echoed.body.count == size)
        let whole = echoed.body == body  // a Bool: a failure should not print 300 000 bytes
        #expect(whole)
        #expect(try client.readResponse().text == "hello")
        let records = server.observer.records.withLock { $0 }
        let head = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(size)\r\n\r\n".utf8.count
        #expect(records.first?.bytesIn == head + size)
    }

    /// A body over the limit is 413 before any of it is read, and the connection is closed.
    @Test func bodyOverTheLimitIsRefused() throws {
        let server = try TestServer { $0.limits.maxBodyBytes = 100_000 }
        defer { server.stop() }
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100001\r\n\r\n")
        #expect(try client.readResponse().status == 413)
        #expect(client.readsEOF())
    }

    /// A client that stops halfway through a large body and shuts its side gets 400, and the
    /// connection is closed and counted closed; the server goes on answering others.
    @Test func clientClosingMidBody() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 200000\r\n\r\n")
        try client.send([UInt8](repeating: 7, count: 60_000))
        Thread.sleep(forTimeInterval: 0.05)
        try client.send([UInt8](repeating: 7, count: 60_000))
        client.shutdownWrite()
        #expect(try client.readResponse().status == 400)
        #expect(client.readsEOF())
        let other = try server.client()
        try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try other.readResponse().text == "hello")
        #expect(server.observer.records.withLock { $0.allSatisfy { $0.status != 200 || $0.path == "/hello" } })
    }
}
