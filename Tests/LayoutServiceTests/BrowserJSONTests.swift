import Foundation
import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The browser responses as `JSONByteWriter` writes them, parsed back by Foundation: the
/// values of the response, `null`s included, the same in compact and indented output.
struct BrowserJSONTests {
    static func parsed(_ bytes: [UInt8]) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject
    }

    /// A frame as the writer writes it, parsed.
    static func frame(_ rect: Rect?) -> [String: Double]? {
        rect.map { ["x": $0.x, "y": $0.y, "width": $0.width, "height": $0.height] }
    }

    /// The response parsed, after checking that its indented form means the same.
    static func object(_ value: some JSONByteEncodable) throws -> [String: Any] {
        let compact = try parsed(JSONByteWriter.encode(value))
        let indented = try parsed(JSONByteWriter.encode(value, indented: true))
        #expect(compact != nil && compact == indented)
        return try #require(compact as? [String: Any])
    }

    /// An open request with a spring's keyframes, an aspect_fill pan on a wide picture, a
    /// watermark and a placeholder page (also used by `OutputKeySetTests`).
    static let springOpen = #"""
        {"screen": {"width": 375, "height": 667}, "scale": 3, "index": 1, "content_mode": "aspect_fill",
         "photos": [{"url": "http://h/a.jpg", "width": 440, "height": 660}, {"url": "http://h/b.jpg", "width": 1600, "height": 900}, {"url": "http://h/c.jpg"}],
         "grid_origin": {"x": 12, "y": 240}, "page_spacing": 20, "watermark": {"width": 80, "height": 20},
         "transition": {"keyframes": true, "curve": "spring", "corner_radius_from": 4}}
        """#

    /// Open, with a spring's keyframes, aspect_fill pan and a watermark on a wide picture.
    @Test func openResponse() throws {
        let response = try BrowserAPI.open(json: Array(Self.springOpen.utf8))
        let pan = try #require(response.pages[1].pan)
        #expect(response.pages[1].watermarkFrame != nil && response.pages[2].watermarkFrame == nil)
        #expect(!response.transition.keyframes.isEmpty)
        let object = try Self.object(response)
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages.map { $0["url"] as? String } == response.pages.map { $0.url?.description })
        #expect(
            pages.map { $0["photo_frame"] as? [String: Double] } == response.pages.map { Self.frame($0.photoFrame) })
        #expect(pages[1]["pan"] as? [String: Double] == ["min": pan.min, "max": pan.max, "initial": pan.initial])
        #expect(pages[2]["watermark_frame"] is NSNull)
        #expect(pages[1]["watermark_frame"] as? [String: Double] == Self.frame(response.pages[1].watermarkFrame))
        let transition = try #require(object["transition"] as? [String: Any])
        #expect(transition["curve"] as? String == "spring")
        #expect(transition["duration"] as? Double == response.transition.duration)
        // Exact digits: JSONDecoder reads doubles correctly rounded (JSONSerialization here does not).
        let wire = try JSONDecoder().decode(WireOpen.self, from: Data(JSONByteWriter.encode(response)))
        #expect(wire.transition.keyframes.map(\.keyframe) == response.transition.keyframes)
    }

    /// The keyframes of an open response, by their wire names.
    struct WireOpen: Decodable {
        struct Transition: Decodable {
            var keyframes: [WireKeyframe]
        }

        var transition: Transition
    }

    struct WireKeyframe: Decodable {
        var t: Double
        var progress: Double
        var frame: Rect
        var cornerRadius: Double
        var crop: Rect?

        enum CodingKeys: String, CodingKey {
            case t, progress, frame, crop
            case cornerRadius = "corner_radius"
        }

        var keyframe: Keyframe {
            Keyframe(t: t, progress: progress, frame: frame, cornerRadius: cornerRadius, crop: crop)
        }
    }

    /// Close with a fade (no thumbnail): `to` and `scroll_to` are null.
    @Test func closeResponseWithNulls() throws {
        let body =
            #"{"screen": {"width": 320, "height": 568}, "index": 0, "photos": [{"url": "u", "width": 10, "height": 30}], "thumbnail_frames": [null]}"#
        let response = try BrowserAPI.close(json: Array(body.utf8))
        #expect(response.transition.to == nil && response.scrollTo == nil)
        let text = String(decoding: JSONByteWriter.encode(response), as: UTF8.self)
        #expect(text.contains(#""to":null"#) && text.hasSuffix(#""scroll_to":null}"#))
        let object = try Self.object(response)
        let transition = try #require(object["transition"] as? [String: Any])
        #expect(transition["from"] as? [String: Double] == Self.frame(response.transition.from))
        #expect(transition["fade"] as? Bool == true)
        #expect(transition["keyframes"] as? [Any] != nil && (transition["keyframes"] as? [Any])?.isEmpty == true)
    }

    /// The album of 30: every item frame as computed.
    @Test func albumResponse() throws {
        let response = try #require(
            try BrowserAPI.album(json: Array(#"{"screen": {"width": 414, "height": 896}, "count": 30}"#.utf8)).grid)
        let object = try Self.object(response)
        #expect(object["columns"] as? Int == response.columns)
        #expect(object["rows"] as? Int == response.rows)
        #expect(object["items"] as? [[String: Double]] == response.items.map { Self.frame($0) })
    }
}
