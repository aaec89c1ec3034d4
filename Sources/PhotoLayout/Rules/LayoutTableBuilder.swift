import JSONBytes

/// Builds a `LayoutTable` status by status: the rules' side of the table. It is the sink
/// `PictureRules.forEachPicture` hands each picture to, so a picture goes from the request
/// straight into an item row (its URLs copied once, into the table's text) and no grid or
/// item exists as a value on the way. One `GridPlan` serves the whole table, so each distinct
/// cell is rounded once.
struct LayoutTableBuilder: PictureSink, ~Copyable {
    /// The rows; their text is in `text` until `finish`.
    private var table: LayoutTable
    private var text: TextBuffer
    private var plan: GridPlan
    /// The pictures the grid being built has taken, shown or not.
    private(set) var taken = 0
    /// That grid's first picture's `bmiddle` size, unless it has `keep_size`.
    private var firstSize: Size?

    init(options: GridOptions, reservingFor statuses: Int = 0) {
        table = LayoutTable(reservingFor: statuses)
        text = TextBuffer(capacity: statuses &* 1024)
        plan = GridPlan(options: options)
    }

    /// The table built, given up by the builder.
    consuming func finish() -> LayoutTable {
        var table = table
        table.text = text.finish()
        return table
    }

    /// Appends the status at `status` (read in place): its id, its grid, and its retweet's.
    mutating func appendStatus(at status: UnsafePointer<WeiboStatus>) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        let id = status.pointer(to: \.idBytes)!.unwrapped().map { text.append(at: $0) }
        let photos = appendGrid(at: status.pointer(to: \.media)!)
        var retweet: RetweetRow?
        if let retweeted = status.pointer(to: \.retweeted)!.unwrapped() {
            let retweetID = retweeted.pointer(to: \.idBytes)!.unwrapped().map { text.append(at: $0) }
            retweet = RetweetRow(id: retweetID, photos: appendGrid(at: retweeted.pointer(to: \.media)!))
        }
        table.statuses.append(StatusRow(id: id, photos: photos, retweet: retweet))
    }

    /// Appends the grid of the media at `media` (read in place); returns its index, or `nil`
    /// when it shows no picture. The pictures past `max_items` are counted, not kept.
    mutating func appendGrid(at media: UnsafePointer<WeiboMedia>) -> Int? {
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

    /// Appends the grid of `count` plain pictures of unknown size: no URLs, no badges.
    mutating func appendGrid(count: Int) -> Int? {
        let first = beginGrid()
        for index in 0..<max(0, min(count, plan.options.maxItems)) {
            table.items.append(ItemRow(index: index, frame: .zero, urls: nil, kind: .image, isLong: false, badge: nil))
        }
        taken = max(0, count)
        return endGrid(first, total: count)
    }

    mutating func take(
        thumbnail: URLReference, bmiddle: URLReference, large: URLReference, kind: PictureKind, isLong: Bool,
        keepSize: Bool, bmiddleSize: Size?, largestSize: Size?
    ) {
        if taken == 0 { firstSize = keepSize ? nil : bmiddleSize }
        if taken < plan.options.maxItems {
            let ranges = URLRanges(
                thumbnail: text.append(thumbnail), bmiddle: text.append(bmiddle), large: text.append(large))
            table.items.append(
                ItemRow(index: taken, frame: .zero, urls: ranges, kind: kind, isLong: isLong, badge: nil))
        }
        taken &+= 1
    }

    /// Starts a grid: returns the position its first item will take.
    private mutating func beginGrid() -> Int {
        taken = 0
        firstSize = nil
        return table.items.count
    }

    /// Ends the grid whose items start at `first`: places them and appends its row.
    private mutating func endGrid(_ first: Int, total: Int) -> Int? {
        plan.place(first..<table.items.count, in: &table, total: total, single: taken == 1 ? firstSize : nil)
    }
}
