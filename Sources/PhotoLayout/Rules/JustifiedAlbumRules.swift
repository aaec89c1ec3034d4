/// The justified album of docs/API.md §5: rows of equal height that keep each picture's shape and
/// end flush with the inset, as Flickr's justified-layout 4.1.0 lays out photo walls.
///
/// Rows fill picture by picture (`JustifiedRow`); every row that closes is justified; the
/// pictures of the last, unfinished row (the widows) take the previous row's height in the
/// widow style; rows stack from the top inset. Exact values are rounded once, at the end.
public enum JustifiedAlbumRules {
    /// The album of pictures of aspect ratios `ratios` (width over height, each positive and
    /// finite) on a screen `screenWidth` points wide.
    public static func layout(
        ratios: [Double], screenWidth: Double, options: JustifiedAlbumOptions
    ) -> JustifiedAlbumLayout {
        var fill = Fill(screenWidth: screenWidth, options: options)
        fill.run(ratios)
        let grid = options.pixelGrid
        let bottom =
            fill.rowCount == 0
            ? options.inset.top + options.inset.bottom
            : fill.top - options.verticalSpacing + options.inset.bottom
        return JustifiedAlbumLayout(
            rows: fill.rowCount, widows: fill.widows,
            contentSize: grid.round(Size(width: screenWidth, height: bottom)),
            items: fill.boxes.map(grid.round))
    }

    /// The rows laid out so far, and where the next one starts.
    private struct Fill {
        let options: JustifiedAlbumOptions
        let rowWidth: Double
        /// The y of the next row: the top inset, then each row's height plus the vertical
        /// spacing added on.
        var top: Double
        var boxes: [Rect] = []
        var rowCount = 0
        var widows = 0
        /// The last row's height, and whether it was a breakout row by its number.
        var previous: (height: Double, isBreakout: Bool)?

        init(screenWidth: Double, options: JustifiedAlbumOptions) {
            self.options = options
            rowWidth = screenWidth - options.inset.left - options.inset.right
            top = options.inset.top
        }

        /// A new, empty row: a breakout row when its number (counted from 1) is a multiple of
        /// `breakout_every`.
        func newRow() -> JustifiedRow {
            let isBreakout = options.breakoutEvery.map { (rowCount + 1) % $0 == 0 } ?? false
            return JustifiedRow(
                width: rowWidth, left: options.inset.left, spacing: options.horizontalSpacing,
                targetHeight: options.targetRowHeight, tolerance: options.tolerance, isBreakout: isBreakout)
        }

        /// Lays out `row` closed at `height` in `style`; whether `max_rows` is now reached.
        mutating func append(_ row: JustifiedRow, at height: Double, style: JustifiedAlbumOptions.WidowStyle) -> Bool {
            let closed = row.close(at: height, style: style)
            for box in closed.boxes { boxes.append(box.offsetBy(dx: 0, dy: top)) }
            rowCount += 1
            top += closed.height + options.verticalSpacing
            previous = (closed.height, row.isBreakout)
            return options.maxRows.map { rowCount >= $0 } ?? false
        }

        /// Every picture offered in order (the one a closing row refused opens the next row),
        /// until `max_rows`; then the widows.
        mutating func run(_ ratios: [Double]) {
            var row = newRow()
            for ratio in ratios {
                var (taken, height) = row.add(ratio)
                guard let closing = height else { continue }
                if append(row, at: closing, style: .justify) { return }
                row = newRow()
                if taken { continue }
                (taken, height) = row.add(ratio)
                guard let reopened = height else { continue }
                if append(row, at: reopened, style: .justify) { return }
                row = newRow()
            }
            guard !row.ratios.isEmpty else { return }
            let height = previous.map { $0.isBreakout ? options.targetRowHeight : $0.height } ?? options.targetRowHeight
            _ = append(row, at: height, style: options.widowStyle)
            widows = row.ratios.count
        }
    }
}
