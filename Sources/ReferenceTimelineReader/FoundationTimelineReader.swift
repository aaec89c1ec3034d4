import Foundation
import PhotoLayout

/// The reference `TimelineReader`, on Foundation's `JSONDecoder`.
///
/// Lenient inside statuses (`Lenient<T>` turns any decoding failure into `nil` without
/// stopping the surrounding array), strict on the request's own fields.
package struct FoundationTimelineReader: TimelineReader {
    package init() {}

    /// The request; `options`' repeated names, which `JSONDecoder` does not see, are found by
    /// `OptionNames`, and so are `variants`' names in document order. The sides repeated inside
    /// a size option are found before decoding, as they decide whether a size missing a side is
    /// of the wrong type (it is not when its names are its error); they reach `StrictSize`
    /// through the decoder's `userInfo`, by the pointer of the size option.
    package func readTimeline(_ bytes: UnsafeRawBufferPointer) throws(InputError) -> TimelineRequest {
        let data = Data(bytes)
        let variantNames = OptionNames.names(in: data, at: ["variants"])
        var optionPaths = [["options"]]
        for name in Set((variantNames ?? []).prefix(RawTimelineVariants.maxCount)) {
            optionPaths.append(["variants", name])
        }
        var repeatedSides: [String: [String]] = [:]
        for path in optionPaths {
            for (option, names) in OptionNames.sizeMembers(in: data, at: path) {
                let repeated = Self.repeated(names, among: RawGridOptions.sizeMemberNames)
                if !repeated.isEmpty { repeatedSides[JSONPointer.fragment(path + [option])] = repeated }
            }
        }
        var request = try Self.decode(
            TimelineDocument.self, from: data,
            userInfo: [StrictSize.repeatedSides: repeatedSides, TimelineDocument.variantNames: variantNames ?? []]
        ).request
        let repeated = Self.repeated(OptionNames.names(in: data), among: RawGridOptions.names)
        if !repeated.isEmpty { request.options.repeatedNames = repeated }
        if var variants = request.variants {
            for index in variants.variants.indices {
                let names = OptionNames.names(in: data, at: ["variants", variants.variants[index].name]) ?? []
                let repeated = Self.repeated(names, among: RawGridOptions.names)
                if !repeated.isEmpty { variants.variants[index].options.repeatedNames = repeated }
            }
            request.variants = variants
        }
        return request
    }

    /// The names of `known` that `names` holds more than once, sorted, without duplicates.
    private static func repeated(_ names: [String], among known: [String]) -> [String] {
        var met: Set<String> = []
        return RawGridOptions.normalizedNames(names.filter { known.contains($0) && !met.insert($0).inserted })
    }

    /// A request document decoded with `JSONDecoder`: the `InputError`s its strict types
    /// throw pass through, any other failure is malformed JSON.
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(InputError) -> T {
        do {
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(T.self, from: data)
        } catch let error as InputError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw InputError(kind: .malformed, detail: "malformed JSON: \(Self.describe(context, in: data))")
        } catch {
            throw InputError(kind: .malformed, detail: "malformed JSON: \(error)")
        }
    }

    /// JSONDecoder on Linux says only "not valid JSON"; JSONSerialization, asked again on
    /// this error path only, says where ("around character 6").
    static func describe(_ context: DecodingError.Context, in data: Data) -> String {
        if let underlying = context.underlyingError as NSError?,
            let message = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
        {
            return message
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { return message }
        }
        return context.debugDescription
    }
}

// MARK: - The request document (strict)

/// Any key, for objects whose keys are not known in advance (the envelope, `options`).
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The body: one of `TimelineEnvelope`'s four envelopes, and `options` or `variants` beside it.
private struct TimelineDocument: Decodable {
    /// `userInfo`'s `[String]`: the names of the members of `variants`, in document order.
    static let variantNames = CodingUserInfoKey(rawValue: "variantNames")!

    var request: TimelineRequest

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            request = TimelineRequest(statuses: Self.statuses(in: &array))
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw TimelineEnvelope.notAnEnvelope
        }
        guard let statuses = try Self.envelope(in: object) else {
            throw TimelineEnvelope.notFound(topLevelKeys: object.allKeys.map(\.stringValue))
        }
        var options = RawGridOptions()
        let optionsKey = AnyCodingKey("options")
        let hasOptions = try object.contains(optionsKey) && object.decodeNil(forKey: optionsKey) == false
        if hasOptions {
            options = try object.decode(StrictOptions.self, forKey: optionsKey).raw
        }
        var variants: RawTimelineVariants?
        let variantsKey = AnyCodingKey("variants")
        if object.contains(variantsKey), try object.decodeNil(forKey: variantsKey) == false {
            guard let members = try? object.nestedContainer(keyedBy: AnyCodingKey.self, forKey: variantsKey) else {
                throw RawTimelineVariants.notAnObject
            }
            let names = decoder.userInfo[Self.variantNames] as? [String] ?? []
            var read = RawTimelineVariants(memberCount: names.count, besideOptions: hasOptions)
            for name in names.prefix(RawTimelineVariants.maxCount) {
                if let first = read.variants.firstIndex(where: { $0.name == name }) {
                    read.variants[first].isRepeated = true
                    continue
                }
                let key = AnyCodingKey(name)
                var variant = RawTimelineVariants.Variant(name: name)
                if try members.decodeNil(forKey: key) == false {
                    variant.options = try members.decode(StrictOptions.self, forKey: key).raw
                }
                read.variants.append(variant)
            }
            variants = read
        }
        request = TimelineRequest(statuses: statuses, options: options, variants: variants)
    }

    /// The statuses of the first envelope present (`statuses`, `data`, `cards`), `nil` for none.
    private static func envelope(in object: KeyedDecodingContainer<AnyCodingKey>) throws -> [WeiboStatus]? {
        if let statuses = try array(in: object, "statuses", path: ["statuses"], cards: false) { return statuses }
        let dataKey = AnyCodingKey("data")
        if object.contains(dataKey), try object.decodeNil(forKey: dataKey) == false {
            guard let data = try? object.nestedContainer(keyedBy: AnyCodingKey.self, forKey: dataKey) else {
                throw TimelineEnvelope.wrongType(["data"])
            }
            for (name, cards) in [("list", false), ("statuses", false), ("cards", true)] {
                if let statuses = try array(in: data, name, path: ["data", name], cards: cards) { return statuses }
            }
        }
        return try array(in: object, "cards", path: ["cards"], cards: true)
    }

    /// The statuses of an envelope key holding an array (of statuses or of cards); `nil` when
    /// absent or `null`, a 400 for any other type.
    private static func array(
        in object: KeyedDecodingContainer<AnyCodingKey>, _ name: String, path: [String], cards: Bool
    ) throws -> [WeiboStatus]? {
        let key = AnyCodingKey(name)
        guard object.contains(key), try object.decodeNil(forKey: key) == false else { return nil }
        guard var array = try? object.nestedUnkeyedContainer(forKey: key) else {
            throw TimelineEnvelope.wrongType(path)
        }
        if cards {
            var statuses: [WeiboStatus] = []
            while !array.isAtEnd {
                statuses += (try? array.decode(Lenient<DecodedCard>.self))?.value?.statuses ?? []
            }
            return statuses
        }
        return statuses(in: &array)
    }

    /// Each object of the array as a status; other entries are skipped.
    private static func statuses(in array: inout any UnkeyedDecodingContainer) -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        while !array.isAtEnd {
            guard let entry = try? array.decode(Lenient<LenientWeiboStatus>.self) else { break }
            if let status = entry.value { statuses.append(status.value) }
        }
        return statuses
    }
}

/// An m.weibo.cn card: its `mblog`, then those of the cards of its `card_group`.
private struct DecodedCard: Decodable {
    var statuses: [WeiboStatus]

    enum Key: String, CodingKey {
        case mblog
        case cardGroup = "card_group"
    }

    /// A card inside a `card_group`: its `mblog` only.
    struct Inner: Decodable {
        var status: WeiboStatus?

        init(from decoder: any Decoder) throws {
            status =
                (try? decoder.container(keyedBy: Key.self).decodeIfPresent(
                    Lenient<LenientWeiboStatus>.self, forKey: .mblog))??
                .value?.value
        }
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        let own = (try? object.decodeIfPresent(Lenient<LenientWeiboStatus>.self, forKey: .mblog))??.value?.value
        let group = (try? object.decodeIfPresent([Lenient<Inner>].self, forKey: .cardGroup))??.compactMap {
            $0.value?.status
        }
        statuses = (own.map { [$0] } ?? []) + (group ?? [])
    }
}

/// `options`: every field optional, every present field of its documented type.
struct StrictOptions: Decodable {
    var raw = RawGridOptions()

    enum Key: String, CodingKey {
        case style, spacing, scale
        case itemSize = "item_size"
        case maxItems = "max_items"
        case contentWidth = "content_width"
        case minItemWidth = "min_item_width"
        case badgeSize = "badge_size"
        case playBadgeSize = "play_badge_size"
    }

    init(from decoder: any Decoder) throws {
        // Pointers follow where the options sit: `#/options` here, `#/grid_options` in browser requests.
        let path = decoder.codingPath.map(\.stringValue)
        guard let object = try? decoder.container(keyedBy: Key.self) else {
            throw InputError.at(JSONPointer.fragment(path), .wrongType, "must be an object")
        }
        func field<T: Decodable>(_ key: Key, _ type: T.Type, _ expected: String) throws -> T? {
            guard object.contains(key), (try? object.decodeNil(forKey: key)) == false else { return nil }
            guard let value = try? object.decode(T.self, forKey: key) else {
                // A number no Double holds (`1e400`) is infinity, for `validated` to refuse.
                if T.self == Double.self, isNumber(key) { return Double.infinity as? T }
                throw InputError.at(JSONPointer.fragment(path + [key.rawValue]), .wrongType, "must be \(expected)")
            }
            return value
        }
        /// Whether the value is a JSON number: none of the other types.
        func isNumber(_ key: Key) -> Bool {
            (try? object.decode(String.self, forKey: key)) == nil && (try? object.decode(Bool.self, forKey: key)) == nil
                && (try? object.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) == nil
                && (try? object.nestedUnkeyedContainer(forKey: key)) == nil
        }
        raw.style = try field(.style, String.self, "a string")
        raw.itemSize = try field(.itemSize, Double.self, "a number")
        raw.spacing = try field(.spacing, Double.self, "a number")
        raw.maxItems = try field(.maxItems, Double.self, "a number")
        raw.contentWidth = try field(.contentWidth, Double.self, "a number")
        raw.minItemWidth = try field(.minItemWidth, Double.self, "a number")
        raw.scale = try field(.scale, Double.self, "a number")
        for key in [Key.badgeSize, .playBadgeSize] {
            let strict = try field(key, StrictSize.self, "an object {\"width\": number, \"height\": number}")
            if key == .badgeSize { raw.badgeSize = strict?.size } else { raw.playBadgeSize = strict?.size }
            if let unknown = strict?.unknownNames, !unknown.isEmpty { raw.unknownSizeNames[key.rawValue] = unknown }
            if let repeated = strict?.repeatedNames, !repeated.isEmpty {
                raw.repeatedSizeNames[key.rawValue] = repeated
            }
        }
        if let all = try? decoder.container(keyedBy: AnyCodingKey.self) {
            let unknown = all.allKeys.map(\.stringValue).filter { Key(rawValue: $0) == nil }
            if !unknown.isEmpty { raw.unknownNames = RawGridOptions.normalizedNames(unknown) }
        }
    }
}

/// A size option (`badge_size`): both sides numbers and no other name; a name other than
/// `width` and `height`, or a side given twice, makes the names its error and no size
/// (`nil`), whatever the values; otherwise a side missing or not a number is a decoding error.
private struct StrictSize: Decodable {
    /// `userInfo`'s `[String: [String]]`: by the pointer of a size option of `options` or of a
    /// variant's options (`#/options/badge_size`), the sides given twice (sorted).
    static let repeatedSides = CodingUserInfoKey(rawValue: "repeatedSides")!

    var size: Size?
    var unknownNames: [String] = []
    var repeatedNames: [String] = []

    enum Key: String, CodingKey {
        case width, height
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        let names = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
        unknownNames = RawGridOptions.normalizedNames(names.filter { Key(rawValue: $0) == nil })
        let repeated = decoder.userInfo[Self.repeatedSides] as? [String: [String]]
        repeatedNames = repeated?[JSONPointer.fragment(decoder.codingPath.map(\.stringValue))] ?? []
        guard unknownNames.isEmpty, repeatedNames.isEmpty else { return }
        size = Size(
            width: try object.decode(Double.self, forKey: .width),
            height: try object.decode(Double.self, forKey: .height))
    }
}

// MARK: - Statuses (lenient)

/// Decodes `T`, or gives `nil` for any failure: a value of the wrong type is absent.
struct Lenient<T: Decodable>: Decodable {
    var value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}

/// A number, or a string that reads as a finite number (`"640"`).
struct FlexibleNumber: Decodable {
    var value: Double

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let number = try? single.decode(Double.self) {
            value = number
        } else if let number = Double(try single.decode(String.self)), number.isFinite {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a number")
        }
    }
}

/// `keep_size` and other flags: truthy unless `0`, `false`, `"0"`, empty or absent.
private struct Truthy: Decodable {
    var value: Bool

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) {
            value = flag
        } else if let number = try? single.decode(Double.self) {
            value = number != 0
        } else if let text = try? single.decode(String.self) {
            value = Double(text).map { $0 != 0 } ?? (text.lowercased() == "true")
        } else {
            value = false
        }
    }
}

/// A status id: a string as is, a number as its literal digits (never through `Double`).
private struct StatusID: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            value = text
        } else if let number = try? single.decode(UInt64.self) {
            value = String(number)
        } else if let number = try? single.decode(Int64.self) {
            value = String(number)
        } else {
            // Beyond 64 bits: Decimal keeps the digits JSONDecoder read.
            value = "\(try single.decode(Decimal.self))"
        }
    }
}

enum StatusKey: String, CodingKey {
    case id, idstr
    case picURLs = "pic_urls"
    case thumbnailPic = "thumbnail_pic"
    case picIDs = "pic_ids"
    case picInfos = "pic_infos"
    case retweetedStatus = "retweeted_status"
    case pics
    case picNum = "pic_num"
    case pageInfo = "page_info"
}

extension KeyedDecodingContainer where K == StatusKey {
    func lenient<T: Decodable>(_ type: T.Type, _ key: K) -> T? {
        (try? decodeIfPresent(Lenient<T>.self, forKey: key))??.value
    }

    /// `idstr` when it is a string, else `id` as a string or its digits.
    var statusID: String? {
        lenient(String.self, .idstr) ?? lenient(StatusID.self, .id)?.value
    }

    var media: WeiboMedia {
        WeiboMedia(
            picURLs: (lenient([Lenient<PicURLEntry>].self, .picURLs) ?? []).compactMap { $0.value?.url },
            thumbnailPic: lenient(String.self, .thumbnailPic),
            picIDs: (lenient([Lenient<String>].self, .picIDs) ?? []).compactMap(\.value),
            picInfos: (lenient([String: Lenient<DecodedPictureInfo>].self, .picInfos) ?? [:]).compactMapValues {
                $0.value?.value
            },
            pics: lenient(DecodedPics.self, .pics)?.value ?? [],
            picNum: lenient(FlexibleNumber.self, .picNum)?.value,
            pageInfo: lenient(DecodedPageInfo.self, .pageInfo)?.value
        )
    }
}

/// One status, decoded leniently: a timeline's entry. Decoding fails only when it is not an
/// object. (Production reads statuses, the browser's `status` included, with
/// `ByteTimelineReader`; this is the reference it is tested against.)
struct LenientWeiboStatus: Decodable, Sendable {
    var value: WeiboStatus

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: StatusKey.self)
        value = WeiboStatus(
            id: object.statusID,
            media: object.media,
            retweeted: object.lenient(DecodedRetweet.self, .retweetedStatus)?.value,
            source: Self.source(at: decoder.codingPath)
        )
    }

    /// The status's place in a timeline request, from the decoder's path to it (keys, and
    /// array indices as `intValue`s); `nil` for a path that is not one of an envelope's statuses
    /// (the photo browser's `status`).
    static func source(at path: [any CodingKey]) -> StatusSource? {
        let segments: [String] = path.map { key in key.intValue.map(String.init) ?? key.stringValue }
        let index: (Int) -> Int? = { position in path[position].intValue }
        switch segments.count {
        case 1:
            return index(0).map { StatusSource(envelope: .array, index: $0) }
        case 2 where segments[0] == "statuses":
            return index(1).map { StatusSource(envelope: .statuses, index: $0) }
        case 2:
            return nil
        default:
            break
        }
        // A card's `mblog`: `…/cards/i/mblog` or `…/cards/i/card_group/j/mblog`.
        let envelopes: [([String], StatusSource.Envelope)] = [
            (["data", "list"], .dataList), (["data", "statuses"], .dataStatuses),
            (["data", "cards"], .dataCards), (["cards"], .cards),
        ]
        for (prefix, envelope) in envelopes where segments.starts(with: prefix) {
            let rest = Array(segments.dropFirst(prefix.count))
            guard let card = index(prefix.count) else { return nil }
            switch rest.count {
            case 1 where !envelope.isCards:
                return StatusSource(envelope: envelope, index: card)
            case 2 where envelope.isCards && rest[1] == "mblog":
                return StatusSource(envelope: envelope, index: card)
            case 4 where envelope.isCards && rest[1] == "card_group" && rest[3] == "mblog":
                return index(prefix.count + 2).map { StatusSource(envelope: envelope, index: card, group: $0) }
            default:
                return nil
            }
        }
        return nil
    }
}

extension StatusSource.Envelope {
    fileprivate var isCards: Bool { self == .dataCards || self == .cards }
}

private struct DecodedRetweet: Decodable {
    var value: WeiboRetweet

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: StatusKey.self)
        value = WeiboRetweet(id: object.statusID, media: object.media)
    }
}

private struct PicURLEntry: Decodable {
    var url: String

    enum Key: String, CodingKey {
        case thumbnailPic = "thumbnail_pic"
    }

    init(from decoder: any Decoder) throws {
        url = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .thumbnailPic)
    }
}

private struct DecodedPictureInfo: Decodable {
    var value: WeiboPictureInfo

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let type = Key(stringValue: "type")
        static let keepSize = Key(stringValue: "keep_size")
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        var variants: [PictureVariant: WeiboPictureVariant] = [:]
        for variant in PictureVariant.allCases {
            if let decoded =
                (try? object.decodeIfPresent(Lenient<DecodedVariant>.self, forKey: Key(stringValue: variant.rawValue)))??
                .value
            {
                variants[variant] = decoded.value
            }
        }
        value = WeiboPictureInfo(
            type: (try? object.decodeIfPresent(Lenient<String>.self, forKey: .type))??.value,
            keepSize: (try? object.decodeIfPresent(Lenient<Truthy>.self, forKey: .keepSize))??.value?.value ?? false,
            variants: variants
        )
    }
}

private struct DecodedVariant: Decodable {
    var value: WeiboPictureVariant

    enum Key: String, CodingKey {
        case url, width, height, type
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        func get<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
            (try? object.decodeIfPresent(Lenient<T>.self, forKey: key))??.value
        }
        value = WeiboPictureVariant(
            url: get(String.self, .url),
            width: get(FlexibleNumber.self, .width)?.value,
            height: get(FlexibleNumber.self, .height)?.value,
            type: get(String.self, .type)
        )
    }
}

/// m.weibo.cn's `pics`: an array, or an object keyed "0", "1", … taken in `WeiboPicOrder`;
/// entries that are not objects are dropped.
private struct DecodedPics: Decodable {
    var value: [WeiboPic]

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var pics: [WeiboPic] = []
            while !array.isAtEnd {
                guard let entry = try? array.decode(Lenient<DecodedPic>.self) else { break }
                if let pic = entry.value { pics.append(pic.value) }
            }
            value = pics
        } else {
            let object = try decoder.singleValueContainer().decode([String: Lenient<DecodedPic>].self)
            value = object.filter { WeiboPicOrder.isIndex($0.key) }
                .sorted { WeiboPicOrder.precedes($0.key, $1.key) }
                .compactMap { $0.value.value?.value }
        }
    }
}

/// One `pics` entry: `{pid, url, geo, type, large: {url, geo}}`, each field lenient.
private struct DecodedPic: Decodable {
    var value: WeiboPic

    enum Key: String, CodingKey {
        case pid, url, geo, large, type
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        func get<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
            (try? object.decodeIfPresent(Lenient<T>.self, forKey: key))??.value
        }
        let geo = get(DecodedGeo.self, .geo)
        value = WeiboPic(
            pid: get(String.self, .pid),
            thumbnail: WeiboPictureVariant(
                url: get(String.self, .url), width: geo?.width, height: geo?.height, type: get(String.self, .type)),
            large: get(DecodedLarge.self, .large)?.value
        )
    }
}

/// `large` of a `pics` entry: `{url, geo}`.
private struct DecodedLarge: Decodable {
    var value: WeiboPictureVariant

    enum Key: String, CodingKey {
        case url, geo
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        let geo = (try? object.decodeIfPresent(Lenient<DecodedGeo>.self, forKey: .geo))??.value
        value = WeiboPictureVariant(
            url: (try? object.decodeIfPresent(Lenient<String>.self, forKey: .url))??.value,
            width: geo?.width, height: geo?.height)
    }
}

/// `geo`: `{width, height}`, numbers or numeric strings.
private struct DecodedGeo: Decodable {
    var width: Double?
    var height: Double?

    enum Key: String, CodingKey {
        case width, height
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        width = (try? object.decodeIfPresent(Lenient<FlexibleNumber>.self, forKey: .width))??.value?.value
        height = (try? object.decodeIfPresent(Lenient<FlexibleNumber>.self, forKey: .height))??.value?.value
    }
}
