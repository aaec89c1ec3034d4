import JSONBytes

/// A whole timeline: each status's grid and its retweet's, with the same options.
///
/// One `GridPlan` serves the whole timeline, so each distinct cell is rounded once; each
/// picture goes straight from the status (read in place, not copied) into its grid item.
public enum TimelineRules {
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        var plan = GridPlan(options: options)
        var layouts: [StatusLayout] = []
        layouts.reserveCapacity(statuses.count)
        for index in statuses.indices {
            layouts.append(layout(for: statuses[index], plan: &plan))
        }
        return TimelineLayout(statuses: layouts)
    }

    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        var plan = GridPlan(options: options)
        return layout(for: status, plan: &plan)
    }

    /// The grid of one status's pictures, with its `total` (`pic_num` may say more were posted).
    public static func grid(of media: WeiboMedia, options: GridOptions) -> GridLayout? {
        var plan = GridPlan(options: options)
        return grid(of: media, plan: &plan)
    }

    static func layout(for status: borrowing WeiboStatus, plan: inout GridPlan) -> StatusLayout {
        let retweeted: RetweetLayout?
        if let retweet = status.retweeted {
            retweeted = RetweetLayout(idBytes: retweet.idBytes, photos: grid(of: retweet.media, plan: &plan))
        } else {
            retweeted = nil
        }
        return StatusLayout(idBytes: status.idBytes, photos: grid(of: status.media, plan: &plan), retweeted: retweeted)
    }

    /// The grid of `media` on `plan`: the pictures past `max_items` are counted, not kept.
    static func grid(of media: borrowing WeiboMedia, plan: inout GridPlan) -> GridLayout? {
        let maxItems = plan.options.maxItems
        var items: [GridItem] = []
        var count = 0
        var single: Size?
        PictureRules.forEachPicture(of: media) { picture in
            if count == 0 {
                single = picture.keepSize ? nil : picture.bmiddleSize
                items.reserveCapacity(min(maxItems, GridPlan.cachedCells))
            }
            if count < maxItems { items.append(GridItem(index: count, picture: picture)) }
            count += 1
        }
        return plan.layout(
            placing: items, total: PictureRules.total(of: media, read: count), single: count == 1 ? single : nil)
    }
}
