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

        /// The member's key and the pointer's segments before the index, as one constant.
        var memberPrefix: StaticString {
            switch self {
            case .statuses: #""source":"/statuses/"#
            case .array: #""source":"/"#
            case .dataList: #""source":"/data/list/"#
            case .dataStatuses: #""source":"/data/statuses/"#
            case .dataCards: #""source":"/data/cards/"#
            case .cards: #""source":"/cards/"#
            }
        }

        /// Whether its entries are cards, whose statuses are their `mblog`s.
        var holdsCards: Bool { self == .dataCards || self == .cards }
    }

    public let envelope: Envelope
    /// The indices, held in 32 bits: a request the readers take (under 2 GiB) has fewer entries
    /// in an array. `group` is stored plus one, 0 standing for none.
    private let storedIndex: UInt32
    private let storedGroup: UInt32

    /// The entry's index in the envelope's array (of statuses or of cards).
    public var index: Int { Int(storedIndex) }
    /// For a card envelope, the index of the inner card in the card's `card_group` whose
    /// `mblog` this is; `nil` for the card's own `mblog` and in the other envelopes.
    public var group: Int? { storedGroup == 0 ? nil : Int(storedGroup &- 1) }

    /// `index` and `group` are indices of arrays (not negative, below 2^32 − 1).
    public init(envelope: Envelope, index: Int, group: Int? = nil) {
        self.envelope = envelope
        storedIndex = UInt32(truncatingIfNeeded: index)
        storedGroup = envelope.holdsCards ? group.map { UInt32(truncatingIfNeeded: $0 &+ 1) } ?? 0 : 0
    }

    /// The JSON pointer (RFC 6901) of the status in the request, with `/retweeted_status`
    /// after it when `retweet`.
    public func pointer(retweet: Bool = false) -> String {
        let member = envelope.memberPrefix.description
        // The constant starts with the member's key: `"source":"`.
        var pointer = String(member.dropFirst(10)) + String(index)
        if envelope.holdsCards {
            if let group { pointer += "/card_group/" + String(group) }
            pointer += "/mblog"
        }
        if retweet { pointer += "/retweeted_status" }
        return pointer
    }

    /// Writes the member `"source"` with the pointer (of the retweet when `retweet`): in compact
    /// output one fragment of constants and digits (nothing to escape).
    @inline(__always)
    func writeMember(retweet: Bool, to writer: inout JSONByteWriter) {
        guard !writer.isIndented else {
            writer.key("source")
            return writer.string(pointer(retweet: retweet))
        }
        let envelope = self.envelope
        let index = storedIndex
        let group = storedGroup
        writer.fragment(reserving: 2 &* JSONByteWriter.numberMaximumLength &+ 64) { fragment in
            fragment.text(envelope.memberPrefix)
            fragment.number(Int(index))
            guard envelope.holdsCards else { return fragment.text(retweet ? #"/retweeted_status""# : "\"") }
            if group != 0 {
                fragment.text("/card_group/")
                fragment.number(Int(group &- 1))
            }
            fragment.text(retweet ? #"/mblog/retweeted_status""# : #"/mblog""#)
        }
    }
}

extension StatusSource: CustomStringConvertible {
    public var description: String { pointer() }
}
