/// A whole timeline: each status's grid and its retweet's, with the same options.
public enum TimelineRules {
    public static func layout(for statuses: [WeiboStatus], options: GridOptions) -> TimelineLayout {
        TimelineLayout(statuses: statuses.map { layout(for: $0, options: options) })
    }

    public static func layout(for status: WeiboStatus, options: GridOptions) -> StatusLayout {
        StatusLayout(
            id: status.id,
            photos: GridRules.layout(for: PictureRules.pictures(of: status.media), options: options),
            retweeted: status.retweeted.map {
                RetweetLayout(
                    id: $0.id, photos: GridRules.layout(for: PictureRules.pictures(of: $0.media), options: options))
            }
        )
    }
}
