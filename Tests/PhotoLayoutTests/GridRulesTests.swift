import Testing

@testable import PhotoLayout

struct ClassicGridTests {
    /// Expected (columns, rows, width, height) of the classic grid for 0…12 pictures, from
    /// docs/API.md §4: s = 70, g = 10, at most 9 shown, 2 columns for exactly 4.
    static let expectations: [(count: Int, columns: Int, rows: Int, width: Double, height: Double)] = [
        (1, 1, 1, 70, 70), (2, 2, 1, 150, 70), (3, 3, 1, 230, 70), (4, 2, 2, 150, 150),
        (5, 3, 2, 230, 150), (6, 3, 2, 230, 150), (7, 3, 3, 230, 230), (8, 3, 3, 230, 230),
        (9, 3, 3, 230, 230), (10, 3, 3, 230, 230), (11, 3, 3, 230, 230), (12, 3, 3, 230, 230),
    ]

    /// No pictures, no grid.
    @Test func zeroPicturesHaveNoGrid() {
        #expect(GridRules.layout(count: 0, options: GridOptions()) == nil)
    }

    /// Counts 1…12: the size, columns and rows of docs/API.md's formula, and never more than 9 items.
    @Test(arguments: expectations)
    func gridSizeForCount(expected: (count: Int, columns: Int, rows: Int, width: Double, height: Double)) throws {
        let grid = try #require(GridRules.layout(count: expected.count, options: GridOptions()))
        #expect(grid.columns == expected.columns)
        #expect(grid.rows == expected.rows)
        #expect(grid.size == Size(width: expected.width, height: expected.height))
        #expect(grid.items.count == min(expected.count, 9))
        #expect(grid.items.map(\.index) == Array(0..<min(expected.count, 9)))
    }

    /// Four pictures make a 2×2 grid: the third wraps to the second row.
    @Test func fourPicturesAreTwoByTwo() throws {
        let grid = try #require(GridRules.layout(count: 4, options: GridOptions()))
        #expect(
            grid.items.map(\.frame) == [
                Rect(x: 0, y: 0, width: 70, height: 70), Rect(x: 80, y: 0, width: 70, height: 70),
                Rect(x: 0, y: 80, width: 70, height: 70), Rect(x: 80, y: 80, width: 70, height: 70),
            ])
    }

    /// Nine pictures fill three rows of three, 80 points apart.
    @Test func ninePicturesFillThreeRows() throws {
        let grid = try #require(GridRules.layout(count: 9, options: GridOptions()))
        #expect(grid.items[5].frame == Rect(x: 160, y: 80, width: 70, height: 70))
        #expect(grid.items[8].frame == Rect(x: 160, y: 160, width: 70, height: 70))
    }

    /// item_size, spacing and max_items override the constants.
    @Test func optionsOverrideConstants() throws {
        let options = try GridOptions.validated(RawGridOptions(itemSize: 50, spacing: 5, maxItems: 5))
        let grid = try #require(GridRules.layout(count: 7, options: options))
        #expect(grid.items.count == 5)
        #expect(grid.size == Size(width: 160, height: 105))
        #expect(grid.items[4].frame == Rect(x: 55, y: 55, width: 50, height: 50))
    }

    /// A single picture is one s×s cell whatever its size or keep_size.
    @Test func singlePictureIsOneCell() throws {
        var picture = Picture(thumbnailURL: "http://ww1.sinaimg.cn/thumbnail/a.jpg")
        picture.aspectSize = Size(width: 360, height: 639)
        let grid = try #require(GridRules.layout(for: [picture], options: GridOptions()))
        #expect(grid.size == Size(width: 70, height: 70))
        #expect(grid.items[0].frame == Rect(x: 0, y: 0, width: 70, height: 70))
    }
}

struct AdaptiveGridTests {
    static func options(scale: Double) throws -> GridOptions {
        try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: scale))
    }

    static func picture(bmiddle: Size?, keepSize: Bool = false) -> Picture {
        Picture(
            thumbnailURL: "http://ww2.sinaimg.cn/or180/p.jpg", bmiddleURL: "http://ww2.sinaimg.cn/or360/p.jpg",
            largeURL: "http://ww2.sinaimg.cn/large/p.jpg", keepSize: keepSize, bmiddleSize: bmiddle,
            aspectSize: bmiddle)
    }

    /// The cell is px((W + g)/3 − g): 355 wide with g = 4 gives 115.5 at scale 2, 347/3 at scale 3.
    @Test func cellIsRoundedBeforeUse() throws {
        #expect(GridRules.adaptiveCell(options: try Self.options(scale: 2)) == 115.5)
        #expect(GridRules.adaptiveCell(options: try Self.options(scale: 3)) == 347.0 / 3)
        #expect(GridRules.adaptiveCell(options: try Self.options(scale: 1)) == 116)
    }

    /// Nine pictures at scale 2: cells of 115.5 every 119.5, a 354.5 square grid.
    @Test func ninePicturesAtScaleTwo() throws {
        let grid = try #require(GridRules.layout(count: 9, options: try Self.options(scale: 2)))
        #expect(grid.size == Size(width: 354.5, height: 354.5))
        #expect(grid.items[1].frame == Rect(x: 119.5, y: 0, width: 115.5, height: 115.5))
        #expect(grid.items[8].frame == Rect(x: 239, y: 239, width: 115.5, height: 115.5))
    }

    /// Nine pictures at scale 3: offsets rounded to thirds from exact multiples of c + g.
    @Test func ninePicturesAtScaleThree() throws {
        let grid = try #require(GridRules.layout(count: 9, options: try Self.options(scale: 3)))
        #expect(grid.size == Size(width: 355, height: 355))
        #expect(grid.items[4].frame == Rect(x: 359.0 / 3, y: 359.0 / 3, width: 347.0 / 3, height: 347.0 / 3))
        #expect(grid.items[8].frame.x == 718.0 / 3)
    }

    /// Four pictures keep the 2×2 rule in the adaptive style too.
    @Test func fourPicturesAreTwoByTwo() throws {
        let grid = try #require(GridRules.layout(count: 4, options: try Self.options(scale: 2)))
        #expect(grid.columns == 2 && grid.rows == 2)
        #expect(grid.size == Size(width: 235, height: 235))
        #expect(grid.items[3].frame == Rect(x: 119.5, y: 119.5, width: 115.5, height: 115.5))
    }

    /// Counts 0…12: columns, rows and item count follow the same rule as classic.
    @Test func countsZeroToTwelve() throws {
        let options = try Self.options(scale: 2)
        #expect(GridRules.layout(count: 0, options: options) == nil)
        let expected: [(Int, Int)] = [
            (1, 1), (2, 1), (3, 1), (2, 2), (3, 2), (3, 2), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3),
        ]
        for (offset, (columns, rows)) in expected.enumerated() {
            let grid = try #require(GridRules.layout(count: offset + 1, options: options))
            #expect(grid.columns == columns && grid.rows == rows, "count \(offset + 1)")
            #expect(grid.items.count == min(offset + 1, 9))
        }
    }

    /// A portrait single picture (bmiddle 360×639) is L = 2c + g tall and w/h·L wide.
    @Test func portraitSinglePicture() throws {
        let atTwo = try #require(
            GridRules.layout(
                for: [Self.picture(bmiddle: Size(width: 360, height: 639))], options: try Self.options(scale: 2)))
        #expect(atTwo.items[0].frame == Rect(x: 0, y: 0, width: 132.5, height: 235))
        #expect(atTwo.size == Size(width: 132.5, height: 235))
        let atThree = try #require(
            GridRules.layout(
                for: [Self.picture(bmiddle: Size(width: 360, height: 639))], options: try Self.options(scale: 3)))
        #expect(atThree.items[0].frame == Rect(x: 0, y: 0, width: 398.0 / 3, height: 706.0 / 3))
    }

    /// A landscape single picture (bmiddle 335×270) is L wide and h/w·L tall.
    @Test func landscapeSinglePicture() throws {
        let atTwo = try #require(
            GridRules.layout(
                for: [Self.picture(bmiddle: Size(width: 335, height: 270))], options: try Self.options(scale: 2)))
        #expect(atTwo.items[0].frame == Rect(x: 0, y: 0, width: 235, height: 189.5))
        let atThree = try #require(
            GridRules.layout(
                for: [Self.picture(bmiddle: Size(width: 335, height: 270))], options: try Self.options(scale: 3)))
        #expect(atThree.items[0].frame == Rect(x: 0, y: 0, width: 706.0 / 3, height: 569.0 / 3))
    }

    /// A square single picture counts as landscape: L × L.
    @Test func squareSinglePicture() throws {
        let grid = try #require(
            GridRules.layout(
                for: [Self.picture(bmiddle: Size(width: 500, height: 500))], options: try Self.options(scale: 2)))
        #expect(grid.items[0].frame == Rect(x: 0, y: 0, width: 235, height: 235))
    }

    /// Unknown size or keep_size: a px(W/2) square, 177.5 at scale 2 and 533/3 at scale 3.
    @Test func unknownSizeOrKeepSizeIsHalfWidthSquare() throws {
        for picture in [
            Self.picture(bmiddle: nil), Self.picture(bmiddle: Size(width: 360, height: 639), keepSize: true),
        ] {
            let atTwo = try #require(GridRules.layout(for: [picture], options: try Self.options(scale: 2)))
            #expect(atTwo.items[0].frame == Rect(x: 0, y: 0, width: 177.5, height: 177.5))
            let atThree = try #require(GridRules.layout(for: [picture], options: try Self.options(scale: 3)))
            #expect(atThree.items[0].frame == Rect(x: 0, y: 0, width: 533.0 / 3, height: 533.0 / 3))
        }
    }
}

struct BadgeTests {
    static func picture(kind: PictureKind, isLong: Bool) -> Picture {
        Picture(
            thumbnailURL: "http://h/thumbnail/a.jpg", bmiddleURL: "http://h/bmiddle/a.jpg",
            largeURL: "http://h/large/a.jpg", kind: kind, isLong: isLong)
    }

    /// The 28×18 badge sits in the bottom-right corner of its item, in grid coordinates.
    @Test func badgeIsPinnedBottomRight() throws {
        let pictures = [Self.picture(kind: .image, isLong: false), Self.picture(kind: .gif, isLong: false)]
        let grid = try #require(GridRules.layout(for: pictures, options: GridOptions()))
        #expect(grid.items[0].badge == nil)
        #expect(grid.items[1].badge == Badge(kind: .gif, frame: Rect(x: 122, y: 52, width: 28, height: 18)))
    }

    /// GIF wins over long, long over live.
    @Test func badgePrecedence() {
        #expect(GridRules.badgeKind(kind: .gif, isLong: true) == .gif)
        #expect(GridRules.badgeKind(kind: .livephoto, isLong: true) == .long)
        #expect(GridRules.badgeKind(kind: .livephoto, isLong: false) == .live)
        #expect(GridRules.badgeKind(kind: .image, isLong: false) == nil)
        #expect(GridRules.badgeKind(kind: .gif, isLong: false) == .gif)
        #expect(GridRules.badgeKind(kind: .image, isLong: true) == .long)
    }

    /// The same precedence in a laid-out grid: a long GIF shows "gif", a long live photo "long".
    @Test func badgePrecedenceInAGrid() throws {
        let pictures = [Self.picture(kind: .gif, isLong: true), Self.picture(kind: .livephoto, isLong: true)]
        let grid = try #require(GridRules.layout(for: pictures, options: GridOptions()))
        #expect(grid.items[0].badge == Badge(kind: .gif, frame: Rect(x: 42, y: 52, width: 28, height: 18)))
        #expect(grid.items[1].badge == Badge(kind: .long, frame: Rect(x: 122, y: 52, width: 28, height: 18)))
    }

    /// badge_size overrides 28×18; on an adaptive portrait single picture it is rounded from exact edges.
    @Test func badgeSizeOptionAndExactEdges() throws {
        var picture = Self.picture(kind: .image, isLong: true)
        picture.aspectSize = Size(width: 360, height: 639)
        let options = try GridOptions.validated(
            RawGridOptions(style: "adaptive", contentWidth: 355, scale: 2, badgeSize: Size(width: 30, height: 20)))
        let grid = try #require(GridRules.layout(for: [picture], options: options))
        // width 360/639·235 = 132.394…, so x = 102.394… → 102.5; y = 235 − 20.
        #expect(grid.items[0].badge == Badge(kind: .long, frame: Rect(x: 102.5, y: 215, width: 30, height: 20)))
    }
}

struct GridOptionsValidationTests {
    /// Every invalid option is reported at once, each at its pointer, as a 422.
    @Test func invalidOptionsAreAllReported() {
        let raw = RawGridOptions(
            style: "tiled", itemSize: 0, spacing: -1, maxItems: 2.5, scale: 4, badgeSize: Size(width: 0, height: 18))
        #expect(throws: InputError.self) { try GridOptions.validated(raw) }
        do {
            _ = try GridOptions.validated(raw)
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(
                Set(error.problems.map(\.pointer)) == [
                    "#/options/style", "#/options/item_size", "#/options/spacing", "#/options/max_items",
                    "#/options/scale",
                    "#/options/badge_size",
                ])
        }
    }

    /// adaptive needs a positive content_width; non-finite numbers are refused.
    @Test func adaptiveNeedsContentWidth() {
        for raw in [
            RawGridOptions(style: "adaptive"), RawGridOptions(style: "adaptive", contentWidth: -3),
            RawGridOptions(style: "adaptive", contentWidth: .infinity),
        ] {
            do {
                _ = try GridOptions.validated(raw)
                Issue.record("accepted \(raw)")
            } catch {
                #expect(error.problems.map(\.pointer) == ["#/options/content_width"])
            }
        }
    }

    /// Values past ±10^6 points are refused: spacing 1e308 once made infinite frames.
    @Test func hugeValuesAreRefused() {
        do {
            _ = try GridOptions.validated(RawGridOptions(itemSize: 1.7e307, spacing: 1.7e308, contentWidth: 2e16))
            Issue.record("accepted huge values")
        } catch {
            #expect(
                Set(error.problems.map(\.pointer)) == [
                    "#/options/item_size", "#/options/spacing", "#/options/content_width",
                ])
            #expect(error.problems.allSatisfy { $0.detail == GeometryLimits.refusal })
        }
        #expect((try? GridOptions.validated(RawGridOptions(itemSize: 1_000_000))) != nil)
    }

    /// A content width too narrow for its spacing would make cells of no size: refused.
    @Test func adaptiveCellMustBePositive() {
        do {
            _ = try GridOptions.validated(RawGridOptions(style: "adaptive", spacing: 20, contentWidth: 10))
            Issue.record("accepted a negative cell")
        } catch {
            #expect(error.problems.map(\.pointer) == ["#/options/content_width"])
        }
    }

    /// Defaults: classic 70/10/9 at scale 2; adaptive spacing 4; 2.0 is scale 2; query pointers.
    @Test func defaultsAndPointers() throws {
        let classic = try GridOptions.validated(RawGridOptions())
        #expect(
            classic.itemSize == 70 && classic.spacing == 10 && classic.maxItems == 9 && classic.pixelGrid.scale == 2)
        let adaptive = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 300, scale: 3.0))
        #expect(adaptive.spacing == 4 && adaptive.pixelGrid.scale == 3)
        do {
            _ = try GridOptions.validated(RawGridOptions(scale: 0), pointer: { "#/query/\($0)" })
            Issue.record("accepted scale 0")
        } catch {
            #expect(error.problems.map(\.pointer) == ["#/query/scale"])
        }
    }
}
