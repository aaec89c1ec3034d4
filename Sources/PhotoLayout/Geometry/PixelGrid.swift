/// The one rounding rule of the layout core (DESIGN §4, "Pixel grid"), as Yoga's `PixelGrid`.
///
/// Rules compute exact values; the output is rounded once, here, to the nearest 1/`scale`
/// of a point, half away from zero. Rounding a value that is already on the grid gives it
/// back unchanged, but rules never rely on that: they round exact values only, so that no
/// coordinate is rounded twice. The adaptive cell size is the one value a rule rounds
/// before use, because its formula says so.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point: 1, 2 or 3.
    public let scale: Double

    public init(scale: Double) {
        self.scale = scale
    }

    /// Every scale a client may ask for.
    public static let supportedScales: Set<Double> = [1, 2, 3]

    /// How far (relative) below an exact half pixel a computed value may fall and still count
    /// as that tie: floating-point arithmetic lands exact ties such as −104.5 px a few ulps
    /// short (−104.49999999999996), which would otherwise round towards zero.
    static let tieTolerance = 1e-9

    /// `value` on the pixel grid. Negative zero comes back as zero, so that JSON never says `-0`.
    public func round(_ value: Double) -> Double {
        let pixels = value * scale
        let nudged = pixels + (pixels < 0 ? -1 : 1) * Self.tieTolerance * max(1, abs(pixels))
        let rounded = nudged.rounded(.toNearestOrAwayFromZero) / scale
        return rounded == 0 ? 0 : rounded
    }

    public func round(_ point: Point) -> Point {
        Point(x: round(point.x), y: round(point.y))
    }

    public func round(_ size: Size) -> Size {
        Size(width: round(size.width), height: round(size.height))
    }

    /// Each of x, y, width and height rounded from its exact value (not the edges: a
    /// frame's width stays the rounded exact width wherever it sits).
    public func round(_ rect: Rect) -> Rect {
        Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
    }
}
