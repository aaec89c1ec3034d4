/// The rounded cells of every grid one set of options lays out (DESIGN §4), computed once.
///
/// A cell's frame and its badge's frame depend only on the cell's index, the wrap (2 columns
/// for exactly four pictures, else 3) and the options, never on the pictures: a timeline of
/// 20 grids rounds each of its at most 13 distinct cells once, not once per picture. Cells
/// are filled on first use, up to `cachedCells` per wrap; a cell past that (`max_items` above
/// 9) is computed each time, by the same formula. The adaptive single picture, whose frame
/// follows the picture's size, is never cached.
struct GridPlan {
    /// One cell of the grid, rounded: its frame and the frame of a badge pinned to it.
    struct Cell: Hashable {
        var frame: Rect
        var badge: Rect
    }

    /// The most cells cached per wrap: Weibo shows at most nine pictures.
    static let cachedCells = 9

    let options: GridOptions
    /// The cell side `s` (classic) or `c` (adaptive, rounded as its formula says).
    let side: Double
    /// Cells of the 3-column wrap by index, filled on first use.
    private var threeColumns: [Cell] = []
    /// Cells of the 2-column wrap (four pictures) by index, filled on first use.
    private var twoColumns: [Cell] = []

    init(options: GridOptions) {
        self.options = options
        switch options.style {
        case .classic: side = options.itemSize
        case .adaptive: side = GridRules.adaptiveCell(options: options)
        }
    }

    /// The rounded cell `index` of a grid that wraps after `wrap` columns.
    mutating func cell(_ index: Int, wrap: Int) -> Cell {
        guard index < Self.cachedCells else { return rounded(index, wrap: wrap) }
        if wrap == 2 {
            while twoColumns.count <= index { twoColumns.append(rounded(twoColumns.count, wrap: 2)) }
            return twoColumns[index]
        }
        while threeColumns.count <= index { threeColumns.append(rounded(threeColumns.count, wrap: wrap)) }
        return threeColumns[index]
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
