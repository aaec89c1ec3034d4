/// The response of `POST /v1/album/layout` (docs/API.md §7.1): the HWPhotoVC album grid, on the
/// pixel grid.
public struct AlbumLayout: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var contentSize: Size
    public var items: [Rect]

    public init(columns: Int, rows: Int, contentSize: Size, items: [Rect]) {
        self.columns = columns
        self.rows = rows
        self.contentSize = contentSize
        self.items = items
    }
}
