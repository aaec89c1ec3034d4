/// What the browser is closed from (docs/API.md §6 "Close", §7.1): the browser as opened (its
/// page spacing, strip and watermark are not read), where the picture is now, and the
/// scrolled container of the thumbnails, if any.
public struct BrowserCloseInput: Hashable, Sendable {
    public var browser: BrowserInput
    public var current: BrowserCurrentFrame
    public var scroll: BrowserScrollContext?

    public init(browser: BrowserInput, current: BrowserCurrentFrame = .computed, scroll: BrowserScrollContext? = nil) {
        self.browser = browser
        self.current = current
        self.scroll = scroll
    }
}

/// Where the shown picture is on screen when the browser closes.
public enum BrowserCurrentFrame: Hashable, Sendable {
    /// Not zoomed nor panned: its picture frame.
    case computed
    /// `current_frame`, as the client reports it.
    case frame(Rect)
    /// `zoom`: its zoomed scroll view's scale and content offset.
    case zoom(scale: Double, contentOffset: Point)
}

/// The scrolled container the thumbnails live in (HWPhotoVC): thumbnail frames are then in
/// its content coordinates.
public struct BrowserScrollContext: Hashable, Sendable {
    /// The container's frame in window coordinates.
    public var viewport: Rect
    public var contentOffset: Point
    public var contentSize: Size

    public init(viewport: Rect, contentOffset: Point, contentSize: Size) {
        self.viewport = viewport
        self.contentOffset = contentOffset
        self.contentSize = contentSize
    }
}
