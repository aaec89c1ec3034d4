/// The crops of an open or close transition (docs/API.md §6): `from_crop`, `to_crop` and one
/// crop per keyframe, each a unit rect of the picture or `nil` (unknown size, a zero side,
/// or a fade).
public struct TransitionCrops: Hashable, Sendable {
    public var from: Rect?
    public var to: Rect?
    /// One per keyframe, in the keyframes' order.
    public var keyframes: [Rect?]

    public init(from: Rect?, to: Rect?, keyframes: [Rect?]) {
        self.from = from
        self.to = to
        self.keyframes = keyframes
    }
}
