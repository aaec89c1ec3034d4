import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// `bytes` read back by JSONDecoder.
private func decoded<Layout: Decodable>(_ bytes: [UInt8], as type: Layout.Type) throws -> Layout {
    try JSONDecoder().decode(type, from: Data(bytes))
}

/// Which statuses and retweets of a timeline show a card (docs/API.md §4, "Cards"), read from
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
            return (layout.card, layout.retweeted?.card)
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

    /// A numeric `type` never makes a video (only the string "video" does): `type` 11 with a
    /// cover is a link; `"type": "video"` with a cover and no `object_type` is a video.
    @Test func numericTypeIsNoVideo() throws {
        let cards = try Self.cards(
            """
            [{"page_info": {"type": 11, "page_pic": "https://a/v.jpg"}},
             {"page_info": {"type": "video", "page_pic": {"url": "https://a/v.jpg", "width": "270", "height": 480}}},
             {"page_info": {"object_type": 11, "type": "webpage", "page_title": "T"}}]
            """)
        #expect(cards[0].0?.kind == .link && cards[0].0?.cover?.frame == Self.rect(0, 0, 70, 70))
        let video = try #require(cards[1].0)
        // A 270×480 cover in a 150 square: its top, 0.5625 of its height.
        #expect(video.kind == .video && video.cover?.crop == Self.rect(0, 0, 1, 0.5625))
        #expect(cards[2].0?.kind == .link && cards[2].0?.title == "T")
    }

    /// `play_badge` centred by the options' `play_badge_size`: the default 48×48 at (51, 51)
    /// in the 150 square, a 30×20 badge at (60, 65), on the value rules and the fast path.
    @Test func playBadgeSize() throws {
        let page = WeiboPageInfo(objectType: .string("video"), cover: WeiboPageInfo.Cover(url: "https://a/v.jpg"))
        let media = WeiboMedia(pageInfo: page)
        #expect(
            TimelineRules.card(of: media, hasGrid: false, reposts: false, options: Self.options)?.playBadge
                == Self.rect(51, 51, 48, 48))
        var options = Self.options
        options.playBadgeSize = Size(width: 30, height: 20)
        #expect(
            TimelineRules.card(of: media, hasGrid: false, reposts: false, options: options)?.playBadge
                == Self.rect(60, 65, 30, 20))
        let json = #"[{"idstr": "1", "page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"}}]"#
        let bytes = Array(json.utf8)
        let layout = TimelineRules.layout(for: try ByteTimelineReader().readTimeline(bytes), options: options)
        #expect(layout.statuses.first?.card?.playBadge == Self.rect(60, 65, 30, 20))
    }

    /// The response: `"card"` right after `"photos"` in each status and retweet, with every key
    /// of the card, `null` for the parts it has not; the status that reposts has `"card":null`.
    @Test func writtenAfterPhotos() throws {
        let bytes = Array(
            #"""
            [{"idstr": "1", "page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"}},
             {"idstr": "2", "page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"},
              "retweeted_status": {"idstr": "3", "page_info": {"page_title": "T\u00e9", "type_icon": "https://a/i.png",
                "buttons": [{"pic": "https://a/b.png", "name": "Go"}]}}},
             {"idstr": "4"}]
            """#.utf8)
        let request = try ByteTimelineReader().readTimeline(bytes)
        let layout = TimelineRules.layout(for: request, options: Self.options)
        let video =
            #"{"kind":"video","size":{"width":150,"height":150},"#
            + #""cover":{"frame":{"x":0,"y":0,"width":150,"height":150},"url":"https://a/v.jpg","crop":null},"#
            + #""play_badge":{"x":51,"y":51,"width":48,"height":48},"type_icon":null,"button":null,"#
            + #""text_frame":null,"title":null}"#
        let link =
            #"{"kind":"link","size":{"width":230,"height":70},"cover":null,"play_badge":null,"#
            + #""type_icon":{"frame":{"x":0,"y":0,"width":25,"height":25},"url":"https://a/i.png"},"#
            + #""button":{"frame":{"x":170,"y":0,"width":60,"height":70},"icon_url":"https://a/b.png","title":"Go"},"#
            + #""text_frame":{"x":52,"y":0,"width":108,"height":70},"title":"Té"}"#
        let expected =
            #"{"statuses":[{"id":"1","source":"/0","photos":null,"card":"# + video + #","retweeted":null},"#
            + #"{"id":"2","source":"/1","photos":null,"card":null,"retweeted":{"id":"3","#
            + #""source":"/1/retweeted_status","photos":null,"card":"# + link + "}},"
            + #"{"id":"4","source":"/2","photos":null,"card":null,"retweeted":null}]}"#
        #expect(String(decoding: layout.jsonBytes(), as: UTF8.self) == expected)
        #expect(try decoded(layout.jsonBytes(), as: DecodedTimeline.self).statuses == layout.statuses)
        // Indented output holds the same values.
        #expect(
            try decoded(JSONByteWriter.encode(layout, indented: true), as: DecodedTimeline.self).statuses
                == layout.statuses)
    }

    /// A page made as a value and the same page read lazily from bytes give equal media and
    /// the same card on both paths.
    @Test func bytesAndValuesAgree() throws {
        let json = #"[{"page_info": {"object_type": "video", "page_pic": "https://a/v.jpg", "page_title": "Clip"}}]"#
        let read = try ByteTimelineReader().readTimeline(Array(json.utf8))
        let page = WeiboPageInfo(
            objectType: .string("video"), cover: WeiboPageInfo.Cover(url: "https://a/v.jpg"), title: "Clip")
        let made = TimelineRequest(statuses: [WeiboStatus(media: WeiboMedia(pageInfo: page))])
        #expect(read.statuses[0].media == made.statuses[0].media)
        #expect(read.statuses[0].media.hashValue == made.statuses[0].media.hashValue)
        let fromBytes = TimelineRules.layout(for: read, options: Self.options).statuses
        let fromValues = TimelineRules.layout(for: made, options: Self.options).statuses
        #expect(fromBytes[0].card == fromValues[0].card && fromBytes[0].card?.title == "Clip")
    }

    /// The fast reader reads the page of a status that shows its card (no picture field, no
    /// retweet) while it reads the request, and keeps the others' as bytes: read when the
    /// picture fields make no grid (an entry of `pics` without a URL), never for a status that
    /// reposts.
    @Test func pagesReadOnlyWhereACardShows() throws {
        let video = #"{"object_type": "video", "page_pic": "https://a/v.jpg"}"#
        let request = try ByteTimelineReader().readTimeline(
            Array(
                """
                [{"page_info": \(video)},
                 {"pics": [{"pid": 5}], "page_info": \(video)},
                 {"page_info": \(video), "retweeted_status": {"idstr": "9"}},
                 {"retweeted_status": {"page_info": \(video)}}]
                """.utf8))
        func readEarly(_ media: WeiboMedia) -> Bool {
            if case .value = media.pageInfoStorage { return true }
            return false
        }
        #expect(request.statuses.map { readEarly($0.media) } == [true, false, false, false])
        #expect(request.statuses[3].retweeted.map { readEarly($0.media) } == true)
        let cards = Self.cards(of: request)
        #expect(cards.map { $0.0?.kind } == [.video, .video, nil, nil])
        #expect(cards[3].1?.kind == .video)
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
