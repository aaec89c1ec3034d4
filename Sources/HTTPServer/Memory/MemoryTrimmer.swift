internal import CSystemShims
@preconcurrency import Dispatch
import Synchronization

/// Gives memory back after a burst. glibc keeps freed memory for reuse, and body-sized buffers
/// live in the heap (`shim_keep_allocations_in_heap`), so without a trim the resident size
/// stays at the peak of the largest burst. Once a second this looks at the budget's peak since
/// the last look; after a period whose peak reached `burstBytes`, as soon as what is held fell
/// to a quarter of that peak, it calls `malloc_trim(0)`, which returns the free pages of every
/// arena; what was still held then is trimmed after in the same way, down to nothing held.
/// Requests pay nothing for it; between bursts a look is one atomic exchange.
final class MemoryTrimmer: Sendable {
    /// A peak of charged bytes that counts as a burst worth trimming after.
    static let burstBytes = 8 << 20
    static let interval: DispatchTimeInterval = .seconds(1)

    private struct State {
        /// The peak of the burst (or of its tail) not trimmed after yet; 0 when none.
        var burstPeak = 0
        var timer: (any DispatchSourceTimer)?
    }

    private let budget: MemoryBudget
    private let queue: DispatchQueue
    private let state = Mutex(State())
    /// How many times memory was trimmed (for tests and figures).
    let trims = Atomic<Int>(0)

    init(budget: MemoryBudget, queue: DispatchQueue) {
        self.budget = budget
        self.queue = queue
    }

    /// Starts the timer on `queue`.
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(100))
        timer.setEventHandler { [self] in check() }
        state.withLock { $0.timer = timer }
        timer.resume()
    }

    func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
        }
    }

    /// One look: remembers a burst, trims once it has passed.
    func check() {
        let peak = budget.takePeak()
        let held = budget.heldBytes
        let trim = state.withLock { state -> Bool in
            if peak >= Self.burstBytes { state.burstPeak = max(state.burstPeak, peak) }
            guard state.burstPeak > 0, held <= state.burstPeak / 4 else { return false }
            // What is still held is the burst's tail: trimmed again once it, too, is mostly freed.
            state.burstPeak = held
            return true
        }
        guard trim else { return }
        shim_release_free_memory()
        trims.add(1, ordering: .relaxed)
    }
}
