import JSONBytes

/// A whole timeline (docs/API.md §4 for each status): each status's grid and card and its
/// retweet's, with the same options.
///
/// `layout(for: status)` and `grid(of:)` state the rule on values: a status's pictures
/// (`PictureRules.pictures(of:)`) laid out as a grid (`GridRules.layout(for:total:options:)`).
/// A timeline is laid out by the fast path (`LayoutTableBuilder`), which reads the statuses in
/// place into one `LayoutTable`, the timeline's output form; `FastPathTests` hold it equal to
/// the value rules on the samples and the fuzz corpus.
public enum TimelineRules {
    /// The layout of one status: its id, its place in the request, its grid and card, and its
    /// retweet's (a status that reposts shows no card of its own: docs/API.md §4, "Cards").
    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        let photos = grid(of: status.media, options: options)
        return StatusLayout(
            idBytes: status.idBytes, source: status.source, photos: photos,
            card: card(
                of: status.media, hasGrid: photos != nil, reposts: status.retweeted != nil, options: options),
            retweeted: status.retweeted.map {
                let photos = grid(of: $0.media, options: options)
                return RetweetLayout(
                    idBytes: $0.idBytes, photos: photos,
                    card: card(
                        of: $0.media, hasGrid: photos != nil, reposts: false, options: options))
            })
    }

    /// The grid of one status's pictures, with its `total` (`pic_num` may say more were posted).
    public static func grid(of media: WeiboMedia, options: GridOptions) -> GridLayout? {
        let pictures = PictureRules.pictures(of: media)
        return GridRules.layout(
            for: pictures, total: PictureRules.total(of: media, read: pictures.count), options: options)
    }

    /// The layout of `request`'s statuses: the ids and URLs it shows that are slices of the
    /// request's `source` as they are, are referred to there in place, not copied.
    public static func layout(for request: TimelineRequest, options: GridOptions) -> TimelineLayout {
        layout(for: request.statuses, options: options, source: request.source)
    }

    /// The layout of `statuses`, each string copied into the layout.
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        layout(for: statuses, options: options, source: nil)
    }

    /// The layout of `statuses`, whose strings may be slices of `source`.
    static func layout(for statuses: [WeiboStatus], options: GridOptions, source: [UInt8]?) -> TimelineLayout {
        // `source` is borrowed while the rules run (they compare addresses with it) and kept by
        // the table after, so the ranges that name its bytes stay valid.
        let bytes = source ?? []
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = LayoutTableBuilder(options: options, reservingFor: statuses.count, source: buffer)
            // Each status is read in place through the buffer, not copied out of the array.
            statuses.withUnsafeBufferPointer { builder.appendStatuses($0) }
            var table = builder.finish()
            table.source = bytes
            return TimelineLayout(table: table)
        }
    }
}
