import Testing

@testable import PhotoLayout

struct TransitionRulesTests {
    static let screen = Size(width: 375, height: 667)
    static let portrait = Size(width: 440, height: 660)

    func browser(
        count: Int = 9,
        index: Int = 4,
        thumbnails: BrowserThumbnailSource,
        transition: TransitionOptions = TransitionOptions()
    ) -> BrowserInput {
        BrowserInput(
            screen: Self.screen,
            pictures: Array(repeating: BrowserPicture(url: "u", size: Self.portrait), count: count),
            index: index,
            thumbnails: thumbnails,
            transition: transition
        )
    }

    /// Open from a given thumbnail frame to the fill_width frame, ease-in-out over 0.5 s.
    @Test func openFromGivenFrame() throws {
        let frames: [Rect?] = [Rect(x: 12.3, y: 240, width: 70, height: 70)]
        let transition = try TransitionRules.open(browser(count: 1, index: 0, thumbnails: .frames(frames)))
        #expect(transition.from == Rect(x: 12.5, y: 240, width: 70, height: 70))
        #expect(transition.to == Rect(x: 0, y: 52.5, width: 375, height: 562.5))
        #expect(transition.duration == 0.5)
        #expect(transition.curve == .easeInOut)
        #expect(!transition.fade)
        #expect(transition.keyframes.isEmpty)
    }

    /// With a grid origin the classic grid places picture 4 of 9 at (80, 80) from the origin.
    @Test func openFromClassicGrid() throws {
        let source = BrowserThumbnailSource.grid(
            origin: Point(x: 12, y: 240),
            options: GridOptions(),
            singlePictureSize: nil
        )
        let transition = try TransitionRules.open(browser(thumbnails: source))
        #expect(transition.from == Rect(x: 92, y: 320, width: 70, height: 70))
        // The same frame GridRules.geometry gives, moved to the origin.
        let cell = try #require(GridRules.geometry(count: 9, options: GridOptions())?.frames[4])
        #expect(transition.from == cell.offsetBy(dx: 12, dy: 240))
    }

    /// An adaptive single portrait: L = 2·px(359/3 − 4) + 4 = 235, width 440/660·235 = 156.67 → 156.5 at 2x.
    @Test func openFromAdaptiveSinglePicture() throws {
        let options = GridOptions(style: .adaptive, contentWidth: 355)
        let source = BrowserThumbnailSource.grid(
            origin: Point(x: 12, y: 240),
            options: options,
            singlePictureSize: Self.portrait
        )
        let transition = try TransitionRules.open(browser(count: 1, index: 0, thumbnails: source))
        #expect(transition.from == Rect(x: 12, y: 240, width: 156.5, height: 235))
    }

    /// Past max_items, a null frame, or no source: no thumbnail, so a fade without keyframes.
    @Test func fadeWithoutThumbnail() throws {
        let keyframes = TransitionOptions(keyframes: true)
        let grid = BrowserThumbnailSource.grid(origin: .zero, options: GridOptions(), singlePictureSize: nil)
        let sources: [(BrowserInput)] = [
            browser(count: 10, index: 9, thumbnails: grid, transition: keyframes),
            browser(
                count: 2,
                index: 1,
                thumbnails: .frames([Rect(x: 0, y: 0, width: 10, height: 10), nil]),
                transition: keyframes
            ),
            browser(count: 2, index: 1, thumbnails: .none, transition: keyframes),
        ]
        for input in sources {
            let transition = try TransitionRules.open(input)
            #expect(transition.from == nil)
            #expect(transition.fade)
            #expect(transition.keyframes.isEmpty)
            #expect(transition.to == Rect(x: 0, y: 52.5, width: 375, height: 562.5))
        }
    }

    /// Keyframes run from the reported `from` to the reported `to` (both on the pixel grid):
    /// the picture's exact y 52.25 is reported as 52.5, and the last keyframe lands there.
    @Test func openKeyframes() throws {
        let frames: [Rect?] = [Rect(x: 12, y: 240, width: 70, height: 70)]
        let input = browser(
            count: 1,
            index: 0,
            thumbnails: .frames(frames),
            transition: TransitionOptions(keyframes: true)
        )
        let transition = try TransitionRules.open(input)
        #expect(transition.keyframes.count == 31)
        #expect(transition.keyframes.first?.frame == frames[0])
        #expect(transition.keyframes.last?.frame == Rect(x: 0, y: 52.5, width: 375, height: 562.5))
        #expect(transition.keyframes.last?.frame == transition.to)
        // Halfway (t = 0.25 s, progress 0.5 on the symmetric ease curve): exactly the midpoint.
        #expect(transition.keyframes[15].progress == 0.5)
        #expect(transition.keyframes[15].frame == Rect(x: 6, y: 146.25, width: 222.5, height: 316.25))
    }

    /// Close without a current frame: from the computed picture frame back to the thumbnail.
    @Test func closeFromComputedFrame() throws {
        let frames: [Rect?] = [Rect(x: 12, y: 240, width: 70, height: 70)]
        let close = BrowserCloseInput(browser: browser(count: 1, index: 0, thumbnails: .frames(frames)))
        let (transition, scrollTo) = try TransitionRules.close(close)
        #expect(transition.from == Rect(x: 0, y: 52.5, width: 375, height: 562.5))
        #expect(transition.to == frames[0])
        #expect(scrollTo == nil)
    }

    /// Close from a given frame, and from a zoom state (2.4 at offset (100, 200): (−100, −200, 900, 1350)).
    @Test func closeFromCurrentFrameOrZoom() throws {
        let frames: [Rect?] = [Rect(x: 12, y: 240, width: 70, height: 70)]
        let base = browser(count: 1, index: 0, thumbnails: .frames(frames))
        let given = try TransitionRules.close(
            BrowserCloseInput(browser: base, current: .frame(Rect(x: 1.2, y: 2, width: 300, height: 400)))
        )
        #expect(given.transition.from == Rect(x: 1, y: 2, width: 300, height: 400))
        let zoomed = try TransitionRules.close(
            BrowserCloseInput(browser: base, current: .zoom(scale: 2.4, contentOffset: Point(x: 100, y: 200)))
        )
        #expect(zoomed.transition.from == Rect(x: -100, y: -200, width: 900, height: 1350))
    }

    /// Close with no thumbnail for the page: `to` is null and the transition fades.
    @Test func closeFades() throws {
        let (transition, scrollTo) = try TransitionRules.close(BrowserCloseInput(browser: browser(thumbnails: .none)))
        #expect(transition.to == nil)
        #expect(transition.fade)
        #expect(scrollTo == nil)
    }
}

struct TransitionScrollTests {
    /// A 603-point viewport at y 64 over 2000 points of content, scrolled to 500.
    static let scroll = BrowserScrollContext(
        viewport: Rect(x: 0, y: 64, width: 375, height: 603),
        contentOffset: Point(x: 0, y: 500),
        contentSize: Size(width: 375, height: 2000)
    )

    func target(_ item: Rect) -> (offset: Point?, frame: Rect) {
        TransitionRules.scrollTarget(for: item, in: Self.scroll)
    }

    /// Above the viewport: scroll to its top (300); it lands at the viewport's top, y 64.
    @Test func itemAbove() {
        let result = target(Rect(x: 12, y: 300, width: 70, height: 70))
        #expect(result.offset == Point(x: 0, y: 300))
        #expect(result.frame == Rect(x: 12, y: 64, width: 70, height: 70))
    }

    /// Below: scroll to 1270 − 603 = 667; its bottom lands on the viewport's, 667.
    @Test func itemBelow() {
        let result = target(Rect(x: 12, y: 1200, width: 70, height: 70))
        #expect(result.offset == Point(x: 0, y: 667))
        #expect(result.frame == Rect(x: 12, y: 597, width: 70, height: 70))
    }

    /// Inside: no scroll, the frame moved into window coordinates (700 − 500 + 64 = 264).
    @Test func itemInside() {
        let result = target(Rect(x: 12, y: 700, width: 70, height: 70))
        #expect(result.offset == nil)
        #expect(result.frame == Rect(x: 12, y: 264, width: 70, height: 70))
    }

    /// Past the content's end the offset is clamped to 2000 − 603 = 1397; taller than the viewport: its top.
    @Test func clampedAndTall() {
        let clamped = target(Rect(x: 12, y: 1990, width: 70, height: 70))
        #expect(clamped.offset == Point(x: 0, y: 1397))
        #expect(clamped.frame.y == 657)
        let tall = target(Rect(x: 0, y: 100, width: 375, height: 800))
        #expect(tall.offset == Point(x: 0, y: 100))
    }

    /// Horizontally likewise: an item right of a 200-wide viewport scrolls by its right edge.
    @Test func horizontal() {
        let scroll = BrowserScrollContext(
            viewport: Rect(x: 10, y: 0, width: 200, height: 100),
            contentOffset: .zero,
            contentSize: Size(width: 1000, height: 100)
        )
        let result = TransitionRules.scrollTarget(for: Rect(x: 300, y: 10, width: 70, height: 70), in: scroll)
        #expect(result.offset == Point(x: 170, y: 0))
        #expect(result.frame == Rect(x: 140, y: 10, width: 70, height: 70))
    }

    /// Through `close`: `scroll_to` and `to` come out rounded, `from` is the page's picture.
    @Test func closeWithScroll() throws {
        let input = BrowserCloseInput(
            browser: BrowserInput(
                screen: Size(width: 375, height: 667),
                pictures: [BrowserPicture(url: "u", size: Size(width: 440, height: 660))],
                index: 0,
                thumbnails: .frames([Rect(x: 12, y: 1200, width: 70, height: 70)])
            ),
            scroll: Self.scroll
        )
        let response = try BrowserRules.close(input)
        #expect(response.scrollTo == Point(x: 0, y: 667))
        #expect(response.transition.to == Rect(x: 12, y: 597, width: 70, height: 70))
        #expect(response.index == 0)
    }
}
