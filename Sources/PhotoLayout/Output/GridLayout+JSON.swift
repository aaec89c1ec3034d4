import JSONBytes

/// A grid as DESIGN §7 shows it, through `JSONByteWriter`: every key, `more_label` as
/// `null` when there is none.
extension GridLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("size")
        size.write(to: &writer)
        writer.key("columns")
        writer.number(columns)
        writer.key("rows")
        writer.number(rows)
        writer.key("total")
        writer.number(total)
        writer.key("more")
        writer.number(more)
        writer.key("more_label")
        writer.value(moreLabel)
        writer.key("items")
        writer.array(items)
        writer.endObject()
    }
}

extension GridItem: JSONByteEncodable {
    /// URL fields only when the item has URLs; `badge` always, `null` without one.
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(index)
        writer.key("frame")
        frame.write(to: &writer)
        if let urls {
            writer.key("thumbnail_url")
            writer.string(urls.thumbnailBytes)
            writer.key("bmiddle_url")
            writer.string(urls.bmiddleBytes)
            writer.key("large_url")
            writer.string(urls.largeBytes)
        }
        writer.key("kind")
        writer.string(kind.rawValue)
        writer.key("is_gif")
        writer.bool(isGIF)
        writer.key("is_long")
        writer.bool(isLong)
        writer.key("badge")
        writer.value(badge)
        writer.endObject()
    }
}

extension Badge: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(kind.rawValue)
        writer.key("frame")
        frame.write(to: &writer)
        writer.endObject()
    }
}
