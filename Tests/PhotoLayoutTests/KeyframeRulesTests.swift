import Testing

@testable import PhotoLayout

struct KeyframeRulesTests {
    /// UIKit's ease-in-out against cubic-bezier(0.42, 0, 0.58, 1) solved with 40-digit bisection.
    @Test(arguments: [
        (0.1, 0.019722453548311195),
        (0.25, 0.12916193104731981),
        (0.5, 0.5),
        (0.75, 0.87083806895268019),
        (0.9, 0.98027754645168880),
        (0.0, 0.0),
        (1.0, 1.0),
    ])
    func easeInOut(time: Double, progress: Double) {
        #expect(abs(TransitionBezier.easeInOut.progress(at: time) - progress) < 1e-12)
    }

    /// 0.5 s at 60 fps: 31 samples at k/60, the last at 0.5 with progress exactly 1.
    @Test func easeSamplesOnTheGrid() throws {
        let timing = try KeyframeRules.timing(TransitionOptions(keyframes: true), sampled: true)
        #expect(timing.duration == 0.5)
        #expect(timing.samples.count == 31)
        #expect(timing.samples.map(\.t) == (0...30).map { Double($0) / 60 })
        #expect(timing.samples.last?.progress == 1)
        #expect(abs(timing.samples[2].progress - 0.008647196515893352) < 1e-12)
        #expect(abs(timing.samples[15].progress - 0.5) < 1e-12)
    }

    /// 0.51 s at 60 fps: the grid stops at 0.5 and one last sample lands at 0.51.
    @Test func lastSampleOffTheGrid() throws {
        let timing = try KeyframeRules.timing(TransitionOptions(duration: 0.51, keyframes: true), sampled: true)
        #expect(timing.samples.count == 32)
        #expect(timing.samples[30].t == 0.5)
        #expect(timing.samples[31] == KeyframeRules.Sample(t: 0.51, progress: 1))
    }

    /// Frames and corner radius are interpolated by progress and left exact.
    @Test func interpolation() {
        let from = Rect(x: 12, y: 240, width: 70, height: 70)
        let to = Rect(x: 0, y: 52.25, width: 375, height: 562.5)
        let samples = [KeyframeRules.Sample(t: 0, progress: 0), KeyframeRules.Sample(t: 0.25, progress: 0.5)]
        let keyframes = KeyframeRules.keyframes(
            samples, from: from, to: to, radiusFrom: 8, radiusTo: 0, pictureSize: nil)
        #expect(keyframes[0] == Keyframe(t: 0, progress: 0, frame: from, cornerRadius: 8))
        #expect(
            keyframes[1]
                == Keyframe(
                    t: 0.25,
                    progress: 0.5,
                    frame: Rect(x: 6, y: 146.125, width: 222.5, height: 316.25),
                    cornerRadius: 4
                )
        )
    }

    /// A spring overshooting 1 would make the radius negative: it stays at 0.
    @Test func cornerRadiusNeverNegative() throws {
        let options = TransitionOptions(curve: .spring, bounciness: 12, speed: 5, keyframes: true)
        let timing = try KeyframeRules.timing(options, sampled: true)
        let keyframes = KeyframeRules.keyframes(
            timing.samples, from: .zero, to: .zero, radiusFrom: 10, radiusTo: 0, pictureSize: nil)
        #expect(keyframes.allSatisfy { $0.cornerRadius >= 0 })
        #expect(keyframes.contains { $0.progress > 1.1 && $0.cornerRadius == 0 })
    }

    /// 10 000 keyframes are allowed (9 999/64 s at 64 fps); one more is a 422 at #/transition/keyframes.
    @Test func keyframeLimit() throws {
        let most = TransitionOptions(duration: 9_999.0 / 64, fps: 64, keyframes: true)
        #expect(try KeyframeRules.timing(most, sampled: true).samples.count == 10_000)
        let tooMany = TransitionOptions(duration: 10_000.0 / 64, fps: 64, keyframes: true)
        let error = try #require(throws: InputError.self) { try KeyframeRules.timing(tooMany, sampled: true) }
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == ["#/transition/keyframes"])
        // Not asked for: nothing is sampled, nothing refused.
        #expect(try KeyframeRules.timing(tooMany, sampled: false).samples.isEmpty)
    }
}
