/// A status's photo grid, as the API returns it (DESIGN §7): frames in the grid's own
/// coordinates, every coordinate on the pixel grid.
public struct GridLayout: Hashable, Sendable {
    public var size: Size
    public var columns: Int
    public var rows: Int
    public var items: [GridItem]

    public init(size: Size, columns: Int, rows: Int, items: [GridItem]) {
        self.size = size
        self.columns = columns
        self.rows = rows
        self.items = items
    }
}

/// One cell of a grid.
public struct GridItem: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
    /// The three URL variants; all `nil` for a grid laid out from a count alone
    /// (`GET /v1/grid`), whose items then have no URL fields.
    public var urls: PictureURLs?
    public var kind: PictureKind
    public var isGIF: Bool { kind == .gif }
    public var isLong: Bool
    public var badge: Badge?

    public init(index: Int, frame: Rect, urls: PictureURLs?, kind: PictureKind, isLong: Bool, badge: Badge?) {
        self.index = index
        self.frame = frame
        self.urls = urls
        self.kind = kind
        self.isLong = isLong
        self.badge = badge
    }
}

/// The thumbnail, medium and large URL of one picture.
public struct PictureURLs: Hashable, Sendable {
    public var thumbnail: String
    public var bmiddle: String
    public var large: String

    public init(thumbnail: String, bmiddle: String, large: String) {
        self.thumbnail = thumbnail
        self.bmiddle = bmiddle
        self.large = large
    }
}

/// A corner badge: which one, and its frame in the grid's coordinates.
public struct Badge: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case gif, long, live
    }

    public var kind: Kind
    public var frame: Rect

    public init(kind: Kind, frame: Rect) {
        self.kind = kind
        self.frame = frame
    }
}

extension GridLayout: Encodable {
    enum CodingKeys: String, CodingKey {
        case size, columns, rows, items
    }
}

extension GridItem: Encodable {
    enum CodingKeys: String, CodingKey {
        case index, frame, kind, badge
        case thumbnailURL = "thumbnail_url"
        case bmiddleURL = "bmiddle_url"
        case largeURL = "large_url"
        case isGIF = "is_gif"
        case isLong = "is_long"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(frame, forKey: .frame)
        if let urls {
            try container.encode(urls.thumbnail, forKey: .thumbnailURL)
            try container.encode(urls.bmiddle, forKey: .bmiddleURL)
            try container.encode(urls.large, forKey: .largeURL)
        }
        try container.encode(kind, forKey: .kind)
        try container.encode(isGIF, forKey: .isGIF)
        try container.encode(isLong, forKey: .isLong)
        try container.encode(badge, forKey: .badge)
    }
}

extension Badge: Encodable {}
