import JSONBytes

/// The photo-grid rules of DESIGN §4, as free functions over explicit inputs.
///
/// `geometry` computes exact frames (nothing rounded but the adaptive cell, whose formula
/// rounds it); `layout` adds URLs and badges and rounds everything once, on the options'
/// pixel grid. The browser's `grid_origin` path calls `geometry` too, so thumbnails in the
/// browser sit exactly where the timeline drew them.
public enum GridRules {
    /// Columns used when a grid of `count` pictures wraps: 2 for four pictures (2×2), else 3.
    public static func wrapColumns(for count: Int) -> Int {
        count == 4 ? 2 : 3
    }

    /// The exact geometry of a grid of `count` pictures, or `nil` when it shows none.
    ///
    /// - Parameter singlePictureSize: the one picture's `bmiddle` size, when the grid has
    ///   exactly one picture, its size is known and it has no `keep_size`. Only the
    ///   adaptive style reads it.
    public static func geometry(count: Int, singlePictureSize: Size? = nil, options: GridOptions) -> GridGeometry? {
        let shown = min(count, options.maxItems)
        guard shown > 0 else { return nil }
        let spacing = options.spacing

        if options.style == .adaptive, shown == 1 {
            return GridGeometry(
                columns: 1, rows: 1,
                frames: [Rect(origin: .zero, size: adaptiveSingleSize(singlePictureSize, options: options))])
        }

        let side: Double
        switch options.style {
        case .classic: side = options.itemSize
        case .adaptive: side = adaptiveCell(options: options)
        }
        let wrap = wrapColumns(for: shown)
        var frames: [Rect] = []
        frames.reserveCapacity(shown)
        for index in 0..<shown {
            frames.append(cellFrame(index: index, wrap: wrap, side: side, spacing: spacing))
        }
        let columns = min(shown, wrap)
        let rows = (shown + wrap - 1) / wrap
        return GridGeometry(
            columns: columns,
            rows: rows,
            size: gridSize(columns: columns, rows: rows, side: side, spacing: spacing),
            frames: frames
        )
    }

    /// The exact frame of cell `index` in a grid of `side`-point cells, `spacing` apart, that
    /// wraps after `wrap` columns: the one formula `geometry` and `GridPlan` share.
    @inline(__always)
    static func cellFrame(index: Int, wrap: Int, side: Double, spacing: Double) -> Rect {
        Rect(
            x: Double(index % wrap) * (side + spacing),
            y: Double(index / wrap) * (side + spacing),
            width: side,
            height: side
        )
    }

    /// The exact size of a grid of `columns` × `rows` cells.
    @inline(__always)
    static func gridSize(columns: Int, rows: Int, side: Double, spacing: Double) -> Size {
        Size(width: Double(columns) * (side + spacing) - spacing, height: Double(rows) * (side + spacing) - spacing)
    }

    /// The adaptive cell: c = px((W + g)/3 − g), rounded before use as DESIGN says.
    public static func adaptiveCell(options: GridOptions) -> Double {
        let width = options.contentWidth ?? 0
        return options.pixelGrid.round((width + options.spacing) / 3 - options.spacing)
    }

    /// The adaptive single picture: L = 2c + g along the long side, the aspect of its
    /// bmiddle size on the other; without a usable size, a px(W/2) square.
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

    /// The grid of a status's pictures: exact geometry, URLs, kinds and badges, rounded.
    /// `total` is how many pictures the status has (`PictureRules.total`: `pic_num` may say
    /// more than were read); those past the items shown are the grid's `more`.
    public static func layout(for pictures: [Picture], total: Int? = nil, options: GridOptions) -> GridLayout? {
        var builder = LayoutTableBuilder(options: options)
        guard let grid = builder.appendGrid(of: pictures, total: total ?? pictures.count) else { return nil }
        return builder.finish().gridLayout(grid)
    }

    /// The grid of `count` plain pictures of unknown size (`GET /v1/grid`): no URLs, no badges.
    public static func layout(count: Int, options: GridOptions) -> GridLayout? {
        var builder = LayoutTableBuilder(options: options)
        guard let grid = builder.appendGrid(count: count) else { return nil }
        return builder.finish().gridLayout(grid)
    }

    /// The corner badge of a picture, if it has one: GIF wins over long, long over live.
    public static func badgeKind(kind: PictureKind, isLong: Bool) -> Badge.Kind? {
        if kind == .gif { return .gif }
        if isLong { return .long }
        if kind == .livephoto { return .live }
        return nil
    }

    /// A badge of `size` pinned to the bottom-right corner of `frame` (exact).
    public static func badgeFrame(in frame: Rect, size: Size) -> Rect {
        Rect(x: frame.maxX - size.width, y: frame.maxY - size.height, width: size.width, height: size.height)
    }
}

/// A grid's exact geometry: what `GridRules.geometry` computes before rounding.
public struct GridGeometry: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var size: Size
    /// One frame per picture shown, in the grid's coordinates.
    public var frames: [Rect]

    public init(columns: Int, rows: Int, size: Size, frames: [Rect]) {
        self.columns = columns
        self.rows = rows
        self.size = size
        self.frames = frames
    }

    /// A one-cell grid is as large as its cell.
    init(columns: Int, rows: Int, frames: [Rect]) {
        self.init(columns: columns, rows: rows, size: frames[0].size, frames: frames)
    }
}
