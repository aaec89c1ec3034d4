import JSONBytes
import Testing

@testable import PhotoLayout

struct ZoomRulesTests {
    /// The default limits are written as a constant text: the one their numbers give.
    @Test func defaultLimitsText() {
        let limits = ZoomRules.limits
        var members = JSONByteWriter()
        members.beginObject()
        members.key("min")
        members.number(limits.min)
        members.key("max")
        members.number(limits.max)
        members.key("double_tap")
        members.number(limits.doubleTap)
        members.endObject()
        let expected = members.finish()  // a ~Copyable writer cannot be captured by #expect's closure
        #expect(JSONByteWriter.encode(limits) == expected)
        let other = ZoomLimits(min: 0.5, max: 3, doubleTap: 2)
        #expect(String(decoding: JSONByteWriter.encode(other), as: UTF8.self) == #"{"min":0.5,"max":3,"double_tap":2}"#)
    }

    static let screen = Size(width: 375, height: 667)
    /// 440×660 in fill_width on 375×667, exact.
    static let photo = Rect(x: 0, y: 52.25, width: 375, height: 562.5)

    /// At the maximum scale the picture overflows both axes and sits at −offset.
    @Test func zoomedInFollowsTheOffset() {
        let frame = ZoomRules.frame(
            of: Self.photo,
            scale: 2.4,
            contentOffset: Point(x: 100, y: 200),
            screen: Self.screen
        )
        #expect(frame == Rect(x: -100, y: -200, width: 900, height: 1350))
    }

    /// Smaller than the screen on both axes (pinched to 0.5), it is centred whatever the offset.
    @Test func zoomedOutIsCentred() {
        let frame = ZoomRules.frame(of: Self.photo, scale: 0.5, contentOffset: Point(x: 30, y: 40), screen: Self.screen)
        #expect(frame == Rect(x: 93.75, y: 192.875, width: 187.5, height: 281.25))
    }

    /// At 1.1 it is wider than the screen but still shorter: x follows the offset, y is centred.
    @Test func mixedAxes() {
        let frame = ZoomRules.frame(of: Self.photo, scale: 1.1, contentOffset: Point(x: 12, y: 99), screen: Self.screen)
        #expect(frame.x == -12)
        #expect(abs(frame.y - (667 - 618.75) / 2) < 1e-9)
        #expect(abs(frame.width - 412.5) < 1e-9)
    }

    /// At scale 1 with no offset it is the picture frame itself (centring agrees with fill_width).
    @Test func identityAtScaleOne() {
        #expect(ZoomRules.frame(of: Self.photo, scale: 1, contentOffset: .zero, screen: Self.screen) == Self.photo)
    }
}
