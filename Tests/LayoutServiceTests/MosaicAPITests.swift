import Foundation
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The `mosaic` style over HTTP (docs/API.md §4, §7): `GET /v1/grid` with `sizes`, its
/// refusals at their pointers, and a timeline laid out in mosaic.
@Suite(.serialized)
struct MosaicAPITests {
    /// Four sizes at 355 points @3x: the frames of §4's "4, first 'w'" (worked in
    /// `MosaicGridTests.fourPictures`), sides in the API's order, `columns` and `rows` null, no
    /// URLs, each item's crop of its size; cacheable as any grid.
    @Test func gridOfSizes() throws {
        let service = try RunningService()
        let client = try service.client()
        let target = "/v1/grid?style=mosaic&content_width=355&scale=3&sizes=1200x800,800x800,600x800,800x600"
        let response = try client.request("GET", target)
        #expect(response.status == 200)
        let photos = try #require((try response.json() as? [String: Any])?["photos"] as? [String: Any])
        #expect(photos["columns"] is NSNull && photos["rows"] is NSNull)
        #expect(photos["total"] as? Int == 4 && photos["more"] as? Int == 0)
        #expect(photos["size"] as? [String: Double] == ["width": 355, "height": 349])
        let items = try #require(photos["items"] as? [[String: Any]])
        #expect(
            items.map { $0["frame"] as? [String: Double] } == [
                ["x": 0, "y": 0, "width": 355, "height": 233], ["x": 0, "y": 235, "width": 114, "height": 114],
                ["x": 116, "y": 235, "width": 85, "height": 114], ["x": 203, "y": 235, "width": 152, "height": 114],
            ])
        #expect(
            items.map { $0["sides"] as? [String] } == [
                ["top", "left", "right"], ["left", "bottom"], ["bottom"], ["bottom", "right"],
            ])
        // Each crop is docs/API.md §4's of the given size in the rounded frame: 1200×800 (1.5) in
        // 355×233 is the top q = 1.5 / (355/233); 600×800 (0.75) in 85×114 the middle
        // q = (85/114) / 0.75; a square in a square and 800×600 in 152×114 are whole.
        let q0 = 1.5 / (355.0 / 233.0)
        let q2 = (85.0 / 114.0) / 0.75
        let crops: [[String: Double]] = [
            ["x": 0, "y": 0, "width": 1, "height": q0], ["x": 0, "y": 0, "width": 1, "height": 1],
            ["x": (1 - q2) / 2, "y": 0, "width": q2, "height": 1], ["x": 0, "y": 0, "width": 1, "height": 1],
        ]
        for (item, crop) in zip(items, crops) {
            let got = try #require(item["crop"] as? [String: Double])
            for (key, value) in crop { #expect(abs(got[key, default: .nan] - value) <= 1e-9 * max(1, abs(value))) }
        }
        #expect(items.allSatisfy { $0["thumbnail_url"] == nil })
        #expect(
            response.text.contains(#""frame":{"x":0,"y":0,"width":355,"height":233},"sides":["top","left","right"]"#))
        // `count` beside `sizes` says the same; the ETag follows the sizes.
        let counted = try client.request("GET", target + "&count=4")
        #expect(counted.text == response.text)
        let etag = try #require(response.header("ETag"))
        let again = try client.request("GET", target, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        let other = try client.request("GET", "/v1/grid?style=mosaic&content_width=355&scale=3&sizes=1x1,1x1,1x1,1x1")
        #expect(other.header("ETag") != etag)
    }

    /// Without sizes, `count` pictures of unknown size (aspect 1); twelve show ten, "+2".
    @Test func gridOfUnknownSizes() throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/v1/grid?count=12&style=mosaic&content_width=355&scale=3")
        let photos = try #require((try response.json() as? [String: Any])?["photos"] as? [String: Any])
        let items = try #require(photos["items"] as? [[String: Any]])
        #expect(items.count == 10)
        #expect(photos["more"] as? Int == 2)
        let label = try #require(photos["more_label"] as? [String: Any])
        #expect(label["text"] as? String == "+2")
        #expect(label["frame"] as? [String: Double] == items[9]["frame"] as? [String: Double])
        #expect(items[9]["sides"] as? [String] == ["bottom", "right"])
        // The classic grid has no `sides` member.
        let classic = try service.client().request("GET", "/v1/grid?count=2")
        #expect(!classic.text.contains("sides"))
    }

    /// Each refusal at its pointer: a malformed size (non-numeric, zero, negative, non-finite,
    /// an empty item, more than 1000), `count` and `sizes` disagreeing, `sizes` with another
    /// style, `min_item_width` with another style, mosaic without `content_width` or too narrow.
    @Test(arguments: [
        ("count=2&style=mosaic&content_width=355&sizes=abc", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=100x0", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=100x-5", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=100xinf", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=nanx100", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=1x1,,1x1", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=", "#/query/sizes"),
        ("style=mosaic&content_width=355&sizes=1x1x1", "#/query/sizes"),
        (
            "style=mosaic&content_width=355&sizes=" + Array(repeating: "1x1", count: 1001).joined(separator: ","),
            "#/query/sizes"
        ),
        ("count=3&style=mosaic&content_width=355&sizes=1x1,1x1", "#/query/count"),
        ("sizes=1x1,1x1", "#/query/sizes"),
        ("style=adaptive&content_width=355&sizes=1x1", "#/query/sizes"),
        ("count=2&min_item_width=50", "#/query/min_item_width"),
        ("count=2&style=mosaic", "#/query/content_width"),
        ("count=2&style=mosaic&content_width=200", "#/query/content_width"),
        ("count=2&style=mosaic&content_width=355&min_item_width=-1", "#/query/min_item_width"),
    ])
    func refusals(query: String, pointer: String) throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/v1/grid?" + query)
        #expect(response.status == 422, "\(query)")
        let errors = try #require((try response.json() as? [String: Any])?["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == [pointer], "\(query)")
    }

    /// The sizes parser on its own: each item's two sides, in order.
    @Test func sizesParse() throws {
        #expect(try GridQuery.sizes("1200x800,1.5x2") == [Size(width: 1200, height: 800), Size(width: 1.5, height: 2)])
        #expect(throws: InputError.self) { try GridQuery.sizes("1200X800") }
    }

    /// A timeline in mosaic (options and a variant): each grid's `columns` null and its items'
    /// sides; the `min_item_width` option of another style a 422 at its pointer.
    @Test func timelineInMosaic() throws {
        let service = try RunningService()
        let client = try service.client()
        let statuses =
            #"{"statuses": [{"idstr": "1", "pic_ids": ["a", "b"], "pic_infos": {"#
            + #""a": {"bmiddle": {"url": "https://wx1.sinaimg.cn/bmiddle/a.jpg", "width": 400, "height": 300}},"#
            + #""b": {"bmiddle": {"url": "https://wx1.sinaimg.cn/bmiddle/b.jpg", "width": 400, "height": 300}}}}]"#
        let response = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array((statuses + #", "options": {"style": "mosaic", "content_width": 355, "scale": 3}}"#).utf8))
        #expect(response.status == 200)
        // Two 4:3 pictures stack (§4 "2, ww, avg > 1.4"): h = round(min(798.75, 798.75, 529.5)) = 530 px.
        #expect(response.text.contains(#""columns":null,"rows":null"#))
        #expect(
            response.text.contains(
                #""frame":{"x":0,"y":178.66666666666666,"width":355,"height":176.66666666666666},"#
                    + #""sides":["left","bottom","right"]"#))
        let variants = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array(
                (statuses + #", "variants": {"m": {"style": "mosaic", "content_width": 355, "scale": 3}, "c": {}}}"#)
                    .utf8))
        #expect(variants.text.contains(#""sides":["left","bottom","right"]"#))
        let refused = try client.request(
            "POST", "/v1/timeline/layout", body: Array(#"{"statuses": [], "options": {"min_item_width": 80}}"#.utf8))
        #expect(refused.status == 422)
        let errors = try #require((try refused.json() as? [String: Any])?["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["#/options/min_item_width"])
    }

    /// The browser's `grid_origin` thumbnails follow the mosaic of `grid_options`: the second
    /// of two stacked 4:3 photos opens from (0, 536/3) + the origin.
    @Test func browserThumbnailFromMosaic() throws {
        let options = try GridOptions.validated(RawGridOptions(style: "mosaic", contentWidth: 355, scale: 3))
        let sizes = [Size(width: 400, height: 300), Size(width: 400, height: 300)]
        let frame = BrowserThumbnailRules.frame(
            at: 1, count: 2,
            source: .grid(origin: Point(x: 10, y: 100), options: options, singlePictureSize: nil, pictureSizes: sizes))
        #expect(frame == Rect(x: 10, y: 100 + 536.0 / 3, width: 355, height: 530.0 / 3))
    }
}
