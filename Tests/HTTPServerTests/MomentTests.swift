import Testing

@testable import HTTPServer

/// `Moment`, the connection's fixed-layout timestamp, stands for the same instants as the clock.
struct MomentTests {
    /// An instant survives the round trip; sums, differences and order are those of the instants.
    @Test func sameInstants() {
        let instant = ContinuousClock.now
        let moment = Moment(instant)
        #expect(moment.instant == instant)
        #expect(Moment(instant + .seconds(3)).instant == instant + .seconds(3))
        #expect((moment + .milliseconds(1500)) - moment == .milliseconds(1500))
        #expect(moment + .nanoseconds(1) > moment)
        #expect(Moment(instant - .seconds(5)) < moment)
        #expect((moment + .seconds(2)).instant == instant + .seconds(2))
    }
}
