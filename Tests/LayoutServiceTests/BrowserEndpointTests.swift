import Foundation
import Testing

@testable import LayoutService

@Suite(.serialized)
struct BrowserEndpointTests {
    static let screen = #""screen": {"width": 375, "height": 667}"#

    func post(_ service: RunningService, _ path: String, _ body: String) throws -> (Int, [String: Any]) {
        let response = try service.client().request(
            "POST", path, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        return (response.status, try #require(try response.json() as? [String: Any]))
    }

    /// Open on the first of two pictures from a classic grid at (12, 240): fill_width 440×660 on
    /// 375×667 is 375×562.5 centred at y 52.5; `from` is the grid cell moved to the origin.
    @Test func openFromGridOrigin() throws {
        let service = try RunningService()
        let (status, json) = try post(
            service, "/v1/browser/open",
            #"""
            {\#(Self.screen), "photos": [{"url": "http://h/bmiddle/a.jpg", "width": 440, "height": 660}, {"url": "http://h/bmiddle/b.jpg"}],
             "index": 0, "grid_origin": {"x": 12, "y": 240}, "transition": {"keyframes": true, "fps": 10}}
            """#)
        #expect(status == 200)
        #expect(json["count"] as? Int == 2)
        #expect((json["page_label"] as? [String: Any])?["text"] as? String == "1/2")
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages[0]["photo_frame"] as? [String: Double] == ["x": 0, "y": 52.5, "width": 375, "height": 562.5])
        #expect(pages[1]["placeholder"] as? Bool == true)
        #expect(pages[1]["photo_frame"] as? [String: Double] == ["x": 0, "y": 146, "width": 375, "height": 375])
        let transition = try #require(json["transition"] as? [String: Any])
        #expect(transition["from"] as? [String: Double] == ["x": 12, "y": 240, "width": 70, "height": 70])
        #expect(transition["to"] as? [String: Double] == ["x": 0, "y": 52.5, "width": 375, "height": 562.5])
        let keyframes = try #require(transition["keyframes"] as? [[String: Any]])
        // 0.5 s at 10 fps: t = 0, 0.1, …, 0.5 — six samples, the last at progress 1.
        #expect(keyframes.count == 6)
        #expect(keyframes.last?["progress"] as? Double == 1)
    }

    /// Close below a scrolled viewport: scroll_to = item.maxY − viewport height, `to` after the scroll.
    @Test func closeRescrollsBelow() throws {
        let service = try RunningService()
        let (status, json) = try post(
            service, "/v1/browser/close",
            #"""
            {\#(Self.screen), "photos": [{"url": "http://h/bmiddle/a.jpg", "width": 440, "height": 660}], "index": 0,
             "thumbnail_frames": [{"x": 12, "y": 900, "width": 70, "height": 70}],
             "scroll": {"viewport": {"x": 0, "y": 64, "width": 375, "height": 603}, "content_offset": {"x": 0, "y": 0},
                        "content_size": {"width": 375, "height": 2000}}}
            """#)
        #expect(status == 200)
        #expect(json["scroll_to"] as? [String: Double] == ["x": 0, "y": 367])
        let transition = try #require(json["transition"] as? [String: Any])
        #expect(transition["to"] as? [String: Double] == ["x": 12, "y": 597, "width": 70, "height": 70])
        #expect(transition["fade"] as? Bool == false)
    }

    /// The album of 7 on a 375-wide screen: 3 aligned columns 11 apart, content height 373.
    @Test func albumOfSeven() throws {
        let service = try RunningService()
        let (status, json) = try post(service, "/v1/album/layout", #"{\#(Self.screen), "count": 7}"#)
        #expect(status == 200)
        #expect(json["columns"] as? Int == 3 && json["rows"] as? Int == 3)
        #expect(json["content_size"] as? [String: Double] == ["width": 375, "height": 373])
        #expect((json["items"] as? [[String: Double]])?.last == ["x": 10, "y": 252, "width": 111, "height": 111])
    }

    /// A justified album over HTTP (docs/API.md §5): 600×400, 400×400 and 400×600 at W 375 fill
    /// one row at (375 − 8 − 4)/2.5 = 145.2 (rounded 145) and leave the portrait picture as the
    /// widow; an unknown style is a 422 at `#/style`.
    @Test func justifiedAlbum() throws {
        let service = try RunningService()
        let photos = #"[{"width": 600, "height": 400}, {"width": 400, "height": 400}, {"width": 400, "height": 600}]"#
        let body = #"{\#(Self.screen), "style": "justified", "photos": \#(photos)}"#
        let (status, json) = try post(service, "/v1/album/layout", body)
        #expect(status == 200)
        #expect(json["columns"] is NSNull)
        #expect(json["rows"] as? Int == 2 && json["widows"] as? Int == 1)
        #expect(json["content_size"] as? [String: Double] == ["width": 375, "height": 302.5])
        #expect((json["items"] as? [[String: Double]])?.last == ["x": 4, "y": 153, "width": 97, "height": 145])
        let (refused, problem) = try post(service, "/v1/album/layout", #"{\#(Self.screen), "style": "masonry"}"#)
        #expect(refused == 422)
        #expect((problem["errors"] as? [[String: Any]])?.first?["pointer"] as? String == "#/style")
    }

    /// Invalid values are 422 problems with a pointer each; a wrong type is 400.
    @Test func invalidBodies() throws {
        let service = try RunningService()
        let (status, json) = try post(
            service, "/v1/browser/open",
            #"{"screen": {"width": -375, "height": 667}, "photos": [{"url": "u"}], "index": 3}"#)
        #expect(status == 422)
        let pointers = (json["errors"] as? [[String: String]])?.compactMap { $0["pointer"] }
        #expect(pointers == ["#/screen/width", "#/index"])
        let (wrongType, _) = try post(
            service, "/v1/browser/close", #"{"screen": "big", "photos": [{"url": "u"}], "index": 0}"#)
        #expect(wrongType == 400)
        let (badCurve, curveJSON) = try post(
            service, "/v1/browser/open",
            #"{\#(Self.screen), "photos": [{"url": "u"}], "index": 0, "transition": {"curve": "bounce"}}"#)
        #expect(badCurve == 422)
        #expect((curveJSON["errors"] as? [[String: String]])?.first?["pointer"] == "#/transition/curve")
    }
}
