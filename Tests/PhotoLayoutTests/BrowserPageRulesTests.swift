import JSONBytes
import Testing

@testable import PhotoLayout

struct BrowserPageRulesTests {
    static let iPhone8 = Size(width: 375, height: 667)

    func input(count: Int, index: Int, spacing: Double = 0, scale: Double = 2) -> BrowserInput {
        BrowserInput(
            screen: Self.iPhone8,
            pixelGrid: PixelGrid(scale: scale),
            pictures: (0..<count).map {
                BrowserPicture(url: ByteString("p\($0)"), size: Size(width: 440, height: 660))
            },
            index: index,
            pageSpacing: spacing
        )
    }

    /// Without spacing (HVWWeibo): page i at (i·W, 0, W, H), content (n·W, H), offset (i·W, 0).
    @Test func pagesWithoutSpacing() throws {
        let response = try BrowserRules.open(input(count: 9, index: 4))
        #expect(response.count == 9)
        #expect(response.index == 4)
        #expect(response.contentSize == Size(width: 3375, height: 667))
        #expect(response.contentOffset == Point(x: 1500, y: 0))
        #expect(response.pages.map(\.frame.x) == [0, 375, 750, 1125, 1500, 1875, 2250, 2625, 3000])
        #expect(response.pages[4].frame == Rect(x: 1500, y: 0, width: 375, height: 667))
        #expect(response.pages.map(\.index) == Array(0..<9))
    }

    /// With `page_spacing` 20 (YYKit): page i at i·395 + 10, content 9·395, offset i·395.
    @Test func pagesWithSpacing() throws {
        let response = try BrowserRules.open(input(count: 9, index: 4, spacing: 20))
        #expect(response.contentSize == Size(width: 3555, height: 667))
        #expect(response.contentOffset == Point(x: 1580, y: 0))
        #expect(response.pages[0].frame == Rect(x: 10, y: 0, width: 375, height: 667))
        #expect(response.pages[4].frame == Rect(x: 1590, y: 0, width: 375, height: 667))
        #expect(
            BrowserPageRules.pagingFrame(screen: Self.iPhone8, spacing: 20)
                == Rect(x: -10, y: 0, width: 395, height: 667)
        )
        // The picture frame stays in the page's own coordinates whatever the spacing.
        #expect(response.pages[4].photoFrame == Rect(x: 0, y: 52.5, width: 375, height: 562.5))
    }

    /// A spacing of 5 puts pages on half points: 2.5 is 7.5 px at 3x, rounded away from zero to 8 px (2.6666…).
    @Test func oddSpacingIsRoundedOnce() throws {
        let response = try BrowserRules.open(input(count: 2, index: 1, spacing: 5, scale: 3))
        #expect(response.pages[0].frame.x == 2.6666666666666665)
        #expect(response.pages[1].frame.x == 382.6666666666667)
        #expect(response.contentOffset == Point(x: 380, y: 0))
    }

    /// The label reads "{i+1}/{n}" at (0, 10, W, 35).
    @Test func pageLabel() throws {
        let response = try BrowserRules.open(input(count: 9, index: 2))
        #expect(response.pageLabel == BrowserPageLabel(text: "3/9", frame: Rect(x: 0, y: 10, width: 375, height: 35)))
        let single = try BrowserRules.open(input(count: 1, index: 0))
        #expect(single.pageLabel.text == "1/1")
    }

    /// Every page carries the HWPhotoVC zoom: min 1, max 2.4, double tap 2.4.
    @Test func zoomLimits() throws {
        let response = try BrowserRules.open(input(count: 3, index: 0))
        #expect(response.pages.allSatisfy { $0.zoom == ZoomLimits(min: 1, max: 2.4, doubleTap: 2.4) })
    }

    /// A picture of unknown size is a placeholder page with the W×W square.
    @Test func placeholderPage() throws {
        var browser = input(count: 2, index: 0)
        browser.pictures[1] = BrowserPicture(url: nil, size: nil)
        let response = try BrowserRules.open(browser)
        #expect(response.pages[1].placeholder)
        #expect(!response.pages[0].placeholder)
        #expect(response.pages[1].photoFrame == Rect(x: 0, y: 146, width: 375, height: 375))
        #expect(response.pages[1].url == nil)
    }

    /// The label's text is the interpolation's, byte for byte: one and many digits, zero,
    /// negatives, the extremes of `Int` (41 bytes, past a small string's 15).
    @Test func labelTextIsTheInterpolation() {
        let numbers = [0, 1, 5, 9, 10, 18, 99, 100, 12345, 999_999_999_999_999, -1, -10, Int.max, Int.min]
        for number in numbers {
            for count in numbers {
                #expect(BrowserPageRules.labelText(number, of: count) == "\(number)/\(count)")
            }
        }
        #expect(BrowserPageRules.label(index: 4, count: 9, screen: Size(width: 390, height: 844)).text == "5/9")
    }
}
