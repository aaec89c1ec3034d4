import Synchronization

/// The cancellation flag of one request's work, shared by the I/O loop that queued it (which
/// cancels it when the stream is reset or the connection closes) and the worker that runs it
/// (which checks it before compressing and before handing the result back).
final class WorkTicket: Sendable {
    private let cancelled = Atomic<Bool>(false)
    /// The request body's charge to the memory budget: held while the work is (the loop's
    /// table of work and the worker's job), released when both let go; inflating grows it.
    let memoryCharge: MemoryCharge?

    init(memoryCharge: MemoryCharge? = nil) {
        self.memoryCharge = memoryCharge
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}
