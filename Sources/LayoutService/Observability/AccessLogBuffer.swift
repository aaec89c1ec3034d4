import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One event loop's access-log lines, gathered during a batch and written with one `write`
/// when the batch ends (`ServerObserver.batchEnded`), or as soon as they pass `limit` bytes, so
/// memory stays bounded. Whole lines only: a flush never splits one, so lines of different
/// loops never interleave mid-line, and a loop's lines keep their order.
///
/// No lock: the buffer is claimed with one uncontended compare-and-swap and released with a
/// store. Its loop is the only regular user; a record from elsewhere (an HTTP/2 record that did
/// not say its loop, a loop sharing the buffer) that finds it claimed never waits: it writes its
/// own line directly (one `write`, still whole).
///
/// `@unchecked Sendable` invariant: `bytes` is touched only by the thread holding `claim`
/// (acquired with `.acquiring`, released with `.releasing`, so each holder sees the last one's bytes).
final class AccessLogBuffer: @unchecked Sendable {
    /// The default bound: 64 KiB of lines, then a write even in the middle of a batch.
    static let defaultLimit = 64 * 1024

    let limit: Int
    let output: AccessLogOutput
    private let claim = Atomic<Bool>(false)
    private var bytes: [UInt8] = []

    init(limit: Int = AccessLogBuffer.defaultLimit, output: AccessLogOutput) {
        self.limit = max(1, limit)
        self.output = output
    }

    /// Appends one line: `fill` appends its bytes (without the newline) to the array it gets.
    func append(_ fill: (inout [UInt8]) -> Void) {
        guard tryClaim() else {
            var line: [UInt8] = []
            fill(&line)
            line.append(0x0A)
            _ = line.withUnsafeBytes { output.writeAll($0) }
            return
        }
        if bytes.capacity == 0 { bytes.reserveCapacity(limit + 1024) }
        fill(&bytes)
        bytes.append(0x0A)
        if bytes.count >= limit { writeHeld() }
        claim.store(false, ordering: .releasing)
    }

    /// Writes what is buffered, unless another thread holds the buffer (it writes or appends; a
    /// later batch end writes what it leaves). The end of a loop's batch.
    func flush() {
        guard tryClaim() else { return }
        if !bytes.isEmpty { writeHeld() }
        claim.store(false, ordering: .releasing)
    }

    /// Writes what is buffered, waiting for a holder to finish first: at the server's stop,
    /// when no loop appends any more.
    func flushWaiting() {
        while !tryClaim() { sched_yield() }
        if !bytes.isEmpty { writeHeld() }
        claim.store(false, ordering: .releasing)
    }

    /// Bytes buffered now (for tests).
    var bufferedCount: Int {
        while !tryClaim() { sched_yield() }
        defer { claim.store(false, ordering: .releasing) }
        return bytes.count
    }

    private func tryClaim() -> Bool {
        claim.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// One write of every buffered line; the capacity is kept for the next batch.
    private func writeHeld() {
        _ = bytes.withUnsafeBytes { output.writeAll($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
