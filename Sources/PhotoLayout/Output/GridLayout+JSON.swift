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
    ///
    /// Compact output writes the members before `items` as one fragment (`more_label` too when
    /// it is `null`, as it is unless pictures are hidden), as items are (`GridItem.write(at:to:)`).
    static func write(at grid: UnsafePointer<GridLayout>, to writer: inout JSONByteWriter) {
        let more = grid.pointee.more
        if writer.isIndented {
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
            writer.number(more)
        } else {
            writer.fragment(reserving: 6 &* JSONByteWriter.numberMaximumLength &+ 96) { fragment in
                fragment.text(#"{"size":{"width":"#)
                fragment.number(grid.pointee.size.width)
                fragment.text(#","height":"#)
                fragment.number(grid.pointee.size.height)
                fragment.text(#"},"columns":"#)
                fragment.number(grid.pointee.columns)
                fragment.text(#","rows":"#)
                fragment.number(grid.pointee.rows)
                fragment.text(#","total":"#)
                fragment.number(grid.pointee.total)
                fragment.text(#","more":"#)
                fragment.number(more)
                if more == 0 { fragment.text(#","more_label":null"#) }
            }
        }
        // Tested first: `moreLabel` is computed, and reading it through the pointer copies the grid.
        if more > 0, let label = grid.pointee.moreLabel {
            writer.key("more_label")
            label.write(to: &writer)
        } else if writer.isIndented || more > 0 {
            // Compact output wrote it in the fragment only when `more` is 0 (a grid of no items
            // may hide pictures and still have no label).
            writer.key("more_label")
            writer.null()
        }
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
    ///
    /// Compact output writes what comes before the URLs and what comes after them as two
    /// fragments (`JSONByteWriter.fragment`): one reservation each, keys as constant text, where
    /// member by member was a call, a bounds check and a comma decision per key and per value
    /// (thirteen calls an item instead of two). Indented output sorts members: member by member.
    static func write(at item: UnsafePointer<GridItem>, to writer: inout JSONByteWriter) {
        guard !writer.isIndented else { return writeMembers(at: item, to: &writer) }
        writer.fragment(reserving: Rect.maximumLength &+ JSONByteWriter.numberMaximumLength &+ 24) { fragment in
            fragment.text(#"{"index":"#)
            fragment.number(item.pointee.index)
            fragment.text(#","frame":"#)
            item.pointee.frame.write(into: &fragment)
        }
        writeURLs(at: item, to: &writer)
        // Stored fields only: a computed property (`isGIF`, `kind.rawValue`) read through the
        // pointer copied the whole item first.
        let kind = item.pointee.kind
        let isLong = item.pointee.isLong
        let badge = item.pointee.badge
        writer.fragment(reserving: Rect.maximumLength &+ 96) { fragment in
            fragment.text(#""kind":""#)
            fragment.text(kind.staticName)
            fragment.text(#"","is_gif":"#)
            fragment.text(kind == .gif ? "true" : "false")
            fragment.text(#","is_long":"#)
            fragment.text(isLong ? "true" : "false")
            fragment.text(#","badge":"#)
            if let badge {
                fragment.text(#"{"kind":""#)
                fragment.text(badge.kind.staticName)
                fragment.text(#"","frame":"#)
                badge.frame.write(into: &fragment)
                fragment.text("}")
            } else {
                fragment.text("null")
            }
            fragment.text("}")
        }
    }

    /// The item at `item`, member by member (indented output).
    private static func writeMembers(at item: UnsafePointer<GridItem>, to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(item.pointee.index)
        writer.key("frame")
        item.pointee.frame.write(to: &writer)
        writeURLs(at: item, to: &writer)
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

    /// The three URL members, when the item has URLs.
    @inline(__always)
    private static func writeURLs(at item: UnsafePointer<GridItem>, to writer: inout JSONByteWriter) {
        // `urls` is a stored property: `pointer(to:)` is `nil` only for a computed one.
        guard let urls = item.pointer(to: \.urls)!.unwrapped() else { return }
        writer.key("thumbnail_url")
        writer.string(urls.pointee.thumbnailBytes)
        writer.key("bmiddle_url")
        writer.string(urls.pointee.bmiddleBytes)
        writer.key("large_url")
        writer.string(urls.pointee.largeBytes)
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
