import Synchronization

/// How many handlers run at once.
final class Gauge: Sendable {
    let running = Atomic<Int>(0)
    let mostAtOnce = Atomic<Int>(0)
}
