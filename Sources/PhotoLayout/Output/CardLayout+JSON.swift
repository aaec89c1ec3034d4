import JSONBytes

/// A card as docs/API.md §4 spells it: `{"kind", "size", "cover", "play_badge", "type_icon",
/// "button", "text_frame", "title"}`, every key present and each absent part `null`.
extension CardLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(literal: kind.staticName)
        writer.key("size")
        size.write(to: &writer)
        writer.key("cover")
        writer.value(cover)
        writer.key("play_badge")
        writer.value(playBadge)
        writer.key("type_icon")
        writer.value(typeIcon)
        writer.key("button")
        writer.value(button)
        writer.key("text_frame")
        writer.value(textFrame)
        writer.key("title")
        writer.string(title)
        writer.endObject()
    }
}

/// `{"frame", "url", "crop"}`, `crop` `null` without the cover's size.
extension CardLayout.Cover: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("url")
        writer.string(url)
        writer.key("crop")
        writer.value(crop)
        writer.endObject()
    }
}

/// `{"frame", "url"}`.
extension CardLayout.TypeIcon: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("url")
        writer.string(url)
        writer.endObject()
    }
}

/// `{"frame", "icon_url", "title"}`.
extension CardLayout.Button: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("icon_url")
        writer.string(iconURL)
        writer.key("title")
        writer.string(title)
        writer.endObject()
    }
}

extension CardLayout.Kind {
    /// `rawValue` as a static string (`JSONByteWriter.string(literal:)`: no `String` to read).
    var staticName: StaticString {
        switch self {
        case .video: "video"
        case .link: "link"
        }
    }
}
