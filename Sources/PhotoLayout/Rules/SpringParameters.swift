import Foundation

/// A damped spring x'' = (−tension·(x − target) − friction·x') / mass, with its constants
/// derived from bounciness and speed exactly as facebook/pop's
/// `POPAnimationExtras convertBounciness:speed:toTension:friction:mass:` does:
///
/// - b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
/// - s = normalize(speed / 1.7, 0, 20)
/// - QC tension = project(s, 0.5, 200)
/// - QC friction = quadraticOut(b, noBounce(QC tension), 0.01), where quadraticOut(t, a, z)
///   = a + (2t − t²)·(z − a) and noBounce is POPMath's three-piece cubic (`POPBouncy3NoBounce`)
/// - tension = 194 + (QC tension − 30)/50·(375 − 194), friction = 25 + (QC friction − 8)/2·(25 − 19)
///   (pop's `POP_ANIMATION_{TENSION,FRICTION}_FOR_QC_…`), mass 1.
package struct SpringParameters: Hashable, Sendable {
    package var tension: Double
    package var friction: Double
    package var mass: Double

    package init(tension: Double, friction: Double, mass: Double = 1) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
    }

    /// pop's conversion (bounciness and speed in [0, 20]; defaults 4 and 12).
    package init(bounciness: Double, speed: Double) {
        let b = Self.project(Self.normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = Self.normalize(speed / 1.7, 0, 20)
        let qcTension = Self.project(s, 0.5, 200)
        let qcFriction = Self.quadraticOut(b, Self.noBounceFriction(qcTension), 0.01)
        self.init(
            tension: 194 + (qcTension - 30) / 50 * (375 - 194),
            friction: 25 + (qcFriction - 8) / 2 * (25 - 19),
            mass: 1
        )
    }

    static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    static func project(_ normal: Double, _ start: Double, _ end: Double) -> Double {
        start + normal * (end - start)
    }

    static func quadraticOut(_ t: Double, _ start: Double, _ end: Double) -> Double {
        project(2 * t - t * t, start, end)
    }

    /// The QC friction that just stops a spring of QC tension `tension` from bouncing.
    static func noBounceFriction(_ tension: Double) -> Double {
        if tension <= 18 {
            return 0.0007 * pow(tension, 3) - 0.031 * pow(tension, 2) + 0.64 * tension + 1.28
        }
        if tension <= 44 {
            return 0.000044 * pow(tension, 3) - 0.006 * pow(tension, 2) + 0.36 * tension + 2
        }
        return 0.000_000_45 * pow(tension, 3) - 0.000332 * pow(tension, 2) + 0.1078 * tension + 5.84
    }
}
