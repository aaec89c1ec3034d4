import Foundation
import Testing

@testable import HTTPServer

/// HTTP/2 by prior knowledge on the real server over real sockets, frames written by hand.
struct HTTP2ServerTests {
    /// Preface and an empty SETTINGS frame.
    static let opening = HTTP2Driver.preface + [0, 0, 0, 4, 0, 0, 0, 0, 0]

    /// A HEADERS frame (END_STREAM | END_HEADERS) for `GET path`: HPACK indexed :method GET (0x82),
    /// :scheme http (0x86), then literal values for the indexed names :path (4) and :authority (1).
    static func get(_ path: String, stream: UInt8) -> [UInt8] {
        let block: [UInt8] =
            [0x82, 0x86, 0x04, UInt8(path.utf8.count)] + Array(path.utf8) + [0x01, 1, UInt8(ascii: "t")]
        return [0, 0, UInt8(block.count), 1, 0x05, 0, 0, 0, stream] + block
    }

    /// Reads frames until `done` holds for those read so far (or the peer closes); returns them.
    static func readFrames(
        _ client: RawClient, until done: ([(type: UInt8, streamID: UInt32, payload: [UInt8])]) -> Bool
    ) throws -> [(type: UInt8, streamID: UInt32, payload: [UInt8], flags: UInt8)] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let frames = HTTP2SessionTests.frames(bytes)
            if done(frames) { break }
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        var flags: [UInt8] = []
        var index = 0
        for frame in HTTP2SessionTests.frames(bytes) {
            flags.append(bytes[index + 4])
            index += 9 + frame.payload.count
        }
        return zip(HTTP2SessionTests.frames(bytes), flags).map { ($0.type, $0.streamID, $0.payload, $1) }
    }

    /// Six streams of a 0.2 s handler on one connection: the handler sees at least two of them
    /// running at once (one after another it would see one), and each is recorded as HTTP/2.0.
    @Test func streamsRunConcurrently() throws {
        let gauge = Gauge()
        var router = Router()
        router.add(.get, "/wait", operationID: "wait") { _, _ in
            let now = gauge.running.add(1, ordering: .relaxed).newValue
            _ = gauge.mostAtOnce.max(now, ordering: .relaxed)
            Thread.sleep(forTimeInterval: 0.2)
            _ = gauge.running.subtract(1, ordering: .relaxed)
            return HTTPResponse(body: Array("done".utf8))
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.workers = 4  // a connection may use half of them
        let observer = RecordingObserver()
        let server = HTTPServer(configuration: configuration, responder: router, observer: observer)
        let port = try server.start()
        defer {
            server.shutdown(grace: .milliseconds(100))
            server.waitUntilStopped()
        }
        let client = try RawClient(port: port)
        let streams: [UInt32] = [1, 3, 5, 7, 9, 11]
        try client.send(Self.opening + streams.flatMap { Self.get("/wait", stream: UInt8($0)) })
        let frames = try Self.readFrames(client) { frames in
            Set(frames.filter { $0.type == 0 }.map(\.streamID)) == Set(streams)
        }
        #expect(
            frames.filter { $0.type == 0 }.map { String(decoding: $0.payload, as: UTF8.self) }
                == Array(repeating: "done", count: 6))
        #expect(gauge.mostAtOnce.load(ordering: .relaxed) >= 2)
        let records = observer.records.withLock { $0 }
        #expect(records.map(\.protocolVersion) == Array(repeating: "HTTP/2.0", count: 6))
        #expect(Set(records.map(\.requestID)).count == 6)
        #expect(records.map(\.operationID) == Array(repeating: "wait", count: 6))  // the route's label, as on HTTP/1.1
    }

    /// Shutdown while a stream runs: GOAWAY (NO_ERROR, last stream 1) first, the stream's answer
    /// still arrives, then the server closes the connection.
    @Test func drainingAnswersTheOpenStream() throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(Self.opening + Self.get("/slow", stream: 1))
        Thread.sleep(forTimeInterval: 0.1)
        server.server.shutdown(grace: .seconds(3))
        let frames = try Self.readFrames(client) { _ in false }  // until EOF
        server.server.waitUntilStopped()
        let goaway = try #require(frames.first { $0.type == 7 })
        #expect(goaway.payload == [0, 0, 0, 1, 0, 0, 0, 0])
        let data = try #require(frames.first { $0.type == 0 && $0.streamID == 1 })
        #expect(data.payload == Array("slow".utf8) && data.flags & 1 == 1)
    }

    /// An HTTP/1.1 request and an HTTP/2 connection side by side on the same server.
    @Test func bothProtocolsSideBySide() throws {
        let server = try TestServer()
        defer { server.stop() }
        let http2 = try server.client()
        try http2.send(Self.opening + Self.get("/hello", stream: 1))
        let http1 = try server.client()
        try http1.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try http1.readResponse().text == "hello")
        let frames = try Self.readFrames(http2) { $0.contains { $0.type == 0 } }
        #expect(frames.first { $0.type == 0 }?.payload == Array("hello".utf8))
    }

    /// A stream whose request never ends (HEADERS without END_STREAM, then silence) is answered
    /// 408 at the request timeout and reset, on its own deadline; the connection, idle then,
    /// is closed at the idle timeout with GOAWAY, as is a connection that never opened a stream.
    @Test func deadlines() throws {
        let server = try TestServer {
            $0.timeouts = .init(requestHead: .milliseconds(200), idle: .milliseconds(400))
        }
        defer { server.stop() }
        // Each clock starts before its connection exists, so the time measured is never shorter
        // than the server's own timer, however busy the machine: only the lower bounds are judged
        // (an upper bound would be a timing test); the socket's read timeout is the hang guard.
        let stalledStarted = ContinuousClock.now
        let stalled = try server.client()
        var open = Self.get("/hello", stream: 1)
        open[4] = 0x04  // END_HEADERS only: a body is announced and never sent
        try stalled.send(Self.opening + open)
        let idleStarted = ContinuousClock.now
        let idle = try server.client()
        try idle.send(Self.opening)
        let stalledFrames = try Self.readFrames(stalled) { _ in false }  // until EOF
        let stalledAfter = ContinuousClock.now - stalledStarted
        let idleFrames = try Self.readFrames(idle) { _ in false }
        let idleAfter = ContinuousClock.now - idleStarted
        let answer = stalledFrames.first { $0.type == 1 && $0.streamID == 1 }
        #expect(answer != nil)
        #expect(stalledFrames.contains { $0.type == 3 && $0.streamID == 1 })  // RST_STREAM after the 408
        #expect(stalledFrames.contains { $0.type == 7 } && idleFrames.contains { $0.type == 7 })
        #expect(stalledAfter >= .milliseconds(200) && idleAfter >= .milliseconds(400))
    }

    /// A client whose flow-control window stays at 0 takes none of its 100 KB answer (only the
    /// HEADERS go out): the server closes the connection after the write timeout, though the
    /// idle timeout is a minute away.
    @Test func zeroWindowIsCutAtTheWriteTimeout() throws {
        let server = try TestServer { $0.timeouts.write = .milliseconds(300) }
        defer { server.stop() }
        let client = try server.client()
        let zeroWindow: [UInt8] = HTTP2Driver.preface + [0, 0, 6, 4, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0]
        try client.send(zeroWindow + Self.get("/big?bytes=100000", stream: 1))
        let frames = try Self.readFrames(client) { _ in false }  // until the server closes (or 5 s)
        #expect(frames.contains { $0.type == 1 && $0.streamID == 1 })
        #expect(!frames.contains { $0.type == 0 && $0.streamID == 1 && !$0.payload.isEmpty })
        let deadline = ContinuousClock.now + .seconds(30)  // a hang guard: the close is counted just after it is made
        while server.observer.closed.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(server.observer.closed.load(ordering: .relaxed) == 1)
    }
}
