/// Insets from the four edges of a rectangle, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    public static let zero = EdgeInsets(all: 0)
}

extension Rect {
    /// This rectangle shrunk by `insets` (grown where they are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left,
            y: y + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }
}
