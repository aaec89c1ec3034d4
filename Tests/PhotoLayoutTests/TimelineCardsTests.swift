import Testing

@testable import PhotoLayout

/// Which statuses and retweets of a timeline show a card (DESIGN §4, "Cards"), read from
/// Weibo's JSON: classic s = 70, g = 10 at 2x (video side 150, link width 230).
struct TimelineCardsTests {
    static let options = GridOptions()

    /// The cards of each status of `json` (a timeline), with their retweets'.
    static func cards(_ json: String, options: GridOptions = options) throws -> [(CardLayout?, CardLayout?)] {
        try cards(of: ByteTimelineReader().readTimeline(Array(json.utf8)), options: options)
    }

    static func cards(of request: TimelineRequest, options: GridOptions = options) -> [(CardLayout?, CardLayout?)] {
        request.statuses.map { status in
            let layout = TimelineRules.layout(for: status, options: options)
            let cards = TimelineRules.cards(of: status, layout: layout, options: options)
            return (cards.status, cards.retweet)
        }
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// A video (`object_type` "video" with a cover): a 150 square, the 48×48 badge at 51.
    @Test func video() throws {
        let cards = try Self.cards(
            #"[{"idstr": "1", "page_info": {"type": 11, "object_type": "video", "page_title": "Clip","#
                + #" "page_pic": {"url": "https://wx1.sinaimg.cn/orj480/v.jpg", "width": 480, "height": 270}}}]"#)
        let card = try #require(cards[0].0)
        #expect(card.kind == .video)
        #expect(card.size == Size(width: 150, height: 150))
        #expect(card.cover?.frame == Self.rect(0, 0, 150, 150))
        #expect(card.cover?.crop == Self.rect(0.21875, 0, 0.5625, 1))
        #expect(card.playBadge == Self.rect(51, 51, 48, 48))
        #expect(card.title == "Clip")
        #expect(cards[0].1 == nil)
    }

    /// Links: with an icon (cover 100 wide, text from 110), without (cover 70, text from 80),
    /// with a button (text to 230 − 60 − 10 = 160), without a cover (text from 25 + 17 + 10 = 52).
    @Test func links() throws {
        let cards = try Self.cards(
            """
            [{"page_info": {"type": 0, "page_pic": "https://a/c.jpg", "type_icon": "https://a/i.png",
              "page_title": "Page", "buttons": [{"pic": "https://a/b.png", "name": "Open"}]}},
             {"page_info": {"page_pic": "https://a/c.jpg", "page_title": "Page"}},
             {"page_info": {"type_icon": "https://a/i.png"}},
             {"page_info": {"object_type": "video", "page_title": "No cover"}},
             {"page_info": {"type": 0, "page_pic": ""}}]
            """)
        let full = try #require(cards[0].0)
        #expect(full.kind == .link && full.size == Size(width: 230, height: 70))
        #expect(full.typeIcon?.frame == Self.rect(0, 0, 25, 25))
        #expect(full.cover?.frame == Self.rect(0, 0, 100, 70) && full.cover?.crop == nil)
        #expect(full.button?.frame == Self.rect(170, 0, 60, 70) && full.button?.title == "Open")
        #expect(full.textFrame == Self.rect(110, 0, 50, 70))
        let plain = try #require(cards[1].0)
        #expect(plain.typeIcon == nil && plain.button == nil && plain.cover?.frame == Self.rect(0, 0, 70, 70))
        #expect(plain.textFrame == Self.rect(80, 0, 140, 70))
        let iconOnly = try #require(cards[2].0)
        #expect(iconOnly.cover == nil && iconOnly.textFrame == Self.rect(52, 0, 168, 70))
        // A video without a cover is a link by its title.
        let untitled = try #require(cards[3].0)
        #expect(
            untitled.kind == .link && untitled.title == "No cover" && untitled.textFrame == Self.rect(10, 0, 210, 70))
        #expect(cards[4].0 == nil)
    }

    /// A status with pictures shows its grid, never a card; a status that reposts shows none,
    /// its retweet its own.
    @Test func gridsAndRetweets() throws {
        let video = #"{"object_type": "video", "page_pic": "https://a/v.jpg"}"#
        let cards = try Self.cards(
            """
            [{"pic_ids": ["p1"], "page_info": \(video)},
             {"page_info": \(video), "retweeted_status": {"page_info": \(video)}},
             {"page_info": \(video), "retweeted_status": {"pic_ids": ["p1"], "page_info": \(video)}}]
            """)
        #expect(cards[0].0 == nil && cards[0].1 == nil)
        #expect(cards[1].0 == nil && cards[1].1?.kind == .video)
        #expect(cards[2].0 == nil && cards[2].1 == nil)
    }

    /// Adaptive cards are sized by W = 355, g = 4 at 2x: a 235 square video, a 355-wide link.
    @Test func adaptiveSizes() throws {
        let options = GridOptions(style: .adaptive, contentWidth: 355)
        let cards = try Self.cards(
            #"[{"page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"}}, {"page_info": {"page_title": "T"}}]"#,
            options: options)
        #expect(cards[0].0?.size == Size(width: 235, height: 235))
        #expect(cards[1].0?.size == Size(width: 355, height: 70))
    }

    /// The samples' cards, counted by kind (statuses and retweets together): the client API's
    /// one video and two links, m.weibo.cn's five topic links.
    @Test func samplesCards() throws {
        var counts: [String: [CardLayout.Kind: Int]] = [:]
        for name in Fixtures.sampleNames {
            let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(name))
            let kinds = Self.cards(of: request).flatMap { [$0.0, $0.1] }.compactMap { $0?.kind }
            counts[name] = Dictionary(kinds.map { ($0, 1) }, uniquingKeysWith: +)
        }
        #expect(
            counts == [
                "client-api-timeline": [.video: 1, .link: 2], "m-weibo-cn-container": [.link: 5],
                "weibo-com-web-ajax": [:], "open-api-timeline-2020": [:], "open-api-legacy-2012": [:],
            ])
    }
}
