#if canImport(Glibc)
    import Glibc
#endif

/// A `ContinuousClock.Instant` stored as the `Duration` since the clock's system epoch.
///
/// `ContinuousClock.Instant` is resilient (its layout is not known to this module), so a struct
/// or optional holding one is copied, compared and destroyed through value witnesses.
/// `Duration` is frozen: a `Moment` is two integers, copied as such (docs/decisions/100).
struct Moment: Comparable, Sendable {
    /// What every moment counts from: the continuous clock's system epoch (on Linux, the instant
    /// whose `CLOCK_BOOTTIME` reading is zero).
    private static let origin = ContinuousClock().systemEpoch

    private let sinceOrigin: Duration

    init(_ instant: ContinuousClock.Instant) {
        sinceOrigin = Self.origin.duration(to: instant)
    }

    private init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// The origin itself: a placeholder that costs no clock reading.
    static var zero: Moment { Moment(sinceOrigin: .zero) }

    /// Now, on the continuous clock: equal to `Moment(ContinuousClock.now)` read at the same
    /// instant. With Glibc (Linux) it reads `CLOCK_BOOTTIME`, the clock `ContinuousClock` reads
    /// there, and makes the `Duration` from its seconds and nanoseconds as `ContinuousClock` does.
    static var now: Moment {
        #if canImport(Glibc)
            var time = timespec()
            clock_gettime(CLOCK_BOOTTIME, &time)
            return Moment(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
        #else
            return Moment(.now)
        #endif
    }

    /// The moment `seconds` and `nanoseconds` (below one second) after the origin.
    init(seconds: Int64, nanoseconds: Int64) {
        sinceOrigin = Duration(secondsComponent: seconds, attosecondsComponent: nanoseconds &* 1_000_000_000)
    }

    /// The instant this moment stands for.
    var instant: ContinuousClock.Instant {
        Self.origin.advanced(by: sinceOrigin)
    }

    static func + (moment: Moment, duration: Duration) -> Moment {
        Moment(sinceOrigin: moment.sinceOrigin + duration)
    }

    static func - (a: Moment, b: Moment) -> Duration {
        a.sinceOrigin - b.sinceOrigin
    }

    static func < (a: Moment, b: Moment) -> Bool {
        a.sinceOrigin < b.sinceOrigin
    }
}
