import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// Both texts parsed by JSONSerialization and compared as values.
private func sameMeaning(_ ours: [UInt8], _ theirs: Data) throws -> Bool {
    let left = try JSONSerialization.jsonObject(with: Data(ours)) as? NSObject
    let right = try JSONSerialization.jsonObject(with: theirs) as? NSObject
    return left != nil && left == right
}

struct TimelineLayoutJSONTests {
    static let styles = [
        ("classic", GridOptions()),
        ("adaptive at scale 3", GridOptions(style: .adaptive, contentWidth: 375, scale: 3)),
        ("adaptive at scale 2", GridOptions(style: .adaptive, contentWidth: 414)),
    ]

    /// On every sample and style, the writer's bytes mean what JSONEncoder's mean.
    @Test(arguments: Fixtures.sampleNames)
    func samplesMatchJSONEncoder(name: String) throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(name))
        for (style, options) in Self.styles {
            let layout = TimelineRules.layout(for: request.statuses, options: options)
            #expect(try sameMeaning(layout.jsonBytes(), JSONEncoder().encode(layout)), "\(name), \(style)")
        }
    }

    /// A gif status and a retweet with no pictures, written exactly (keys in the API's order).
    @Test func exactText() throws {
        let status = WeiboStatus(
            id: "1",
            media: WeiboMedia(picURLs: ["http://wx1.sinaimg.cn/thumbnail/a.gif"]),
            retweeted: WeiboRetweet(id: nil))
        let layout = TimelineRules.layout(for: [status], options: GridOptions())
        let expected = """
            {"statuses":[{"id":"1","photos":{"size":{"width":70,"height":70},"columns":1,"rows":1,\
            "total":1,"more":0,"more_label":null,"items":[\
            {"index":0,"frame":{"x":0,"y":0,"width":70,"height":70},\
            "thumbnail_url":"http://wx1.sinaimg.cn/thumbnail/a.gif",\
            "bmiddle_url":"http://wx1.sinaimg.cn/bmiddle/a.gif","large_url":"http://wx1.sinaimg.cn/large/a.gif",\
            "kind":"gif","is_gif":true,"is_long":false,\
            "badge":{"kind":"gif","frame":{"x":42,"y":52,"width":28,"height":18}}}]},\
            "retweeted":{"id":null,"photos":null}}]}
            """
        #expect(String(decoding: layout.jsonBytes(), as: UTF8.self) == expected)
        #expect(try sameMeaning(layout.jsonBytes(), JSONEncoder().encode(layout)))
    }

    /// A grid laid out from a count has no URL fields, as its `Encodable` form.
    @Test func gridWithoutURLs() throws {
        let grid = try #require(
            GridRules.layout(count: 5, options: GridOptions(style: .adaptive, contentWidth: 320, scale: 3)))
        let ours = JSONByteWriter.encode(grid)
        #expect(!String(decoding: ours, as: UTF8.self).contains("url"))
        #expect(try sameMeaning(ours, JSONEncoder().encode(grid)))
    }
}
