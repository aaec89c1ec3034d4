/// The response of `POST /v1/timeline/layout` and of `timeline-layout layout`:
/// `{"statuses": [{"id", "photos", "retweeted"}]}` (DESIGN §7).
public struct TimelineLayout: Hashable, Sendable {
    public var statuses: [StatusLayout]

    public init(statuses: [StatusLayout]) {
        self.statuses = statuses
    }
}

/// One status: its id, its own grid (`null` without pictures) and its retweet's.
public struct StatusLayout: Hashable, Sendable {
    public var id: String?
    public var photos: GridLayout?
    public var retweeted: RetweetLayout?

    public init(id: String?, photos: GridLayout?, retweeted: RetweetLayout?) {
        self.id = id
        self.photos = photos
        self.retweeted = retweeted
    }
}

/// The retweeted status inside a status: `{"id", "photos"}`.
public struct RetweetLayout: Hashable, Sendable {
    public var id: String?
    public var photos: GridLayout?

    public init(id: String?, photos: GridLayout?) {
        self.id = id
        self.photos = photos
    }
}
