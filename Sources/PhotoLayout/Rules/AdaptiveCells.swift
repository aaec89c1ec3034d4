/// The `adaptive` grid of docs/API.md §4 for rules that fall back to it or size by it (the
/// mosaic's fallback and the cards), given its content width `W`, spacing `g` and pixel grid
/// rather than whole `GridOptions`: a view of `GridRules`, which states the formula once.
package struct AdaptiveCells: Hashable, Sendable {
    package var contentWidth: Double
    package var spacing: Double
    package var pixelGrid: PixelGrid

    package init(contentWidth: Double, spacing: Double, pixelGrid: PixelGrid) {
        self.contentWidth = contentWidth
        self.spacing = spacing
        self.pixelGrid = pixelGrid
    }

    /// The adaptive grid options of this width, spacing and pixel grid, showing `count` pictures.
    private func options(showing count: Int = GridOptions.defaultMaxItems) -> GridOptions {
        var options = GridOptions(style: .adaptive, contentWidth: contentWidth, scale: pixelGrid.scale)
        options.spacing = spacing
        options.maxItems = max(count, 1)
        return options
    }

    /// The cell side c = px((W + g)/3 − g) (`GridRules.adaptiveCell`).
    package var cell: Double {
        GridRules.adaptiveCell(options: options())
    }

    /// The long side of a single picture: L = 2c + g (exact; rounded where it is used).
    package var singleLongSide: Double {
        2 * cell + spacing
    }

    /// The rounded frames and grid size of `count` pictures, as `GridRules.geometry` lays them
    /// out in the adaptive style (a single picture of known size takes its aspect), each
    /// rounded once.
    package func layout(count: Int, singlePictureSize: Size?) -> (frames: [Rect], size: Size) {
        let options = options(showing: count)
        guard let geometry = GridRules.geometry(count: count, singlePictureSize: singlePictureSize, options: options)
        else { return ([], .zero) }
        return (geometry.frames.map { pixelGrid.round($0) }, pixelGrid.round(geometry.size))
    }
}
