/// An open or close transition (docs/API.md §6): `{"from", "to", "from_crop", "to_crop",
/// "duration", "curve", "fade", "keyframes"}`, with `from`/`to` on the pixel grid or `null`.
///
/// The crops are `CropRule.crop` of the picture's size in `from` and in `to`: the part of the
/// picture each end shows (a cropped thumbnail, a whole page); `nil` when the size is unknown
/// and for a fade.
public struct TransitionLayout: Hashable, Sendable {
    public var from: Rect?
    public var to: Rect?
    public var fromCrop: Rect?
    public var toCrop: Rect?
    /// Seconds: the request's duration, or a spring's time to rest.
    public var duration: Double
    public var curve: TransitionCurve
    /// True when `from` or `to` is missing: the client cross-fades instead.
    public var fade: Bool
    /// Empty unless asked for, and always for a fade.
    public var keyframes: [Keyframe]

    public init(
        from: Rect?, to: Rect?, fromCrop: Rect? = nil, toCrop: Rect? = nil, duration: Double, curve: TransitionCurve,
        fade: Bool, keyframes: [Keyframe]
    ) {
        self.from = from
        self.to = to
        self.fromCrop = fromCrop
        self.toCrop = toCrop
        self.duration = duration
        self.curve = curve
        self.fade = fade
        self.keyframes = keyframes
    }
}
