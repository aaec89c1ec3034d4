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

    /// `Moment.now` reads the clock `ContinuousClock` reads: it lies between two readings of
    /// `ContinuousClock.now` taken around it, and its differences are the clock's.
    @Test func nowIsTheContinuousClocks() {
        for _ in 0..<100 {
            let before = Moment(ContinuousClock.now)
            let now = Moment.now
            let after = Moment(ContinuousClock.now)
            #expect(before <= now)
            #expect(now <= after)
        }
        let instant = ContinuousClock.now
        let moment = Moment.now
        #expect(moment.instant >= instant)
        #expect(moment - Moment(instant) == instant.duration(to: moment.instant))
    }

    /// A moment made from seconds and nanoseconds is that long after the clock's system epoch.
    @Test func secondsAndNanoseconds() {
        let epoch = ContinuousClock().systemEpoch
        #expect(Moment(seconds: 0, nanoseconds: 0) == Moment(epoch))
        #expect(Moment(seconds: 0, nanoseconds: 0) == .zero)
        #expect(
            Moment(seconds: 57_608, nanoseconds: 404_811_303).instant == epoch + .seconds(57_608)
                + .nanoseconds(404_811_303))
        #expect(
            Moment(seconds: 3, nanoseconds: 999_999_999) - Moment(seconds: 2, nanoseconds: 1)
                == .nanoseconds(1_999_999_998))
        #expect(Moment(seconds: 1, nanoseconds: 0) - .zero == .seconds(1))
    }
}
