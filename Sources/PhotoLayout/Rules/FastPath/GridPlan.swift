/// The rounded grids of one set of options, each computed once by `GridRules` and then looked
/// up: the timeline's fast path lays out every grid of a request on one plan.
///
/// For each count n of pictures shown, up to `cachedCells`, the plan keeps `GridRules.geometry`
/// of n rounded (`GridRules.rounded(cell:options:)`): its size, columns and rows, and its cells.
/// A cell depends only on its index and the wrap (docs/API.md §4: col = i % k, row = i / k), so the
/// cells are kept once per wrap, two columns or three, each grid's cells a run of them.
/// `GridPlanTests` hold every planned grid equal to `GridRules.layout`. Grids past `cachedCells`
/// pictures and the adaptive single picture (whose cell follows the picture's size) are laid
/// out by `GridRules` when asked.
struct GridPlan {
    /// The most pictures a planned grid shows: Weibo shows at most nine.
    static let cachedCells = 9

    /// The rounded size, columns and rows of a grid.
    struct Shape {
        var size: Size
        /// `nil` in a mosaic, which the plan never holds (its cells follow each picture's size).
        var columns: Int?
        var rows: Int?
    }

    let options: GridOptions
    /// The rounded cells of a grid wrapping after three columns (0..<9), then of one wrapping
    /// after two (9..<13). Arrays, not inline storage: a plan is copied by reference.
    private var cells = [GridRules.Cell](repeating: GridRules.Cell(frame: .zero, badge: .zero), count: 13)
    /// The shape of a grid of n pictures at `shapes[n - 1]`, once planned (its cells too).
    private var shapes = [Shape?](repeating: nil, count: 9)

    /// The plan of the default options (`GridOptions()`), which most requests use: every count
    /// planned once, then the plan copied.
    private static let standard: GridPlan = {
        var plan = GridPlan(planning: GridOptions())
        for count in 1...cachedCells { _ = plan.shape(of: count) }
        return plan
    }()

    init(options: GridOptions) {
        if options == Self.standard.options {
            self = Self.standard
        } else {
            self.init(planning: options)
        }
    }

    /// A plan of `options` with no grid planned yet.
    private init(planning options: GridOptions) {
        self.options = options
    }

    /// The shape of a grid of `shown` pictures (1…`cachedCells`, not the adaptive single
    /// picture), planning it on first use.
    @inline(__always)
    mutating func shape(of shown: Int) -> Shape {
        if let shape = shapes[shown &- 1] { return shape }
        return plan(shown)
    }

    /// Plans the grid of `shown` pictures: `GridRules.geometry` rounded.
    @inline(never)
    private mutating func plan(_ shown: Int) -> Shape {
        // A count at or below `max_items` is shown whole: the geometry of `shown` is its own.
        guard let geometry = GridRules.geometry(count: shown, options: options) else {
            preconditionFailure("a planned grid shows at least one picture")
        }
        for (index, exact) in geometry.frames.enumerated() {
            let cell = GridRules.rounded(cell: exact, options: options)
            cells[GridRules.wrapColumns(for: shown) == 2 ? 9 &+ index : index] = cell
        }
        let shape = Shape(size: options.pixelGrid.round(geometry.size), columns: geometry.columns, rows: geometry.rows)
        shapes[shown &- 1] = shape
        return shape
    }

    /// Cell `index` of a planned grid of `shown` pictures.
    @inline(__always)
    func cell(_ index: Int, of shown: Int) -> GridRules.Cell {
        cells[GridRules.wrapColumns(for: shown) == 2 ? 9 &+ index : index]
    }

    /// Puts the `shown` items at `first` of `items` in the cells of a planned grid of `shown`.
    @inline(__always)
    func place(_ shown: Int, from first: Int, in items: inout [ItemRow]) {
        // Through the buffer: `items[i]` checked bounds and uniqueness once an item.
        items.withUnsafeMutableBufferPointer { items in
            guard let base = items.baseAddress.map({ $0 + first }) else { return }
            for index in 0..<shown { base[index].put(in: cell(index, of: shown)) }
        }
    }
}
