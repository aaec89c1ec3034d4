/// What a picture is, as the grid and browser rules see it.
public enum PictureKind: String, CaseIterable, Hashable, Sendable, Codable {
    case image
    case gif
    case livephoto
}

/// One picture of a status after `PictureRules` resolved Weibo's two shapes: its three URL
/// variants, its kind, and the sizes the rules need.
public struct Picture: Hashable, Sendable {
    public var thumbnailURL: String
    public var bmiddleURL: String
    public var largeURL: String
    public var kind: PictureKind
    /// height/width > 3 for the first known size among largest, original, large, bmiddle.
    public var isLong: Bool
    public var keepSize: Bool
    /// The `bmiddle` variant's size: what the adaptive single picture and the browser use.
    public var bmiddleSize: Size?
    /// The first known size among largest, original, large, bmiddle: what the browser uses
    /// with `"variant": "large"`.
    public var largestSize: Size?

    public init(
        thumbnailURL: String,
        bmiddleURL: String,
        largeURL: String,
        kind: PictureKind = .image,
        isLong: Bool = false,
        keepSize: Bool = false,
        bmiddleSize: Size? = nil,
        largestSize: Size? = nil
    ) {
        self.thumbnailURL = thumbnailURL
        self.bmiddleURL = bmiddleURL
        self.largeURL = largeURL
        self.kind = kind
        self.isLong = isLong
        self.keepSize = keepSize
        self.bmiddleSize = bmiddleSize
        self.largestSize = largestSize
    }

    /// A picture known only by its thumbnail URL (Open API): the other variants by the
    /// segment rule, the kind by the file extension, no sizes.
    public init(thumbnailURL: String) {
        self.init(
            thumbnailURL: thumbnailURL,
            bmiddleURL: URLVariants.replacingSize(of: thumbnailURL, with: .bmiddle),
            largeURL: URLVariants.replacingSize(of: thumbnailURL, with: .large),
            kind: URLVariants.hasGIFExtension(thumbnailURL) ? .gif : .image
        )
    }
}
