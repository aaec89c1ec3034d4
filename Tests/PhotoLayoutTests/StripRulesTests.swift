import Testing

@testable import PhotoLayout

struct StripRulesTests {
    static let screen = Size(width: 375, height: 667)

    func strip(count: Int, selected: Int, from start: Double = 0, screen: Size = StripRulesTests.screen) -> StripLayout
    {
        StripRules.layout(
            count: count,
            selected: selected,
            screen: screen,
            startOffset: start,
            grid: PixelGrid(scale: 2)
        )
    }

    /// Frame (0, H − 100, W, 100), items 70×96 at 2 + i·72, content n·72 + 2, border 5.
    @Test func geometry() {
        let layout = strip(count: 9, selected: 0)
        #expect(layout.frame == Rect(x: 0, y: 567, width: 375, height: 100))
        #expect(layout.contentSize == Size(width: 650, height: 100))
        #expect(layout.items.count == 9)
        #expect(layout.items[0] == Rect(x: 2, y: 2, width: 70, height: 96))
        #expect(layout.items[8] == Rect(x: 578, y: 2, width: 70, height: 96))
        #expect(layout.borderWidth == 5)
        #expect(layout.selected == 0)
    }

    /// The first item from the start needs no scroll; from the far end it scrolls back to its left edge, 2.
    @Test func firstItemAtBothEnds() {
        #expect(strip(count: 9, selected: 0).contentOffset == Point(x: 0, y: 0))
        #expect(strip(count: 9, selected: 0, from: 275).contentOffset == Point(x: 2, y: 0))
    }

    /// The last item from 0 scrolls just enough to show its right edge: 648 − 375 = 273.
    @Test func lastItemAtBothEnds() {
        #expect(strip(count: 9, selected: 8).contentOffset == Point(x: 273, y: 0))
        #expect(strip(count: 9, selected: 8, from: 275).contentOffset == Point(x: 275, y: 0))
    }

    /// An item already visible keeps the given offset; offsets are clamped to [0, 650 − 375].
    @Test func leastScrollAndClamping() {
        #expect(strip(count: 9, selected: 4, from: 100).contentOffset == Point(x: 100, y: 0))
        #expect(strip(count: 9, selected: 8, from: 1000).contentOffset == Point(x: 275, y: 0))
        #expect(strip(count: 9, selected: 1, from: -40).contentOffset == Point(x: 0, y: 0))
        // Content narrower than the screen (3·72 + 2 = 218) never scrolls.
        #expect(strip(count: 3, selected: 2, from: 50).contentOffset == Point(x: 0, y: 0))
    }

    /// On a 320-point screen the last of 9 scrolls to 648 − 320 = 328, the end of the content.
    @Test func narrowScreen() {
        let layout = strip(count: 9, selected: 8, screen: Size(width: 320, height: 568))
        #expect(layout.contentOffset == Point(x: 328, y: 0))
        #expect(layout.frame == Rect(x: 0, y: 468, width: 320, height: 100))
    }
}
