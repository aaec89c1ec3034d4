/// What the photo browser is opened on, validated (docs/API.md §5, §6): the typed input of
/// `BrowserRules.open`, and the shared part of `BrowserCloseInput`.
public struct BrowserInput: Hashable, Sendable {
    /// Decision: more pictures than this are refused (422 at `#/photos`); docs/API.md sets no
    /// bound, and every picture is a page (and a strip item) in the response.
    public static let maxPictures = 10_000

    /// The screen in points; both sides positive.
    public var screen: Size
    public var pixelGrid: PixelGrid
    /// At least one picture.
    public var pictures: [BrowserPicture]
    /// The tapped (open) or shown (close) page, in `0..<pictures.count`.
    public var index: Int
    public var thumbnails: BrowserThumbnailSource
    public var contentMode: BrowserContentMode
    /// `aspect_fit` only: whether a picture smaller than the screen may grow to fit it.
    public var upscale: Bool
    /// The gap between pages (YYKit); 0 is HVWWeibo's paging.
    public var pageSpacing: Double
    /// The thumbnail strip's content offset before it scrolls to the selected item.
    public var stripOffset: Double
    public var watermark: BrowserWatermark?
    public var transition: TransitionOptions

    public init(
        screen: Size,
        pixelGrid: PixelGrid = PixelGrid(scale: GridOptions.defaultScale),
        pictures: [BrowserPicture],
        index: Int,
        thumbnails: BrowserThumbnailSource = .none,
        contentMode: BrowserContentMode = .fillWidth,
        upscale: Bool = true,
        pageSpacing: Double = 0,
        stripOffset: Double = 0,
        watermark: BrowserWatermark? = nil,
        transition: TransitionOptions = TransitionOptions()
    ) {
        self.screen = screen
        self.pixelGrid = pixelGrid
        self.pictures = pictures
        self.index = index
        self.thumbnails = thumbnails
        self.contentMode = contentMode
        self.upscale = upscale
        self.pageSpacing = pageSpacing
        self.stripOffset = stripOffset
        self.watermark = watermark
        self.transition = transition
    }
}
