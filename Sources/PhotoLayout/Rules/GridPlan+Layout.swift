/// A grid laid out on a `GridPlan`: the items come with their URLs, kinds and flags; the plan
/// gives them frames and badges and the grid its size, without an intermediate frame array.
extension GridPlan {
    /// The grid of `items` (the pictures shown, in order, their frames not set yet), or `nil`
    /// without items. The items are placed where they are (`inout`: the caller's array is the
    /// only reference, so no element is copied) and the grid takes the array. `total` counts every picture the status has; `single` is the one
    /// picture's `bmiddle` size, when the grid has exactly one picture without `keep_size`
    /// (only the adaptive style reads it).
    mutating func layout(placing items: inout [GridItem], total: Int, single: Size?) -> GridLayout? {
        let shown = items.count
        guard shown > 0 else { return nil }
        if options.style == .adaptive, shown == 1 {
            let exact = Rect(origin: .zero, size: GridRules.adaptiveSingleSize(single, options: options))
            place(rounded(exact: exact), in: &items[0])
            return GridLayout(
                size: options.pixelGrid.round(exact.size), columns: 1, rows: 1, total: total, items: items)
        }
        let wrap = GridRules.wrapColumns(for: shown)
        for index in 0..<shown {
            place(cell(index, wrap: wrap), in: &items[index])
        }
        let columns = min(shown, wrap)
        let rows = (shown + wrap - 1) / wrap
        return GridLayout(
            size: options.pixelGrid.round(
                GridRules.gridSize(columns: columns, rows: rows, side: side, spacing: options.spacing)),
            columns: columns, rows: rows, total: total, items: items)
    }

    /// Puts `item` in `cell`: its frame, and its badge's frame when it has a badge kind.
    @inline(__always)
    private func place(_ cell: Cell, in item: inout GridItem) {
        item.frame = cell.frame
        item.badge = GridRules.badgeKind(kind: item.kind, isLong: item.isLong).map {
            Badge(kind: $0, frame: cell.badge)
        }
    }
}
