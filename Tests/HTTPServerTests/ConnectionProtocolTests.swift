import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Each connection holds one protocol driver (`ServerConnection.driver`): HTTP/1.1 from the
/// start, HTTP/2 once the client preface or `Upgrade: h2c` switched it (`HTTP2Driver.takeOver`).
struct ConnectionProtocolTests {
    /// The protocols of the loop's open connections ("http1", "http2"), read on the loop's
    /// thread after the events it is serving now; sorted.
    static func protocols(of server: TestServer) throws -> [String] {
        let loop = try #require(server.server.eventLoops.first)
        let names = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            let found = loop.connections.values.map { connection -> String in
                switch connection.driver {
                case .http1: "http1"
                case .http2: "http2"
                }
            }
            names.withLock { $0 = found.sorted() }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)  // a hang guard
        return names.withLock { $0 }
    }

    /// A connection that sent a request stays HTTP/1.1; one that opens with the preface, and
    /// one whose first request asks `Upgrade: h2c`, each become HTTP/2, and the others keep
    /// their protocol.
    @Test func prefaceAndUpgradeSwitchToHTTP2() throws {
        let server = try TestServer { $0.threads = 1 }
        defer { server.stop() }

        let plain = try server.client()
        try plain.send("GET /hello HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try plain.readResponse().status == 200)
        #expect(try Self.protocols(of: server) == ["http1"])

        let prior = try server.client()
        try prior.send(RawHTTP2.opening)
        // The server's SETTINGS: the loop has read the preface.
        let settings = try HTTP2ServerTests.readFrames(prior) { !$0.isEmpty }
        #expect(settings.first?.type == 4)
        #expect(try Self.protocols(of: server) == ["http1", "http2"])

        let upgraded = try server.client()
        try upgraded.send(
            "GET /hello HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n")
        #expect(try upgraded.readResponse(bodyless: true).status == 101)
        #expect(try Self.protocols(of: server) == ["http1", "http2", "http2"])

        // The HTTP/1.1 connection still answers as before.
        try plain.send("GET /hello HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try plain.readResponse().text == "hello")
        withExtendedLifetime((prior, upgraded)) {}
    }
}
