/// A justified album (docs/API.md §5): rows of pictures that keep their shapes, on the pixel grid.
public struct JustifiedAlbumLayout: Hashable, Sendable {
    /// The rows laid out, the widow row included.
    public var rows: Int
    /// The pictures in the widow row (the last, unfinished one); 0 when there is none or
    /// `max_rows` cut it.
    public var widows: Int
    /// The screen's width, and the bottom of the last row plus the bottom inset (top plus
    /// bottom inset when no picture is laid out).
    public var contentSize: Size
    /// One frame per picture laid out, in order.
    public var items: [Rect]

    public init(rows: Int, widows: Int, contentSize: Size, items: [Rect]) {
        self.rows = rows
        self.widows = widows
        self.contentSize = contentSize
        self.items = items
    }
}
