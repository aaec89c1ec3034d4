import Foundation
import Testing

@testable import HTTPServer

/// The memory budget over real sockets: what a request charged comes back when it is answered
/// or its client resets; a body the budget cannot take waits unread and is answered 503 with
/// `Retry-After` after a second, while the admitted one goes on.
@Suite(.serialized)
struct MemoryBudgetServerTests {
    /// Waits (a hang guard, not a measurement) until `budget` holds `bytes`; returns what it holds.
    static func held(_ budget: MemoryBudget, becomes bytes: Int) -> Int {
        let deadline = ContinuousClock.now + .seconds(20)
        while budget.heldBytes != bytes, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return budget.heldBytes
    }

    /// As `held(_:becomes:)`, for request bodies alone.
    static func bodies(_ budget: MemoryBudget, become bytes: Int) -> Int {
        let deadline = ContinuousClock.now + .seconds(20)
        while budget.heldBytes(.bodies) != bytes, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return budget.heldBytes(.bodies)
    }

    static func post(_ length: Int) -> String {
        "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n"
    }

    /// An echoed 100 KB body and a body cut by a reset both leave nothing charged.
    @Test func answeredAndResetBodiesAreReleased() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client()
        let body = [UInt8](repeating: 7, count: 100_000)
        try client.send(Array(Self.post(body.count).utf8) + body)
        let response = try client.readResponse()
        #expect(response.status == 200 && response.body == body)
        #expect(Self.held(server.server.memory, becomes: 0) == 0)
        do {
            let leaving = try server.client()
            try leaving.send(Self.post(500_000) + String(repeating: "x", count: 1000))
            #expect(Self.held(server.server.memory, becomes: 500_000) == 500_000)
            leaving.resetOnClose()  // closed, with a reset, at the end of this scope
        }
        #expect(Self.held(server.server.memory, becomes: 0) == 0)
    }

    /// With a budget of 1 MiB, a second body that does not fit beside the first is not read:
    /// 503 with `Retry-After: 1` after a second; the first, admitted, is answered 200.
    @Test func bodyThatDoesNotFitIsRefusedAfterTheWait() throws {
        let server = try TestServer { configuration in
            configuration.memoryBudget = 1 << 20
        }
        defer { server.stop() }
        let first = try server.client()
        try first.send(Self.post(800_000) + String(repeating: "a", count: 1000))
        #expect(Self.held(server.server.memory, becomes: 800_000) == 800_000)
        let second = try server.client()
        try second.send(Self.post(500_000) + String(repeating: "b", count: 1000))
        let refused = try second.readResponse()
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        #expect(server.server.memory.refusals(.http1Body) == 1)
        try first.send(String(repeating: "a", count: 799_000))
        #expect(try first.readResponse().status == 200)
        #expect(Self.held(server.server.memory, becomes: 0) == 0)
    }

    /// The body of a request upgraded to HTTP/2 (`Upgrade: h2c`) keeps its charge only while it
    /// is served as stream 1: released once answered, the connection still open.
    @Test func upgradedRequestBodyIsReleased() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.client()
        let body = [UInt8](repeating: 1, count: 50_000)
        let head =
            "POST /echo HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
            + "HTTP2-Settings: AAMAAABkAAQAAP__\r\nContent-Length: 50000\r\n\r\n"
        try client.send(Array(head.utf8) + body)
        #expect(try client.readResponse(bodyless: true).status == 101)
        try client.send(RawHTTP2.opening)
        #expect(Self.bodies(server.server.memory, become: 0) == 0)
        withExtendedLifetime(client) {}
    }
}
