import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// The worker pool alone: a bounded queue, cancellation of queued and running work.
struct WorkerPoolTests {
    /// A gate a job waits on, opened by the test.
    final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    /// One worker held by a job, a queue of 2: the third and fourth jobs are refused; the two
    /// queued ones run once the worker is free.
    @Test func queueIsBounded() throws {
        let pool = WorkerPool(workers: 1, capacity: 2, maxBodyBytes: 1 << 20)
        pool.start()
        defer { pool.stop() }
        let gate = Gate()
        let ran = Atomic<Int>(0)
        #expect(
            pool.submit(WorkTicket()) { _ in
                gate.entered.signal()
                gate.release.wait()
            })
        gate.entered.wait()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            #expect(
                pool.submit(WorkTicket()) { _ in
                    ran.add(1, ordering: .relaxed)
                    done.leave()
                })
        }
        #expect(pool.waitingCount == 2)
        #expect(!pool.submit(WorkTicket()) { _ in ran.add(100, ordering: .relaxed) })
        gate.release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(ran.load(ordering: .relaxed) == 2)
    }

    /// A cancelled job leaves the queue at once (its place is free again) and never runs.
    @Test func cancelledJobLeavesTheQueue() throws {
        let pool = WorkerPool(workers: 1, capacity: 1, maxBodyBytes: 1 << 20)
        pool.start()
        defer { pool.stop() }
        let gate = Gate()
        let ran = Atomic<Int>(0)
        #expect(
            pool.submit(WorkTicket()) { _ in
                gate.entered.signal()
                gate.release.wait()
            })
        gate.entered.wait()
        let cancelled = WorkTicket()
        #expect(pool.submit(cancelled) { _ in ran.add(100, ordering: .relaxed) })
        pool.cancel(cancelled)
        #expect(pool.waitingCount == 0)
        let done = DispatchSemaphore(value: 0)
        #expect(
            pool.submit(WorkTicket()) { _ in
                ran.add(1, ordering: .relaxed)
                done.signal()
            })
        gate.release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(ran.load(ordering: .relaxed) == 1)
    }

    /// Cancels `ticket` while it answers.
    struct Cancelling: HTTPResponder {
        let ticket: WorkTicket
        func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
            ticket.cancel()
            return HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array(repeating: 65, count: 4096))
        }
    }

    /// A ticket cancelled while its responder runs: the result is dropped before compression.
    @Test func lateResultIsDropped() throws {
        let ticket = WorkTicket()
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20)
        let request = HTTPRequest(method: .get, target: "/", headers: ["Accept-Encoding": "gzip"])
        let context = RequestContext(requestID: "r")
        #expect(coder.respond(to: request, context: context, with: Cancelling(ticket: ticket), unless: ticket) == nil)
        let kept = coder.respond(to: request, context: context, with: Cancelling(ticket: WorkTicket()), unless: ticket)
        #expect(kept == nil)  // the same ticket, already cancelled: not even the responder runs twice
    }

    /// A response body above `maxResponseBytes` becomes a 413 problem; at the limit it passes.
    @Test func responseBytesAreBounded() throws {
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20, maxResponseBytes: 100)
        var router = Router()
        router.add(.get, "/n", operationID: "n") { request, _ in
            HTTPResponse(body: Array(repeating: 1, count: Int(request.query ?? "") ?? 0))
        }
        let context = RequestContext(requestID: "r")
        let atLimit = coder.respond(to: HTTPRequest(method: .get, target: "/n?100"), context: context, with: router)
        #expect(atLimit.status.code == 200 && atLimit.body.count == 100)
        let over = coder.respond(to: HTTPRequest(method: .get, target: "/n?101"), context: context, with: router)
        #expect(over.status.code == 413)
        #expect(over.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: over.body, as: UTF8.self).contains("101 bytes, above the limit of 100"))
    }
}
