import JSONBytes

/// One page of the browser (docs/API.md §5, §7.1). Frames on the pixel grid: `frame` in the paging
/// scroll view's content, `photo_frame` and `watermark_frame` in the page's own coordinates.
public struct BrowserPage: Hashable, Sendable {
    public var index: Int
    /// The picture's URL as the input held it (`BrowserPicture.url`).
    public var url: ByteString?
    public var frame: Rect
    public var photoFrame: Rect
    /// The picture's size is unknown: `photo_frame` is the placeholder square.
    public var placeholder: Bool
    public var zoom: ZoomLimits
    public var pan: BrowserPanRange?
    public var watermarkFrame: Rect?

    public init(
        index: Int,
        url: ByteString?,
        frame: Rect,
        photoFrame: Rect,
        placeholder: Bool,
        zoom: ZoomLimits,
        pan: BrowserPanRange?,
        watermarkFrame: Rect?
    ) {
        self.index = index
        self.url = url
        self.frame = frame
        self.photoFrame = photoFrame
        self.placeholder = placeholder
        self.zoom = zoom
        self.pan = pan
        self.watermarkFrame = watermarkFrame
    }
}

/// The gyroscope pan of an `aspect_fill` picture wider than the screen (BrowsePicture):
/// horizontal content offsets, on the pixel grid.
public struct BrowserPanRange: Hashable, Sendable {
    public var min: Double
    public var max: Double
    public var initial: Double

    public init(min: Double, max: Double, initial: Double) {
        self.min = min
        self.max = max
        self.initial = initial
    }
}

/// The page label ("3/9") and its frame.
public typealias BrowserPageLabel = TextLabel
