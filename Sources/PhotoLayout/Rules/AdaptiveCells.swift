/// The `adaptive` grid of docs/API.md §4 from its formula alone (content width `W`, spacing `g`,
/// pixel grid), for rules that fall back to it or size by it: the mosaic's fallback and the
/// cards. Every frame is rounded once from its exact value; the cell `c` is rounded before
/// use, as its formula says.
///
/// The same formula as `GridRules`' adaptive style, kept apart so the new rules need no
/// `GridOptions`; the two are to be joined into one rule.
package struct AdaptiveCells: Hashable, Sendable {
    package var contentWidth: Double
    package var spacing: Double
    package var pixelGrid: PixelGrid

    package init(contentWidth: Double, spacing: Double, pixelGrid: PixelGrid) {
        self.contentWidth = contentWidth
        self.spacing = spacing
        self.pixelGrid = pixelGrid
    }

    /// The cell side c = px((W + g)/3 − g).
    package var cell: Double {
        pixelGrid.round((contentWidth + spacing) / 3 - spacing)
    }

    /// The long side of a single picture: L = 2c + g (exact; rounded where it is used).
    package var singleLongSide: Double {
        2 * cell + spacing
    }

    /// The rounded frames and grid size of `count` pictures: c×c cells, two columns for four
    /// pictures and three otherwise; a single picture of known size (both sides positive)
    /// L along its long side and its aspect on the other, else a px(W/2) square.
    package func layout(count: Int, singlePictureSize: Size?) -> (frames: [Rect], size: Size) {
        if count == 1 {
            let size: Size
            if let picture = singlePictureSize, picture.isPositive {
                let long = singleLongSide
                size =
                    picture.width < picture.height
                    ? Size(width: picture.width / picture.height * long, height: long)
                    : Size(width: long, height: picture.height / picture.width * long)
            } else {
                size = Size(width: contentWidth / 2, height: contentWidth / 2)
            }
            let rounded = pixelGrid.round(size)
            return ([Rect(origin: .zero, size: rounded)], rounded)
        }
        let side = cell
        let wrap = count == 4 ? 2 : 3
        let frames = (0..<count).map { index in
            pixelGrid.round(
                Rect(
                    x: Double(index % wrap) * (side + spacing), y: Double(index / wrap) * (side + spacing),
                    width: side, height: side))
        }
        let columns = min(count, wrap)
        let rows = (count + wrap - 1) / wrap
        let size = Size(
            width: Double(columns) * (side + spacing) - spacing, height: Double(rows) * (side + spacing) - spacing)
        return (frames, pixelGrid.round(size))
    }
}
