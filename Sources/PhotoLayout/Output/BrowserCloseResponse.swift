/// The response of `POST /v1/browser/close` (docs/API.md §7.1): `{"index", "transition",
/// "scroll_to"}`, `scroll_to` being `null` unless the thumbnails' container must scroll.
public struct BrowserCloseResponse: Hashable, Sendable {
    public var index: Int
    public var transition: TransitionLayout
    public var scrollTo: Point?

    public init(index: Int, transition: TransitionLayout, scrollTo: Point?) {
        self.index = index
        self.transition = transition
        self.scrollTo = scrollTo
    }
}
