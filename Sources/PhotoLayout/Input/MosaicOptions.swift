/// The constants of the `mosaic` style (docs/API.md §4): Telegram's album layout, driven by the
/// content width.
///
/// Validation (`problems(at:)`) refuses what the rule cannot lay out: a content width `W`
/// below 2·m + 2·g, a negative `min_item_width` m or `spacing` g, a `max_items` below 1, a
/// scale other than 1, 2 or 3, and any number outside `GeometryLimits`.
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

    /// The 422 problems of these values, each at `pointer(name)` for the option's JSON name;
    /// empty when the rule can lay them out.
    public func problems(at pointer: (String) -> String) -> [InputError.Problem] {
        var problems: [InputError.Problem] = []
        func refuse(_ name: String, _ detail: String) {
            problems.append(InputError.Problem(pointer: pointer(name), detail: detail))
        }
        let numbers = [("content_width", contentWidth), ("spacing", spacing), ("min_item_width", minItemWidth)]
        for (name, value) in numbers where !GeometryLimits.accepts(value) {
            refuse(name, GeometryLimits.refusal)
        }
        if GeometryLimits.accepts(minItemWidth), minItemWidth < 0 { refuse("min_item_width", "must be at least 0") }
        if GeometryLimits.accepts(spacing), spacing < 0 { refuse("spacing", "must be at least 0") }
        if numbers.allSatisfy({ GeometryLimits.accepts($0.1) }), contentWidth < 2 * minItemWidth + 2 * spacing {
            refuse("content_width", "must be at least 2 × min_item_width + 2 × spacing")
        }
        if maxItems < 1 { refuse("max_items", "must be at least 1") }
        if !PixelGrid.supportedScales.contains(pixelGrid.scale) { refuse("scale", "must be 1, 2 or 3") }
        return problems
    }
}
