import JSONBytes

/// Where a status was read in its request (docs/API.md §3, "Sources"): the envelope and the indices
/// of the arrays on the way, held as numbers; `pointer` is its RFC 6901 JSON pointer.
///
/// | envelope | pointer |
/// |---|---|
/// | `statuses` | `/statuses/3` |
/// | a bare array | `/3` |
/// | `data.list`, `data.statuses` | `/data/list/0`, `/data/statuses/1` |
/// | `data.cards`, `cards` | `/data/cards/2/mblog`, `/cards/2/card_group/0/mblog` |
///
/// Indices are those of the request's arrays, counting the entries skipped (non-objects, cards
/// without `mblog`), so a pointer always resolves in the request to the status it names. The
/// envelope keys are fixed names none of which holds `~` or `/`: no segment needs escaping.
/// A retweet's pointer is its status's followed by `/retweeted_status`.
public struct StatusSource: Hashable, Sendable {
    /// The array that holds the status, or the card whose `mblog` it is.
    public enum Envelope: UInt8, Hashable, Sendable {
        case statuses, array, dataList, dataStatuses, dataCards, cards

        /// The pointer's segments before the index.
        var prefix: StaticString {
            switch self {
            case .statuses: "/statuses/"
            case .array: "/"
            case .dataList: "/data/list/"
            case .dataStatuses: "/data/statuses/"
            case .dataCards: "/data/cards/"
            case .cards: "/cards/"
            }
        }

        /// Whether its entries are cards, whose statuses are their `mblog`s.
        var holdsCards: Bool { self == .dataCards || self == .cards }
    }

    public var envelope: Envelope
    /// The entry's index in the envelope's array (of statuses or of cards).
    public var index: Int
    /// For a card envelope, the index of the inner card in the card's `card_group` whose
    /// `mblog` this is; `nil` for the card's own `mblog` and in the other envelopes.
    public var group: Int?

    public init(envelope: Envelope, index: Int, group: Int? = nil) {
        self.envelope = envelope
        self.index = index
        self.group = envelope.holdsCards ? group : nil
    }

    /// The JSON pointer (RFC 6901) of the status in the request, with `/retweeted_status`
    /// after it when `retweet`.
    public func pointer(retweet: Bool = false) -> String {
        var pointer = envelope.prefix.description + String(index)
        if envelope.holdsCards {
            if let group { pointer += "/card_group/" + String(group) }
            pointer += "/mblog"
        }
        if retweet { pointer += "/retweeted_status" }
        return pointer
    }

    /// Writes the member `"source"` with the pointer (of the retweet when `retweet`): in compact
    /// output one fragment of digits and fixed ASCII segments (nothing to escape).
    func writeMember(retweet: Bool, to writer: inout JSONByteWriter) {
        guard !writer.isIndented else {
            writer.key("source")
            return writer.string(pointer(retweet: retweet))
        }
        let group = self.group
        let envelope = self.envelope
        let index = self.index
        writer.fragment(reserving: 2 &* JSONByteWriter.numberMaximumLength &+ 64) { fragment in
            fragment.text(#""source":""#)
            fragment.text(envelope.prefix)
            fragment.number(index)
            if envelope.holdsCards {
                if let group {
                    fragment.text("/card_group/")
                    fragment.number(group)
                }
                fragment.text("/mblog")
            }
            if retweet { fragment.text("/retweeted_status") }
            fragment.text("\"")
        }
    }
}

extension StatusSource: CustomStringConvertible {
    public var description: String { pointer() }
}
