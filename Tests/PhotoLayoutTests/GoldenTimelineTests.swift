import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

struct GoldenTimelineTests {
    /// Each sample timeline, classic style, equals its golden layout.
    @Test(arguments: Fixtures.sampleNames)
    func classicLayout(sample: String) throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample(sample))
        try Golden.check(
            TimelineRules.layout(for: request.statuses, options: GridOptions()), named: "\(sample).classic")
    }

    /// The samples with sizes (client API, weibo.com web API, m.weibo.cn: GIFs, long pictures,
    /// `pic_num` past the pictures sent) in the adaptive style at scale 3.
    @Test(arguments: ["client-api-timeline", "weibo-com-web-ajax", "m-weibo-cn-container"])
    func adaptiveLayout(sample: String) throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample(sample))
        let options = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: 3))
        try Golden.check(
            TimelineRules.layout(for: request.statuses, options: options), named: "\(sample).adaptive-355@3x")
    }

    /// Every sample in the mosaic style at 355 points @3x (docs/API.md §4 "`mosaic`"): the
    /// reference reader's statuses on values, and the byte reader's request through the fast
    /// path, give the golden bytes the independent oracle recomputes.
    @Test(arguments: Fixtures.sampleNames)
    func mosaicLayout(sample: String) throws {
        let options = try GridOptions.validated(RawGridOptions(style: "mosaic", contentWidth: 355, scale: 3))
        let reference = try FoundationTimelineReader().readTimeline(try Fixtures.sample(sample))
        try Golden.check(
            TimelineRules.layout(for: reference.statuses, options: options), named: "\(sample).mosaic-355@3x")
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(sample))
        try Golden.check(TimelineRules.layout(for: request, options: options), named: "\(sample).mosaic-355@3x")
    }

    /// Every lenient reading of `page_info` (docs/API.md §4, "Cards"), one status each, in both
    /// styles: the fast path's golden bytes (recorded from the service and equal to the
    /// independent oracle's, `scripts/oracle_layout.py`), the reference reader's statuses giving
    /// the same layout, and the value rules equal to the fast path.
    @Test(arguments: [
        ("classic", RawGridOptions()),
        ("adaptive-355@3x", RawGridOptions(style: "adaptive", contentWidth: 355, scale: 3)),
    ])
    func pageInfoCards(name: String, raw: RawGridOptions) throws {
        let bytes = try Fixtures.bytes("timelines/page-info-cards.json")
        let options = try GridOptions.validated(raw)
        let request = try ByteTimelineReader().readTimeline(bytes)
        let layout = TimelineRules.layout(for: request, options: options)
        try Golden.check(layout, named: "page-info-cards.\(name)")
        #expect(layout.statuses == request.statuses.map { TimelineRules.layout(for: $0, options: options) })
        let reference = try FoundationTimelineReader().readTimeline(bytes)
        try Golden.check(
            TimelineRules.layout(for: reference.statuses, options: options), named: "page-info-cards.\(name)")
        #expect(
            layout.statuses.contains { $0.card?.kind == .video } && layout.statuses.contains { $0.card?.kind == .link })
    }

    /// The adaptive single picture's aspect (docs/API.md §4), one status per case:
    /// the size only in `large`, only in `original`, the thumbnail's before `large`'s, the
    /// bmiddle's first, `keep_size`, m.weibo.cn's `geo` before `large.geo`, `large.geo` alone,
    /// no size, and a long picture sized only in `largest`. The fast path's golden bytes, and
    /// the value rules' grids equal to them.
    @Test func adaptiveSingleAspect() throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.bytes("timelines/adaptive-single-aspect.json"))
        let options = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: 2))
        let layout = TimelineRules.layout(for: request, options: options)
        try Golden.check(layout, named: "adaptive-single-aspect.adaptive-355@2x")
        #expect(layout.statuses == request.statuses.map { TimelineRules.layout(for: $0, options: options) })
        let sizes = layout.statuses.flatMap { [$0.photos?.size, $0.retweeted?.photos?.size] }.compactMap { $0 }
        #expect(
            sizes == [
                Size(width: 132.5, height: 235), Size(width: 132, height: 235), Size(width: 235, height: 78.5),
                Size(width: 235, height: 235), Size(width: 177.5, height: 177.5), Size(width: 132, height: 235),
                Size(width: 132.5, height: 235), Size(width: 177.5, height: 177.5), Size(width: 47, height: 235),
            ])
    }

    /// The fast reader's request, laid out with its URLs and ids referred to in place in the
    /// request's bytes (`TimelineRequest.source`), gives the same golden bytes, and the same
    /// layout as its statuses alone (every string copied into the table's text).
    @Test(arguments: Fixtures.sampleNames)
    func inPlaceLayout(sample: String) throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(sample))
        #expect(request.source != nil)
        let inPlace = TimelineRules.layout(for: request, options: GridOptions())
        try Golden.check(inPlace, named: "\(sample).classic")
        let copied = TimelineRules.layout(for: request.statuses, options: GridOptions())
        #expect(inPlace == copied)
        #expect(inPlace.jsonBytes() == copied.jsonBytes())
        #expect(copied.table.items.allSatisfy { !($0.urls?.thumbnail.inSource ?? false) })
        // Every thumbnail the sample sends as it is (none is made from a pid) lies in the request.
        let thumbnails = inPlace.table.items.compactMap(\.urls?.thumbnail)
        #expect(!thumbnails.isEmpty && thumbnails.allSatisfy(\.inSource))
    }

    /// Ids and URLs the request spells with escapes (`\\/`, `\\u0041`, a quote, a tab) are
    /// unescaped into the table's text and written escaped again; those it spells without
    /// escapes are written from the request's bytes as they are: the output is the one the
    /// statuses alone give (every string copied and escaped), byte for byte.
    @Test func escapedAndPlainStringsOfTheRequestAreWrittenAlike() throws {
        let body = Array(
            (#"{"statuses":[{"idstr":"3885105414216212","pic_ids":["p1","p2"],"pic_infos":{"#
                + #""p1":{"thumbnail":{"url":"http:\/\/wx1.sinaimg.cn\/thumbnail\/p1.jpg","width":180,"height":120},"#
                + #""bmiddle":{"url":"http://wx1.sinaimg.cn/bmiddle/p\u0041\"\t1.jpg","width":440,"height":293},"#
                + #""large":{"url":"http://wx1.sinaimg.cn/large/p1-é.jpg","width":880,"height":586}},"#
                + #""p2":{"thumbnail":{"url":"http://wx1.sinaimg.cn/thumbnail/p2.jpg","width":180,"height":120},"#
                + #""bmiddle":{"url":"http://wx1.sinaimg.cn/bmiddle/p2.jpg","width":440,"height":293}}}},"#
                + #"{"idstr":"38851\u00305414216213"}]}"#).utf8)
        let request = try ByteTimelineReader().readTimeline(body)
        let inPlace = TimelineRules.layout(for: request, options: GridOptions())
        let copied = TimelineRules.layout(for: request.statuses, options: GridOptions())
        let json = String(decoding: inPlace.jsonBytes(), as: UTF8.self)
        #expect(json == String(decoding: copied.jsonBytes(), as: UTF8.self))
        #expect(json.contains(#""thumbnail_url":"http://wx1.sinaimg.cn/thumbnail/p1.jpg""#))
        #expect(json.contains(#""bmiddle_url":"http://wx1.sinaimg.cn/bmiddle/pA\"\t1.jpg""#))
        #expect(json.contains(#""large_url":"http://wx1.sinaimg.cn/large/p1-é.jpg""#))
        #expect(json.contains(#""id":"3885105414216212""#))
        #expect(json.contains(#""id":"3885105414216213""#))
        let urls = inPlace.table.items.compactMap(\.urls)
        #expect(urls.map(\.thumbnail.inSource) == [false, true])
        #expect(urls.map(\.bmiddle.inSource) == [false, true])
        #expect(inPlace.table.statuses.map { $0.id?.inSource } == [true, false])
    }

    /// Spot checks of the golden layout against docs/API.md by hand: a GIF badge, a long badge, a retweet grid.
    @Test func goldenSpotChecks() throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        let layout = TimelineRules.layout(for: request.statuses, options: GridOptions())
        let items = layout.statuses.flatMap { [$0.photos] + [$0.retweeted?.photos] }.compactMap { $0 }.flatMap(\.items)
        let gif = try #require(items.first { $0.isGIF })
        #expect(gif.badge?.kind == .gif)
        #expect(gif.badge?.frame == Rect(x: gif.frame.maxX - 28, y: gif.frame.maxY - 18, width: 28, height: 18))
        let long = try #require(items.first { $0.isLong && !$0.isGIF })
        #expect(long.badge?.kind == .long)
        #expect(layout.statuses.contains { $0.retweeted?.photos != nil })
    }
}
