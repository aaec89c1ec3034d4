/// The card of a `page_info` (docs/API.md §4, "Cards"), by YYKit's geometry: a video is a square
/// cover of the single picture's size with a play badge centred on it; any other page with
/// a cover, an icon or a title is a 70-point-high link card across the grid's width.
///
/// Whether a status shows its card at all (not when it has pictures or a retweet) is the
/// caller's rule; this one lays out a card from its `page_info` alone. Frames are exact
/// until each number is rounded once to the pixel grid.
public enum CardRules {
    public static let defaultPlayBadgeSize = Size(width: 48, height: 48)
    /// A link card's height, its cover's width beside an icon (else the cover is a square of
    /// the card's height), the icon's side, the button's width, and the text's margin.
    static let linkHeight = 70.0
    static let iconCoverWidth = 100.0
    static let iconSide = 25.0
    static let textAfterIconOnly = 42.0
    static let buttonWidth = 60.0
    static let textMargin = 10.0

    /// The card of `page`, or `nil` when it is neither a video with a cover nor a link.
    public static func card(
        for page: WeiboPageInfo, sizing: CardSizing, pixelGrid: PixelGrid,
        playBadgeSize: Size = CardRules.defaultPlayBadgeSize
    ) -> CardLayout? {
        let cover = page.cover.flatMap { $0.url.isEmpty ? nil : $0 }
        let icon = page.typeIcon.flatMap { $0.isEmpty ? nil : $0 }
        let title = page.title.flatMap { $0.isEmpty ? nil : $0 }
        let button = page.button.flatMap { $0.iconURL.isEmpty || $0.title.isEmpty ? nil : $0 }
        let (side, linkWidth) = dimensions(sizing, pixelGrid: pixelGrid)
        if page.isVideo, let cover {
            let frame = pixelGrid.round(Rect(x: 0, y: 0, width: side, height: side))
            let badge = Rect(
                x: (side - playBadgeSize.width) / 2, y: (side - playBadgeSize.height) / 2,
                width: playBadgeSize.width, height: playBadgeSize.height)
            return CardLayout(
                kind: .video, size: pixelGrid.round(Size(width: side, height: side)),
                cover: CardLayout.Cover(
                    frame: frame, url: cover.url, crop: CropRule.crop(pictureSize: cover.size, frame: frame)),
                playBadge: pixelGrid.round(badge), typeIcon: nil, button: nil, textFrame: nil, title: title)
        }
        guard cover != nil || icon != nil || title != nil else { return nil }
        let coverFrame = pixelGrid.round(
            Rect(x: 0, y: 0, width: icon == nil ? linkHeight : iconCoverWidth, height: linkHeight))
        let textStart =
            (cover == nil ? (icon == nil ? 0 : textAfterIconOnly) : (icon == nil ? linkHeight : iconCoverWidth))
            + textMargin
        let textEnd = linkWidth - (button == nil ? 0 : buttonWidth) - textMargin
        return CardLayout(
            kind: .link, size: pixelGrid.round(Size(width: linkWidth, height: linkHeight)),
            cover: cover.map {
                CardLayout.Cover(
                    frame: coverFrame, url: $0.url, crop: CropRule.crop(pictureSize: $0.size, frame: coverFrame))
            },
            playBadge: nil,
            typeIcon: icon.map {
                CardLayout.TypeIcon(
                    frame: pixelGrid.round(Rect(x: 0, y: 0, width: iconSide, height: iconSide)), url: $0)
            },
            button: button.map {
                CardLayout.Button(
                    frame: pixelGrid.round(
                        Rect(x: linkWidth - buttonWidth, y: 0, width: buttonWidth, height: linkHeight)),
                    iconURL: $0.iconURL, title: $0.title)
            },
            textFrame: pixelGrid.round(
                Rect(x: textStart, y: 0, width: max(0, textEnd - textStart), height: linkHeight)),
            title: title)
    }

    /// The video card's side L (the single picture's: 2s + g, or adaptive's 2c + g) and the
    /// link card's width (3s + 2g, or the content width W), both exact.
    static func dimensions(_ sizing: CardSizing, pixelGrid: PixelGrid) -> (side: Double, linkWidth: Double) {
        switch sizing {
        case .classic(let itemSize, let spacing):
            return (2 * itemSize + spacing, 3 * itemSize + 2 * spacing)
        case .adaptive(let contentWidth, let spacing):
            let cells = AdaptiveCells(contentWidth: contentWidth, spacing: spacing, pixelGrid: pixelGrid)
            return (cells.singleLongSide, contentWidth)
        }
    }
}
