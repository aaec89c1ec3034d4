import JSONBytes

/// The one writer of statuses, grids and items (docs/API.md §7): every key present, absent values as
/// `null`, rows read in place and ids and URLs straight from the request's bytes or the table's
/// text. `TimelineLayout` writes its table; a lone `GridLayout`, `StatusLayout`, `RetweetLayout`
/// or `GridItem` is made into a table first (`TimelineLayout+JSON`), so every response spells a
/// grid the same way.
///
/// Compact output writes runs of constant keys and numbers as fragments (one reservation each,
/// keys as constant text: `JSONByteWriter.fragment`); indented output member by member, which
/// sorts the keys.
extension LayoutTable {
    /// `{"statuses": [...]}`.
    func writeTimeline(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("statuses")
        writer.beginArray()
        withRows { rows in
            for index in rows.statuses.indices { rows.writeStatus(rows.statuses[index], at: index, to: &writer) }
        }
        writer.endArray()
        writer.endObject()
    }

    /// Runs `body` on the table's arrays as buffers: read in place, no bounds or uniqueness check.
    func withRows<Result>(_ body: (Rows) -> Result) -> Result {
        source.withUnsafeBufferPointer { source in
            text.withBytes { text in
                statuses.withUnsafeBufferPointer { statuses in
                    grids.withUnsafeBufferPointer { grids in
                        items.withUnsafeBufferPointer { items in
                            cards.withUnsafeBufferPointer { cards in
                                body(
                                    Rows(
                                        source: source, text: text, statuses: statuses, grids: grids, items: items,
                                        cards: cards))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The table's arrays, borrowed as buffers for one write.
    struct Rows {
        let source: UnsafeBufferPointer<UInt8>
        let text: UnsafeBufferPointer<UInt8>
        let statuses: UnsafeBufferPointer<StatusRow>
        let grids: UnsafeBufferPointer<GridRow>
        let items: UnsafeBufferPointer<ItemRow>
        let cards: UnsafeBufferPointer<CardLayout>

        /// `{"id", "source", "photos", "card", "retweeted"}`, the status being the `index`th of the
        /// timeline (its `source` when it has none: the pointer of that index in a bare array).
        func writeStatus(_ status: StatusRow, at index: Int, to writer: inout JSONByteWriter) {
            let source = status.source ?? StatusSource(envelope: .array, index: index)
            writer.beginObject()
            writeMembers(
                id: status.id, source: source, retweet: false, photos: status.photos, card: status.card, to: &writer)
            writer.key("retweeted")
            if let retweet = status.retweet {
                writer.beginObject()
                writeMembers(
                    id: retweet.id, source: source, retweet: true, photos: retweet.photos, card: retweet.card,
                    to: &writer)
                writer.endObject()
            } else {
                writer.null()
            }
            writer.endObject()
        }

        /// The members a status and a retweet share: `"id"` (`null` when absent), `"source"`
        /// (the status's pointer, the retweet's when `retweet`), `"photos"` and `"card"` (each
        /// `null` when absent).
        @inline(__always)
        private func writeMembers(
            id: TextRange?, source: StatusSource, retweet: Bool, photos: Int?, card: Int?,
            to writer: inout JSONByteWriter
        ) {
            writer.key("id")
            if let id { writeString(id, to: &writer) } else { writer.null() }
            source.writeMember(retweet: retweet, to: &writer)
            writer.key("photos")
            if let photos { writeGrid(photos, to: &writer) } else { writer.null() }
            writer.key("card")
            if let card { cards[card].write(to: &writer) } else { writer.null() }
        }

        /// The id or URL at `range` as a JSON string: a slice of the source as it is (it needs no
        /// escaping: see `TextRange.inSource`), the table's text escaped.
        @inline(__always)
        private func writeString(_ range: TextRange, to writer: inout JSONByteWriter) {
            if range.inSource {
                writer.string(plain: UnsafeBufferPointer(rebasing: source[range.range]))
            } else {
                writer.string(utf8: UnsafeBufferPointer(rebasing: text[range.range]))
            }
        }

        /// Grid `index`: `more_label` as `null` when it hides no picture.
        ///
        /// Compact output writes the members before `items` as one fragment (`more_label` too when
        /// it is `null`, as it is unless pictures are hidden).
        func writeGrid(_ index: Int, to writer: inout JSONByteWriter) {
            let grid = grids[index]
            let more = grid.more
            if writer.isIndented {
                writer.beginObject()
                writer.key("size")
                grid.size.write(to: &writer)
                writer.key("columns")
                if let columns = grid.columns { writer.number(columns) } else { writer.null() }
                writer.key("rows")
                if let rows = grid.rows { writer.number(rows) } else { writer.null() }
                writer.key("total")
                writer.number(grid.total)
                writer.key("more")
                writer.number(more)
            } else {
                writer.fragment(reserving: 6 &* JSONByteWriter.numberMaximumLength &+ 96) { fragment in
                    fragment.text(#"{"size":{"width":"#)
                    fragment.number(grid.size.width)
                    fragment.text(#","height":"#)
                    fragment.number(grid.size.height)
                    fragment.text(#"},"columns":"#)
                    if let columns = grid.columns { fragment.number(columns) } else { fragment.text("null") }
                    fragment.text(#","rows":"#)
                    if let rows = grid.rows { fragment.number(rows) } else { fragment.text("null") }
                    fragment.text(#","total":"#)
                    fragment.number(grid.total)
                    fragment.text(#","more":"#)
                    fragment.number(more)
                    if more == 0 { fragment.text(#","more_label":null"#) }
                }
            }
            if let label = MoreLabel.over(grid.items.last.map { items[$0].frame }, hiding: more) {
                writer.key("more_label")
                label.write(to: &writer)
            } else if writer.isIndented || more > 0 {
                // Compact output wrote it in the fragment only when `more` is 0 (a grid of no
                // items may hide pictures and still have no label).
                writer.key("more_label")
                writer.null()
            }
            writer.key("items")
            writer.beginArray()
            for position in grid.items { writeItem(position, to: &writer) }
            writer.endArray()
            writer.endObject()
        }

        /// Item `position`: URL members only when it has URLs, `sides` only in a mosaic (after
        /// `frame`); `crop` and `badge` always, `null` without one.
        ///
        /// Compact output writes what comes before the URLs and what comes after them as two
        /// fragments.
        func writeItem(_ position: Int, to writer: inout JSONByteWriter) {
            let item = UnsafePointer(items.baseAddress! + position)
            guard !writer.isIndented else { return writeItemMembers(item.pointee, to: &writer) }
            writer.fragment(
                reserving: 2 &* Rect.maximumLength &+ JSONByteWriter.numberMaximumLength &+ 32
                    &+ MosaicSides.maximumLength
            ) { fragment in
                fragment.text(#"{"index":"#)
                fragment.number(item.pointee.index)
                fragment.text(#","frame":"#)
                item.pointee.frame.write(into: &fragment)
                if let sides = item.pointee.sides {
                    fragment.text(#","sides":"#)
                    sides.write(into: &fragment)
                }
                fragment.text(#","crop":"#)
                if let crop = item.pointee.crop { crop.writeCrop(into: &fragment) } else { fragment.text("null") }
            }
            if let urls = item.pointee.urls { writeURLs(urls, to: &writer) }
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

        /// An item member by member (indented output).
        private func writeItemMembers(_ item: ItemRow, to writer: inout JSONByteWriter) {
            writer.beginObject()
            writer.key("index")
            writer.number(item.index)
            writer.key("frame")
            item.frame.write(to: &writer)
            if let sides = item.sides {
                writer.key("sides")
                writer.beginArray()
                for name in sides.staticNames { writer.string(literal: name) }
                writer.endArray()
            }
            writer.key("crop")
            writer.value(item.crop)
            if let urls = item.urls { writeURLs(urls, to: &writer) }
            writer.key("kind")
            writer.string(literal: item.kind.staticName)
            writer.key("is_gif")
            writer.bool(item.kind == .gif)
            writer.key("is_long")
            writer.bool(item.isLong)
            writer.key("badge")
            writer.value(item.badge)
            writer.endObject()
        }

        /// The three URL members.
        @inline(__always)
        private func writeURLs(_ urls: URLRanges, to writer: inout JSONByteWriter) {
            writer.key("thumbnail_url")
            writeString(urls.thumbnail, to: &writer)
            writer.key("bmiddle_url")
            writeString(urls.bmiddle, to: &writer)
            writer.key("large_url")
            writeString(urls.large, to: &writer)
        }
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

extension MosaicSides {
    /// The most bytes `write(into:)` writes, plus the member's key: `,"sides":["top","left","bottom","right"]`.
    static let maximumLength = 48

    /// The sides' names, in the API's order, as static strings.
    var staticNames: [StaticString] {
        [(MosaicSides.top, "top" as StaticString), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
            .compactMap { contains($0.0) ? $0.1 : nil }
    }

    /// `["top","left",…]`, the sides in the API's order (`names`), as constant text.
    func write(into fragment: inout JSONByteFragment) {
        var written = false
        func side(_ side: MosaicSides, _ alone: StaticString, _ after: StaticString) {
            guard contains(side) else { return }
            fragment.text(written ? after : alone)
            written = true
        }
        fragment.text("[")
        side(.top, #""top""#, #","top""#)
        side(.left, #""left""#, #","left""#)
        side(.bottom, #""bottom""#, #","bottom""#)
        side(.right, #""right""#, #","right""#)
        fragment.text("]")
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
