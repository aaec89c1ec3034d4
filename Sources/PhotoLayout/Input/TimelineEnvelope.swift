/// Where a Weibo response keeps its statuses (docs/API.md §3), and the errors both readers give
/// when a body has none of the four envelopes.
///
/// 1. `{"statuses": [...]}` (Open API v2, client API);
/// 2. `[...]`, a bare array of statuses;
/// 3. `{"data": {"list": [...]}}` or `{"data": {"statuses": [...]}}` (weibo.com web API);
/// 4. `{"data": {"cards": [...]}}` or `{"cards": [...]}` (m.weibo.cn): the `mblog` of each
///    card, then those of the cards in its `card_group`, in order; cards without one are skipped.
///
/// When a body holds several, the first of `statuses`, `data` (its `list`, else `statuses`,
/// else `cards`), `cards` wins; `null` counts as absent. An envelope key of another type is a
/// 400 at its pointer; an object with none is a 422 at the root. Inside the arrays an entry
/// that is not an object (a status, a card, an `mblog`) is skipped.
package enum TimelineEnvelope {
    /// The four envelopes, as the 422 names them.
    package static let accepted =
        #"{"statuses": [...]}; a bare array [...]; {"data": {"list": [...]}} or {"data": {"statuses": [...]}}; "#
        + #"{"data": {"cards": [...]}} or {"cards": [...]}"#

    /// At most this many top-level keys are named in the 422, each cut to `keyLength` characters.
    static let reportedKeys = 20
    static let keyLength = 40

    /// A body that is neither an object nor an array (400 at the root).
    package static let notAnEnvelope = InputError.at(
        "#", .wrongType, "expected a Weibo response: an object or an array of statuses")

    /// An envelope key holding a value of another type (400 at its pointer).
    package static func wrongType(_ path: [String]) -> InputError {
        let expected =
            switch path.last {
            case "data": "an object with \"list\", \"statuses\" or \"cards\""
            case "cards": "an array of cards"
            default: "an array of statuses"
            }
        return InputError.at(JSONPointer.fragment(path), .wrongType, "must be \(expected)")
    }

    /// An object with none of the envelopes (422 at the root), naming the keys it had.
    package static func notFound(topLevelKeys: some Sequence<String>) -> InputError {
        let keys = RawGridOptions.normalizedNames(topLevelKeys)
        var shown = keys.prefix(reportedKeys).map { key in
            key.count > keyLength ? String(key.prefix(keyLength)) + "…" : key
        }
        .map { "\"\($0)\"" }
        if keys.count > reportedKeys { shown.append("and \(keys.count - reportedKeys) more") }
        let found =
            keys.isEmpty ? "the body is an empty object" : "its top-level keys: " + shown.joined(separator: ", ")
        return InputError.at("#", .invalidValue, "no statuses found (\(found)); expected one of: \(accepted)")
    }
}
