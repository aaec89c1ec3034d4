/// The thumbnail strip (HWPhotoVC): a horizontal row of items at the bottom of the screen,
/// scrolled so that the selected item shows whole. Every value on the pixel grid.
public struct StripLayout: Hashable, Sendable {
    public var frame: Rect
    public var contentSize: Size
    public var contentOffset: Point
    public var selected: Int
    public var borderWidth: Double
    /// One frame per picture, in the strip's content coordinates.
    public var items: [Rect]

    public init(frame: Rect, contentSize: Size, contentOffset: Point, selected: Int, borderWidth: Double, items: [Rect])
    {
        self.frame = frame
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.selected = selected
        self.borderWidth = borderWidth
        self.items = items
    }
}
