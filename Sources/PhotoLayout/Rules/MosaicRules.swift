/// The `mosaic` style of docs/API.md §4: Telegram Desktop's album layout, in which cells keep
/// each picture's shape and the arrangement is chosen by the pictures' aspects.
///
/// The rule runs in whole device pixels (`MosaicPixels`) and divides by the scale at the
/// end, so every frame lies on the pixel grid without further rounding. When it would give
/// a frame below one device pixel, the grid is the `adaptive` one of the same width and
/// spacing, without sides.
public enum MosaicRules {
    /// The mosaic of the first `options.shown(of:)` pictures, or `nil` when none is shown.
    /// A size is used when both its sides are positive and finite; any other, or `nil`, is
    /// an unknown size (aspect 1; a single picture of unknown size is a square).
    public static func layout(sizes: [Size?], options: MosaicOptions) -> MosaicLayout? {
        let count = options.shown(of: sizes.count)
        guard count > 0 else { return nil }
        let known: [Size?] = sizes.prefix(count).map { size in size.flatMap { $0.isPositive ? $0 : nil } }
        let scale = options.pixelGrid.scale
        let pixels = MosaicPixels(
            width: (options.contentWidth * scale).rounded(),
            spacing: (options.spacing * scale).rounded(),
            minWidth: (options.minItemWidth * scale).rounded())
        let cells = pixels.cells(for: known)
        guard cells.allSatisfy({ $0.frame.width >= 1 && $0.frame.height >= 1 }) else {
            let adaptive = AdaptiveCells(
                contentWidth: options.contentWidth, spacing: options.spacing, pixelGrid: options.pixelGrid)
            let grid = adaptive.layout(count: count, singlePictureSize: known[0])
            return MosaicLayout(frames: grid.frames, sides: nil, size: grid.size)
        }
        let frames = cells.map { cell in
            Rect(
                x: cell.frame.x / scale, y: cell.frame.y / scale, width: cell.frame.width / scale,
                height: cell.frame.height / scale)
        }
        var right = 0.0
        var bottom = 0.0
        for cell in cells {
            right = max(right, cell.frame.maxX)
            bottom = max(bottom, cell.frame.maxY)
        }
        return MosaicLayout(
            frames: frames, sides: cells.map(\.sides), size: Size(width: right / scale, height: bottom / scale))
    }
}
