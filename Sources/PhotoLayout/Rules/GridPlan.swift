/// The rounded cells of every grid one set of options lays out (DESIGN §4), computed once.
///
/// A cell's frame and its badge's frame depend only on the cell's index, the wrap (2 columns
/// for exactly four pictures, else 3) and the options, never on the pictures. Rounding works
/// on each coordinate alone (`PixelGrid.round(_: Rect)`), and a cell's x is its column's
/// exact offset k·(s + g), its y its row's: so the plan rounds, once, the offsets of the first
/// `cachedRows` columns and rows, the badge offsets pinned to them, and the two sizes, and
/// makes each of the nine cells of any grid (both wraps) from those, with no rounding at all.
/// A cell further down (`max_items` above 9) is rounded when asked, by the same formula; the
/// adaptive single picture, whose frame follows the picture's size, is rounded by its grid.
struct GridPlan {
    /// One cell of the grid, rounded: its frame and the frame of a badge pinned to it.
    struct Cell: Hashable {
        var frame: Rect
        var badge: Rect
    }

    /// The most cells of a grid with sizes cached: Weibo shows at most nine pictures.
    static let cachedCells = 9
    /// The columns and rows whose offsets are rounded in advance: three of each, nine cells.
    static let cachedRows = 3

    let options: GridOptions
    /// The cell side `s` (classic) or `c` (adaptive, rounded as its formula says).
    let side: Double
    /// Rounded k·(s + g), for k below `cachedRows`: a cell's x for its column, y for its row.
    private var offsets = InlineArray<3, Double>(repeating: 0)
    /// Rounded k·(s + g) + s − badge width (height): the badge's x (y) in column (row) k.
    private var badgeX = InlineArray<3, Double>(repeating: 0)
    private var badgeY = InlineArray<3, Double>(repeating: 0)
    /// The rounded cell side and badge size.
    private let cellSize: Size
    private let badgeSize: Size
    /// The rounded size of a grid of `n` cells (`sizes[n - 1]`, up to `cachedCells`), filled on
    /// first use: a size depends only on the count.
    private var sizes = InlineArray<9, Size?>(repeating: nil)

    /// The plan of the default options (`GridOptions()`), which most requests use: made once,
    /// then copied, not rounded again per request.
    private static let standard = GridPlan(rounding: GridOptions())

    init(options: GridOptions) {
        if options == Self.standard.options {
            self = Self.standard
        } else {
            self.init(rounding: options)
        }
    }

    /// The plan of `options`, its offsets and sizes rounded.
    private init(rounding options: GridOptions) {
        self.options = options
        switch options.style {
        case .classic: side = options.itemSize
        case .adaptive: side = GridRules.adaptiveCell(options: options)
        }
        // Each value as `rounded(exact:)` computes it: the exact frame's x (`cellFrame`), and
        // the badge's x as `badgeFrame` does, from the frame's `maxX`.
        let grid = options.pixelGrid
        let badge = options.badgeSize
        for k in 0..<Self.cachedRows {
            let exact = GridRules.cellFrame(index: k, wrap: Self.cachedRows, side: side, spacing: options.spacing)
            offsets[k] = grid.round(exact.x)
            badgeX[k] = grid.round(exact.maxX - badge.width)
            badgeY[k] = grid.round(exact.maxX - badge.height)
        }
        cellSize = grid.round(Size(width: side, height: side))
        self.badgeSize = grid.round(badge)
    }

    /// The rounded size of a grid of `shown` cells (more than one, or not adaptive), its
    /// `columns` and `rows`.
    @inline(__always)
    mutating func gridSize(shown: Int, columns: Int, rows: Int) -> Size {
        guard shown <= Self.cachedCells else { return roundedSize(columns: columns, rows: rows) }
        if let size = sizes[shown &- 1] { return size }
        let size = roundedSize(columns: columns, rows: rows)
        sizes[shown &- 1] = size
        return size
    }

    /// The grid size of `columns` × `rows` cells, rounded.
    private func roundedSize(columns: Int, rows: Int) -> Size {
        options.pixelGrid.round(GridRules.gridSize(columns: columns, rows: rows, side: side, spacing: options.spacing))
    }

    /// The rounded cell `index` of a grid that wraps after `wrap` columns.
    @inline(__always)
    func cell(_ index: Int, wrap: Int) -> Cell {
        let (row, column) = index.quotientAndRemainder(dividingBy: wrap)
        return cell(index, column: column, row: row, wrap: wrap)
    }

    /// `cell(index, wrap:)`, the caller knowing the cell's column and row.
    @inline(__always)
    func cell(_ index: Int, column: Int, row: Int, wrap: Int) -> Cell {
        guard row < Self.cachedRows, column < Self.cachedRows else { return rounded(index, wrap: wrap) }
        return Cell(
            frame: Rect(origin: Point(x: offsets[column], y: offsets[row]), size: cellSize),
            badge: Rect(origin: Point(x: badgeX[column], y: badgeY[row]), size: badgeSize))
    }

    /// Cell `index` computed exactly, then rounded (frame and badge each from the exact frame).
    func rounded(_ index: Int, wrap: Int) -> Cell {
        rounded(exact: GridRules.cellFrame(index: index, wrap: wrap, side: side, spacing: options.spacing))
    }

    /// `exact` and its badge, rounded on the options' pixel grid.
    func rounded(exact: Rect) -> Cell {
        let grid = options.pixelGrid
        return Cell(
            frame: grid.round(exact), badge: grid.round(GridRules.badgeFrame(in: exact, size: options.badgeSize)))
    }
}
