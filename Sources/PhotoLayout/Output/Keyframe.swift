/// One sample of a transition (DESIGN §6): its time, the curve's progress, and the frame and
/// corner radius interpolated by that progress. Left exact: never rounded to the pixel grid.
public struct Keyframe: Hashable, Sendable {
    /// Seconds from the start.
    public var t: Double
    /// 0 at the start, 1 at the end; a spring may overshoot 1.
    public var progress: Double
    public var frame: Rect
    public var cornerRadius: Double

    public init(t: Double, progress: Double, frame: Rect, cornerRadius: Double) {
        self.t = t
        self.progress = progress
        self.frame = frame
        self.cornerRadius = cornerRadius
    }
}
