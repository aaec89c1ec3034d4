/// One sample of a transition (docs/API.md §6): its time, the curve's progress, the frame and
/// corner radius interpolated by that progress, and the crop of the picture that frame shows.
/// Left exact: never rounded to the pixel grid. The frame's width and height are never
/// negative.
public struct Keyframe: Hashable, Sendable {
    /// Seconds from the start.
    public var t: Double
    /// 0 at the start, 1 at the end; a spring may overshoot 1.
    public var progress: Double
    public var frame: Rect
    public var cornerRadius: Double
    /// `CropRule.crop` of the picture's size in the frame at the progress clamped to [0, 1]
    /// (a spring's overshoot keeps the end crop); `nil` when the size is unknown.
    public var crop: Rect?

    public init(t: Double, progress: Double, frame: Rect, cornerRadius: Double, crop: Rect? = nil) {
        self.t = t
        self.progress = progress
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.crop = crop
    }
}
