/// Integrates a `SpringParameters` spring from 0 to 1, at rest at both ends, with classic
/// fourth-order Runge–Kutta (as pop's `POPSpringSolver4d`), in steps of at most 1 ms chosen
/// so that every sample time k/fps is hit exactly.
package struct SpringSolver: Sendable {
    /// |1 − x| and |v| both below this: the spring is at rest.
    package static let restThreshold = 0.001
    /// The longest step of the integrator, in seconds.
    package static let maxStep = 0.001

    package var parameters: SpringParameters

    package init(parameters: SpringParameters) {
        self.parameters = parameters
    }

    /// One sample of the motion: time, position and velocity.
    package struct Sample: Hashable, Sendable {
        package var t: Double
        package var position: Double
        package var velocity: Double
    }

    /// Samples at t = k/fps, k = 0, 1, …, up to and including the first at rest; `nil` when
    /// the spring is not at rest within `limit` samples.
    package func samples(fps: Double, limit: Int) -> [Sample]? {
        let interval = 1 / fps
        let steps = max(1, Int((interval / Self.maxStep).rounded(.up)))
        let step = interval / Double(steps)
        var position = 0.0
        var velocity = 0.0
        var samples: [Sample] = []
        for k in 0..<limit {
            if k > 0 {
                for _ in 0..<steps {
                    (position, velocity) = advance(position, velocity, by: step)
                }
            }
            samples.append(Sample(t: Double(k) / fps, position: position, velocity: velocity))
            if abs(1 - position) < Self.restThreshold, abs(velocity) < Self.restThreshold {
                return samples
            }
        }
        return nil
    }

    func acceleration(_ position: Double, _ velocity: Double) -> Double {
        (-parameters.tension * (position - 1) - parameters.friction * velocity) / parameters.mass
    }

    /// One RK4 step of `h` seconds.
    func advance(_ x: Double, _ v: Double, by h: Double) -> (Double, Double) {
        let a1 = acceleration(x, v)
        let x2 = x + v * h / 2
        let v2 = v + a1 * h / 2
        let a2 = acceleration(x2, v2)
        let x3 = x + v2 * h / 2
        let v3 = v + a2 * h / 2
        let a3 = acceleration(x3, v3)
        let x4 = x + v3 * h
        let v4 = v + a3 * h
        let a4 = acceleration(x4, v4)
        return (x + h / 6 * (v + 2 * v2 + 2 * v3 + v4), v + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4))
    }
}
