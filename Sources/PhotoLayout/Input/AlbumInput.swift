/// The HWPhotoVC album grid's input (docs/API.md §5 "Album grid", §7.1), validated.
public struct AlbumInput: Hashable, Sendable {
    public static let defaultItemSize = 111.0
    public static let defaultSpacing = 10.0
    public static let defaultInset = 10.0
    /// Decision: more pictures than this are refused (422); docs/API.md sets no bound.
    public static let maxCount = 10_000

    public var screen: Size
    public var pixelGrid: PixelGrid
    public var count: Int
    public var itemSize: Double
    public var spacing: Double
    public var inset: Double

    public init(
        screen: Size,
        pixelGrid: PixelGrid = PixelGrid(scale: GridOptions.defaultScale),
        count: Int,
        itemSize: Double = AlbumInput.defaultItemSize,
        spacing: Double = AlbumInput.defaultSpacing,
        inset: Double = AlbumInput.defaultInset
    ) {
        self.screen = screen
        self.pixelGrid = pixelGrid
        self.count = count
        self.itemSize = itemSize
        self.spacing = spacing
        self.inset = inset
    }
}

/// The album's styles (docs/API.md §5): HWPhotoVC's grid of squares, or justified rows that
/// keep each picture's shape.
public enum AlbumStyle: String, CaseIterable, Hashable, Sendable {
    case grid, justified
}

/// The justified album's input (docs/API.md §5 "Justified album"), validated: each ratio
/// positive and finite, the options accepted by `JustifiedAlbumOptions.problems`.
public struct JustifiedAlbumInput: Hashable, Sendable {
    public var screen: Size
    /// Each picture's width over its height, in order.
    public var ratios: [Double]
    public var options: JustifiedAlbumOptions

    public init(screen: Size, ratios: [Double], options: JustifiedAlbumOptions = JustifiedAlbumOptions()) {
        self.screen = screen
        self.ratios = ratios
        self.options = options
    }
}

/// A validated album request, in its style (the justified input boxed, so that the grid's
/// input stays as small to copy as before).
public enum AlbumLayoutInput: Hashable, Sendable {
    case grid(AlbumInput)
    indirect case justified(JustifiedAlbumInput)
}
