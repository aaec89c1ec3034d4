import Synchronization

/// A fixed block of integer counters, each an `Atomic<Int>` added to with relaxed ordering:
/// no lock, and one uncontended atomic add per count. Read (also relaxed) when `/metrics` is
/// rendered, so a scrape sees each counter whole, though not all of them at one instant (as
/// with any Prometheus client).
///
/// `@unchecked Sendable` invariant: the cells are only ever touched through `Atomic`'s methods,
/// and the pointer itself never changes between `init` and `deinit`.
final class MetricCells: @unchecked Sendable {
    let count: Int
    private let cells: UnsafeMutablePointer<Atomic<Int>>

    init(count: Int) {
        self.count = max(0, count)
        cells = .allocate(capacity: self.count)
        for index in 0..<self.count { (cells + index).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: count)
        cells.deallocate()
    }

    /// Adds `value` to the counter at `index` (`0..<count`, checked by the caller).
    func add(_ value: Int, at index: Int) {
        cells[index].wrappingAdd(value, ordering: .relaxed)
    }

    /// The counter at `index`.
    func value(at index: Int) -> Int {
        cells[index].load(ordering: .relaxed)
    }
}
