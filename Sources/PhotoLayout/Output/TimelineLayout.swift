import JSONBytes

/// The response of `POST /v1/timeline/layout` and of `timeline-layout layout`:
/// `{"statuses": [{"id", "source", "photos", "retweeted"}]}` (docs/API.md §7).
///
/// Held as a `LayoutTable`, the timeline's one output form (what the rules build and the
/// writer writes); `statuses` reads the same layout as values.
public struct TimelineLayout: Hashable, Sendable {
    package var table: LayoutTable

    package init(table: consuming LayoutTable) {
        self.table = consume table
    }

    /// The statuses as values (built on each read).
    public var statuses: [StatusLayout] { table.statusLayouts }

    /// How many statuses the layout has (without building them).
    public var statusCount: Int { table.statuses.count }
}

/// One status: its id, where it was read, its own grid (`null` without pictures) and its retweet's.
public struct StatusLayout: Hashable, Sendable {
    /// The status's id as bytes (a slice of the request), written by the writer as they are:
    /// no `String` per status (`id` is the `String` form).
    package var idBytes: ByteString?
    /// The status's place in the request (`WeiboStatus.source`); `nil` for a status made as a
    /// value, which the writer gives its index in the timeline as a bare array's (`/3`). Its
    /// retweet's pointer is this one's followed by `/retweeted_status`.
    public var source: StatusSource?
    public var photos: GridLayout?
    public var retweeted: RetweetLayout?

    public init(id: String?, source: StatusSource? = nil, photos: GridLayout?, retweeted: RetweetLayout?) {
        self.init(idBytes: id.map { ByteString($0) }, source: source, photos: photos, retweeted: retweeted)
    }

    /// A layout whose id is bytes already: the rules'.
    package init(
        idBytes: consuming ByteString?, source: StatusSource?, photos: consuming GridLayout?,
        retweeted: consuming RetweetLayout?
    ) {
        self.idBytes = consume idBytes
        self.source = source
        self.photos = consume photos
        self.retweeted = consume retweeted
    }

    /// The id as a `String` (built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}

/// The retweeted status inside a status: `{"id", "photos"}`.
public struct RetweetLayout: Hashable, Sendable {
    /// As `StatusLayout.idBytes`.
    package var idBytes: ByteString?
    public var photos: GridLayout?

    public init(id: String?, photos: GridLayout?) {
        self.init(idBytes: id.map { ByteString($0) }, photos: photos)
    }

    /// A layout whose id is bytes already: the rules'.
    package init(idBytes: consuming ByteString?, photos: consuming GridLayout?) {
        self.idBytes = consume idBytes
        self.photos = consume photos
    }

    /// The id as a `String` (built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}
