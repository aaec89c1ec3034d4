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
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.shutdownGrace = .seconds(1)
        let server = HTTPServer(configuration: configuration, responder: TestServer.echoRouter())
        _ = try server.start()

        // Twice as many CPU-bound blocks as the pool has threads, all spinning until released.
        let release = Release()
        for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
            DispatchQueue.global().async {
                while !release.now.load(ordering: .relaxed) {}
            }
        }
        defer { release.now.store(true, ordering: .relaxed) }
        Thread.sleep(forTimeInterval: 0.2)

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.waitUntilStopped()
            stopped.signal()
        }
        server.shutdown(grace: nil)
        // A hang guard: with no connection the stop takes milliseconds; 20 s is what a stop
        // queued behind the spinning blocks would wait before they are released.
        #expect(stopped.wait(timeout: .now() + 20) == .success)
    }
}
