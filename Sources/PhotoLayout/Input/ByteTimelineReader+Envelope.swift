import JSONBytes

/// The request document: which envelope holds the statuses (`TimelineEnvelope`), and
/// `options` or `variants` beside it, with the reference's errors and precedence.
extension ByteTimelineReader {
    /// The top-level members the reader acts on.
    enum TopField: String, JSONField {
        case statuses, options, data, cards, variants

        static let set = JSONFieldSet<Self>()
    }

    /// The members of `data` that hold statuses, in the order they win.
    enum DataField: String, JSONField {
        case list, statuses, cards

        static let set = JSONFieldSet<Self>()

        /// The envelope its array is, for the statuses' `source`.
        var envelope: StatusSource.Envelope {
            switch self {
            case .list: .dataList
            case .statuses: .dataStatuses
            case .cards: .dataCards
            }
        }
    }

    /// The members of an m.weibo.cn card that hold statuses.
    enum CardField: String, JSONField {
        case mblog
        case cardGroup = "card_group"

        static let set = JSONFieldSet<Self>()
    }

    /// The member of a card inside a `card_group` that holds its status.
    enum GroupCardField: String, JSONField {
        case mblog

        static let set = JSONFieldSet<Self>()
    }

    /// The request, or the semantic error the reference gives; syntax errors are thrown.
    static func readDocument(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<TimelineRequest, InputError> {
        switch try scanner.peekKind() {
        case .array:
            return .success(TimelineRequest(statuses: try readStatuses(&scanner, in: .array)))
        case .object:
            return try readRequestObject(&scanner)
        default:
            try scanner.skipValue()
            return .failure(TimelineEnvelope.notAnEnvelope)
        }
    }

    /// A top-level object: its envelopes are all read (the first in the document is not
    /// necessarily the one that wins), then the winner is chosen as `TimelineEnvelope` says.
    private static func readRequestObject(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<TimelineRequest, InputError> {
        // Each envelope: `nil` while absent (or `null`, or a `data` without any).
        var statuses: Result<[WeiboStatus], InputError>?
        var data: Result<[WeiboStatus], InputError>?
        var cards: Result<[WeiboStatus], InputError>?
        var options: Result<RawGridOptions, InputError> = .success(RawGridOptions())
        var hasOptions = false
        var variants: Result<RawTimelineVariants, InputError>?
        var keys: [JSONStringToken] = []
        try scanner.readObject(TopField.set, collectingKeys: &keys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case .statuses: statuses = try readArrayEnvelope(&scanner, path: ["statuses"], envelope: .statuses)
            case .options:
                hasOptions = try scanner.peekKind() != .null
                options = try readOptions(&scanner)
            case .data: data = try readData(&scanner)
            case .cards: cards = try readArrayEnvelope(&scanner, path: ["cards"], envelope: .cards)
            case .variants: variants = try readVariants(&scanner)
            }
        }
        guard let statuses = statuses ?? data ?? cards else {
            return .failure(TimelineEnvelope.notFound(topLevelKeys: keys.map { scanner.string($0) }))
        }
        guard let variants else {
            return statuses.flatMap { list in options.map { TimelineRequest(statuses: list, options: $0) } }
        }
        return statuses.flatMap { list in
            options.flatMap { options in
                variants.map { variants in
                    var variants = variants
                    variants.besideOptions = hasOptions
                    return TimelineRequest(statuses: list, options: options, variants: variants)
                }
            }
        }
    }

    /// An envelope key that must hold an array (of statuses, or of cards): `nil` for `null`.
    private static func readArrayEnvelope(
        _ scanner: inout JSONScanner, path: [String], envelope: StatusSource.Envelope
    ) throws(JSONSyntaxError) -> Result<[WeiboStatus], InputError>? {
        switch try scanner.expect(.array) {
        case .found:
            return .success(
                envelope.holdsCards
                    ? try readCards(&scanner, in: envelope) : try readStatuses(&scanner, in: envelope))
        case .null: return nil
        case .other: return .failure(TimelineEnvelope.wrongType(path))
        }
    }

    /// `data`: its `list`, else `statuses`, else `cards`; `nil` when it has none (or is `null`).
    private static func readData(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<[WeiboStatus], InputError>? {
        switch try scanner.expect(.object) {
        case .found: break
        case .null: return nil
        case .other: return .failure(TimelineEnvelope.wrongType(["data"]))
        }
        var list: Result<[WeiboStatus], InputError>?
        var statuses: Result<[WeiboStatus], InputError>?
        var cards: Result<[WeiboStatus], InputError>?
        try scanner.readObject(DataField.set) { field, scanner throws(JSONSyntaxError) in
            let found = try readArrayEnvelope(&scanner, path: ["data", field.name], envelope: field.envelope)
            switch field {
            case .list: list = found
            case .statuses: statuses = found
            case .cards: cards = found
            }
        }
        return list ?? statuses ?? cards
    }

    /// The bytes a status is taken to span when room is made for a timeline's statuses.
    static let bytesPerStatus = 2048
    /// The most statuses room is made for at once.
    static let reservedStatuses = 64

    /// An array of statuses: each object is a status, anything else is skipped. Each status's
    /// `source` is `envelope` and its index in the array, skipped entries counted.
    ///
    /// Room is made at the first status for as many as the rest of the document would hold
    /// at `bytesPerStatus` each (at most `reservedStatuses`), rather than growing the array by
    /// doubling from one: a status as Weibo sends it is several kilobytes.
    private static func readStatuses(
        _ scanner: inout JSONScanner, in envelope: StatusSource.Envelope
    ) throws(JSONSyntaxError) -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        var index = 0
        try scanner.readElements { scanner throws(JSONSyntaxError) in
            if try scanner.peekIsObject() {
                // (Room for one is what the first append makes.)
                if statuses.capacity == 0, scanner.count &- scanner.position >= 2 &* bytesPerStatus {
                    let room = (scanner.count &- scanner.position) / bytesPerStatus
                    statuses.reserveCapacity(Swift.min(room, reservedStatuses))
                }
                try appendStatus(&scanner, source: StatusSource(envelope: envelope, index: index), to: &statuses)
            } else {
                try scanner.skipValue()
            }
            index &+= 1
        }
        return statuses
    }

    /// m.weibo.cn cards: each card's `mblog`, then the `mblog`s of the cards in its
    /// `card_group` (one level), whatever their order in the card; the rest is skipped. Each
    /// status's `source` is the card's index and, inside a `card_group`, the inner card's,
    /// skipped entries counted.
    private static func readCards(
        _ scanner: inout JSONScanner, in envelope: StatusSource.Envelope
    ) throws(JSONSyntaxError) -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        var index = 0
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            defer { index &+= 1 }
            guard try scanner.peekIsObject() else { return try scanner.skipValue() }
            var own: WeiboStatus?
            var group: [WeiboStatus] = []
            try scanner.readObject(CardField.set) { field, scanner throws(JSONSyntaxError) in
                switch field {
                case .mblog:
                    own = try readMblog(&scanner, source: StatusSource(envelope: envelope, index: index))
                case .cardGroup:
                    var inner = 0
                    try scanner.readArray { scanner throws(JSONSyntaxError) in
                        defer { inner &+= 1 }
                        guard try scanner.peekIsObject() else { return try scanner.skipValue() }
                        try scanner.readObject(GroupCardField.set) { _, scanner throws(JSONSyntaxError) in
                            let source = StatusSource(envelope: envelope, index: index, group: inner)
                            if let status = try readMblog(&scanner, source: source) { group.append(status) }
                        }
                    }
                }
            }
            if let own { statuses.append(own) }
            statuses += group
        }
        return statuses
    }

    /// A card's `mblog` when it is an object, read at `source`.
    private static func readMblog(
        _ scanner: inout JSONScanner, source: StatusSource
    ) throws(JSONSyntaxError) -> WeiboStatus? {
        guard try scanner.peekIsObject() else {
            try scanner.skipValue()
            return nil
        }
        return try readStatus(&scanner, source: source)
    }
}
