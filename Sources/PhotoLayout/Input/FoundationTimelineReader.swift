import Foundation

/// The reference `TimelineReader`, on Foundation's `JSONDecoder`.
///
/// Lenient inside statuses (`Lenient<T>` turns any decoding failure into `nil` without
/// stopping the surrounding array), strict on the request's own fields.
public struct FoundationTimelineReader: TimelineReader {
    public init() {}

    public func readTimeline(_ bytes: UnsafeRawBufferPointer) throws(InputError) -> TimelineRequest {
        try Self.decode(TimelineDocument.self, from: Data(bytes)).request
    }

    /// A request document decoded with `JSONDecoder`: the `InputError`s its strict types
    /// throw pass through, any other failure is malformed JSON (also used by `BrowserAPI`).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(InputError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
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

private struct TimelineDocument: Decodable {
    var request: TimelineRequest

    enum Key: String, CodingKey {
        case statuses, options
    }

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            request = TimelineRequest(statuses: try Self.statuses(in: &array))
            return
        }
        guard let object = try? decoder.container(keyedBy: Key.self) else {
            throw InputError.at("#", .wrongType, "expected an object with \"statuses\", or an array of statuses")
        }
        guard object.contains(.statuses), (try? object.decodeNil(forKey: .statuses)) == false else {
            throw InputError.at("#/statuses", .invalidValue, "is required: an array of statuses")
        }
        guard var array = try? object.nestedUnkeyedContainer(forKey: .statuses) else {
            throw InputError.at("#/statuses", .wrongType, "must be an array of statuses")
        }
        let statuses = try Self.statuses(in: &array)
        var options = RawGridOptions()
        if object.contains(.options), try object.decodeNil(forKey: .options) == false {
            options = try object.decode(StrictOptions.self, forKey: .options).raw
        }
        request = TimelineRequest(statuses: statuses, options: options)
    }

    private static func statuses(in array: inout any UnkeyedDecodingContainer) throws -> [WeiboStatus] {
        var statuses: [WeiboStatus] = []
        while !array.isAtEnd {
            let index = array.currentIndex
            guard let status = try? array.decode(LenientWeiboStatus.self) else {
                throw InputError.at("#/statuses/\(index)", .wrongType, "must be a status object")
            }
            statuses.append(status.value)
        }
        return statuses
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
        case badgeSize = "badge_size"
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
                throw InputError.at(JSONPointer.fragment(path + [key.rawValue]), .wrongType, "must be \(expected)")
            }
            return value
        }
        raw.style = try field(.style, String.self, "a string")
        raw.itemSize = try field(.itemSize, Double.self, "a number")
        raw.spacing = try field(.spacing, Double.self, "a number")
        raw.maxItems = try field(.maxItems, Double.self, "a number")
        raw.contentWidth = try field(.contentWidth, Double.self, "a number")
        raw.scale = try field(.scale, Double.self, "a number")
        raw.badgeSize = try field(.badgeSize, StrictSize.self, "an object {\"width\": number, \"height\": number}")?
            .size
    }
}

private struct StrictSize: Decodable {
    var size: Size

    enum Key: String, CodingKey {
        case width, height
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        size = Size(
            width: try object.decode(Double.self, forKey: .width),
            height: try object.decode(Double.self, forKey: .height))
    }
}

// MARK: - Statuses (lenient)

/// Decodes `T`, or gives `nil` for any failure: a value of the wrong type is absent.
private struct Lenient<T: Decodable>: Decodable {
    var value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}

/// A number, or a string that reads as a finite number (`"640"`).
private struct FlexibleNumber: Decodable {
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
            }
        )
    }
}

/// One status, decoded leniently as `FoundationTimelineReader` does: for request bodies that
/// embed a Weibo status (the browser's `status`). Decoding fails only when it is not an object.
public struct LenientWeiboStatus: Decodable, Sendable {
    public var value: WeiboStatus

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: StatusKey.self)
        value = WeiboStatus(
            id: object.statusID,
            media: object.media,
            retweeted: object.lenient(DecodedRetweet.self, .retweetedStatus)?.value
        )
    }
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
