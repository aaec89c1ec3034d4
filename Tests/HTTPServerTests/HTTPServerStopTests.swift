import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// The stop does not depend on the global concurrent queue, whose pool runs only as many
/// threads as there are cores: in a process whose cores are all busy (a parallel test run was
/// one, and `sigtermDrainsAndReturns` once overran its hang guard there) it would wait for as
/// long as that work lasts.
struct HTTPServerStopTests {
    /// A flag the spinning blocks poll.
    private final class Release: Sendable {
        let now = Atomic<Bool>(false)
    }

    @Test func stopsWhileTheGlobalQueueIsBusy() throws {
        let server = try TestServer { $0.threads = 1 }.server

        // Twice as many CPU-bound blocks as the pool has threads, all spinning until released.
        let release = Release()
        for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
            DispatchQueue.global().async {
                while !release.now.load(ordering: .relaxed) {}
            }
        }
        defer { release.now.store(true, ordering: .relaxed) }
        Thread.sleep(forTimeInterval: 0.2)

        server.shutdown(grace: nil)
        // A hang guard: with no connection the stop takes milliseconds; 20 s is what a stop
        // queued behind the spinning blocks would wait before they are released.
        #expect(Self.stops(server, within: 20))
    }

    /// A request the loop reads once `shutdown` returned sees the drain (`/readyz` says 503),
    /// even when the loop reads it before running its own `startDraining` block.
    @Test func aRequestReadAfterShutdownSeesTheDrain() throws {
        let running = try TestServer {
            $0.threads = 1
            $0.shutdownGrace = .seconds(10)
        }
        let server = running.server
        let client = try running.client()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")  // the loop has the connection

        // Hold the loop's thread; the request's read event waits behind the held task, and the
        // drain's task behind the read event (the loop serves ready sockets before posted
        // tasks; the pause gives the event time to arrive: without it the order may differ,
        // and the test then proves less but still passes).
        let loop = try #require(server.eventLoops.first)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        loop.execute {
            holding.signal()
            release.wait()
        }
        holding.wait()
        try client.send("GET /ready HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        server.shutdown(grace: nil)
        release.signal()

        #expect(try client.readResponse().status == 503)
        #expect(Self.stops(server, within: 30))  // a hang guard
    }

    /// Whether `server` stopped within `seconds` (a hang guard, not a measurement).
    private static func stops(_ server: HTTPServer, within seconds: Double) -> Bool {
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.waitUntilStopped()
            stopped.signal()
        }
        return stopped.wait(timeout: .now() + seconds) == .success
    }
}
