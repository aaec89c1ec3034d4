import Foundation
import PhotoLayout

/// `page_info` (docs/API.md §4, "Cards"), decoded leniently: a field of the wrong type is absent,
/// an empty URL or title is absent; decoding fails only when it is not an object.
struct DecodedPageInfo: Decodable {
    var value: WeiboPageInfo

    enum Key: String, CodingKey {
        case type
        case objectType = "object_type"
        case pagePic = "page_pic"
        case typeIcon = "type_icon"
        case pageTitle = "page_title"
        case buttons
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        func get<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
            (try? object.decodeIfPresent(Lenient<T>.self, forKey: key))??.value
        }
        value = WeiboPageInfo(
            type: get(DecodedTag.self, .type)?.value,
            objectType: get(DecodedTag.self, .objectType)?.value,
            cover: get(DecodedPagePic.self, .pagePic)?.value,
            typeIcon: get(String.self, .typeIcon).flatMap(nonEmpty),
            title: get(String.self, .pageTitle).flatMap(nonEmpty),
            button: get([Lenient<DecodedButton>].self, .buttons)?.lazy.compactMap { $0.value?.value }.first
        )
    }
}

private func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
}

/// `type` or `object_type`: a number or a string.
private struct DecodedTag: Decodable {
    var value: WeiboPageInfo.Tag

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            value = .string(text)
        } else {
            value = .number(try single.decode(Double.self))
        }
    }
}

/// `page_pic`: a non-empty URL string, or an object whose `url` is one, with its optional
/// `width` and `height` (numbers or numeric strings).
private struct DecodedPagePic: Decodable {
    var value: WeiboPageInfo.Cover

    enum Key: String, CodingKey {
        case url, width, height
    }

    init(from decoder: any Decoder) throws {
        if let url = try? decoder.singleValueContainer().decode(String.self) {
            guard let url = nonEmpty(url) else { throw Missing() }
            value = WeiboPageInfo.Cover(url: url)
            return
        }
        let object = try decoder.container(keyedBy: Key.self)
        guard let url = (try? object.decodeIfPresent(Lenient<String>.self, forKey: .url))??.value.flatMap(nonEmpty)
        else { throw Missing() }
        let width = (try? object.decodeIfPresent(Lenient<FlexibleNumber>.self, forKey: .width))??.value?.value
        let height = (try? object.decodeIfPresent(Lenient<FlexibleNumber>.self, forKey: .height))??.value?.value
        value = WeiboPageInfo.Cover(url: url, size: WeiboPageInfo.Cover.knownSize(width, height))
    }
}

/// A `buttons` entry whose `pic` and `name` are non-empty strings.
private struct DecodedButton: Decodable {
    var value: WeiboPageInfo.Button

    enum Key: String, CodingKey {
        case pic, name
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        guard let pic = (try? object.decodeIfPresent(Lenient<String>.self, forKey: .pic))??.value.flatMap(nonEmpty),
            let name = (try? object.decodeIfPresent(Lenient<String>.self, forKey: .name))??.value.flatMap(nonEmpty)
        else { throw Missing() }
        value = WeiboPageInfo.Button(iconURL: pic, title: name)
    }
}

/// A lenient field that is there but unusable.
private struct Missing: Error {}
