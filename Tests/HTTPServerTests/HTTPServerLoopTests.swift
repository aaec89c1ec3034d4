import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// The event loop's mailbox (`EventLoop.execute`): work posted from other threads runs on the
/// loop's thread, each poster's in order, whether the loop sleeps or is busy; the loop may
/// post to itself; nothing runs once the loop has stopped.
struct HTTPServerLoopTests {
    /// Four threads post 2,000 tasks each, in bursts and one by one with pauses (so that some
    /// find the loop asleep and ring, others find it awake): every task runs once, on the
    /// loop's thread, and each thread's tasks run in the order posted.
    @Test func postedTasksRunOnTheLoopInOrder() throws {
        let running = try TestServer { $0.threads = 1 }
        defer { running.stop() }
        let loop = try #require(running.server.eventLoops.first)
        let order = Mutex<[[Int]]>(Array(repeating: [], count: 4))
        let offLoop = Atomic<Int>(0)
        let done = DispatchGroup()
        for poster in 0..<4 {
            done.enter()
            Thread.detachNewThread {
                for number in 0..<2000 {
                    done.enter()
                    let posted = loop.execute {
                        if !loop.isInLoop { offLoop.add(1, ordering: .relaxed) }
                        order.withLock { $0[poster].append(number) }
                        done.leave()
                    }
                    if !posted { done.leave() }
                    if number % 250 == 0 { Thread.sleep(forTimeInterval: 0.002) }  // let the loop fall asleep
                }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)  // a hang guard
        let tasksOffTheLoop = offLoop.load(ordering: .relaxed)
        #expect(tasksOffTheLoop == 0)
        #expect(order.withLock { $0 } == Array(repeating: Array(0..<2000), count: 4))
    }

    /// A task posted by the loop itself runs after the current one, without a ring.
    @Test func theLoopPostsToItself() throws {
        let running = try TestServer { $0.threads = 1 }
        defer { running.stop() }
        let loop = try #require(running.server.eventLoops.first)
        let steps = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            loop.execute {
                steps.withLock { $0.append("inner") }
                done.signal()
            }
            steps.withLock { $0.append("outer") }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)  // a hang guard
        #expect(steps.withLock { $0 } == ["outer", "inner"])
    }

    /// Once the server stopped, the loop takes no more work: `execute` says so and the task
    /// never runs.
    @Test func nothingRunsAfterTheStop() throws {
        let running = try TestServer { $0.threads = 1 }
        let loop = try #require(running.server.eventLoops.first)
        running.stop()
        let ran = Atomic<Bool>(false)
        // The loop's thread ends just after the stop: wait for it to close its mailbox (up to
        // 30 s, a hang guard: a busy machine may take its time, the answer is the same).
        var posted = true
        for _ in 0..<3000 where posted {
            posted = loop.execute { ran.store(true, ordering: .relaxed) }
            if posted { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(!posted)
        Thread.sleep(forTimeInterval: 0.1)
        // Tasks posted before the thread closed the mailbox were dropped with it, not run.
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }
}
