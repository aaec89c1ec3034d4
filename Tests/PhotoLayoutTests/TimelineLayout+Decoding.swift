import Foundation
import Testing

@testable import PhotoLayout

/// The timeline response read back by JSONDecoder (an independent reader) from the bytes the
/// writer produced, so tests compare the value written with the value read: every field, by
/// its wire name, `null`s included. Derived fields (`is_gif`, `more`, `more_label`) must agree
/// with what the model derives, or the decoding fails.
struct WireError: Error, CustomStringConvertible {
    var description: String
}

/// A timeline response as values: what `TimelineLayout.statuses` reads from its table.
struct DecodedTimeline: Decodable {
    var statuses: [StatusLayout]
}

extension StatusLayout: Decodable {
    enum WireKey: String, CodingKey {
        case id, source, photos, card, retweeted
    }

    /// A retweet's `source`, which must be its status's followed by `/retweeted_status`.
    private struct RetweetSource: Decodable {
        enum WireKey: String, CodingKey {
            case source
        }

        var pointer: String

        init(from decoder: any Decoder) throws {
            pointer = try decoder.container(keyedBy: WireKey.self).decode(String.self, forKey: .source)
        }
    }

    /// Every key present, `null` for absent values.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        guard object.allKeys.count == 5 else { throw WireError(description: "status keys \(object.allKeys)") }
        let pointer = try object.decode(String.self, forKey: .source)
        guard let source = StatusSource.parsed(pointer) else {
            throw WireError(description: "not a status's pointer: \(pointer)")
        }
        if let retweet = try object.decode(RetweetSource?.self, forKey: .retweeted),
            retweet.pointer != pointer + "/retweeted_status"
        {
            throw WireError(description: "retweet source \(retweet.pointer) of \(pointer)")
        }
        self.init(
            id: try object.decode(String?.self, forKey: .id), source: source,
            photos: try object.decode(GridLayout?.self, forKey: .photos),
            card: try object.decode(CardLayout?.self, forKey: .card),
            retweeted: try object.decode(RetweetLayout?.self, forKey: .retweeted))
    }
}

extension StatusSource {
    /// The place a status pointer names (docs/API.md §3's forms), parsed back: `nil` for any other text.
    static func parsed(_ pointer: String) -> StatusSource? {
        let segments = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard pointer.hasPrefix("/"), let last = segments.last else { return nil }
        // Longer prefixes first: every pointer starts with the bare array's empty one.
        let envelopes: [([String], Envelope)] = [
            (["data", "statuses"], .dataStatuses), (["data", "cards"], .dataCards), (["data", "list"], .dataList),
            (["statuses"], .statuses), (["cards"], .cards), ([], .array),
        ]
        guard let (prefix, envelope) = envelopes.first(where: { segments.starts(with: $0.0) }) else { return nil }
        let rest = Array(segments.dropFirst(prefix.count))
        let cards = envelope == .dataCards || envelope == .cards
        guard !rest.isEmpty, let index = Int(rest[0]), cards == (last == "mblog") else { return nil }
        switch rest.count {
        case 1 where !cards, 2 where cards: return StatusSource(envelope: envelope, index: index)
        case 4 where cards && rest[1] == "card_group":
            return Int(rest[2]).map { StatusSource(envelope: envelope, index: index, group: $0) }
        default: return nil
        }
    }
}

extension RetweetLayout: Decodable {
    enum WireKey: String, CodingKey {
        case id, source, photos, card
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        guard object.allKeys.count == 4 else { throw WireError(description: "retweet keys \(object.allKeys)") }
        self.init(
            id: try object.decode(String?.self, forKey: .id),
            photos: try object.decode(GridLayout?.self, forKey: .photos),
            card: try object.decode(CardLayout?.self, forKey: .card))
    }
}

/// A card (docs/API.md §4, "Cards"): every one of its eight keys present, `null` for absent parts.
extension CardLayout: Decodable {
    enum WireKey: String, CodingKey {
        case kind, size, cover, title
        case playBadge = "play_badge"
        case typeIcon = "type_icon"
        case button
        case textFrame = "text_frame"
    }

    /// A part's keys, each present.
    enum PartKey: String, CodingKey {
        case frame, url, crop, title
        case iconURL = "icon_url"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        guard object.allKeys.count == 8 else { throw WireError(description: "card keys \(object.allKeys)") }
        func part(_ key: WireKey, keys: Int) throws -> KeyedDecodingContainer<PartKey>? {
            guard try !object.decodeNil(forKey: key) else { return nil }
            let part = try object.nestedContainer(keyedBy: PartKey.self, forKey: key)
            guard part.allKeys.count == keys else { throw WireError(description: "\(key) keys \(part.allKeys)") }
            return part
        }
        let kindName = try object.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: kindName) else { throw WireError(description: "card kind \(kindName)") }
        self.init(
            kind: kind, size: try object.decode(Size.self, forKey: .size),
            cover: try part(.cover, keys: 3).map {
                Cover(
                    frame: try $0.decode(Rect.self, forKey: .frame), url: try $0.decode(String.self, forKey: .url),
                    crop: try $0.decode(Rect?.self, forKey: .crop))
            },
            playBadge: try object.decode(Rect?.self, forKey: .playBadge),
            typeIcon: try part(.typeIcon, keys: 2).map {
                TypeIcon(frame: try $0.decode(Rect.self, forKey: .frame), url: try $0.decode(String.self, forKey: .url))
            },
            button: try part(.button, keys: 3).map {
                Button(
                    frame: try $0.decode(Rect.self, forKey: .frame),
                    iconURL: try $0.decode(String.self, forKey: .iconURL),
                    title: try $0.decode(String.self, forKey: .title))
            },
            textFrame: try object.decode(Rect?.self, forKey: .textFrame),
            title: try object.decode(String?.self, forKey: .title))
    }
}

extension GridLayout: Decodable {
    enum WireKey: String, CodingKey {
        case size, columns, rows, total, more, items
        case moreLabel = "more_label"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        self.init(
            size: try object.decode(Size.self, forKey: .size),
            columns: try object.decode(Int.self, forKey: .columns),
            rows: try object.decode(Int.self, forKey: .rows),
            total: try object.decode(Int.self, forKey: .total),
            items: try object.decode([GridItem].self, forKey: .items))
        let more = try object.decode(Int.self, forKey: .more)
        let label = try object.decode(TextLabel?.self, forKey: .moreLabel)
        guard more == self.more, label == moreLabel else {
            throw WireError(description: "more \(more) and more_label \(String(describing: label)) disagree")
        }
    }
}

extension GridItem: Decodable {
    enum WireKey: String, CodingKey {
        case index, frame, crop, kind, badge
        case thumbnailURL = "thumbnail_url"
        case bmiddleURL = "bmiddle_url"
        case largeURL = "large_url"
        case isGIF = "is_gif"
        case isLong = "is_long"
    }

    /// URL fields all present or all absent.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        var urls: PictureURLs?
        if object.contains(.thumbnailURL) || object.contains(.bmiddleURL) || object.contains(.largeURL) {
            urls = PictureURLs(
                thumbnail: try object.decode(String.self, forKey: .thumbnailURL),
                bmiddle: try object.decode(String.self, forKey: .bmiddleURL),
                large: try object.decode(String.self, forKey: .largeURL))
        }
        self.init(
            index: try object.decode(Int.self, forKey: .index),
            frame: try object.decode(Rect.self, forKey: .frame),
            crop: try object.decode(Rect?.self, forKey: .crop),
            urls: urls,
            kind: try object.decode(PictureKind.self, forKey: .kind),
            isLong: try object.decode(Bool.self, forKey: .isLong),
            badge: try object.decode(Badge?.self, forKey: .badge))
        guard try object.decode(Bool.self, forKey: .isGIF) == isGIF else {
            throw WireError(description: "is_gif disagrees with kind \(kind)")
        }
    }
}

extension Badge: Decodable {
    enum WireKey: String, CodingKey {
        case kind, frame
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        self.init(
            kind: try object.decode(Kind.self, forKey: .kind), frame: try object.decode(Rect.self, forKey: .frame))
    }
}

extension TextLabel: Decodable {
    enum WireKey: String, CodingKey {
        case text, frame
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: WireKey.self)
        self.init(
            text: try object.decode(String.self, forKey: .text), frame: try object.decode(Rect.self, forKey: .frame))
    }
}
