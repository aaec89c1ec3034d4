/// Which part of a picture a frame shows (docs/API.md §4, "Crop"): a unit rect of the image,
/// the middle of a picture wider than the frame (full height) and the top of a taller one
/// (full width), as Weibo's clients and YYKit's `contentsRect` show them.
///
/// The promise: the crop, measured in the picture's pixels, has the frame's aspect, so the
/// picture is drawn undistorted. Crops are exact (double precision), never pixel-rounded.
public enum CropRule {
    /// The unit rect of a picture of `pictureSize` that `frame` (as output, rounded) shows;
    /// `nil` when the size is unknown (a side not positive and finite) or the frame has a
    /// zero side.
    public static func crop(pictureSize: Size?, frame: Rect) -> Rect? {
        guard let pictureSize, pictureSize.isPositive, frame.width != 0, frame.height != 0 else { return nil }
        let picture = pictureSize.width / pictureSize.height
        let cell = frame.width / frame.height
        if picture > cell {
            let share = cell / picture
            return Rect(x: (1 - share) / 2, y: 0, width: share, height: 1)
        }
        if picture < cell {
            return Rect(x: 0, y: 0, width: 1, height: picture / cell)
        }
        return Rect(x: 0, y: 0, width: 1, height: 1)
    }

    /// The crops of a transition from `from` to `to` (docs/API.md §6): the rule on both ends and
    /// on lerp(from, to, p) for each keyframe progress p clamped to [0, 1], so a spring's
    /// overshoot keeps the end crop. A fade (no `from` or no `to`) has none.
    public static func transitionCrops(
        pictureSize: Size?, from: Rect?, to: Rect?, progresses: [Double]
    ) -> TransitionCrops {
        guard let from, let to else {
            return TransitionCrops(from: nil, to: nil, keyframes: progresses.map { _ in nil })
        }
        return TransitionCrops(
            from: crop(pictureSize: pictureSize, frame: from),
            to: crop(pictureSize: pictureSize, frame: to),
            keyframes: progresses.map { crop(pictureSize: pictureSize, frame: frame(from: from, to: to, progress: $0)) }
        )
    }

    /// The frame a keyframe's crop is computed from: lerp(from, to, p) with p clamped to
    /// [0, 1], each side a + (b − a)·p.
    static func frame(from: Rect, to: Rect, progress: Double) -> Rect {
        let p = min(max(progress, 0), 1)
        return Rect(
            x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p,
            width: from.width + (to.width - from.width) * p, height: from.height + (to.height - from.height) * p)
    }
}
