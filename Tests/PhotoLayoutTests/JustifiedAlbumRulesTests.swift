import Testing

@testable import PhotoLayout

/// docs/API.md §5's justified album, worked by hand. Unless a test says otherwise: a 408-point
/// screen, insets and spacing 4 (row width R = 400), T = 100, tolerance 0.25 (a row may
/// close once its ratios reach R/T·0.75 = 3 and must by R/T·1.25 = 5), scale 2.
struct JustifiedAlbumRulesTests {
    static func layout(_ ratios: [Double], _ options: JustifiedAlbumOptions = .init(targetRowHeight: 100))
        -> JustifiedAlbumLayout
    {
        JustifiedAlbumRules.layout(ratios: ratios, screenWidth: 408, options: options)
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// Ratios reaching the lower bound exactly (1.5 + 1.5 = 3, not below 3) close the row at
    /// (400 − 4)/3 = 132; the third picture is a widow at that height.
    @Test func closesAtTheLowerBound() {
        let album = Self.layout([1.5, 1.5, 1.5])
        #expect(album.items == [Self.rect(4, 4, 198, 132), Self.rect(206, 4, 198, 132), Self.rect(4, 140, 198, 132)])
        #expect(album.rows == 2)
        #expect(album.widows == 1)
        #expect(album.contentSize == Size(width: 408, height: 276))
    }

    /// Past the upper bound (2.5 + 2.6 = 5.1 > 5), the row takes the picture when
    /// |5.1 − 396/100| = 1.14 ≤ |2.5 − 400/100| = 1.5, and closes at 396/5.1 = 77.65.
    @Test func takesPastTheUpperBoundWhenCloser() {
        let album = Self.layout([2.5, 2.6])
        // 2.5·77.647 = 194.12 → 194; x 4 + 194.12 + 4 = 202.12 → 202; 2.6·77.647 = 201.88 → 202.
        #expect(album.items == [Self.rect(4, 4, 194, 77.5), Self.rect(202, 4, 202, 77.5)])
        #expect(album.rows == 1)
        #expect(album.widows == 0)
        #expect(album.contentSize == Size(width: 408, height: 85.5))
    }

    /// Past the upper bound (2.5 + 3 = 5.5), |5.5 − 3.96| = 1.54 > 1.5: the row closes without
    /// the picture at 400/2.5 = 160, which opens the next row and closes it (3 reaches the
    /// bound) at 400/3 = 133.33.
    @Test func closesWithoutPastTheUpperBoundWhenFarther() {
        let album = Self.layout([2.5, 3])
        #expect(album.items == [Self.rect(4, 4, 400, 160), Self.rect(4, 168, 400, 133.5)])
        #expect(album.rows == 2)
        #expect(album.contentSize == Size(width: 408, height: 305.5))
    }

    /// Heights clamp to [T/2, 2T] and widths scale to match: a square row closed without a
    /// 9:1 picture would be 400 high (200, widths × 400/200); the 9:1 alone 44.44 (50, × 8/9).
    @Test func clampsToHalfAndTwiceTheTarget() {
        let album = Self.layout([1, 9])
        #expect(album.items == [Self.rect(4, 4, 400, 200), Self.rect(4, 208, 400, 50)])
        #expect(album.contentSize == Size(width: 408, height: 262))
    }

    /// A row of two 99/64 pictures closes at 396/3.09375 = 128; the widows 1.5 and 383/256
    /// (192 and 191.5 wide at 128) fall 12.5 short: e = −6.25.
    static let widowRatios = [99.0 / 64, 99.0 / 64, 1.5, 383.0 / 256]

    /// `left`: widows as laid, at the previous row's height.
    @Test func leftWidows() {
        let album = Self.layout(Self.widowRatios)
        #expect(album.items.suffix(2) == [Self.rect(4, 136, 192, 128), Self.rect(200, 136, 191.5, 128)])
        #expect(album.rows == 2)
        #expect(album.widows == 2)
        #expect(album.contentSize == Size(width: 408, height: 268))
    }

    /// `justify`: cumulative errors JSround(−6.25) = −6 and JSround(−12.5) = −12 (half toward
    /// +∞; C's round would give −13): the first widow 192 + 6 wide, the second at 200 + 6,
    /// 191.5 + 6 wide.
    @Test func justifiedWidowsRoundHalfTowardPositiveInfinity() {
        var options = JustifiedAlbumOptions(targetRowHeight: 100)
        options.widowStyle = .justify
        let album = Self.layout(Self.widowRatios, options)
        #expect(album.items.prefix(2) == [Self.rect(4, 4, 198, 128), Self.rect(206, 4, 198, 128)])
        #expect(album.items.suffix(2) == [Self.rect(4, 136, 198, 128), Self.rect(206, 136, 197.5, 128)])
        #expect(JustifiedRow.jsRound(-2.5) == -2)
        #expect(JustifiedRow.jsRound(2.5) == 3)
        #expect(JustifiedRow.jsRound(-0.4) == 0)
    }

    /// `center`: shifted by (400 − 395.5)/2 + 4 = 6.25, so x 10.25 → 10.5 and 206.25 → 206.5
    /// on the 2x grid.
    @Test func centredWidows() {
        var options = JustifiedAlbumOptions(targetRowHeight: 100)
        options.widowStyle = .center
        let album = Self.layout(Self.widowRatios, options)
        #expect(album.items.suffix(2) == [Self.rect(10.5, 136, 192, 128), Self.rect(206.5, 136, 191.5, 128)])
    }

    /// Every second row is a breakout row: a 2:1 first picture fills it alone at 400/2 = 200;
    /// the widows after it take T = 100, not its height.
    @Test func breakoutRows() {
        var options = JustifiedAlbumOptions(targetRowHeight: 100)
        options.breakoutEvery = 2
        let album = Self.layout([1.5, 1.5, 2, 1, 1], options)
        #expect(
            album.items == [
                Self.rect(4, 4, 198, 132), Self.rect(206, 4, 198, 132), Self.rect(4, 140, 400, 200),
                Self.rect(4, 344, 100, 100), Self.rect(108, 344, 100, 100),
            ])
        #expect(album.rows == 3)
        #expect(album.widows == 2)
        #expect(album.contentSize == Size(width: 408, height: 448))
    }

    /// `max_rows` stops the layout once that many rows are laid out; the rest, widows
    /// included, is dropped.
    @Test func maxRows() {
        var options = JustifiedAlbumOptions(targetRowHeight: 100)
        options.maxRows = 1
        let one = Self.layout([1.5, 1.5, 1.5, 1.5, 1.5], options)
        #expect(one.items == [Self.rect(4, 4, 198, 132), Self.rect(206, 4, 198, 132)])
        #expect(one.rows == 1)
        #expect(one.widows == 0)
        #expect(one.contentSize == Size(width: 408, height: 140))
        options.maxRows = 2
        let two = Self.layout([1.5, 1.5, 1.5, 1.5, 1.5], options)
        #expect(two.items.count == 4)
        #expect(two.rows == 2)
        #expect(two.widows == 0)
    }

    /// No picture: no rows, the content the top and bottom insets.
    @Test func empty() {
        let album = Self.layout([])
        #expect(album.items.isEmpty)
        #expect(album.rows == 0)
        #expect(album.contentSize == Size(width: 408, height: 8))
    }

    /// Validation of each option and of the ratios.
    @Test func validation() {
        let pointer = { (name: String) in "#/options/\(name)" }
        #expect(JustifiedAlbumOptions().problems(screenWidth: 375, at: pointer).isEmpty)
        let bad = JustifiedAlbumOptions(
            targetRowHeight: 0, tolerance: 1, horizontalSpacing: -1, verticalSpacing: .nan,
            inset: EdgeInsets(top: -1, left: 200, bottom: 0, right: 200), maxRows: 0, breakoutEvery: 0, scale: 1.5)
        #expect(
            bad.problems(screenWidth: 375, at: pointer).map(\.pointer) == [
                "#/options/target_row_height", "#/options/tolerance", "#/options/spacing/horizontal",
                "#/options/spacing/vertical", "#/options/inset/top", "#/options/inset", "#/options/max_rows",
                "#/options/breakout_every", "#/options/scale",
            ])
        #expect(
            JustifiedAlbumOptions.problems(ratios: [1, 0, -1, .infinity, .nan, 2]) { "#/photos/\($0)" }.map(\.pointer)
                == ["#/photos/1", "#/photos/2", "#/photos/3", "#/photos/4"])
    }
}
