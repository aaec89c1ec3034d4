import Foundation
import Testing

@testable import PhotoLayout

/// The closed-form motion of x'' = −k(x − 1) − c·x' (mass 1) from rest at 0, underdamped.
struct AnalyticSpring {
    let stiffness: Double
    let damping: Double

    var natural: Double { stiffness.squareRoot() }
    var ratio: Double { damping / (2 * natural) }
    var damped: Double { natural * (1 - ratio * ratio).squareRoot() }

    func position(_ t: Double) -> Double {
        1 - exp(-ratio * natural * t) * (cos(damped * t) + ratio * natural / damped * sin(damped * t))
    }

    func velocity(_ t: Double) -> Double {
        exp(-ratio * natural * t) * natural * natural / damped * sin(damped * t)
    }
}

struct SpringTests {
    /// pop's conversion: (4, 12) → 342.1006/30.4870, (0, 12) → 342.1006/36.9259, (12, 5) → 193.4144/14.2537.
    @Test(arguments: [
        (4.0, 12.0, 342.1006, 30.4870),
        (0.0, 12.0, 342.1006, 36.9259),
        (12.0, 5.0, 193.4144, 14.2537),
    ])
    func popConversion(bounciness: Double, speed: Double, tension: Double, friction: Double) {
        let spring = SpringParameters(bounciness: bounciness, speed: speed)
        #expect(abs(spring.tension - tension) < 5e-5)
        #expect(abs(spring.friction - friction) < 5e-5)
        #expect(spring.mass == 1)
    }

    /// The integrated progress stays within 1e-4 of the analytic solution at every sample (the issue asks 1e-3).
    @Test(arguments: [(4.0, 12.0), (0.0, 12.0), (12.0, 5.0)])
    func progressMatchesAnalyticSolution(bounciness: Double, speed: Double) throws {
        let parameters = SpringParameters(bounciness: bounciness, speed: speed)
        let analytic = AnalyticSpring(stiffness: parameters.tension, damping: parameters.friction)
        let samples = try #require(SpringSolver(parameters: parameters).samples(fps: 60, limit: 10_000))
        #expect(samples.count > 30)
        for sample in samples {
            #expect(abs(sample.position - analytic.position(sample.t)) < 1e-4)
            #expect(abs(sample.velocity - analytic.velocity(sample.t)) < 1e-3)
        }
    }

    /// The spring ends at the first 1/60 s sample where the analytic |1 − x| and |v| are under 0.001, written as 1.
    @Test(arguments: [(4.0, 12.0, 35), (0.0, 12.0, 40), (12.0, 5.0, 63)])
    func endsAtRest(bounciness: Double, speed: Double, lastFrame: Int) throws {
        let parameters = SpringParameters(bounciness: bounciness, speed: speed)
        let analytic = AnalyticSpring(stiffness: parameters.tension, damping: parameters.friction)
        let firstAtRest = try #require(
            (0..<1000).first { k in
                let t = Double(k) / 60
                return abs(1 - analytic.position(t)) < 0.001 && abs(analytic.velocity(t)) < 0.001
            }
        )
        #expect(firstAtRest == lastFrame)
        let options = TransitionOptions(curve: .spring, bounciness: bounciness, speed: speed, keyframes: true)
        let timing = try KeyframeRules.timing(options, sampled: true)
        #expect(timing.duration == Double(lastFrame) / 60)
        #expect(timing.samples.count == lastFrame + 1)
        #expect(timing.samples.last == KeyframeRules.Sample(t: Double(lastFrame) / 60, progress: 1))
        #expect(timing.samples.first == KeyframeRules.Sample(t: 0, progress: 0))
    }

    /// Bounciness 12, speed 5 overshoots: the peak is 1 + e^(−ζπ/√(1−ζ²)) ≈ 1.154.
    @Test func overshoots() throws {
        let parameters = SpringParameters(bounciness: 12, speed: 5)
        let analytic = AnalyticSpring(stiffness: parameters.tension, damping: parameters.friction)
        let peak = 1 + exp(-analytic.ratio * Double.pi / (1 - analytic.ratio * analytic.ratio).squareRoot())
        let samples = try #require(SpringSolver(parameters: parameters).samples(fps: 240, limit: 10_000))
        let highest = try #require(samples.map(\.position).max())
        #expect(highest > 1.15)
        #expect(abs(highest - peak) < 1e-3)
    }

    /// Without keyframes a spring still reports its time to rest as the duration, not the request's.
    @Test func durationWithoutKeyframes() throws {
        let options = TransitionOptions(duration: 3, curve: .spring)
        let timing = try KeyframeRules.timing(options, sampled: false)
        #expect(timing.duration == 35.0 / 60)
        #expect(timing.samples.isEmpty)
    }
}
