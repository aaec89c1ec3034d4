/// Where the browser finds the thumbnail of each picture, for the open and close transitions
/// (docs/API.md §6, "Which thumbnail").
public enum BrowserThumbnailSource: Hashable, Sendable {
    /// `thumbnail_frames`: one frame per picture, `nil` for a picture without a thumbnail.
    case frames([Rect?])
    /// `grid_origin` + `grid_options`: the grid of section 4 laid out at `origin`.
    /// `singlePictureSize` is what `GridRules.geometry` reads for an adaptive single picture
    /// (`GridRules.singlePictureSize(of:)`), `pictureSizes` what it reads for a mosaic (each
    /// picture's size, in order; a size missing there is unknown).
    case grid(origin: Point, options: GridOptions, singlePictureSize: Size?, pictureSizes: [Size?] = [])
    /// No thumbnails: every transition fades.
    case none
}
