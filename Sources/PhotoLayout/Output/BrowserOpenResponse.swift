/// The response of `POST /v1/browser/open` (docs/API.md §7.1).
public struct BrowserOpenResponse: Hashable, Sendable {
    public var index: Int
    public var count: Int
    public var contentSize: Size
    public var contentOffset: Point
    public var pageLabel: BrowserPageLabel
    public var pages: [BrowserPage]
    public var strip: StripLayout
    public var transition: TransitionLayout

    public init(
        index: Int,
        count: Int,
        contentSize: Size,
        contentOffset: Point,
        pageLabel: BrowserPageLabel,
        pages: [BrowserPage],
        strip: StripLayout,
        transition: TransitionLayout
    ) {
        self.index = index
        self.count = count
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.pageLabel = pageLabel
        self.pages = pages
        self.strip = strip
        self.transition = transition
    }
}
