/// The card of a status or retweet on the timeline (docs/API.md §4, "Cards"), on values: which
/// statuses show one, and with which sizes.
extension TimelineRules {
    /// The card sizing of a timeline's grid options: `classic` cards by the cell side s and
    /// spacing g, `adaptive` ones by the content width W and g, and `mosaic` ones as
    /// `adaptive`, with the mosaic's W and g (docs/API.md §4, "Cards").
    public static func cardSizing(_ options: GridOptions) -> CardSizing {
        switch options.style {
        case .classic: .classic(itemSize: options.itemSize, spacing: options.spacing)
        case .adaptive, .mosaic: .adaptive(contentWidth: options.contentWidth ?? 0, spacing: options.spacing)
        }
    }

    /// The card a status or retweet shows in place of pictures: `nil` when it has a grid
    /// (`hasGrid`), when it reposts another status (`reposts`: the retweet's media is shown),
    /// when it has no `page_info`, or when its `page_info` makes no card. A video card's play
    /// badge is `options.playBadgeSize`. `page_info` is read only past those checks (a reader
    /// may hold it as bytes until then).
    public static func card(
        of media: WeiboMedia, hasGrid: Bool, reposts: Bool, options: GridOptions
    ) -> CardLayout? {
        guard !hasGrid, !reposts, media.hasPageInfo, let page = media.pageInfo else { return nil }
        return CardRules.card(
            for: page, sizing: cardSizing(options), pixelGrid: options.pixelGrid, playBadgeSize: options.playBadgeSize)
    }
}
