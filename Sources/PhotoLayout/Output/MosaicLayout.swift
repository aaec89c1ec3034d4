/// A `mosaic` grid (docs/API.md §4): one frame per picture shown, in points, on the pixel grid.
public struct MosaicLayout: Hashable, Sendable {
    /// The frames, in the pictures' order; each number is a whole count of device pixels
    /// divided by the scale.
    public var frames: [Rect]
    /// The grid edges each frame lies on (one per frame), or `nil` when the grid fell back
    /// to `adaptive`, whose items have no sides.
    public var sides: [MosaicSides]?
    /// The bounding box of the frames (the adaptive grid's size after a fallback).
    public var size: Size

    /// Whether the mosaic rule gave a frame below one device pixel, so the grid is laid out
    /// as `adaptive` with the same content width and spacing.
    public var isAdaptiveFallback: Bool { sides == nil }

    public init(frames: [Rect], sides: [MosaicSides]?, size: Size) {
        self.frames = frames
        self.sides = sides
        self.size = size
    }
}
