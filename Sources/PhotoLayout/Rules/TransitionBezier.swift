/// A CSS/UIKit cubic-bezier timing curve from (0, 0) to (1, 1) through control points
/// (x1, y1), (x2, y2), solved as WebKit's `UnitBezier`: Newton's method on x(t) = time,
/// falling back to bisection when the slope is too flat.
package struct TransitionBezier: Hashable, Sendable {
    /// UIKit's ease-in-out: cubic-bezier(0.42, 0, 0.58, 1).
    package static let easeInOut = TransitionBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    let ax, bx, cx, ay, by, cy: Double

    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The curve's value at `time` in [0, 1] (clamped outside).
    package func progress(at time: Double, epsilon: Double = 1e-12) -> Double {
        sampleY(solveT(forX: min(max(time, 0), 1), epsilon: epsilon))
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t whose x(t) is `x`.
    func solveT(forX x: Double, epsilon: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<100 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
