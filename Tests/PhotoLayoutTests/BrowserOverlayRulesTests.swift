import Testing

@testable import PhotoLayout

struct BrowserOverlayRulesTests {
    func page(_ picture: Size, mode: BrowserContentMode, scale: Double = 2, watermark: BrowserWatermark? = nil) throws
        -> BrowserPage
    {
        let input = BrowserInput(
            screen: Size(width: 375, height: 667),
            pixelGrid: PixelGrid(scale: scale),
            pictures: [BrowserPicture(url: "u", size: picture)],
            index: 0,
            contentMode: mode,
            watermark: watermark
        )
        return try BrowserRules.open(input).pages[0]
    }

    static let mark = BrowserWatermark(size: Size(width: 80, height: 20))

    /// The watermark sits 10 in from the bottom-right of the picture: (285, 584.75) exact, 585 at 2x, 584.67 at 3x.
    @Test func watermarkOnCentredPicture() throws {
        #expect(
            try page(Size(width: 440, height: 660), mode: .fillWidth, watermark: Self.mark).watermarkFrame
                == Rect(x: 285, y: 585, width: 80, height: 20)
        )
        #expect(
            try page(Size(width: 440, height: 660), mode: .fillWidth, scale: 3, watermark: Self.mark).watermarkFrame
                == Rect(x: 285, y: 584.6666666666666, width: 80, height: 20)
        )
    }

    /// On a picture overflowing the screen only the visible part counts: the screen's corner.
    @Test func watermarkOnOverflowingPictures() throws {
        let expected = Rect(x: 285, y: 637, width: 80, height: 20)
        #expect(
            try page(Size(width: 660, height: 440), mode: .aspectFill, watermark: Self.mark).watermarkFrame == expected
        )
        #expect(
            try page(Size(width: 440, height: 2000), mode: .fillWidth, watermark: Self.mark).watermarkFrame == expected
        )
    }

    /// A custom margin, and no watermark when none is asked for.
    @Test func watermarkMarginAndAbsence() throws {
        let mark = BrowserWatermark(size: Size(width: 80, height: 20), margin: 0)
        #expect(
            try page(Size(width: 500, height: 500), mode: .aspectFit, watermark: mark).watermarkFrame
                == Rect(x: 295, y: 501, width: 80, height: 20)
        )
        #expect(try page(Size(width: 500, height: 500), mode: .aspectFit).watermarkFrame == nil)
    }

    /// aspect_fill of 660×440: width 1000.5, pan 0…625.5 starting at 312.75 (313 at 2x, 312.67 at 3x).
    @Test func gyroscopePan() throws {
        #expect(
            try page(Size(width: 660, height: 440), mode: .aspectFill).pan
                == BrowserPanRange(min: 0, max: 625.5, initial: 313)
        )
        #expect(
            try page(Size(width: 660, height: 440), mode: .aspectFill, scale: 3).pan
                == BrowserPanRange(min: 0, max: 625.6666666666666, initial: 312.6666666666667)
        )
    }

    /// No pan for pictures not wider than the screen, nor outside aspect_fill.
    @Test func noPan() throws {
        #expect(try page(Size(width: 440, height: 2000), mode: .aspectFill).pan == nil)
        #expect(try page(Size(width: 660, height: 440), mode: .fillWidth).pan == nil)
        #expect(try page(Size(width: 660, height: 440), mode: .aspectFit).pan == nil)
    }
}
