/// HWPhotoVC's thumbnail strip (docs/API.md §5 "Thumbnail strip").
///
/// Strip frame (0, H − 100, W, 100); items 70×96, section inset 2 on every side, 2 apart:
/// item i at (2 + i·72, 2); content width n·72 + 2; the selected item has a 5-point border.
package enum StripRules {
    package static let height = 100.0
    package static let inset = 2.0
    package static let itemSize = Size(width: 70, height: 96)
    package static let spacing = 2.0
    package static let borderWidth = 5.0

    /// The strip for `count` pictures with `selected` shown whole, scrolled from `startOffset`.
    package static func layout(count: Int, selected: Int, screen: Size, startOffset: Double, grid: PixelGrid)
        -> StripLayout
    {
        let contentWidth = self.contentWidth(count: count)
        let offset = contentOffset(
            showing: itemFrame(index: selected),
            from: startOffset,
            visibleWidth: screen.width,
            contentWidth: contentWidth
        )
        return StripLayout(
            frame: grid.round(Rect(x: 0, y: screen.height - height, width: screen.width, height: height)),
            contentSize: grid.round(Size(width: contentWidth, height: height)),
            contentOffset: grid.round(Point(x: offset, y: 0)),
            selected: selected,
            borderWidth: borderWidth,
            items: (0..<count).map { grid.round(itemFrame(index: $0)) }
        )
    }

    /// Item `index` in the strip's content coordinates.
    package static func itemFrame(index: Int) -> Rect {
        Rect(
            x: inset + Double(index) * (itemSize.width + spacing),
            y: inset,
            width: itemSize.width,
            height: itemSize.height
        )
    }

    package static func contentWidth(count: Int) -> Double {
        Double(count) * (itemSize.width + spacing) + inset
    }

    /// The least scroll from `start` that shows `item` whole, clamped to
    /// [0, max(0, contentWidth − visibleWidth)].
    package static func contentOffset(
        showing item: Rect, from start: Double, visibleWidth: Double, contentWidth: Double
    )
        -> Double
    {
        var offset = start
        if item.minX < offset {
            offset = item.minX
        } else if item.maxX > offset + visibleWidth {
            offset = item.maxX - visibleWidth
        }
        return min(max(offset, 0), max(0, contentWidth - visibleWidth))
    }
}
