import JSONBytes

/// The timeline's output form: its layout held flat, as rows of plain values, the request's
/// bytes and one text buffer. The rules' fast path builds it (`LayoutTableBuilder`), the writer
/// writes it (`LayoutTable+JSON`), and the values the library shows (`StatusLayout`,
/// `GridLayout`, `GridItem`) are read from it (`statusLayouts`, `gridLayout`): the one
/// conversion from table to values. The one conversion the other way, `init(grid:)`, makes a
/// lone grid value (`GET /v1/grid`) a table, so that the table's writer is the one writer of a
/// grid. Why flat: docs/decisions/021-one-output-form.md.
///
/// An item is a row whose URLs are ranges of bytes, a grid a row naming its items' range, and
/// the whole layout five arrays and two buffers, appended in place while the rules run.
///
/// An id or URL the request holds as it is, the table refers to in place, in `source` (the
/// request's bytes, kept alive with the table); one the rules make (a size segment replaced, a
/// URL from a pid, a string the reader unescaped) is copied into `text`.
///
/// Equal tables lay out equal statuses and grids, wherever their bytes are.
package struct LayoutTable: Hashable, Sendable {
    /// The request's bytes that `TextRange`s with `inSource` name; empty when the layout was not
    /// made from a request's bytes.
    package var source: [UInt8] = []
    /// The ids and URLs made for the layout, UTF-8, back to back.
    package var text = LayoutText.empty
    package var statuses: [StatusRow] = []
    package var grids: [GridRow] = []
    /// Every grid's items, grid after grid (`GridRow.items` names each grid's run).
    package var items: [ItemRow] = []
    /// The cards statuses and retweets show in place of pictures (docs/API.md §4, "Cards"), as
    /// values: few statuses have one.
    package var cards: [CardLayout] = []

    package init() {}

    /// A table with room for the rows of `statuses` statuses of a timeline (a guess: a grid and
    /// a few pictures each), its text to come.
    init(reservingFor statuses: Int) {
        // The status rows are made in one array of their own (`LayoutTableBuilder.appendStatuses`).
        grids.reserveCapacity(statuses)
        items.reserveCapacity(statuses &* 4)
    }

    package static func == (lhs: LayoutTable, rhs: LayoutTable) -> Bool {
        lhs.grids.count == rhs.grids.count && lhs.grids.indices.allSatisfy { lhs.gridLayout($0) == rhs.gridLayout($0) }
            && lhs.statusLayouts == rhs.statusLayouts
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(statusLayouts)
    }
}

/// One id or URL of a table: `count` bytes from `start` of its `text`, or of its `source` when
/// `inSource`. Offsets of 32 bits: the rules refer to a source of at most 2 GiB in place (a
/// larger one, far past any request the service takes, is copied as a text would be).
///
/// A range in `source` is a slice of what the reader kept of the request as it is: the text of
/// a string that had no escape sequence, or an integer's digits, in a document it validated. It
/// holds no byte JSON must escape (`"`, `\\`, a control character), and the writer copies it as
/// it is (`JSONByteWriter.string(plain:)`); anything else the rules write is in `text`.
package struct TextRange: Hashable, Sendable {
    package var start: Int32
    package var count: Int32
    package var inSource: Bool

    @inline(__always)
    init(start: Int, count: Int, inSource: Bool) {
        self.start = Int32(truncatingIfNeeded: start)
        self.count = Int32(truncatingIfNeeded: count)
        self.inSource = inSource
    }

    /// The range of the bytes in their buffer.
    var range: Range<Int> { Int(start)..<(Int(start) &+ Int(count)) }
}

/// One status: its id, its place in the request (`nil`: made as a value, written as its row's
/// index in a bare array), the indices of its grid in `LayoutTable.grids` and of its card in
/// `LayoutTable.cards`, and its retweet.
package struct StatusRow: Hashable, Sendable {
    package var id: TextRange?
    package var source: StatusSource?
    package var photos: Int?
    package var card: Int?
    package var retweet: RetweetRow?
}

/// A status's retweet: its id and the indices of its grid and its card.
package struct RetweetRow: Hashable, Sendable {
    package var id: TextRange?
    package var photos: Int?
    package var card: Int?
}

/// One grid (docs/API.md §7): its size and counts, and the range of its items in `LayoutTable.items`.
package struct GridRow: Hashable, Sendable {
    package var size: Size
    /// `nil` in a mosaic (written `null`).
    package var columns: Int?
    package var rows: Int?
    package var total: Int
    package var more: Int
    package var items: Range<Int>
}

/// One grid item: its index in its grid, frame, crop, URLs (`nil` for a grid laid out from a
/// count alone), kind, flags, badge and a mosaic cell's sides.
package struct ItemRow: Hashable, Sendable {
    package var index: Int
    package var frame: Rect
    package var crop: Rect?
    package var urls: URLRanges?
    package var kind: PictureKind
    package var isLong: Bool
    package var badge: Badge?
    package var sides: MosaicSides? = nil
}

/// The thumbnail, `bmiddle` and large URL of an item, as `TextRange`s.
package struct URLRanges: Hashable, Sendable {
    package var thumbnail: TextRange
    package var bmiddle: TextRange
    package var large: TextRange
}

// MARK: Text

extension LayoutTable {
    /// The bytes at `range` as a string (sharing `source`'s storage, or copied from `text`).
    func string(_ range: TextRange) -> ByteString {
        range.inSource ? ByteString(utf8: source[range.range]) : text.string(range.range)
    }
}

// MARK: To and from values

extension LayoutTable {
    /// The table of a lone grid (its index is 0): the conversion from values to a table.
    init(grid: GridLayout) {
        var text = TextBuffer(capacity: grid.items.count &* 256)
        self.init()
        _ = append(grid, text: &text)
        self.text = text.finish()
    }

    /// Appends a grid and its items; returns the grid's index.
    private mutating func append(_ grid: GridLayout, text: inout TextBuffer) -> Int {
        let first = items.count
        for item in grid.items {
            let urls = item.urls.map { urls in
                let thumbnail = text.append(urls.thumbnailBytes)
                let bmiddle = text.append(urls.bmiddleBytes)
                return URLRanges(thumbnail: thumbnail, bmiddle: bmiddle, large: text.append(urls.largeBytes))
            }
            items.append(
                ItemRow(
                    index: item.index, frame: item.frame, crop: item.crop, urls: urls, kind: item.kind,
                    isLong: item.isLong, badge: item.badge, sides: item.sides))
        }
        grids.append(
            GridRow(
                size: grid.size, columns: grid.columns, rows: grid.rows, total: grid.total, more: grid.more,
                items: first..<items.count))
        return grids.count &- 1
    }

    /// The statuses as values.
    var statusLayouts: [StatusLayout] {
        statuses.map { row in
            StatusLayout(
                idBytes: row.id.map(string), source: row.source, photos: row.photos.map(gridLayout),
                card: row.card.map { cards[$0] },
                retweeted: row.retweet.map {
                    RetweetLayout(
                        idBytes: $0.id.map(string), photos: $0.photos.map(gridLayout), card: $0.card.map { cards[$0] })
                })
        }
    }

    /// Grid `index` as a value.
    func gridLayout(_ index: Int) -> GridLayout {
        let grid = grids[index]
        let items = grid.items.map { position in
            let item = self.items[position]
            let urls = item.urls.map { urls in
                PictureURLs(
                    thumbnail: string(urls.thumbnail), bmiddle: PictureURL(string(urls.bmiddle)),
                    large: PictureURL(string(urls.large)))
            }
            return GridItem(
                index: item.index, frame: item.frame, crop: item.crop, urls: urls, kind: item.kind,
                isLong: item.isLong, badge: item.badge, sides: item.sides)
        }
        var layout = GridLayout(size: grid.size, columns: grid.columns, rows: grid.rows, items: items)
        // As stored: a grid made as a value may hold any `total` and `more`.
        layout.total = grid.total
        layout.more = grid.more
        return layout
    }
}
