import JSONBytes

/// The request document: which envelope holds the statuses (`TimelineEnvelope`), and
/// `options` beside it, with the reference's errors and precedence.
extension ByteTimelineReader {
    /// The top-level keys the reader acts on, by field number.
    private static let topKeys = JSONKeySet(["statuses", "options", "data", "cards"])
    /// The keys of `data` that hold statuses, in the order they win.
    private static let dataKeys = JSONKeySet(["list", "statuses", "cards"])
    private static let cardKeys = JSONKeySet(["mblog", "card_group"])
    private static let groupCardKeys = JSONKeySet(["mblog"])

    /// The request, or the semantic error the reference gives; syntax errors are thrown.
    static func readDocument(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<TimelineRequest, InputError> {
        switch try scanner.peekKind() {
        case .array:
            return .success(TimelineRequest(statuses: try readStatuses(&scanner)))
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
        // statuses, data, cards: `nil` while absent (or `null`, or a `data` without any).
        var found: [Result<[WeiboStatus], InputError>?] = [nil, nil, nil]
        var options: Result<RawGridOptions, InputError> = .success(RawGridOptions())
        var keys: [JSONStringToken] = []
        try scanner.readObject(topKeys, collectingKeys: &keys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case 0:
                found[0] = try readArrayEnvelope(&scanner, path: ["statuses"], cards: false)
            case 1:
                options = try readOptions(&scanner)
            case 2:
                found[1] = try readData(&scanner)
            default:
                found[2] = try readArrayEnvelope(&scanner, path: ["cards"], cards: true)
            }
        }
        guard let statuses = found[0] ?? found[1] ?? found[2] else {
            return .failure(TimelineEnvelope.notFound(topLevelKeys: keys.map { scanner.string($0) }))
        }
        return statuses.flatMap { list in options.map { TimelineRequest(statuses: list, options: $0) } }
    }

    /// An envelope key that must hold an array (of statuses, or of cards): `nil` for `null`.
    private static func readArrayEnvelope(
        _ scanner: inout JSONScanner, path: [String], cards: Bool
    ) throws(JSONSyntaxError) -> Result<[WeiboStatus], InputError>? {
        switch try scanner.peekKind() {
        case .array:
            return .success(cards ? try readCards(&scanner) : try readStatuses(&scanner))
        case .null:
            try scanner.skipValue()
            return nil
        default:
            try scanner.skipValue()
            return .failure(TimelineEnvelope.wrongType(path))
        }
    }

    /// `data`: its `list`, else `statuses`, else `cards`; `nil` when it has none (or is `null`).
    private static func readData(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<[WeiboStatus], InputError>? {
        switch try scanner.peekKind() {
        case .object:
            break
        case .null:
            try scanner.skipValue()
            return nil
        default:
            try scanner.skipValue()
            return .failure(TimelineEnvelope.wrongType(["data"]))
        }
        var found: [Result<[WeiboStatus], InputError>?] = [nil, nil, nil]
        try scanner.readObject(dataKeys) { field, scanner throws(JSONSyntaxError) in
            let name = ["list", "statuses", "cards"][field]
            found[field] = try readArrayEnvelope(&scanner, path: ["data", name], cards: field == 2)
        }
        return found[0] ?? found[1] ?? found[2]
    }

    /// An array of statuses: each object is a status, anything else is skipped.
    private static func readStatuses(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            if try scanner.peekKind() == .object {
                statuses.append(try readStatus(&scanner))
            } else {
                try scanner.skipValue()
            }
        }
        return statuses
    }

    /// m.weibo.cn cards: each card's `mblog`, then the `mblog`s of the cards in its
    /// `card_group` (one level), whatever their order in the card; the rest is skipped.
    private static func readCards(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            guard try scanner.peekKind() == .object else { return try scanner.skipValue() }
            var own: WeiboStatus?
            var group: [WeiboStatus] = []
            try scanner.readObject(cardKeys) { field, scanner throws(JSONSyntaxError) in
                if field == 0 {
                    own = try readMblog(&scanner)
                    return
                }
                try scanner.readArray { scanner throws(JSONSyntaxError) in
                    guard try scanner.peekKind() == .object else { return try scanner.skipValue() }
                    try scanner.readObject(groupCardKeys) { _, scanner throws(JSONSyntaxError) in
                        if let status = try readMblog(&scanner) { group.append(status) }
                    }
                }
            }
            if let own { statuses.append(own) }
            statuses += group
        }
        return statuses
    }

    /// A card's `mblog` when it is an object.
    private static func readMblog(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboStatus? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return nil
        }
        return try readStatus(&scanner)
    }
}
