import Testing

@testable import PhotoLayout

/// docs/API.md §4's cards (YYKit's `WBStatusCardView`), worked by hand: classic s = 70, g = 10
/// (video side 2s + g = 150, link width 3s + 2g = 230) and adaptive W = 355, g = 4 at 2x
/// (c = px(359/3 − 4) = px(115.67) = 115.5, video side 2c + g = 235, link width 355).
struct CardRulesTests {
    static let classic = CardSizing.classic(itemSize: 70, spacing: 10)
    static let adaptive = CardSizing.adaptive(contentWidth: 355, spacing: 4)
    static let grid = PixelGrid(scale: 2)
    static let cover = WeiboPageInfo.Cover(
        url: "https://wx1.sinaimg.cn/orj480/c.jpg", size: Size(width: 480, height: 270))
    static let button = WeiboPageInfo.Button(iconURL: "https://h5.sinaimg.cn/b.png", title: "Open")
    static let icon = "https://h5.sinaimg.cn/icon.png"

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    static func card(_ page: WeiboPageInfo, _ sizing: CardSizing = classic) -> CardLayout? {
        CardRules.card(for: page, sizing: sizing, pixelGrid: grid)
    }

    /// A classic video: a 150 square cover, the 48×48 play badge at (150 − 48)/2 = 51, the
    /// 16:9 cover's middle 0.5625 shown.
    @Test func classicVideo() throws {
        let card = try #require(
            Self.card(WeiboPageInfo(objectType: .string("video"), cover: Self.cover, title: "Clip")))
        #expect(card.kind == .video)
        #expect(card.size == Size(width: 150, height: 150))
        #expect(card.cover?.frame == Self.rect(0, 0, 150, 150))
        #expect(card.cover?.crop == Self.rect(0.21875, 0, 0.5625, 1))
        #expect(card.cover?.url == Self.cover.url)
        #expect(card.playBadge == Self.rect(51, 51, 48, 48))
        #expect(card.typeIcon == nil && card.button == nil && card.textFrame == nil)
        #expect(card.title == "Clip")
    }

    /// An adaptive video (`type` "video"): 235 square, badge at (235 − 48)/2 = 93.5; a 33×21
    /// badge at 101 and 107.
    @Test func adaptiveVideo() throws {
        let page = WeiboPageInfo(type: .string("video"), cover: WeiboPageInfo.Cover(url: "https://x/c.jpg"))
        let card = try #require(Self.card(page, Self.adaptive))
        #expect(card.size == Size(width: 235, height: 235))
        #expect(card.cover?.frame == Self.rect(0, 0, 235, 235))
        #expect(card.cover?.crop == nil)
        #expect(card.playBadge == Self.rect(93.5, 93.5, 48, 48))
        let small = CardRules.card(
            for: page, sizing: Self.adaptive, pixelGrid: Self.grid, playBadgeSize: Size(width: 33, height: 21))
        #expect(small?.playBadge == Self.rect(101, 107, 33, 21))
    }

    /// A classic link with everything: icon (0, 0, 25, 25), cover 100 wide beside it, button
    /// at 230 − 60 = 170, text from 110 to 230 − 60 − 10 = 160.
    @Test func classicLinkWithIconCoverAndButton() throws {
        let page = WeiboPageInfo(
            objectType: .string("webpage"), cover: Self.cover, typeIcon: Self.icon, title: "Page", button: Self.button)
        let card = try #require(Self.card(page))
        #expect(card.kind == .link)
        #expect(card.size == Size(width: 230, height: 70))
        #expect(card.typeIcon == CardLayout.TypeIcon(frame: Self.rect(0, 0, 25, 25), url: Self.icon))
        #expect(card.cover?.frame == Self.rect(0, 0, 100, 70))
        // 100/70 = 1.4286 over 16:9: the middle 1.4286/1.7778 = 0.80357.
        #expect(
            card.cover?.crop == Self.rect((1 - (100.0 / 70) / (480.0 / 270)) / 2, 0, (100.0 / 70) / (480.0 / 270), 1))
        #expect(
            card.button
                == CardLayout.Button(frame: Self.rect(170, 0, 60, 70), iconURL: Self.button.iconURL, title: "Open"))
        #expect(card.textFrame == Self.rect(110, 0, 50, 70))
        #expect(card.playBadge == nil)
        #expect(card.title == "Page")
    }

    /// A cover and nothing else: a 70 square cover, text from 80 to 220.
    @Test func linkWithCoverOnly() throws {
        let card = try #require(Self.card(WeiboPageInfo(cover: Self.cover)))
        #expect(card.cover?.frame == Self.rect(0, 0, 70, 70))
        #expect(card.typeIcon == nil && card.button == nil && card.title == nil)
        #expect(card.textFrame == Self.rect(80, 0, 140, 70))
    }

    /// An icon without a cover: text from 42 + 10 = 52; with a button, to 160.
    @Test func linkWithIconAndButtonNoCover() throws {
        let card = try #require(Self.card(WeiboPageInfo(typeIcon: Self.icon, button: Self.button)))
        #expect(card.cover == nil)
        #expect(card.textFrame == Self.rect(52, 0, 108, 70))
    }

    /// A title alone is a link card: text from 10 to 220.
    @Test func linkWithTitleOnly() throws {
        let card = try #require(Self.card(WeiboPageInfo(title: "Just words")))
        #expect(card.textFrame == Self.rect(10, 0, 210, 70))
    }

    /// Adaptive links span W = 355: button at 295, text from 80 to 285.
    @Test func adaptiveLink() throws {
        let card = try #require(Self.card(WeiboPageInfo(cover: Self.cover, button: Self.button), Self.adaptive))
        #expect(card.size == Size(width: 355, height: 70))
        #expect(card.button?.frame == Self.rect(295, 0, 60, 70))
        #expect(card.textFrame == Self.rect(80, 0, 205, 70))
    }

    /// A card too narrow for its text: s = 20, g = 0 gives Wc = 60, the text would end at
    /// 60 − 60 − 10 = −10, left of its start 110: width 0.
    @Test func textWidthNeverNegative() throws {
        let page = WeiboPageInfo(cover: Self.cover, typeIcon: Self.icon, button: Self.button)
        let card = try #require(Self.card(page, .classic(itemSize: 20, spacing: 0)))
        #expect(card.textFrame == Self.rect(110, 0, 0, 70))
    }

    /// What is no card, and what is a link rather than a video: a video without a cover (its
    /// title makes it a link), a numeric `type`, empty strings.
    @Test func kinds() {
        #expect(Self.card(WeiboPageInfo()) == nil)
        #expect(Self.card(WeiboPageInfo(objectType: .string("video"))) == nil)
        #expect(Self.card(WeiboPageInfo(objectType: .string("video"), title: "T"))?.kind == .link)
        #expect(Self.card(WeiboPageInfo(type: .number(11), cover: Self.cover))?.kind == .link)
        #expect(Self.card(WeiboPageInfo(cover: WeiboPageInfo.Cover(url: ""), typeIcon: "", title: "")) == nil)
        let emptyButton = WeiboPageInfo.Button(iconURL: "", title: "Open")
        #expect(Self.card(WeiboPageInfo(title: "T", button: emptyButton))?.button == nil)
        #expect(WeiboPageInfo(type: .string("video"), objectType: .number(5)).isVideo)
    }
}
