import JSONBytes

/// A status's photo grid, as the API returns it (docs/API.md §7): frames in the grid's own
/// coordinates, every coordinate on the pixel grid.
public struct GridLayout: Hashable, Sendable {
    public var size: Size
    /// The columns and rows of a grid of squares; `nil` (`null`) in a mosaic, which has neither.
    public var columns: Int?
    public var rows: Int?
    /// Every picture of the status (those read, or `pic_num` when larger), shown or not.
    public var total: Int
    /// `total` minus the items shown: the pictures past `max_items` (0 when none are hidden).
    public var more: Int
    public var items: [GridItem]

    /// "+N" over the last shown item when `more` > 0, else `nil`. Derived when read, not
    /// stored: a stored label made every grid 49 bytes larger to move and a `String` to
    /// release, for the few grids that hide pictures.
    public var moreLabel: MoreLabel? {
        MoreLabel.over(items.last?.frame, hiding: more)
    }

    /// A grid of `items`; `total` (at least the items shown) gives `more` and its label,
    /// placed on the last item's frame.
    public init(size: Size, columns: Int?, rows: Int?, total: Int? = nil, items: consuming [GridItem]) {
        self.size = size
        self.columns = columns
        self.rows = rows
        let all = max(total ?? items.count, items.count)
        let hidden = all - items.count
        self.total = all
        self.more = hidden
        self.items = consume items
    }
}

/// Weibo's "+N" over the last cell of a grid that hides pictures: its text and the frame of
/// that cell, in the grid's coordinates.
public typealias MoreLabel = TextLabel

extension MoreLabel {
    /// "+`more`" over `last` (the frame of the last item shown), or `nil` when the grid hides
    /// no picture or shows none: the one rule `GridLayout.moreLabel` and the table's writer use.
    static func over(_ last: Rect?, hiding more: Int) -> MoreLabel? {
        guard more > 0, let last else { return nil }
        return MoreLabel(text: "+\(more)", frame: last)
    }
}

/// One cell of a grid.
public struct GridItem: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
    /// The part of its picture the cell shows (docs/API.md §4, "Crop"): a unit rect of the image
    /// at `bmiddle_url`, `CropRule.crop` of the picture's `aspectSize` and `frame`; `nil` when
    /// the size is unknown or the frame has a zero side.
    public var crop: Rect?
    /// The three URL variants; all `nil` for a grid laid out from a count alone
    /// (`GET /v1/grid`), whose items then have no URL fields.
    public var urls: PictureURLs?
    public var kind: PictureKind
    public var isGIF: Bool { kind == .gif }
    public var isLong: Bool
    public var badge: Badge?
    /// The grid edges a mosaic cell lies on (docs/API.md §4); `nil` in the other styles and
    /// after the mosaic's adaptive fallback, whose items have no `sides` member.
    public var sides: MosaicSides?

    public init(
        index: Int, frame: Rect, crop: Rect? = nil, urls: consuming PictureURLs?, kind: PictureKind, isLong: Bool,
        badge: Badge?, sides: MosaicSides? = nil
    ) {
        self.index = index
        self.frame = frame
        self.crop = crop
        self.urls = consume urls
        self.kind = kind
        self.isLong = isLong
        self.badge = badge
        self.sides = sides
    }
}

/// The thumbnail, medium and large URL of one picture.
/// Held as bytes (`ByteString`; the medium and large URLs as `PictureURL`s, which may be
/// splices of a source slice, a segment range and a target), written as they are;
/// `thumbnail`, `bmiddle` and `large` are their `String` forms.
public struct PictureURLs: Hashable, Sendable {
    package var thumbnailBytes: ByteString
    package var bmiddleBytes: PictureURL
    package var largeBytes: PictureURL

    public init(thumbnail: String, bmiddle: String, large: String) {
        self.init(
            thumbnail: ByteString(thumbnail), bmiddle: PictureURL(ByteString(bmiddle)),
            large: PictureURL(ByteString(large)))
    }

    /// URLs that are bytes or splices already.
    package init(thumbnail: consuming ByteString, bmiddle: consuming PictureURL, large: consuming PictureURL) {
        thumbnailBytes = consume thumbnail
        bmiddleBytes = consume bmiddle
        largeBytes = consume large
    }

    /// The thumbnail URL as a `String` (built on each read).
    public var thumbnail: String {
        get { thumbnailBytes.description }
        set { thumbnailBytes = ByteString(newValue) }
    }

    /// The `bmiddle` URL as a `String` (built on each read).
    public var bmiddle: String {
        get { bmiddleBytes.description }
        set { bmiddleBytes = PictureURL(ByteString(newValue)) }
    }

    /// The large URL as a `String` (built on each read).
    public var large: String {
        get { largeBytes.description }
        set { largeBytes = PictureURL(ByteString(newValue)) }
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
