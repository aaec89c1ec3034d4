import JSONBytes

/// The timeline's fast path: builds a `LayoutTable` status by status, equal to what
/// `TimelineRules.layout(for:options:)` on one status gives as values (`FastPathTests`).
///
/// It is the sink `PictureRules.forEachPicture` hands each picture to, so a picture goes from
/// the request straight into an item row (its URLs referred to in place, or copied once into
/// the table's text) and no picture, grid or item exists as a value on the way. One
/// `GridPlan` serves the whole table.
struct LayoutTableBuilder: PictureSink, ~Copyable {
    /// The rows; their text is in `text` until `finish`.
    private var table: LayoutTable
    private var text: TextBuffer
    private var plan: GridPlan
    /// How the timeline's cards are sized (`TimelineRules.cardSizing`, the options' `playBadgeSize`).
    private let cardSizing: CardSizing
    private let playBadgeSize: Size
    /// The most items a grid shows: `max_items`, and at most ten in a mosaic
    /// (`GridOptions.shown(of:)`).
    private let shownLimit: Int
    /// The pictures the grid being built has taken, shown or not.
    private(set) var taken = 0
    /// That grid's first picture's `aspectSize`, unless it has `keep_size`.
    private var firstSize: Size?
    /// The `aspectSize` of each item of that grid, in order: its crop's once its frame is set.
    private var aspects: [Size?] = []

    /// The request's bytes, which strings are referred to in place when they lie in them
    /// (empty: none is). Borrowed for as long as the builder runs; the caller gives the array
    /// to the table it builds.
    private let source: UnsafeBufferPointer<UInt8>

    init(
        options: GridOptions, reservingFor statuses: Int = 0,
        source: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0)
    ) {
        table = LayoutTable(reservingFor: statuses)
        // Most ids and URLs are referred to in place: the text holds those the rules make.
        text = TextBuffer(capacity: source.isEmpty ? statuses &* 1024 : statuses &* 128)
        plan = GridPlan(options: options)
        cardSizing = TimelineRules.cardSizing(options)
        playBadgeSize = options.playBadgeSize
        shownLimit = options.shown(of: Int.max)
        aspects.reserveCapacity(GridPlan.cachedCells)
        self.source = source.count <= Int(Int32.max) ? source : .init(start: nil, count: 0)
    }

    /// The range of the string at `string`: in `source` when its bytes lie there, else copied
    /// into `text`.
    @inline(__always)
    private mutating func reference(_ string: UnsafePointer<ByteString>) -> TextRange {
        sourceRange(of: string) ?? copied(URLReference(string))
    }

    /// The range of the URL `url` refers to: its string in place when it is not spliced.
    @inline(__always)
    private mutating func reference(_ url: URLReference) -> TextRange {
        if url.segment == nil, let range = sourceRange(of: url.source) { return range }
        return copied(url)
    }

    /// The range in `source` of the string at `string`, if its bytes lie there. One unsigned
    /// compare decides: an address below the source wraps around to a large offset (and with
    /// no source, `base` 0 and count 0, no offset is below the count). Inlined where it is
    /// used; the copy is a call (`copied`), taken only by the strings the rules made.
    @inline(__always)
    private func sourceRange(of string: UnsafePointer<ByteString>) -> TextRange? {
        let base = UInt(bitPattern: source.baseAddress)
        let limit = UInt(bitPattern: source.count)
        let (offset, count) = string.pointee.utf8.span.withUnsafeBufferPointer {
            (UInt(bitPattern: $0.baseAddress) &- base, UInt(bitPattern: $0.count))
        }
        guard offset < limit, count <= limit &- offset else { return nil }
        return TextRange(start: Int(bitPattern: offset), count: Int(bitPattern: count), inSource: true)
    }

    /// The URL's bytes copied into `text`.
    @inline(never)
    private mutating func copied(_ url: URLReference) -> TextRange {
        text.append(url)
    }

    /// The table built, given up by the builder.
    consuming func finish() -> LayoutTable {
        var table = table
        table.text = text.finish()
        return table
    }

    /// Appends the statuses at `statuses` (read in place), each with its grid and its retweet's.
    /// Their rows are written straight into the array's room (one status, one row): no capacity
    /// or uniqueness check per status.
    mutating func appendStatuses(_ statuses: UnsafeBufferPointer<WeiboStatus>) {
        guard let base = statuses.baseAddress else { return }
        let rows = [StatusRow](unsafeUninitializedCapacity: statuses.count) { room, count in
            guard let target = room.baseAddress else { return }
            for index in statuses.indices {
                (target + index).initialize(to: row(at: base + index))
                count = index &+ 1
            }
        }
        if table.statuses.isEmpty { table.statuses = rows } else { table.statuses.append(contentsOf: rows) }
    }

    /// Appends the status at `status` (read in place): its id, its grid, and its retweet's.
    mutating func appendStatus(at status: UnsafePointer<WeiboStatus>) {
        table.statuses.append(row(at: status))
    }

    /// The row of the status at `status`, its grids and cards appended: a card only where
    /// `TimelineRules.card` shows one (no grid; for the status, no retweet either).
    private mutating func row(at status: UnsafePointer<WeiboStatus>) -> StatusRow {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        let id = status.pointer(to: \.idBytes)!.unwrapped().map { reference($0) }
        let media = status.pointer(to: \.media)!
        let photos = appendGrid(at: media)
        var card: Int?
        var retweet: RetweetRow?
        if let retweeted = status.pointer(to: \.retweeted)!.unwrapped() {
            let retweetID = retweeted.pointer(to: \.idBytes)!.unwrapped().map { reference($0) }
            let retweetMedia = retweeted.pointer(to: \.media)!
            let retweetPhotos = appendGrid(at: retweetMedia)
            retweet = RetweetRow(
                id: retweetID, photos: retweetPhotos, card: retweetPhotos == nil ? appendCard(at: retweetMedia) : nil)
        } else if photos == nil {
            card = appendCard(at: media)
        }
        return StatusRow(
            id: id, source: status.pointer(to: \.source)!.pointee, photos: photos, card: card, retweet: retweet)
    }

    /// Appends the card of the media at `media`, one without a grid; returns its index, or
    /// `nil` when it shows none. Most media have no `page_info`: one load decides it, and only
    /// the others' `page_info` is read.
    @inline(__always)
    private mutating func appendCard(at media: UnsafePointer<WeiboMedia>) -> Int? {
        guard media.pointee.hasPageInfo else { return nil }
        return appendCard(of: media.pointee)
    }

    @inline(never)
    private mutating func appendCard(of media: WeiboMedia) -> Int? {
        guard let page = media.pageInfo,
            let card = CardRules.card(
                for: page, sizing: cardSizing, pixelGrid: plan.options.pixelGrid, playBadgeSize: playBadgeSize)
        else { return nil }
        table.cards.append(card)
        return table.cards.count &- 1
    }

    /// Appends the grid of the media at `media` (read in place); returns its index, or `nil`
    /// when it shows no picture. The pictures past `max_items` are counted, not kept.
    mutating func appendGrid(at media: UnsafePointer<WeiboMedia>) -> Int? {
        // Most statuses and retweets of a feed carry no picture at all: four loads decide it.
        guard media.pointee.hasPictureFields else { return nil }
        let first = beginGrid()
        PictureRules.forEachPicture(at: media, into: &self)
        // No item, no grid: `total` is read only for a grid that shows pictures.
        guard table.items.count > first else { return nil }
        return endGrid(first, total: PictureRules.total(picNum: media.pointee.picNum, read: taken))
    }

    /// Appends the grid of `pictures`, of `total` pictures in all (at least those given).
    mutating func appendGrid(of pictures: [Picture], total: Int) -> Int? {
        let first = beginGrid()
        for picture in pictures { take(picture) }
        return endGrid(first, total: total)
    }

    mutating func take(
        thumbnail: URLReference, bmiddle: URLReference, large: URLReference, kind: PictureKind, isLong: Bool,
        keepSize: Bool, bmiddleSize: Size?, largestSize: Size?, aspectSize: Size?
    ) {
        if taken == 0 { firstSize = keepSize ? nil : aspectSize }
        if taken < shownLimit {
            let ranges = URLRanges(
                thumbnail: reference(thumbnail), bmiddle: reference(bmiddle), large: reference(large))
            table.items.append(
                ItemRow(index: taken, frame: .zero, crop: nil, urls: ranges, kind: kind, isLong: isLong, badge: nil))
            aspects.append(aspectSize)
        }
        taken &+= 1
    }

    /// Starts a grid: returns the position its first item will take.
    private mutating func beginGrid() -> Int {
        taken = 0
        firstSize = nil
        aspects.removeAll(keepingCapacity: true)
        return table.items.count
    }

    /// Ends the grid whose items start at `first` (the pictures shown, their frames not set
    /// yet): gives them their cells and crops and appends the grid's row; `nil` when it shows
    /// no picture.
    /// A grid of up to nine pictures takes the plan's cells; the adaptive single picture (whose
    /// cell follows its size), a grid past nine and a mosaic (whose cells follow every
    /// picture's size) are laid out by `GridRules` itself.
    private mutating func endGrid(_ first: Int, total: Int) -> Int? {
        let shown = table.items.count &- first
        guard shown > 0 else { return nil }
        let options = plan.options
        let shape: GridPlan.Shape
        if shown <= GridPlan.cachedCells, options.style == .classic || options.style == .adaptive && shown > 1 {
            shape = plan.shape(of: shown)
            plan.place(shown, from: first, in: &table.items)
        } else {
            let single = taken == 1 ? firstSize : nil
            // `shown` is at least one, so the grid shows pictures.
            let geometry = GridRules.geometry(
                count: shown, singlePictureSize: single, pictureSizes: options.style == .mosaic ? aspects : [],
                options: options)!
            table.items.withUnsafeMutableBufferPointer { items in
                for (index, exact) in geometry.frames.enumerated() {
                    items[first &+ index].put(in: GridRules.rounded(cell: exact, options: options))
                    items[first &+ index].sides = geometry.sides?[index]
                }
            }
            shape = GridPlan.Shape(
                size: options.pixelGrid.round(geometry.size), columns: geometry.columns, rows: geometry.rows)
        }
        cropItems(from: first)
        let all = max(total, shown)
        table.grids.append(
            GridRow(
                size: shape.size, columns: shape.columns, rows: shape.rows, total: all, more: all &- shown,
                items: first..<(first &+ shown)))
        return table.grids.count &- 1
    }
}

extension LayoutTableBuilder {
    /// Gives the grid's items at `first` their crops (`CropRule.crop` of each one's
    /// `aspectSize` in its rounded frame), once their frames are set.
    private mutating func cropItems(from first: Int) {
        aspects.withUnsafeBufferPointer { aspects in
            table.items.withUnsafeMutableBufferPointer { items in
                for (index, aspect) in aspects.enumerated() where aspect != nil {
                    items[first &+ index].crop = CropRule.crop(pictureSize: aspect, frame: items[first &+ index].frame)
                }
            }
        }
    }
}

extension ItemRow {
    /// Puts the item in `cell`: its frame, and its badge's frame when it has a badge kind.
    @inline(__always)
    mutating func put(in cell: GridRules.Cell) {
        frame = cell.frame
        badge = GridRules.badgeKind(kind: kind, isLong: isLong).map { Badge(kind: $0, frame: cell.badge) }
    }
}
