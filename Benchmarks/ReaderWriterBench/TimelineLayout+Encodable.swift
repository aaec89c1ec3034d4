import PhotoLayout

// The timeline response as JSONEncoder writes it: the reference the writers' table compares
// JSONByteWriter with. The layout core no longer has `Encodable` twins of its outputs (the
// service, `--pretty` and the golden files all use JSONByteWriter), so the benchmark carries
// the conformance it measures. Every key is written, absent values as `null`, as the API does.

/// `{"statuses": [...]}` of a timeline's statuses as values.
struct EncodableTimeline: Encodable {
    let statuses: [StatusLayout]
}

extension StatusLayout: Encodable {
    enum BenchKey: String, CodingKey {
        case id, source, photos, retweeted
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(id, forKey: .id)
        try container.encode(source?.pointer(), forKey: .source)
        try container.encode(photos, forKey: .photos)
        try container.encode(retweeted.map { EncodableRetweet(retweet: $0, source: source) }, forKey: .retweeted)
    }
}

/// A retweet with its pointer, which is its status's followed by `/retweeted_status`.
struct EncodableRetweet: Encodable {
    let retweet: RetweetLayout
    let source: StatusSource?

    enum BenchKey: String, CodingKey {
        case id, source, photos
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(retweet.id, forKey: .id)
        try container.encode(source?.pointer(retweet: true), forKey: .source)
        try container.encode(retweet.photos, forKey: .photos)
    }
}

extension GridLayout: Encodable {
    enum BenchKey: String, CodingKey {
        case size, columns, rows, total, more, items
        case moreLabel = "more_label"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(size, forKey: .size)
        try container.encode(columns, forKey: .columns)
        try container.encode(rows, forKey: .rows)
        try container.encode(total, forKey: .total)
        try container.encode(more, forKey: .more)
        try container.encode(moreLabel, forKey: .moreLabel)
        try container.encode(items, forKey: .items)
    }
}

extension GridItem: Encodable {
    enum BenchKey: String, CodingKey {
        case index, frame, crop, kind, badge
        case thumbnailURL = "thumbnail_url"
        case bmiddleURL = "bmiddle_url"
        case largeURL = "large_url"
        case isGIF = "is_gif"
        case isLong = "is_long"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(index, forKey: .index)
        try container.encode(frame, forKey: .frame)
        try container.encode(crop, forKey: .crop)
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

extension Badge: Encodable {
    enum BenchKey: String, CodingKey {
        case kind, frame
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(frame, forKey: .frame)
    }
}

extension TextLabel: Encodable {
    enum BenchKey: String, CodingKey {
        case text, frame
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchKey.self)
        try container.encode(text, forKey: .text)
        try container.encode(frame, forKey: .frame)
    }
}
