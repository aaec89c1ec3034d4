import JSONBytes

/// What a picture is, as the grid and browser rules see it.
public enum PictureKind: String, CaseIterable, Hashable, Sendable, Codable {
    case image
    case gif
    case livephoto
}

/// One picture of a status after `PictureRules` resolved Weibo's two shapes: its three URL
/// variants, its kind, and the sizes the rules need.
///
/// The URLs are held as bytes (slices of the request when the input named them), so the
/// timeline's path builds no `String`; `thumbnailURL`, `bmiddleURL` and `largeURL` are
/// their `String` forms.
public struct Picture: Hashable, Sendable {
    /// The three URLs, stored as the grid item holds them, so that a picture becomes an item by
    /// moving one field (three fields were three copies and three releases).
    package var urls: PictureURLs
    package var thumbnail: ByteString {
        get { urls.thumbnailBytes }
        set { urls.thumbnailBytes = newValue }
    }
    /// The medium and large URLs: slices as they are, or splices of the thumbnail's.
    package var bmiddle: PictureURL {
        get { urls.bmiddleBytes }
        set { urls.bmiddleBytes = newValue }
    }
    package var large: PictureURL {
        get { urls.largeBytes }
        set { urls.largeBytes = newValue }
    }
    public var kind: PictureKind
    /// height/width > 3 for the first known size among largest, original, large, bmiddle.
    public var isLong: Bool
    public var keepSize: Bool
    /// The `bmiddle` variant's size: what the browser uses.
    public var bmiddleSize: Size?
    /// The first known size among largest, original, large, bmiddle: what the browser uses
    /// with `"variant": "large"`.
    public var largestSize: Size?
    /// The size whose aspect the adaptive single picture takes (docs/API.md §4): the `bmiddle`
    /// variant's, else the thumbnail's (m.weibo.cn's `geo`), else the size `is_long` is judged by.
    public var aspectSize: Size?

    public init(
        thumbnailURL: String,
        bmiddleURL: String,
        largeURL: String,
        kind: PictureKind = .image,
        isLong: Bool = false,
        keepSize: Bool = false,
        bmiddleSize: Size? = nil,
        largestSize: Size? = nil,
        aspectSize: Size? = nil
    ) {
        self.init(
            thumbnail: ByteString(thumbnailURL),
            bmiddle: ByteString(bmiddleURL),
            large: ByteString(largeURL),
            kind: kind,
            isLong: isLong,
            keepSize: keepSize,
            bmiddleSize: bmiddleSize,
            largestSize: largestSize,
            aspectSize: aspectSize
        )
    }

    /// A picture whose URLs are bytes already.
    package init(
        thumbnail: ByteString,
        bmiddle: ByteString,
        large: ByteString,
        kind: PictureKind = .image,
        isLong: Bool = false,
        keepSize: Bool = false,
        bmiddleSize: Size? = nil,
        largestSize: Size? = nil,
        aspectSize: Size? = nil
    ) {
        self.init(
            thumbnail: thumbnail,
            bmiddle: PictureURL(bmiddle),
            large: PictureURL(large),
            kind: kind,
            isLong: isLong,
            keepSize: keepSize,
            bmiddleSize: bmiddleSize,
            largestSize: largestSize,
            aspectSize: aspectSize
        )
    }

    /// A picture whose medium and large URLs may be splices: the rules' path.
    package init(
        thumbnail: ByteString,
        bmiddle: PictureURL,
        large: PictureURL,
        kind: PictureKind = .image,
        isLong: Bool = false,
        keepSize: Bool = false,
        bmiddleSize: Size? = nil,
        largestSize: Size? = nil,
        aspectSize: Size? = nil
    ) {
        self.urls = PictureURLs(thumbnail: thumbnail, bmiddle: bmiddle, large: large)
        self.kind = kind
        self.isLong = isLong
        self.keepSize = keepSize
        self.bmiddleSize = bmiddleSize
        self.largestSize = largestSize
        self.aspectSize = aspectSize
    }

    /// A picture known only by its thumbnail URL (Open API): the other variants by the
    /// segment rule, the kind by the file extension, no sizes.
    public init(thumbnailURL: String) {
        self.init(thumbnail: ByteString(thumbnailURL))
    }

    /// `init(thumbnailURL:)` on bytes.
    package init(thumbnail: ByteString) {
        let derived = URLVariants.derived(from: thumbnail)
        self.init(
            thumbnail: thumbnail, bmiddle: derived.bmiddle, large: derived.large, kind: derived.isGIF ? .gif : .image)
    }

    /// The thumbnail URL as a `String` (built on each read).
    public var thumbnailURL: String {
        get { thumbnail.description }
        set { thumbnail = ByteString(newValue) }
    }

    /// The `bmiddle` URL as a `String` (built on each read).
    public var bmiddleURL: String {
        get { bmiddle.description }
        set { bmiddle = PictureURL(ByteString(newValue)) }
    }

    /// The large URL as a `String` (built on each read).
    public var largeURL: String {
        get { large.description }
        set { large = PictureURL(ByteString(newValue)) }
    }
}
