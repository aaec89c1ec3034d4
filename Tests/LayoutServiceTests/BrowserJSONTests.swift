import Foundation
import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The browser responses through `JSONByteWriter` mean exactly what their `Encodable`
/// conformances say (both parsed and compared), nulls included.
struct BrowserJSONTests {
    static func parsed(_ bytes: [UInt8]) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject
    }

    static func encoded(_ value: some Encodable) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed]) as? NSObject
    }

    /// Open, with a spring's keyframes, aspect_fill pan and a watermark on a wide picture.
    @Test func openResponse() throws {
        let body = #"""
            {"screen": {"width": 375, "height": 667}, "scale": 3, "index": 1, "content_mode": "aspect_fill",
             "photos": [{"url": "http://h/a.jpg", "width": 440, "height": 660}, {"url": "http://h/b.jpg", "width": 1600, "height": 900}, {"url": "http://h/c.jpg"}],
             "grid_origin": {"x": 12, "y": 240}, "page_spacing": 20, "watermark": {"width": 80, "height": 20},
             "transition": {"keyframes": true, "curve": "spring", "corner_radius_from": 4}}
            """#
        let response = try BrowserAPI.open(json: Array(body.utf8))
        #expect(
            response.pages[1].pan != nil && response.pages[1].watermarkFrame != nil
                && response.pages[2].watermarkFrame == nil)
        #expect(!response.transition.keyframes.isEmpty)
        let ours = try Self.parsed(JSONByteWriter.encode(response))
        let theirs = try Self.encoded(response)
        #expect(ours != nil && ours == theirs)
    }

    /// Close with a fade (no thumbnail): `to` and `scroll_to` are null in both encodings.
    @Test func closeResponseWithNulls() throws {
        let body =
            #"{"screen": {"width": 320, "height": 568}, "index": 0, "photos": [{"url": "u", "width": 10, "height": 30}], "thumbnail_frames": [null]}"#
        let response = try BrowserAPI.close(json: Array(body.utf8))
        #expect(response.transition.to == nil && response.scrollTo == nil)
        let text = String(decoding: JSONByteWriter.encode(response), as: UTF8.self)
        #expect(text.contains(#""to":null"#) && text.hasSuffix(#""scroll_to":null}"#))
        let (ours, theirs) = (try Self.parsed(JSONByteWriter.encode(response)), try Self.encoded(response))
        #expect(ours != nil && ours == theirs)
    }

    /// The album of 30.
    @Test func albumResponse() throws {
        let response = try BrowserAPI.album(
            json: Array(#"{"screen": {"width": 414, "height": 896}, "count": 30}"#.utf8))
        let (ours, theirs) = (try Self.parsed(JSONByteWriter.encode(response)), try Self.encoded(response))
        #expect(ours != nil && ours == theirs)
    }
}
