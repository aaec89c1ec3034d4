import JSONBytes

/// One picture of the photo browser: the URL it shows and its size, when known (docs/API.md §5).
public struct BrowserPicture: Hashable, Sendable {
    /// The URL the page loads (`bmiddle`, or `large` with `"variant": "large"`), as bytes: a
    /// slice of the request when the request named it, written out as it came, with no
    /// `String` made (nine of them were a fifth of reading an open request).
    public var url: ByteString?
    /// The picture's size in pixels of the variant shown; `nil` (unknown) gives the placeholder.
    public var size: Size?

    public init(url: ByteString?, size: Size?) {
        self.url = url
        self.size = size.flatMap { $0.isPositive ? $0 : nil }
    }

    /// The browser's view of a status picture: the `bmiddle` URL and size (the seed's
    /// "中等图片"), or with `.large` the `large` URL and the largest known size.
    public init(picture: Picture, variant: BrowserVariant) {
        switch variant {
        case .bmiddle:
            self.init(url: ByteString(picture.bmiddleURL), size: picture.bmiddleSize)
        case .large:
            self.init(url: ByteString(picture.largeURL), size: picture.largestSize)
        }
    }
}

/// Which variant of a status's pictures the browser shows (`"variant"` in the request).
public enum BrowserVariant: String, CaseIterable, Hashable, Sendable {
    case bmiddle
    case large
}
