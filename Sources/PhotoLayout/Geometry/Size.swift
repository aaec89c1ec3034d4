/// A size in points, encoded as `{"width", "height"}`.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Both sides finite and strictly positive: a size a layout rule can divide by.
    public var isPositive: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
    }
}
