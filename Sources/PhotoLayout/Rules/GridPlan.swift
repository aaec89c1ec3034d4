/// The rounded cells of every grid one set of options lays out (DESIGN §4), computed once.
///
/// A cell's frame and its badge's frame depend only on the cell's index, the wrap (2 columns
/// for exactly four pictures, else 3) and the options, never on the pictures: a timeline of
/// 20 grids rounds each of its at most 13 distinct cells once, not once per picture. Cells
/// are filled on first use (the four of the 2×2 grid, the first `cachedCells` of the 3-column
/// wrap); a cell past that (`max_items` above 9) is computed each time, by the same formula. The adaptive single picture, whose frame
/// follows the picture's size, is never cached.
struct GridPlan {
    /// One cell of the grid, rounded: its frame and the frame of a badge pinned to it.
    struct Cell: Hashable {
        var frame: Rect
        var badge: Rect
    }

    /// The most cells cached of the 3-column wrap: Weibo shows at most nine pictures.
    static let cachedCells = 9

    /// `cells`' slots: the four 2×2 cells, then `cachedCells`.
    private static var cellSlots: Int { 4 &+ cachedCells }

    let options: GridOptions
    /// The cell side `s` (classic) or `c` (adaptive, rounded as its formula says).
    let side: Double
    /// The cells of the 2-column wrap (four pictures, slots 0–3), then those of the 3-column
    /// wrap (slots 4…), each filled on first use; inline, so a plan allocates nothing.
    private var cells = InlineArray<13, Cell?>(repeating: nil)
    /// The rounded size of a grid of `n` cells (`sizes[n - 1]`, up to `cachedCells`), filled on
    /// first use: a size depends only on the count.
    private var sizes = InlineArray<9, Size?>(repeating: nil)

    init(options: GridOptions) {
        self.options = options
        switch options.style {
        case .classic: side = options.itemSize
        case .adaptive: side = GridRules.adaptiveCell(options: options)
        }
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
    mutating func cell(_ index: Int, wrap: Int) -> Cell {
        let slot = wrap == 2 ? index : 4 &+ index
        guard wrap == 2 ? index < 4 : index < Self.cachedCells else { return rounded(index, wrap: wrap) }
        if let cell = cells[slot] { return cell }
        let cell = rounded(index, wrap: wrap)
        cells[slot] = cell
        return cell
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
