import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// docs/API.md §4 "Crop" on the timeline: every grid item's `crop`, from its picture's aspect size
/// (the bmiddle's, else the thumbnail's, else the size `is_long` is judged by) and its frame as
/// output, by the fast path and by the value rules alike.
struct GridCropTests {
    /// A client-API status of one picture, `pic_infos` holding the given variants.
    static func status(_ id: String, variants: String) -> String {
        #"{"idstr": "\#(id)", "pic_ids": ["p\#(id)"], "pic_infos": {"p\#(id)": {"#
            + #""thumbnail": {"url": "http://ww1.sinaimg.cn/thumbnail/p\#(id).jpg"}\#(variants.isEmpty ? "" : ", ")"#
            + variants + "}}}"
    }

    /// The only item of each status's grid, laid out by the fast path; the value rules checked equal.
    static func items(_ statuses: [String], options: GridOptions = GridOptions()) throws -> [GridItem] {
        let request = try ByteTimelineReader().readTimeline(
            Array(#"{"statuses": [\#(statuses.joined(separator: ","))]}"#.utf8))
        let layout = TimelineRules.layout(for: request, options: options)
        #expect(layout.statuses == request.statuses.map { TimelineRules.layout(for: $0, options: options) })
        #expect(
            try JSONDecoder().decode(DecodedTimeline.self, from: Data(layout.jsonBytes())).statuses == layout.statuses)
        return layout.statuses.map { $0.photos!.items[0] }
    }

    /// A one-item grid of `item`, written compact.
    static func json(_ item: GridItem) -> String {
        let grid = GridLayout(size: item.frame.size, columns: 1, rows: 1, items: [item])
        return String(decoding: JSONByteWriter.encode(grid), as: UTF8.self)
    }

    /// Classic 70×70 cells (c = 1): wide a = 2 shows the middle half, full height; tall a = 3/4
    /// the top 3/4, full width; square all of it.
    @Test func wideTallAndSquare() throws {
        let items = try Self.items([
            Self.status(
                "1",
                variants: #""bmiddle": {"url": "http://ww1.sinaimg.cn/bmiddle/p1.jpg", "width": 440, "height": 220}"#),
            Self.status(
                "2",
                variants: #""bmiddle": {"url": "http://ww1.sinaimg.cn/bmiddle/p2.jpg", "width": 300, "height": 400}"#),
            Self.status(
                "3",
                variants: #""bmiddle": {"url": "http://ww1.sinaimg.cn/bmiddle/p3.jpg", "width": 500, "height": 500}"#),
        ])
        #expect(
            items.map(\.crop) == [
                Rect(x: 0.25, y: 0, width: 0.5, height: 1), Rect(x: 0, y: 0, width: 1, height: 0.75),
                Rect(x: 0, y: 0, width: 1, height: 1),
            ])
    }

    /// A long picture: its bmiddle, 360×1200, is Weibo's top crop of the 720×8115 original, so
    /// the crop is the top 360/1200 = 0.3 of the bmiddle, not 720/8115 of anything. The
    /// original still says it is long.
    @Test func longPictureTakesTheBmiddlesAspect() throws {
        let items = try Self.items([
            Self.status(
                "4",
                variants: #""bmiddle": {"url": "http://ww1.sinaimg.cn/or360/p4.jpg", "width": 360, "height": 1200}, "#
                    + #""largest": {"url": "http://ww1.sinaimg.cn/large/p4.jpg", "width": "720", "height": "8115"}"#)
        ])
        #expect(items[0].crop == Rect(x: 0, y: 0, width: 1, height: 0.3))
        #expect(items[0].isLong)
        #expect(items[0].badge?.kind == .long)
    }

    /// Without a bmiddle size the thumbnail's (m.weibo.cn's `geo`) and then the largest known
    /// size give the aspect.
    @Test func thumbnailThenLargestSize() throws {
        let items = try Self.items([
            #"{"idstr": "5", "pics": [{"pid": "p5", "url": "https://wx1.sinaimg.cn/orj360/p5.jpg", "#
                + #""geo": {"width": 360, "height": 180}, "large": {"url": "https://wx1.sinaimg.cn/large/p5.jpg", "#
                + #""geo": {"width": 1000, "height": 1000}}}]}"#,
            Self.status(
                "6", variants: #""large": {"url": "http://ww1.sinaimg.cn/large/p6.jpg", "width": 300, "height": 400}"#),
        ])
        #expect(items[0].crop == Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        #expect(items[1].crop == Rect(x: 0, y: 0, width: 1, height: 0.75))
    }

    /// The adaptive single picture (W = 355 at 2x: c = 115.5, L = 235): a 440×660 bmiddle gives a
    /// 156.5 × 235 frame (440/660·235 = 156.67, rounded), so c = 156.5/235 is just below a = 2/3
    /// and the crop is a sliver short of the whole width: q = c/a, x = (1 − q)/2.
    @Test func adaptiveSinglePicture() throws {
        let options = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: 2))
        let items = try Self.items(
            [
                Self.status(
                    "7",
                    variants:
                        #""bmiddle": {"url": "http://ww1.sinaimg.cn/bmiddle/p7.jpg", "width": 440, "height": 660}"#)
            ],
            options: options)
        #expect(items[0].frame == Rect(x: 0, y: 0, width: 156.5, height: 235))
        let q = (156.5 / 235) / (440.0 / 660)
        #expect(items[0].crop == Rect(x: (1 - q) / 2, y: 0, width: q, height: 1))
    }

    /// No known size (an Open API `pic_urls` picture, a `pic_infos` entry with URLs only): `null`.
    @Test func unknownSizeHasNoCrop() throws {
        let items = try Self.items([
            #"{"idstr": "8", "pic_urls": [{"thumbnail_pic": "http://wx1.sinaimg.cn/thumbnail/a.jpg"}]}"#,
            Self.status("9", variants: ""),
        ])
        #expect(items.map(\.crop) == [nil, nil])
        #expect(
            Self.json(items[0]).contains(#""frame":{"x":0,"y":0,"width":70,"height":70},"crop":null,"thumbnail_url""#))
    }

    /// `GET /v1/grid`'s items (no pictures, so no size): every crop `null`, written in its place.
    @Test func countOnlyGridHasNoCrops() throws {
        let grid = try #require(GridRules.layout(count: 4, options: GridOptions()))
        #expect(grid.items.allSatisfy { $0.crop == nil })
        let indented = String(decoding: JSONByteWriter.encode(grid, indented: true), as: UTF8.self)
        #expect(indented.components(separatedBy: #""crop" : null"#).count == 5)
    }

    /// The key order of an item (docs/API.md §7): `crop` right after `frame`, before the URLs.
    @Test func cropFollowsFrame() throws {
        let items = try Self.items([
            Self.status(
                "10",
                variants: #""bmiddle": {"url": "http://ww1.sinaimg.cn/bmiddle/p10.jpg", "width": 440, "height": 220}"#)
        ])
        #expect(
            Self.json(items[0]).contains(
                #"{"index":0,"frame":{"x":0,"y":0,"width":70,"height":70},"#
                    + #""crop":{"x":0.25,"y":0,"width":0.5,"height":1},"thumbnail_url":"#))
    }
}

/// The crop writer (constant sides as text) writes what the frame writer writes.
struct CropWriterTests {
    static func text(_ rect: Rect, crop: Bool) -> String {
        var writer = JSONByteWriter()
        writer.fragment(reserving: Rect.maximumLength) { fragment in
            if crop { rect.writeCrop(into: &fragment) } else { rect.write(into: &fragment) }
        }
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 1, height: 0.75), Rect(x: 0.21875, y: 0, width: 0.5625, height: 1),
        Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: -0.0, y: 0, width: 1, height: 0.5),
        Rect(x: 0.1, y: -0.0, width: 0.8, height: 1), Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
        CropRule.crop(pictureSize: Size(width: 440, height: 660), frame: Rect(x: 0, y: 0, width: 156.5, height: 235))!,
    ])
    func sameTextAsAFrame(rect: Rect) {
        #expect(Self.text(rect, crop: true) == Self.text(rect, crop: false))
    }
}
