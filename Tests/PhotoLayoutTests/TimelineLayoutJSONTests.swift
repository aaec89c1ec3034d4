import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// The layout JSONDecoder reads back from `bytes` (`TimelineLayout+Decoding`).
private func decoded<Layout: Decodable>(_ bytes: [UInt8], as type: Layout.Type = Layout.self) throws -> Layout {
    try JSONDecoder().decode(Layout.self, from: Data(bytes))
}

struct TimelineLayoutJSONTests {
    static let styles = [
        ("classic", GridOptions()),
        ("adaptive at scale 3", GridOptions(style: .adaptive, contentWidth: 375, scale: 3)),
        ("adaptive at scale 2", GridOptions(style: .adaptive, contentWidth: 414)),
    ]

    /// On every sample and style, the writer's bytes, compact and indented, read back by
    /// JSONDecoder, give the very layout written: every field, by its wire name.
    @Test(arguments: Fixtures.sampleNames)
    func samplesReadBackEqual(name: String) throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(name))
        for (style, options) in Self.styles {
            let layout = TimelineRules.layout(for: request.statuses, options: options)
            #expect(
                try decoded(layout.jsonBytes(), as: DecodedTimeline.self).statuses == layout.statuses,
                "\(name), \(style)")
            #expect(
                try decoded(JSONByteWriter.encode(layout, indented: true), as: DecodedTimeline.self).statuses
                    == layout.statuses, "\(name), \(style)")
        }
    }

    /// A gif status and a retweet with no pictures, written exactly (keys in the API's order).
    @Test func exactText() throws {
        let status = WeiboStatus(
            id: "1",
            media: WeiboMedia(picURLs: ["http://wx1.sinaimg.cn/thumbnail/a.gif"]),
            retweeted: WeiboRetweet(id: nil), source: StatusSource(envelope: .dataCards, index: 4, group: 2))
        let layout = TimelineRules.layout(for: [status], options: GridOptions())
        let expected = """
            {"statuses":[{"id":"1","source":"/data/cards/4/card_group/2/mblog","photos":{"size":{"width":70,"height":70},"columns":1,"rows":1,\
            "total":1,"more":0,"more_label":null,"items":[\
            {"index":0,"frame":{"x":0,"y":0,"width":70,"height":70},"crop":null,\
            "thumbnail_url":"http://wx1.sinaimg.cn/thumbnail/a.gif",\
            "bmiddle_url":"http://wx1.sinaimg.cn/bmiddle/a.gif","large_url":"http://wx1.sinaimg.cn/large/a.gif",\
            "kind":"gif","is_gif":true,"is_long":false,\
            "badge":{"kind":"gif","frame":{"x":42,"y":52,"width":28,"height":18}}}]},\
            "card":null,"retweeted":{"id":null,"source":"/data/cards/4/card_group/2/mblog/retweeted_status","photos":null,\
            "card":null}}]}
            """
        #expect(String(decoding: layout.jsonBytes(), as: UTF8.self) == expected)
        #expect(try decoded(layout.jsonBytes(), as: DecodedTimeline.self).statuses == layout.statuses)
    }

    /// A grid that hides pictures writes its "+N" label, items without URLs or badges, exactly;
    /// one that hides pictures but shows none has a `null` label (compact output writes the
    /// members before `items` as one fragment, and these are its other branches).
    @Test func exactTextOfHiddenPictures() throws {
        let grid = try #require(GridRules.layout(count: 12, options: GridOptions()))
        let items = (0..<9).map { index in
            #"{"index":\#(index),"frame":{"x":\#(index % 3 * 80),"y":\#(index / 3 * 80),"width":70,"height":70},"#
                + #""crop":null,"kind":"image","is_gif":false,"is_long":false,"badge":null}"#
        }
        let expected =
            #"{"size":{"width":230,"height":230},"columns":3,"rows":3,"total":12,"more":3,"#
            + #""more_label":{"text":"+3","frame":{"x":160,"y":160,"width":70,"height":70}},"items":["#
            + items.joined(separator: ",") + "]}"
        #expect(String(decoding: JSONByteWriter.encode(grid), as: UTF8.self) == expected)
        let empty = GridLayout(size: Size(width: 0, height: 0), columns: 0, rows: 0, total: 3, items: [])
        #expect(
            String(decoding: JSONByteWriter.encode(empty), as: UTF8.self)
                == #"{"size":{"width":0,"height":0},"columns":0,"rows":0,"total":3,"more":3,"more_label":null,"items":[]}"#
        )
        #expect(try decoded(JSONByteWriter.encode(empty, indented: true)) == empty)
    }

    /// A grid laid out from a count has no URL fields, and reads back equal.
    @Test func gridWithoutURLs() throws {
        let grid = try #require(
            GridRules.layout(count: 5, options: GridOptions(style: .adaptive, contentWidth: 320, scale: 3)))
        let ours = JSONByteWriter.encode(grid)
        #expect(!String(decoding: ours, as: UTF8.self).contains("url"))
        #expect(try decoded(ours) == grid)
    }
}
