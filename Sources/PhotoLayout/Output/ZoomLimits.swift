/// A page's zoom scales (HWPhotoVC): `{"min", "max", "double_tap"}`; a double tap toggles
/// between `min` and `double_tap`.
public struct ZoomLimits: Hashable, Sendable {
    public var min: Double
    public var max: Double
    public var doubleTap: Double

    public init(min: Double, max: Double, doubleTap: Double) {
        self.min = min
        self.max = max
        self.doubleTap = doubleTap
    }
}
