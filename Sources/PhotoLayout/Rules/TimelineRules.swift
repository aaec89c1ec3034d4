import JSONBytes

/// A whole timeline: each status's grid and its retweet's, with the same options.
///
/// The statuses are read in place and laid out into one `LayoutTable` (`LayoutTableBuilder`):
/// each picture goes straight from the status into its item row, and one `GridPlan` serves the
/// whole timeline, so each distinct cell is rounded once.
public enum TimelineRules {
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        var builder = LayoutTableBuilder(options: options, reservingFor: statuses.count)
        // Each status is read in place through the buffer: `statuses[index]` copied it, and
        // retained every array and URL it holds.
        statuses.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices { builder.appendStatus(at: base + index) }
        }
        return TimelineLayout(table: builder.finish())
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
