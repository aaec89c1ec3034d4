import Foundation
import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// A status copied from the client-API sample into PhotoLayoutTests/Fixtures/, as request-body JSON.
func browserFixture(_ name: String) throws -> String {
    let url = ServiceFixtures.samplesDirectory.deletingLastPathComponent().appendingPathComponent("\(name).json")
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

func bytes(_ json: String) -> [UInt8] {
    Array(json.utf8)
}

struct BrowserAPITests {
    static let screen = #""screen": {"width": 375, "height": 667}"#

    /// A client-API status: bmiddle URLs and sizes, the long first picture from the top, the classic grid for `from`.
    @Test func openOnStatus() throws {
        let status = try browserFixture("browser-status-two-pictures-long-first")
        let json =
            #"{\#(Self.screen), "scale": 2, "index": 1, "grid_origin": {"x": 12, "y": 240}, "status": \#(status)}"#
        let response = try BrowserAPI.open(json: bytes(json))
        #expect(response.count == 2)
        #expect(response.pages[0].url == "http://ww2.sinaimg.cn/or360/6204ece1gw1evvzegkumsj20k069f4hm.jpg")
        #expect(response.pages[0].photoFrame == Rect(x: 0, y: 0, width: 375, height: 1250))
        #expect(response.pages[1].photoFrame == Rect(x: 0, y: 223.5, width: 375, height: 219.5))
        #expect(response.transition.from == Rect(x: 92, y: 240, width: 70, height: 70))
        #expect(response.transition.to == Rect(x: 0, y: 223.5, width: 375, height: 219.5))
        #expect(response.pageLabel.text == "2/2")
        #expect(response.strip.contentOffset == Point(x: 0, y: 0))
    }

    /// `"variant": "large"`: `large_url` (the info's `large`, wap720) and the largest size (720×8115: 4226.5625 tall).
    @Test func openOnStatusLargeVariant() throws {
        let status = try browserFixture("browser-status-two-pictures-long-first")
        let json = #"{\#(Self.screen), "index": 0, "variant": "large", "status": \#(status)}"#
        let response = try BrowserAPI.open(json: bytes(json))
        #expect(response.pages[0].url == "http://ww2.sinaimg.cn/wap720/6204ece1gw1evvzegkumsj20k069f4hm.jpg")
        #expect(response.pages[0].photoFrame == Rect(x: 0, y: 0, width: 375, height: 4226.5))
        #expect(response.transition.fade)
        #expect(response.transition.from == nil)
    }

    /// A retweet without pictures of its own shows the retweeted ones; the adaptive grid sizes the single thumbnail.
    @Test func openOnRetweet() throws {
        let status = try browserFixture("browser-status-retweet-single-portrait")
        let json = #"""
            {\#(Self.screen), "index": 0, "status": \#(status), "grid_origin": {"x": 12, "y": 300},
             "grid_options": {"style": "adaptive", "content_width": 355}}
            """#
        let response = try BrowserAPI.open(json: bytes(json))
        #expect(response.count == 1)
        #expect(response.transition.from == Rect(x: 12, y: 300, width: 132.5, height: 235))
        #expect(response.pages[0].photoFrame == Rect(x: 0, y: 0.5, width: 375, height: 665.5))
    }

    /// The `grid_origin` thumbnail of a single picture sized only in `large` (640×1136) is the
    /// timeline's adaptive cell (docs/API.md §4): 640/1136·235 = 132.39… → 132.5 wide, 235 tall.
    @Test func gridOriginSinglePictureSizedOnlyInLarge() throws {
        let status = #"""
            {"pic_ids": ["p"], "pic_infos": {"p": {"thumbnail": {"url": "http://h/thumbnail/p.jpg"},
             "large": {"url": "http://h/large/p.jpg", "width": 640, "height": 1136}}}}
            """#
        let json = #"""
            {\#(Self.screen), "index": 0, "status": \#(status), "grid_origin": {"x": 12, "y": 300},
             "grid_options": {"style": "adaptive", "content_width": 355}}
            """#
        let response = try BrowserAPI.open(json: bytes(json))
        #expect(response.transition.from == Rect(x: 12, y: 300, width: 132.5, height: 235))
    }

    /// Every response field of §7.1 is written, `null` ones included, in snake_case.
    @Test func openJSONShape() throws {
        let json =
            #"{\#(Self.screen), "photos": [{"url": "http://x/a.jpg", "width": 440, "height": 660}], "index": 0}"#
        let data = Data(JSONByteWriter.encode(try BrowserAPI.open(json: bytes(json))))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "index", "count", "content_size", "content_offset", "page_label", "pages", "strip", "transition",
            ]
        )
        let page = try #require((object["pages"] as? [[String: Any]])?.first)
        #expect(
            Set(page.keys) == ["index", "url", "frame", "photo_frame", "placeholder", "zoom", "pan", "watermark_frame"]
        )
        #expect(page["pan"] is NSNull)
        #expect(page["watermark_frame"] is NSNull)
        #expect(Set((page["zoom"] as? [String: Any])?.keys ?? [:].keys) == ["min", "max", "double_tap"])
        let strip = try #require(object["strip"] as? [String: Any])
        #expect(Set(strip.keys) == ["frame", "content_size", "content_offset", "selected", "border_width", "items"])
        let transition = try #require(object["transition"] as? [String: Any])
        #expect(
            Set(transition.keys) == ["from", "to", "from_crop", "to_crop", "duration", "curve", "fade", "keyframes"])
        #expect(transition["from"] is NSNull)
        #expect(transition["curve"] as? String == "ease_in_out")
    }

    /// Close: `scroll_to` is written as null when no scroll is needed, and keyframes as asked.
    @Test func closeJSONShape() throws {
        let json = #"""
            {\#(Self.screen), "photos": [{"url": "u", "width": 440, "height": 660}], "index": 0,
             "thumbnail_frames": [{"x": 12, "y": 240, "width": 70, "height": 70}],
             "transition": {"keyframes": true, "curve": "spring", "corner_radius_from": 0, "corner_radius_to": 6}}
            """#
        let response = try BrowserAPI.close(json: bytes(json))
        #expect(response.transition.duration == 35.0 / 60)
        #expect(response.transition.keyframes.count == 36)
        #expect(response.transition.keyframes.last?.cornerRadius == 6)
        let data = Data(JSONByteWriter.encode(response))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["index", "transition", "scroll_to"])
        #expect(object["scroll_to"] is NSNull)
        let keyframe = try #require(((object["transition"] as? [String: Any])?["keyframes"] as? [[String: Any]])?.first)
        #expect(Set(keyframe.keys) == ["t", "progress", "frame", "corner_radius", "crop"])
    }

    /// Close with a zoom state and a scroll context.
    @Test func closeWithZoomAndScroll() throws {
        let json = #"""
            {\#(Self.screen), "photos": [{"url": "u", "width": 440, "height": 660}], "index": 0,
             "thumbnail_frames": [{"x": 12, "y": 300, "width": 70, "height": 70}],
             "zoom": {"scale": 2.4, "content_offset": {"x": 100, "y": 200}},
             "scroll": {"viewport": {"x": 0, "y": 64, "width": 375, "height": 603},
                        "content_offset": {"x": 0, "y": 500}, "content_size": {"width": 375, "height": 2000}}}
            """#
        let response = try BrowserAPI.close(json: bytes(json))
        #expect(response.transition.from == Rect(x: -100, y: -200, width: 900, height: 1350))
        #expect(response.scrollTo == Point(x: 0, y: 300))
        #expect(response.transition.to == Rect(x: 12, y: 64, width: 70, height: 70))
    }

    /// The album: count, custom spacing and inset, scale.
    @Test func album() throws {
        let response = try #require(try BrowserAPI.album(json: bytes(#"{\#(Self.screen), "count": 7}"#)).grid)
        #expect(response.columns == 3)
        #expect(response.items[6] == Rect(x: 10, y: 252, width: 111, height: 111))
        let custom = try #require(
            try BrowserAPI.album(
                json: bytes(#"{\#(Self.screen), "count": 4, "item_size": 100, "spacing": 0, "inset": 0}"#)
            ).grid)
        #expect(custom.columns == 3)
        #expect(custom.items[1] == Rect(x: 137.5, y: 0, width: 100, height: 100))
        #expect(custom.contentSize == Size(width: 375, height: 200))
    }
}
