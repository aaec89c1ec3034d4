/// The response of `POST /v1/timeline/layout` and of `timeline-layout layout`:
/// `{"statuses": [{"id", "photos", "retweeted"}]}` (DESIGN §7).
public struct TimelineLayout: Hashable, Sendable, Encodable {
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

// `null` is part of the contract: these encode every key, absent values as `null`
// (the synthesized conformance would drop them).
extension StatusLayout: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, photos, retweeted
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(photos, forKey: .photos)
        try container.encode(retweeted, forKey: .retweeted)
    }
}

extension RetweetLayout: Encodable {
    enum CodingKeys: String, CodingKey {
        case id, photos
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(photos, forKey: .photos)
    }
}
