/// An open or close transition (DESIGN §6): `{"from", "to", "duration", "curve", "fade",
/// "keyframes"}`, with `from`/`to` on the pixel grid or `null`.
public struct TransitionLayout: Hashable, Sendable {
    public var from: Rect?
    public var to: Rect?
    /// Seconds: the request's duration, or a spring's time to rest.
    public var duration: Double
    public var curve: TransitionCurve
    /// True when `from` or `to` is missing: the client cross-fades instead.
    public var fade: Bool
    /// Empty unless asked for, and always for a fade.
    public var keyframes: [Keyframe]

    public init(from: Rect?, to: Rect?, duration: Double, curve: TransitionCurve, fade: Bool, keyframes: [Keyframe]) {
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.fade = fade
        self.keyframes = keyframes
    }
}
