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

/// The answer of `POST /v1/album/layout` in the request's style: the grid, or the justified
/// rows (whose `columns` is `null` and which add `widows`).
public enum AlbumResponse: Hashable, Sendable {
    case grid(AlbumLayout)
    case justified(JustifiedAlbumLayout)
}
