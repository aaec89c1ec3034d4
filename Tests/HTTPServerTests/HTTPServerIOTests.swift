import Foundation
import Testing

@testable import HTTPServer

/// Socket-level behaviour: large writes, back-pressure, HTTP/1.0, signals, accounting.
struct HTTPServerIOTests {
    /// A 4 MiB response outgrows the socket buffer and still arrives whole and in order.
    @Test func largeResponseArrivesWhole() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client()
        let size = 4 << 20
        try client.send("GET /big?bytes=\(size) HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let big = try client.readResponse()
        #expect(big.body.count == size)
        #expect(big.body.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
        #expect(try client.readResponse().text == "hello")
    }

    /// A client that sends requests but never reads stops being read once its output backs up,
    /// and is closed after the write timeout without progress.
    @Test func backPressureStopsReadingThenCloses() throws {
        let server = try TestServer { $0.timeouts.write = .milliseconds(400) }
        defer { server.stop() }
        let client = try server.client()
        let request = "GET /big?bytes=1048576 HTTP/1.1\r\nHost: t\r\n\r\n"
        try client.send(String(repeating: request, count: 200))
        let deadline = ContinuousClock.now + .seconds(30)  // a hang guard: the close comes after 0.4 s
        while server.observer.closed.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(server.observer.closed.load(ordering: .relaxed) == 1)
        let answered = server.observer.records.withLock { $0.count }
        #expect(answered > 0 && answered < 100)  // about 36 here: kernel buffers plus 1 MiB plus the pipeline
    }

    /// A throwing handler and a header-injecting one both yield 500 and the connection lives on;
    /// another connection's protocol error does not touch it.
    @Test func failuresStayContained() throws {
        let server = try TestServer()
        defer { server.stop() }
        let healthy = try server.client()
        let broken = try server.client()
        try broken.send("GET / HTTP/1.1\r\nHost: t\r\nBad Header: x\r\n\r\n")
        #expect(try broken.readResponse().status == 400)
        #expect(broken.readsEOF())
        try healthy.send("GET /fail HTTP/1.1\r\nHost: t\r\n\r\nGET /evil HTTP/1.1\r\nHost: t\r\n\r\n")
        let thrown = try healthy.readResponse()
        #expect(thrown.status == 500)
        #expect(!thrown.text.contains("fileNoSuchFile") && !thrown.text.contains("NSCocoaError"))
        let injected = try healthy.readResponse()
        #expect(injected.status == 500)
        #expect(injected.header("Set-Cookie") == nil)
        try healthy.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try healthy.readResponse().text == "hello")
    }

    /// HTTP/1.0 without keep-alive gets `Connection: close` and EOF; with keep-alive it stays open.
    @Test func http10OverTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        let persistent = try server.client()
        try persistent.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try persistent.readResponse().header("Connection") == "keep-alive")
        try persistent.send("GET /hello HTTP/1.0\r\n\r\n")
        let last = try persistent.readResponse()
        #expect(last.text == "hello")
        #expect(last.header("Connection") == "close")
        #expect(persistent.readsEOF())
    }

    /// Every connection opened is reported closed once the server stops.
    @Test func connectionAccountingBalances() throws {
        let server = try TestServer()
        for _ in 0..<5 {
            let client = try server.client()
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            _ = try client.readResponse()
        }
        let kept = try server.client()
        try kept.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try kept.readResponse()
        server.stop()
        #expect(server.observer.opened.load(ordering: .relaxed) == 6)
        #expect(server.observer.closed.load(ordering: .relaxed) == 6)
        #expect(server.observer.records.withLock { $0.count } == 6)
    }

    /// A second start is refused; a port already in use is a bind error, not a crash.
    @Test func startErrors() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(throws: HTTPServerError.self) { _ = try server.server.start() }
        var configuration = HTTPServerConfiguration()
        configuration.port = server.port
        let rival = HTTPServer(configuration: configuration, responder: Router())
        #expect(throws: HTTPServerError.self) { _ = try rival.start() }
    }

    /// SIGTERM drains: `runUntilSignalled` returns after a clean stop.
    @Test func sigtermDrainsAndReturns() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = try Self.freePort()
        configuration.threads = 1
        configuration.shutdownGrace = .seconds(2)
        let server = HTTPServer(configuration: configuration, responder: TestServer.echoRouter())
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do { try server.runUntilSignalled() } catch { Issue.record(error) }
            returned.signal()
        }
        // Hang guards only, generous for a loaded machine: up to 20 s for the listener to come
        // up, 30 s for the drain (its grace is 2 s; it once overran a 5 s guard at load 8).
        var client: RawClient?
        for _ in 0..<1000 where client == nil {
            client = try? RawClient(port: configuration.port)
            if client == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        let connected = try #require(client)
        try connected.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connected.readResponse().text == "hello")
        kill(getpid(), SIGTERM)
        #expect(returned.wait(timeout: .now() + 30) == .success)
        #expect(server.isDraining)
        #expect(connected.readsEOF())
        // SIGTERM is not back to its default action after the stop: a second one while the
        // process exits must not kill it (it used to be reset, and the process died with -15).
        // Read without changing it (setting it would replace libdispatch's handler).
        var current = sigaction()
        sigaction(SIGTERM, nil, &current)
        #expect(
            unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                != unsafeBitCast(SIG_DFL, to: Int.self))
    }

    /// An ephemeral port that was free a moment ago.
    static func freePort() throws -> Int {
        let probe = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 1)
        close(probe.fd)
        return probe.port
    }
}
