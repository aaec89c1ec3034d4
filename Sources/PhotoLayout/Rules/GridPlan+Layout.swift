/// A grid laid out on a `GridPlan`: the items are rows of a `LayoutTable` already, with their
/// URLs, kinds and flags; the plan gives them frames and badges and the grid its row.
extension GridPlan {
    /// Places the table's items at `positions` (the pictures shown, in order, their frames not
    /// set yet) and appends their grid's row; returns its index, or `nil` without items.
    /// `total` counts every picture the status has; `single` is the one picture's `bmiddle`
    /// size, when the grid has exactly one picture without `keep_size` (only the adaptive
    /// style reads it).
    mutating func place(_ positions: Range<Int>, in table: inout LayoutTable, total: Int, single: Size?) -> Int? {
        let shown = positions.count
        guard shown > 0 else { return nil }
        let size: Size
        let columns: Int
        let rows: Int
        if options.style == .adaptive, shown == 1 {
            let exact = Rect(origin: .zero, size: GridRules.adaptiveSingleSize(single, options: options))
            let cell = rounded(exact: exact)
            table.items.withUnsafeMutableBufferPointer { place(cell, in: &$0[positions.lowerBound]) }
            size = options.pixelGrid.round(exact.size)
            columns = 1
            rows = 1
        } else {
            let wrap = GridRules.wrapColumns(for: shown)
            // Through the buffer: `table.items[i]` checked bounds and uniqueness once an item.
            table.items.withUnsafeMutableBufferPointer { items in
                guard let first = items.baseAddress.map({ $0 + positions.lowerBound }) else { return }
                // Column and row counted along, not divided out of the index.
                var column = 0
                var row = 0
                for index in 0..<shown {
                    place(cell(index, column: column, row: row, wrap: wrap), in: &first[index])
                    column &+= 1
                    if column == wrap {
                        column = 0
                        row &+= 1
                    }
                }
            }
            columns = min(shown, wrap)
            rows = (shown + wrap - 1) / wrap
            size = gridSize(shown: shown, columns: columns, rows: rows)
        }
        let all = max(total, shown)
        table.grids.append(
            GridRow(size: size, columns: columns, rows: rows, total: all, more: all &- shown, items: positions))
        return table.grids.count &- 1
    }

    /// Puts `item` in `cell`: its frame, and its badge's frame when it has a badge kind.
    @inline(__always)
    private func place(_ cell: Cell, in item: inout ItemRow) {
        item.frame = cell.frame
        item.badge = GridRules.badgeKind(kind: item.kind, isLong: item.isLong).map {
            Badge(kind: $0, frame: cell.badge)
        }
    }
}
