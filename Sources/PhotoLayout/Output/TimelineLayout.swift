import JSONBytes

/// The response of `POST /v1/timeline/layout` and of `timeline-layout layout`:
/// `{"statuses": [{"id", "source", "photos", "card", "retweeted"}]}` (docs/API.md §7).
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

/// One status: its id, where it was read, its own grid (`null` without pictures), its own card
/// (`null` unless it shows one: docs/API.md §4, "Cards") and its retweet's.
public struct StatusLayout: Hashable, Sendable {
    /// The status's id as bytes (a slice of the request), written by the writer as they are:
    /// no `String` per status (`id` is the `String` form).
    package var idBytes: ByteString?
    /// The status's place in the request (`WeiboStatus.source`); `nil` for a status made as a
    /// value, which the writer gives its index in the timeline as a bare array's (`/3`). Its
    /// retweet's pointer is this one's followed by `/retweeted_status`.
    public var source: StatusSource?
    public var photos: GridLayout?
    /// The card shown in place of pictures; `nil` with a grid or a retweet.
    public var card: CardLayout?
    public var retweeted: RetweetLayout?

    public init(
        id: String?, source: StatusSource? = nil, photos: GridLayout?, card: CardLayout? = nil,
        retweeted: RetweetLayout?
    ) {
        self.init(
            idBytes: id.map { ByteString($0) }, source: source, photos: photos, card: card, retweeted: retweeted)
    }

    /// A layout whose id is bytes already: the rules'.
    package init(
        idBytes: consuming ByteString?, source: StatusSource?, photos: consuming GridLayout?,
        card: consuming CardLayout? = nil, retweeted: consuming RetweetLayout?
    ) {
        self.idBytes = consume idBytes
        self.source = source
        self.photos = consume photos
        self.card = consume card
        self.retweeted = consume retweeted
    }

    /// The id as a `String` (built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}

/// The retweeted status inside a status: `{"id", "source", "photos", "card"}`.
public struct RetweetLayout: Hashable, Sendable {
    /// As `StatusLayout.idBytes`.
    package var idBytes: ByteString?
    public var photos: GridLayout?
    /// The card shown in place of pictures; `nil` with a grid.
    public var card: CardLayout?

    public init(id: String?, photos: GridLayout?, card: CardLayout? = nil) {
        self.init(idBytes: id.map { ByteString($0) }, photos: photos, card: card)
    }

    /// A layout whose id is bytes already: the rules'.
    package init(idBytes: consuming ByteString?, photos: consuming GridLayout?, card: consuming CardLayout? = nil) {
        self.idBytes = consume idBytes
        self.photos = consume photos
        self.card = consume card
    }

    /// The id as a `String` (built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}
