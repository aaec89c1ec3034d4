import Foundation
import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The transition crops and keyframe sides through the browser's request and response.
struct BrowserTransitionCropTests {
    /// Status 22 of the client-API sample: one long picture, 420×9215 in `large`.
    static func longStatus() throws -> String {
        let sample = try JSONSerialization.jsonObject(with: Data(try ServiceFixtures.sample("client-api-timeline")))
        let status = try #require(((sample as? [String: Any])?["statuses"] as? [Any])?[22])
        return String(decoding: try JSONSerialization.data(withJSONObject: status), as: UTF8.self)
    }

    /// Closing the large variant of that picture (a 375 × 8227.5 page) onto its 70×70 thumbnail
    /// with a spring: the spring overshoots 1 by about 1 %, past the thumbnail, and the keyframe
    /// height stops at 0 instead of going below it; every crop is the crop rule's on the large
    /// variant's size, written in the response.
    @Test func springCloseFromLongPage() throws {
        let json = #"""
            {"screen": {"width": 375, "height": 667}, "index": 0, "variant": "large", "status": \#(try Self.longStatus()),
             "grid_origin": {"x": 12, "y": 300}, "transition": {"keyframes": true, "curve": "spring"}}
            """#
        let response = try BrowserAPI.close(json: bytes(json))
        let transition = response.transition
        let from = try #require(transition.from)
        let to = try #require(transition.to)
        #expect(from == Rect(x: 0, y: 0, width: 375, height: 8227.5))
        #expect(to == Rect(x: 12, y: 300, width: 70, height: 70))
        #expect(transition.keyframes.allSatisfy { $0.frame.width >= 0 && $0.frame.height >= 0 })
        #expect(transition.keyframes.contains { $0.progress > 1 && $0.frame.height == 0 })
        let large = Size(width: 420, height: 9215)
        #expect(transition.fromCrop == CropRule.crop(pictureSize: large, frame: from))
        // The thumbnail shows the top 420/9215 of the large picture.
        #expect(transition.toCrop == Rect(x: 0, y: 0, width: 1, height: 420.0 / 9215))
        for keyframe in transition.keyframes {
            let q = min(max(keyframe.progress, 0), 1)
            let frame = Rect(
                x: from.x + (to.x - from.x) * q, y: from.y + (to.y - from.y) * q,
                width: from.width + (to.width - from.width) * q, height: from.height + (to.height - from.height) * q)
            #expect(keyframe.crop == CropRule.crop(pictureSize: large, frame: frame))
        }
        let bytes = JSONByteWriter.encode(response)
        // The text itself: Foundation's parser reads some doubles one ulp off.
        #expect(
            String(decoding: bytes, as: UTF8.self).contains(
                #""to":{"x":12,"y":300,"width":70,"height":70},"from_crop":"#
                    + #"{"x":0,"y":0,"width":1,"height":\#((420.0 / 9215) / (375 / 8227.5))},"#
                    + #""to_crop":{"x":0,"y":0,"width":1,"height":\#(420.0 / 9215)},"duration""#))
        let written = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let wire = try #require(written["transition"] as? [String: Any])
        let keyframes = try #require(wire["keyframes"] as? [[String: Any]])
        #expect(keyframes.allSatisfy { ($0["frame"] as? [String: Double])?["height"].map { $0 >= 0 } == true })
        #expect(keyframes.allSatisfy { $0["crop"] is [String: Double] })
    }
}
