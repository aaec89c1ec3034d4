/// The largest coordinate or length (in points) a request may give: far beyond any screen
/// or picture, and small enough that no rule's sums and products of such values overflow to
/// infinity (a count of 10 000 items of 10^6 points is 10^10). Decision: docs/API.md bounds none
/// of these; without a bound, `spacing: 1e308` made a grid whose frames were infinite.
public enum GeometryLimits {
    public static let maxMagnitude = 1_000_000.0

    /// Whether `value` is finite and within ±`maxMagnitude`.
    public static func accepts(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= maxMagnitude
    }

    /// The 422 detail for a value outside the bounds.
    public static let refusal = "must be a finite number of at most 1000000 in magnitude"
}
