/// A `ContinuousClock.Instant` stored as the `Duration` since a process-wide origin.
///
/// `ContinuousClock.Instant` is resilient (its layout is not known to this module), so a struct
/// or optional holding one is copied, compared and destroyed through value witnesses.
/// `Duration` is frozen: a `Moment` is two integers, copied as such (docs/decisions/100).
struct Moment: Comparable, Sendable {
    /// What every moment counts from: the clock when it was first asked for.
    private static let origin = ContinuousClock.now

    private let sinceOrigin: Duration

    init(_ instant: ContinuousClock.Instant) {
        sinceOrigin = Self.origin.duration(to: instant)
    }

    private init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// The origin itself: a placeholder that costs no clock reading.
    static var zero: Moment { Moment(sinceOrigin: .zero) }

    /// Now, on the continuous clock.
    static var now: Moment { Moment(.now) }

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
