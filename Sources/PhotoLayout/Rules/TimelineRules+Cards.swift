/// The card of a status or retweet on the timeline (DESIGN §4, "Cards"), on values: which
/// statuses show one, and with which sizes.
extension TimelineRules {
    /// The card sizing of a timeline's grid options: `classic` cards by the cell side s and
    /// spacing g, `adaptive` ones by the content width W and g.
    public static func cardSizing(_ options: GridOptions) -> CardSizing {
        switch options.style {
        case .classic: .classic(itemSize: options.itemSize, spacing: options.spacing)
        case .adaptive: .adaptive(contentWidth: options.contentWidth ?? 0, spacing: options.spacing)
        }
    }

    /// The card a status or retweet shows in place of pictures: `nil` when it has a grid
    /// (`hasGrid`), when it reposts another status (`reposts`: the retweet's media is shown),
    /// when it has no `page_info`, or when its `page_info` makes no card.
    public static func card(
        of media: WeiboMedia, hasGrid: Bool, reposts: Bool, options: GridOptions,
        playBadgeSize: Size = CardRules.defaultPlayBadgeSize
    ) -> CardLayout? {
        guard !hasGrid, !reposts, let page = media.pageInfo else { return nil }
        return CardRules.card(
            for: page, sizing: cardSizing(options), pixelGrid: options.pixelGrid, playBadgeSize: playBadgeSize)
    }

    /// The cards of one status: its own (`nil` when it reposts) and its retweet's, next to the
    /// grids of `layout` (the status's layout by `layout(for:options:)`).
    public static func cards(
        of status: WeiboStatus, layout: StatusLayout, options: GridOptions,
        playBadgeSize: Size = CardRules.defaultPlayBadgeSize
    ) -> (status: CardLayout?, retweet: CardLayout?) {
        let own = card(
            of: status.media, hasGrid: layout.photos != nil, reposts: status.retweeted != nil, options: options,
            playBadgeSize: playBadgeSize)
        let retweet = status.retweeted.flatMap {
            card(
                of: $0.media, hasGrid: layout.retweeted?.photos != nil, reposts: false, options: options,
                playBadgeSize: playBadgeSize)
        }
        return (own, retweet)
    }
}
