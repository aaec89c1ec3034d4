/// The constants of the `mosaic` style (docs/API.md §4): Telegram's album layout, driven by the
/// content width.
///
/// A request's options give it as `GridOptions.mosaic`, once `GridOptions.validated` has
/// refused what the rule cannot lay out (a content width `W` below 2·m + 2·g, a negative
/// `min_item_width` m or `spacing` g, a `max_items` below 1, a scale other than 1, 2 or 3,
/// any number outside `GeometryLimits`).
public struct MosaicOptions: Hashable, Sendable {
    /// The content width `W` in points (required by the style).
    public var contentWidth: Double
    /// The gap `g` between cells, in points.
    public var spacing: Double
    /// The least width `m` the rule aims to give a cell, in points.
    public var minItemWidth: Double
    /// The most pictures shown; the rule never shows more than `MosaicOptions.mostShown`.
    public var maxItems: Int
    public var pixelGrid: PixelGrid

    public static let defaultSpacing = 2.0
    public static let defaultMinItemWidth = 100.0
    /// Telegram lays out albums of up to ten pictures.
    public static let mostShown = 10

    public init(
        contentWidth: Double,
        spacing: Double = MosaicOptions.defaultSpacing,
        minItemWidth: Double = MosaicOptions.defaultMinItemWidth,
        maxItems: Int = MosaicOptions.mostShown,
        scale: Double = GridOptions.defaultScale
    ) {
        self.contentWidth = contentWidth
        self.spacing = spacing
        self.minItemWidth = minItemWidth
        self.maxItems = maxItems
        self.pixelGrid = PixelGrid(scale: scale)
    }

    /// How many of `count` pictures the grid shows: min(count, `max_items`, 10).
    public func shown(of count: Int) -> Int {
        min(count, maxItems, Self.mostShown)
    }
}
