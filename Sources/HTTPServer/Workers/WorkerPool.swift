import Foundation
import Synchronization

/// The threads that run handlers and response compression, off the I/O loops (docs/API.md §8), with
/// a bounded queue: `submit` says no when it is full, and the caller answers 503 (load
/// shedding). A job cancelled while queued leaves the queue at once; a running one sees its
/// ticket cancelled and drops its result before compressing it.
///
/// Each worker owns an `HTTPContentCoder` (zlib streams are not shareable), handed to every job
/// it runs. Workers start with `start()` and end with `stop()`, which drops what is queued.
final class WorkerPool: Sendable {
    /// A job's job: runs on a worker with that worker's coder.
    typealias Work = @Sendable (HTTPContentCoder) -> Void

    private struct Job {
        let ticket: WorkTicket
        let work: Work
    }

    private struct State {
        /// Jobs from `head` on wait; the front is trimmed as it grows.
        /// A job taken by a worker leaves its slot empty at once: the slots before `head` stay
        /// until trimmed, and a job kept there would keep its request (body and memory charge).
        var queue: [Job?] = []
        var head = 0
        var isStarted = false
        var isStopped = false

        var waiting: Int { queue.count - head }
    }

    /// Jobs that may wait at most; past it `submit` refuses.
    let capacity: Int
    let workerCount: Int
    private let maxBodyBytes: Int
    private let maxResponseBytes: Int
    private let bodyLimitSetting: String?
    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)

    init(workers: Int, capacity: Int, maxBodyBytes: Int, maxResponseBytes: Int = .max, bodyLimitSetting: String? = nil)
    {
        self.workerCount = max(1, workers)
        self.capacity = max(1, capacity)
        self.maxBodyBytes = maxBodyBytes
        self.maxResponseBytes = maxResponseBytes
        self.bodyLimitSetting = bodyLimitSetting
    }

    /// Starts the worker threads (once).
    func start() {
        let first = state.withLock { state -> Bool in
            defer { state.isStarted = true }
            return !state.isStarted && !state.isStopped
        }
        guard first else { return }
        for index in 0..<workerCount {
            let thread = Thread { [self] in run() }
            thread.name = "http.worker.\(index)"
            thread.start()
        }
    }

    /// Ends the workers once they finish their current job; queued jobs are dropped.
    func stop() {
        let workers = state.withLock { state -> Int in
            guard !state.isStopped else { return 0 }
            state.isStopped = true
            state.queue = []
            state.head = 0
            return state.isStarted ? workerCount : 0
        }
        for _ in 0..<workers { wakeup.signal() }
    }

    /// Queues `work` under `ticket`; false when the queue is full or the pool stopped (nothing queued).
    func submit(_ ticket: WorkTicket, _ work: @escaping Work) -> Bool {
        let queued = state.withLock { state -> Bool in
            guard !state.isStopped, state.waiting < capacity else { return false }
            state.queue.append(Job(ticket: ticket, work: work))
            return true
        }
        if queued { wakeup.signal() }
        return queued
    }

    /// Cancels `ticket`: its job leaves the queue if it still waits, or drops its result if it runs.
    func cancel(_ ticket: WorkTicket) {
        ticket.cancel()
        state.withLock { state in
            guard let index = state.queue[state.head...].firstIndex(where: { $0?.ticket === ticket }) else { return }
            state.queue.remove(at: index)
        }
    }

    /// Jobs waiting now (for tests and figures).
    var waitingCount: Int { state.withLock { $0.waiting } }

    private func run() {
        let coder = HTTPContentCoder(
            maxBodyBytes: maxBodyBytes, maxResponseBytes: maxResponseBytes, bodyLimitSetting: bodyLimitSetting)
        while true {
            wakeup.wait()
            let next = state.withLock { state -> Job?? in
                if state.isStopped { return .some(nil) }
                guard state.head < state.queue.count else { return nil }  // taken back by `cancel`
                let job = state.queue[state.head].take()
                state.head += 1
                if state.head >= 64, state.head * 2 >= state.queue.count {
                    state.queue.removeFirst(state.head)
                    state.head = 0
                }
                guard let job else { return nil }  // never: the slots from `head` on hold jobs
                return .some(job)
            }
            guard let next else { continue }
            guard let job = next else { return }
            if !job.ticket.isCancelled { job.work(coder) }
        }
    }
}
