/// The one rounding rule of the layout core (docs/API.md §4, "Pixel grid"), as Yoga's `PixelGrid`.
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
    ///
    /// Half away from zero is the magnitude rounded half up, signed again, so the tie nudge is
    /// one addition and the rounding is `roundedHalfUp`'s two, not a call into libm
    /// (x86-64's baseline has no `roundsd`). Always inlined: the Rect and Point overloads call
    /// it four and two times.
    @inline(__always)
    public func round(_ value: Double) -> Double {
        let pixels = value * scale
        let magnitude = abs(pixels)
        let whole = Self.roundedHalfUp(magnitude + Self.tieTolerance * max(1, magnitude))
        // + 0 turns −0 into +0 (IEEE 754: −0 + +0 is +0 when rounding to nearest) and leaves
        // every other value as it is: one addition for `rounded == 0 ? 0 : rounded`'s compare
        // and select.
        return (pixels < 0 ? -whole : whole) / scale + 0
    }

    /// The non-negative `magnitude` rounded to the nearest whole number, a half up: exactly
    /// `magnitude.rounded(.toNearestOrAwayFromZero)` (NaN and infinity come back as they are).
    /// Below 2^52, adding 2^52 lands in the binade whose ulp is 1, so the sum is `magnitude`
    /// rounded to the nearest whole number, ties to even, and subtracting 2^52 again is exact;
    /// a tie that went down to even (the difference is exactly −0.5) goes up one. At and above
    /// 2^52 every double is whole.
    @inline(__always)
    static func roundedHalfUp(_ magnitude: Double) -> Double {
        guard magnitude < 0x1p52 else { return magnitude }
        let even = (magnitude + 0x1p52) - 0x1p52
        return even - magnitude == -0.5 ? even + 1 : even
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
