import JSONBytes

/// The photo-grid rules of docs/API.md §4, each stated once, over explicit inputs.
///
/// `geometry` is the grid: exact frames, nothing rounded but the adaptive cell (whose formula
/// rounds it). `layout` rounds it once on the options' pixel grid (`rounded(cell:options:)`) and
/// adds URLs, kinds and badges. The browser's `grid_origin` thumbnails (`BrowserThumbnailRules`)
/// are `geometry`'s frames, and the timeline's fast path (`GridPlan`) keeps `rounded` cells of
/// `geometry` computed once per options, so a thumbnail in the browser sits exactly where the
/// timeline drew it.
public enum GridRules {
    /// The exact geometry of a grid of `count` pictures, or `nil` when it shows none.
    ///
    /// - n = `options.shown(of: count)` pictures are shown; n == 0 is no grid.
    /// - `mosaic`: `MosaicRules` on the first n of `pictureSizes` (a size missing there is
    ///   unknown); its frames lie on the pixel grid already, and each has its sides (none after
    ///   the mosaic's adaptive fallback); no columns or rows.
    /// - `adaptive` with n == 1: one cell of `adaptiveSingleSize`.
    /// - Otherwise cells of side s (classic `item_size`, or the adaptive cell c), `spacing` g
    ///   apart, wrapping after k columns (`wrapColumns`); the grid is as large as the columns and
    ///   rows it uses.
    ///
    /// - Parameter singlePictureSize: `singlePictureSize(of:)` of the pictures: the size whose
    ///   aspect the one picture of a grid takes. Only the adaptive style reads it.
    /// - Parameter pictureSizes: each picture's `aspectSize`, in order. Only the mosaic reads it.
    public static func geometry(
        count: Int, singlePictureSize: Size? = nil, pictureSizes: [Size?] = [], options: GridOptions
    ) -> GridGeometry? {
        let shown = options.shown(of: count)
        guard shown > 0 else { return nil }
        if options.style == .mosaic {
            let sizes = (0..<shown).map { $0 < pictureSizes.count ? pictureSizes[$0] : nil }
            // `shown` is at least one, so the mosaic shows pictures.
            let mosaic = MosaicRules.layout(sizes: sizes, options: options.mosaic)!
            return GridGeometry(columns: nil, rows: nil, size: mosaic.size, frames: mosaic.frames, sides: mosaic.sides)
        }
        if options.style == .adaptive, shown == 1 {
            let size = adaptiveSingleSize(singlePictureSize, options: options)
            return GridGeometry(columns: 1, rows: 1, size: size, frames: [Rect(origin: .zero, size: size)])
        }
        let side = cellSide(options: options)
        let wrap = wrapColumns(for: shown)
        let columns = min(shown, wrap)
        let rows = (shown + wrap - 1) / wrap
        return GridGeometry(
            columns: columns, rows: rows,
            size: Size(
                width: Double(columns) * (side + options.spacing) - options.spacing,
                height: Double(rows) * (side + options.spacing) - options.spacing),
            frames: (0..<shown).map { cellFrame(index: $0, wrap: wrap, side: side, spacing: options.spacing) })
    }

    /// Columns a grid of `shown` pictures wraps after: 2 for four pictures (2×2), else 3.
    package static func wrapColumns(for shown: Int) -> Int {
        shown == 4 ? 2 : 3
    }

    /// The side of a square cell: `item_size` (classic) or the adaptive cell c (`mosaic`,
    /// whose cells are not squares, falls back to the adaptive one).
    static func cellSide(options: GridOptions) -> Double {
        switch options.style {
        case .classic: options.itemSize
        case .adaptive, .mosaic: adaptiveCell(options: options)
        }
    }

    /// Cell `index` of a grid of `side`-point cells, `spacing` apart, wrapping after `wrap`
    /// columns: column i % k, row i / k, at (col·(s+g), row·(s+g)).
    static func cellFrame(index: Int, wrap: Int, side: Double, spacing: Double) -> Rect {
        Rect(
            x: Double(index % wrap) * (side + spacing), y: Double(index / wrap) * (side + spacing), width: side,
            height: side)
    }

    /// The adaptive cell: c = px((W + g)/3 − g), rounded before use as docs/API.md says.
    package static func adaptiveCell(options: GridOptions) -> Double {
        let width = options.contentWidth ?? 0
        return options.pixelGrid.round((width + options.spacing) / 3 - options.spacing)
    }

    /// The adaptive single picture: L = 2c + g along the long side, the picture's aspect on the
    /// other (portrait when w < h); without a usable size, a W/2 square.
    static func adaptiveSingleSize(_ pictureSize: Size?, options: GridOptions) -> Size {
        guard let pictureSize, pictureSize.isPositive else {
            let side = (options.contentWidth ?? 0) / 2
            return Size(width: side, height: side)
        }
        let long = 2 * adaptiveCell(options: options) + options.spacing
        if pictureSize.width < pictureSize.height {
            return Size(width: pictureSize.width / pictureSize.height * long, height: long)
        }
        return Size(width: long, height: pictureSize.height / pictureSize.width * long)
    }

    /// The size whose aspect a grid of `pictures` gives its adaptive single picture: the one
    /// picture's `aspectSize`, when there is exactly one and it has no `keep_size`.
    public static func singlePictureSize(of pictures: [Picture]) -> Size? {
        pictures.count == 1 && !pictures[0].keepSize ? pictures[0].aspectSize : nil
    }

    /// The corner badge of a picture, if it has one: GIF wins over long, long over live.
    package static func badgeKind(kind: PictureKind, isLong: Bool) -> Badge.Kind? {
        if kind == .gif { return .gif }
        if isLong { return .long }
        if kind == .livephoto { return .live }
        return nil
    }

    /// A badge of `size` pinned to the bottom-right corner of `frame` (exact).
    package static func badgeFrame(in frame: Rect, size: Size) -> Rect {
        Rect(x: frame.maxX - size.width, y: frame.maxY - size.height, width: size.width, height: size.height)
    }

    /// An exact cell and the badge pinned to it, each rounded once on the options' pixel grid:
    /// the frames a grid item and its badge have.
    static func rounded(cell exact: Rect, options: GridOptions) -> Cell {
        let grid = options.pixelGrid
        return Cell(frame: grid.round(exact), badge: grid.round(badgeFrame(in: exact, size: options.badgeSize)))
    }

    /// One rounded cell: the item's frame, and the frame a badge on it has.
    struct Cell: Hashable {
        var frame: Rect
        var badge: Rect
    }

    /// The grid of `pictures`: `geometry` rounded, with each shown picture's crop (of its
    /// `aspectSize` in its rounded frame), URLs, kind, badge and, in a mosaic, sides. `total`
    /// is how many pictures the status has (`PictureRules.total`: `pic_num` may say more than
    /// were read); those past the items shown are the grid's `more`.
    public static func layout(for pictures: [Picture], total: Int? = nil, options: GridOptions) -> GridLayout? {
        let single = singlePictureSize(of: pictures)
        guard
            let geometry = geometry(
                count: pictures.count, singlePictureSize: single, pictureSizes: pictureSizes(of: pictures, options),
                options: options)
        else {
            return nil
        }
        let items = geometry.frames.indices.map { index in
            let picture = pictures[index]
            let cell = rounded(cell: geometry.frames[index], options: options)
            return GridItem(
                index: index, frame: cell.frame,
                crop: CropRule.crop(pictureSize: picture.aspectSize, frame: cell.frame),
                urls: picture.urls, kind: picture.kind, isLong: picture.isLong,
                badge: badgeKind(kind: picture.kind, isLong: picture.isLong).map { Badge(kind: $0, frame: cell.badge) },
                sides: geometry.sides?[index])
        }
        return GridLayout(
            size: options.pixelGrid.round(geometry.size), columns: geometry.columns, rows: geometry.rows,
            total: total ?? pictures.count, items: items)
    }

    /// The sizes the mosaic of `pictures` reads (`geometry`'s `pictureSizes`): each shown
    /// picture's `aspectSize`; none for the other styles, which do not read them.
    public static func pictureSizes(of pictures: [Picture], _ options: GridOptions) -> [Size?] {
        options.style == .mosaic ? pictures.prefix(options.shown(of: pictures.count)).map(\.aspectSize) : []
    }

    /// The grid of `count` plain pictures (`GET /v1/grid`), of the sizes `pictureSizes` gives
    /// (the mosaic's; unknown without them): `geometry` rounded, each item's crop of its size in
    /// its rounded frame (`nil` where no size is given), no URLs, no badges; sides in a mosaic.
    public static func layout(count: Int, pictureSizes: [Size?] = [], options: GridOptions) -> GridLayout? {
        guard let geometry = geometry(count: count, pictureSizes: pictureSizes, options: options) else { return nil }
        let items = geometry.frames.enumerated().map { index, exact in
            let frame = options.pixelGrid.round(exact)
            return GridItem(
                index: index, frame: frame,
                crop: CropRule.crop(pictureSize: index < pictureSizes.count ? pictureSizes[index] : nil, frame: frame),
                urls: nil, kind: .image, isLong: false, badge: nil, sides: geometry.sides?[index])
        }
        return GridLayout(
            size: options.pixelGrid.round(geometry.size), columns: geometry.columns, rows: geometry.rows,
            total: count, items: items)
    }
}

/// A grid's exact geometry: what `GridRules.geometry` computes before rounding (a mosaic's
/// frames are on the pixel grid already: rounding leaves them as they are).
public struct GridGeometry: Hashable, Sendable {
    /// The columns and rows of a grid of squares; `nil` in a mosaic, which has neither.
    public var columns: Int?
    public var rows: Int?
    public var size: Size
    /// One frame per picture shown, in the grid's coordinates.
    public var frames: [Rect]
    /// A mosaic's sides, one per frame; `nil` in the other styles and after the mosaic's
    /// adaptive fallback.
    public var sides: [MosaicSides]?

    public init(columns: Int?, rows: Int?, size: Size, frames: [Rect], sides: [MosaicSides]? = nil) {
        self.columns = columns
        self.rows = rows
        self.size = size
        self.frames = frames
        self.sides = sides
    }
}
