import JSONBytes

/// A whole timeline: each status's grid and its retweet's, with the same options.
///
/// One `GridPlan` serves the whole timeline, so each distinct cell is rounded once; each
/// picture goes straight from the status (read in place, not copied) into its grid item.
public enum TimelineRules {
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        var plan = GridPlan(options: options)
        // Each status is read in place through the buffer (`statuses[index]` copied it, and
        // retained every array and URL it holds), and its layout initializes the array's room
        // directly: no capacity or uniqueness check per status. (The optimizer still copies each
        // layout once on the way, and destroys the original: about 200 instructions a status.)
        let layouts = [StatusLayout](unsafeUninitializedCapacity: statuses.count) { room, count in
            statuses.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, let target = room.baseAddress else { return }
                for index in buffer.indices {
                    (target + index).initialize(to: layout(at: base + index, plan: &plan))
                    count = index &+ 1
                }
            }
        }
        return TimelineLayout(statuses: layouts)
    }

    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        var plan = GridPlan(options: options)
        return withUnsafePointer(to: status) { layout(at: $0, plan: &plan) }
    }

    /// The grid of one status's pictures, with its `total` (`pic_num` may say more were posted).
    public static func grid(of media: WeiboMedia, options: GridOptions) -> GridLayout? {
        var plan = GridPlan(options: options)
        return grid(of: media, plan: &plan)
    }

    /// The layout of the status at `status`, whose fields are read through the pointer; its
    /// retweet too, in place (`unwrapped()`: `retweeted.map { … }` copied the whole retweet).
    static func layout(at status: UnsafePointer<WeiboStatus>, plan: inout GridPlan) -> StatusLayout {
        // `media` and `retweeted` are stored properties of `WeiboStatus` (and `media` of
        // `WeiboRetweet`), and `pointer(to:)` returns `nil` only for a computed one: the force
        // unwraps cannot fail.
        let photos = grid(at: status.pointer(to: \.media)!, plan: &plan)
        guard let retweet = status.pointer(to: \.retweeted)!.unwrapped() else {
            return StatusLayout(idBytes: status.pointee.idBytes, photos: consume photos, retweeted: nil)
        }
        let retweeted = RetweetLayout(
            idBytes: retweet.pointee.idBytes, photos: grid(at: retweet.pointer(to: \.media)!, plan: &plan))
        // `consume`: the grids move into the layout (without it they were copied in, then destroyed).
        return StatusLayout(idBytes: status.pointee.idBytes, photos: consume photos, retweeted: consume retweeted)
    }

    /// The grid of `media` on `plan`: the pictures past `max_items` are counted, not kept.
    static func grid(of media: WeiboMedia, plan: inout GridPlan) -> GridLayout? {
        withUnsafePointer(to: media) { grid(at: $0, plan: &plan) }
    }

    /// The grid of the media at `media`, read in place (passed by value, a status's media was
    /// copied: a retain and a release for each array it holds).
    static func grid(at media: UnsafePointer<WeiboMedia>, plan: inout GridPlan) -> GridLayout? {
        var sink = GridItemSink(maxItems: plan.options.maxItems)
        PictureRules.forEachPicture(at: media, into: &sink)
        return plan.layout(
            placing: &sink.items, total: PictureRules.total(picNum: media.pointee.picNum, read: sink.taken),
            single: sink.singleSize)
    }
}
