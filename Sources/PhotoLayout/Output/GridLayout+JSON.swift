import JSONBytes

/// A grid as DESIGN §7 shows it, through `JSONByteWriter`: every key, `more_label` as
/// `null` when there is none.
///
/// The grid and its items are written through pointers (`write(at:to:)`): written as values,
/// each item was copied out of the array (`for item in items`) and its URLs out of the item
/// (`if let urls`), three retains and three releases an item, about 600 instructions a
/// picture of the writer's 166,000 on the client-API sample.
extension GridLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        withUnsafePointer(to: self) { Self.write(at: $0, to: &writer) }
    }

    /// The grid at `grid`, read in place.
    static func write(at grid: UnsafePointer<GridLayout>, to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("size")
        grid.pointee.size.write(to: &writer)
        writer.key("columns")
        writer.number(grid.pointee.columns)
        writer.key("rows")
        writer.number(grid.pointee.rows)
        writer.key("total")
        writer.number(grid.pointee.total)
        writer.key("more")
        writer.number(grid.pointee.more)
        writer.key("more_label")
        // Tested first: `moreLabel` is computed, and reading it through the pointer copies the grid.
        if grid.pointee.more > 0, let label = grid.pointee.moreLabel { label.write(to: &writer) } else { writer.null() }
        writer.key("items")
        writer.beginArray()
        grid.pointee.items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for index in items.indices { GridItem.write(at: base + index, to: &writer) }
        }
        writer.endArray()
        writer.endObject()
    }
}

extension GridItem: JSONByteEncodable {
    /// URL fields only when the item has URLs; `badge` always, `null` without one.
    public func write(to writer: inout JSONByteWriter) {
        withUnsafePointer(to: self) { Self.write(at: $0, to: &writer) }
    }

    /// The item at `item`, read in place (its URLs through `unwrapped()`, not copied).
    static func write(at item: UnsafePointer<GridItem>, to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(item.pointee.index)
        writer.key("frame")
        item.pointee.frame.write(to: &writer)
        // `urls` is a stored property: `pointer(to:)` is `nil` only for a computed one.
        if let urls = item.pointer(to: \.urls)!.unwrapped() {
            writer.key("thumbnail_url")
            writer.string(urls.pointee.thumbnailBytes)
            writer.key("bmiddle_url")
            writer.string(urls.pointee.bmiddleBytes)
            writer.key("large_url")
            writer.string(urls.pointee.largeBytes)
        }
        // Stored fields only: a computed property (`isGIF`, `kind.rawValue`) read through the
        // pointer copied the whole item first.
        let kind = item.pointee.kind
        writer.key("kind")
        writer.string(literal: kind.staticName)
        writer.key("is_gif")
        writer.bool(kind == .gif)
        writer.key("is_long")
        writer.bool(item.pointee.isLong)
        writer.key("badge")
        writer.value(item.pointee.badge)
        writer.endObject()
    }
}

extension Badge: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(literal: kind.staticName)
        writer.key("frame")
        frame.write(to: &writer)
        writer.endObject()
    }
}

extension PictureKind {
    /// `rawValue` as a static string (`JSONByteWriter.string(literal:)`: no `String` to read).
    var staticName: StaticString {
        switch self {
        case .image: "image"
        case .gif: "gif"
        case .livephoto: "livephoto"
        }
    }
}

extension Badge.Kind {
    /// `rawValue` as a static string (`JSONByteWriter.string(literal:)`: no `String` to read).
    var staticName: StaticString {
        switch self {
        case .gif: "gif"
        case .long: "long"
        case .live: "live"
        }
    }
}
