import JSONBytes

/// A whole timeline: each status's grid and its retweet's, with the same options.
public enum TimelineRules {
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        TimelineLayout(statuses: statuses.map { layout(for: $0, options: options) })
    }

    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        StatusLayout(
            idBytes: status.idBytes,
            photos: grid(of: status.media, options: options),
            retweeted: status.retweeted.map {
                RetweetLayout(idBytes: $0.idBytes, photos: grid(of: $0.media, options: options))
            }
        )
    }

    /// The grid of one status's pictures, with its `total` (`pic_num` may say more were posted).
    public static func grid(of media: WeiboMedia, options: GridOptions) -> GridLayout? {
        let pictures = PictureRules.pictures(of: media)
        return GridRules.layout(
            for: pictures, total: PictureRules.total(of: media, read: pictures.count), options: options)
    }
}
