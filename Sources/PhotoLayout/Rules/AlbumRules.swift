/// HWPhotoVC's album grid (docs/API.md §5 "Album grid", §7.1).
///
/// columns = max(1, floor((W − 2·inset + spacing)/(item + spacing))); the columns stay
/// aligned on every row, the last one too, with the horizontal gap
/// (W − 2·inset − columns·item)/(columns − 1) (0 for one column, which sits at the inset);
/// row r at y = inset + r·(item + spacing); content (W, 2·inset + rows·item + (rows − 1)·spacing),
/// or (W, 2·inset) without pictures.
public enum AlbumRules {
    package static func columns(width: Double, itemSize: Double, spacing: Double, inset: Double) -> Int {
        let fit = ((width - 2 * inset + spacing) / (itemSize + spacing)).rounded(.down)
        // `fit` is finite (validated inputs, positive item size) but may be huge: cap before converting.
        return Int(max(1, min(fit, Double(Int32.max))))
    }

    /// The album in the input's style: this grid, or `JustifiedAlbumRules`' rows.
    public static func layout(_ input: AlbumLayoutInput) -> AlbumResponse {
        switch input {
        case .grid(let grid):
            .grid(layout(grid))
        case .justified(let justified):
            .justified(
                JustifiedAlbumRules.layout(
                    ratios: justified.ratios, screenWidth: justified.screen.width, options: justified.options))
        }
    }

    public static func layout(_ input: AlbumInput) -> AlbumLayout {
        let width = input.screen.width
        let item = input.itemSize
        let columns = columns(width: width, itemSize: item, spacing: input.spacing, inset: input.inset)
        let rows = (input.count + columns - 1) / columns
        let gap = columns > 1 ? (width - 2 * input.inset - Double(columns) * item) / Double(columns - 1) : 0
        let grid = input.pixelGrid
        let items = (0..<input.count).map { index in
            grid.round(
                Rect(
                    x: input.inset + Double(index % columns) * (item + gap),
                    y: input.inset + Double(index / columns) * (item + input.spacing),
                    width: item,
                    height: item
                )
            )
        }
        let height =
            rows == 0 ? 2 * input.inset : 2 * input.inset + Double(rows) * item + Double(rows - 1) * input.spacing
        return AlbumLayout(
            columns: columns,
            rows: rows,
            contentSize: grid.round(Size(width: width, height: height)),
            items: items
        )
    }
}
