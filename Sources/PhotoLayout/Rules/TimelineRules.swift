import JSONBytes

/// A whole timeline: each status's grid and its retweet's, with the same options.
///
/// The statuses are read in place and laid out into one `LayoutTable` (`LayoutTableBuilder`):
/// each picture goes straight from the status into its item row, and one `GridPlan` serves the
/// whole timeline, so each distinct cell is rounded once.
public enum TimelineRules {
    /// The layout of `request`'s statuses: the ids and URLs it shows that are slices of the
    /// request's `source` as they are are referred to there in place, not copied.
    public static func layout(for request: TimelineRequest, options: GridOptions) -> TimelineLayout {
        layout(for: request.statuses, options: options, source: request.source)
    }

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
            // Each status is read in place through the buffer: `statuses[index]` copied it, and
            // retained every array and URL it holds.
            statuses.withUnsafeBufferPointer { builder.appendStatuses($0) }
            var table = builder.finish()
            table.source = bytes
            return TimelineLayout(table: table)
        }
    }

    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        var builder = LayoutTableBuilder(options: options)
        withUnsafePointer(to: status) { builder.appendStatus(at: $0) }
        return builder.finish().statusLayouts[0]
    }

    /// The grid of one status's pictures, with its `total` (`pic_num` may say more were posted).
    public static func grid(of media: WeiboMedia, options: GridOptions) -> GridLayout? {
        var builder = LayoutTableBuilder(options: options)
        guard let grid = withUnsafePointer(to: media, { builder.appendGrid(at: $0) }) else { return nil }
        return builder.finish().gridLayout(grid)
    }
}
