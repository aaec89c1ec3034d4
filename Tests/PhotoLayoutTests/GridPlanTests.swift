import JSONBytes
import Testing

@testable import PhotoLayout

/// `GridPlan` keeps `GridRules`' grids of 1…9 pictures rounded: every planned grid must give
/// exactly what docs/API.md §4's formulas give, whatever order the grids are planned in.
struct GridPlanTests {
    /// Options at pixel boundaries: classic, and adaptive widths whose cell lands on, just
    /// off, and between pixels at scales 1, 2 and 3.
    static let optionSets: [GridOptions] = {
        var sets = [GridOptions(), GridOptions(style: .classic, scale: 3)]
        for scale in [1.0, 2, 3] {
            for width in [355.0, 355.5, 356, 320 + 1.0 / 3, 320 + 2.0 / 3, 414, 100] {
                sets.append(GridOptions(style: .adaptive, contentWidth: width, scale: scale))
            }
        }
        return sets
    }()

    /// docs/API.md §4 written out once more, independently of `GridRules`: the side, then cell
    /// `index` of a `wrap`-column grid at (col·(side+g), row·(side+g)), its badge pinned to the
    /// exact cell's bottom-right corner, each rounded once on the pixel grid.
    static func reference(_ index: Int, wrap: Int, options: GridOptions) -> GridRules.Cell {
        let grid = options.pixelGrid
        let side =
            options.style == .classic
            ? options.itemSize
            : grid.round(((options.contentWidth ?? 0) + options.spacing) / 3 - options.spacing)
        let x = Double(index % wrap) * (side + options.spacing)
        let y = Double(index / wrap) * (side + options.spacing)
        let badge = options.badgeSize
        return GridRules.Cell(
            frame: grid.round(Rect(x: x, y: y, width: side, height: side)),
            badge: grid.round(
                Rect(x: x + side - badge.width, y: y + side - badge.height, width: badge.width, height: badge.height)))
    }

    /// Checks the planned grid of `count` against the formula and against `GridRules.layout`.
    static func expectPlanned(_ plan: inout GridPlan, count: Int, options: GridOptions) throws {
        let shape = plan.shape(of: count)
        let wrap = count == 4 ? 2 : 3
        for index in 0..<count {
            #expect(plan.cell(index, of: count) == reference(index, wrap: wrap, options: options))
        }
        let grid = try #require(GridRules.layout(count: count, options: options))
        #expect(shape.size == grid.size && shape.columns == grid.columns && shape.rows == grid.rows)
        #expect((0..<count).map { plan.cell($0, of: count).frame } == grid.items.map(\.frame))
    }

    /// Every planned grid of 1…9 pictures (the adaptive single picture aside) equals the formula
    /// and `GridRules.layout`, planned in order and asked again.
    @Test(arguments: optionSets)
    func plannedGridsEqualTheRule(options: GridOptions) throws {
        var plan = GridPlan(options: options)
        let first = options.style == .adaptive ? 2 : 1
        for count in first...9 { try Self.expectPlanned(&plan, count: count, options: options) }
        for count in first...9 { try Self.expectPlanned(&plan, count: count, options: options) }
    }

    /// Planned nine first, then four, then the others: each grid still gets its own cells.
    @Test(arguments: optionSets)
    func outOfOrderPlansGiveTheSameCells(options: GridOptions) throws {
        var plan = GridPlan(options: options)
        for count in [9, 4, 2, 8, 3, 5, 7, 6] { try Self.expectPlanned(&plan, count: count, options: options) }
    }

    /// The classic cells by hand: cell 8 at (160, 160), 70 square, its badge 28×18 at (202, 212);
    /// the 2×2 grid's last cell at (80, 80). Adaptive 355 at scale 2: c = 115.5, cell 8 at 239
    /// with its badge at (326.5, 336.5).
    @Test func cellsByHand() {
        var classic = GridPlan(options: GridOptions())
        #expect(classic.shape(of: 9).size == Size(width: 230, height: 230))
        #expect(
            classic.cell(8, of: 9)
                == GridRules.Cell(
                    frame: Rect(x: 160, y: 160, width: 70, height: 70),
                    badge: Rect(x: 202, y: 212, width: 28, height: 18)))
        #expect(classic.shape(of: 4).size == Size(width: 150, height: 150))
        #expect(classic.cell(3, of: 4).frame == Rect(x: 80, y: 80, width: 70, height: 70))
        var adaptive = GridPlan(options: GridOptions(style: .adaptive, contentWidth: 355, scale: 2))
        _ = adaptive.shape(of: 9)
        #expect(
            adaptive.cell(8, of: 9)
                == GridRules.Cell(
                    frame: Rect(x: 239, y: 239, width: 115.5, height: 115.5),
                    badge: Rect(x: 326.5, y: 336.5, width: 28, height: 18)))
    }

    /// A badge is pinned to its cell's right edge and bottom edge: an 18×28 badge on cell 5
    /// (160, 80, 70, 70) lies at (230 − 18, 150 − 28).
    @Test func badgeFromTheCellsBottomRight() {
        var options = GridOptions()
        options.badgeSize = Size(width: 18, height: 28)
        var plan = GridPlan(options: options)
        _ = plan.shape(of: 9)
        #expect(plan.cell(5, of: 9).badge == Rect(x: 212, y: 122, width: 18, height: 28))
    }

    /// Past the plan (`max_items` 12): a timeline's grid of 12 equals the exact geometry rounded.
    @Test func gridsPastThePlanUseTheRule() throws {
        let options = try GridOptions.validated(RawGridOptions(maxItems: 12))
        let urls = (0..<12).map { "http://ww1.sinaimg.cn/thumbnail/\($0).gif" }
        let status = WeiboStatus(id: "1", media: WeiboMedia(picURLs: urls))
        let grid = try #require(TimelineRules.layout(for: [status], options: options).statuses[0].photos)
        let geometry = try #require(GridRules.geometry(count: 12, options: options))
        #expect(grid.items.map(\.frame) == geometry.frames.map { options.pixelGrid.round($0) })
        #expect(grid.items[11].frame == Rect(x: 160, y: 240, width: 70, height: 70))
        #expect(grid.items[11].badge?.frame == Rect(x: 202, y: 292, width: 28, height: 18))
        #expect(grid.size == Size(width: 230, height: 310))
        #expect(grid.more == 0 && grid.moreLabel == nil)
    }

    /// A 10th picture and more are counted, not shown: 12 pictures give 9 items and "+3" over
    /// the ninth cell (160, 160); `pic_num` 18 over 9 pictures gives "+9".
    @Test func tenthAndLaterPicturesGiveMore() throws {
        let grid = try #require(GridRules.layout(count: 12, options: GridOptions()))
        #expect(grid.items.count == 9 && grid.total == 12 && grid.more == 3)
        #expect(grid.moreLabel == MoreLabel(text: "+3", frame: Rect(x: 160, y: 160, width: 70, height: 70)))
        let urls = (0..<9).map { "http://ww1.sinaimg.cn/thumbnail/\($0).jpg" }
        let media = WeiboMedia(picURLs: urls, picNum: 18)
        let posted = try #require(TimelineRules.grid(of: media, options: GridOptions()))
        #expect(posted.items.count == 9 && posted.total == 18 && posted.more == 9)
        #expect(posted.moreLabel?.text == "+9")
    }

    /// One plan shared by a timeline of grids of 1…12 pictures (classic and adaptive) gives
    /// each grid exactly what a fresh plan gives it alone.
    @Test(arguments: [GridOptions(), GridOptions(style: .adaptive, contentWidth: 355, scale: 3)])
    func sharedPlanEqualsFreshPlans(options: GridOptions) {
        let statuses = (1...12).map { count in
            WeiboStatus(
                id: "\(count)",
                media: WeiboMedia(picURLs: (0..<count).map { "http://ww1.sinaimg.cn/thumbnail/\(count)-\($0).gif" }),
                retweeted: WeiboRetweet(
                    id: "r\(count)",
                    media: WeiboMedia(picURLs: (0..<(13 - count)).map { "http://ww1.sinaimg.cn/or360/\($0).jpg" })))
        }
        let shared = TimelineRules.layout(for: statuses, options: options)
        #expect(shared.statuses == statuses.map { TimelineRules.layout(for: $0, options: options) })
        for (status, layout) in zip(statuses, shared.statuses) {
            let pictures = PictureRules.pictures(of: status.media)
            #expect(layout.photos == GridRules.layout(for: pictures, options: options))
        }
    }
}

/// `LayoutTableBuilder`: the first `max_items` pictures become item rows, the rest are counted.
struct LayoutTableBuilderTests {
    /// Five pictures into grids of two items: two rows, indices 0 and 1, their URLs in the
    /// table's text, and a grid of total 5 that hides 3.
    @Test func picturesPastMaxItemsAreCountedNotKept() throws {
        var options = GridOptions()
        options.maxItems = 2
        var builder = LayoutTableBuilder(options: options)
        let pictures = (0..<5).map { Picture(thumbnailURL: "http://h/thumbnail/\($0).gif") }
        let appended = builder.appendGrid(of: pictures, total: 5)
        let grid = try #require(appended)
        let table = builder.finish()
        #expect(table.items.map(\.index) == [0, 1])
        #expect(table.items.map(\.kind) == [.gif, .gif])
        let urls = try #require(table.items[1].urls)
        #expect(table.string(urls.bmiddle) == "http://h/bmiddle/1.gif")
        #expect(table.string(urls.large) == "http://h/large/1.gif")
        #expect(table.grids[grid].total == 5 && table.grids[grid].more == 3)
        #expect(table.grids[grid].items == 0..<2)
    }

    /// One picture gives its aspect size to the adaptive single rule (W = 355, g = 4 at 2×:
    /// c = 115.5, L = 2c + g = 235; 360×640 is 132.1875 × 235, rounded to 132 × 235), unless it
    /// keeps its size (then a px(W/2) square, 177.5).
    @Test func singlePictureSize() throws {
        let options = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: 2))
        var picture = Picture(thumbnailURL: "http://h/thumbnail/a.jpg")
        picture.aspectSize = Size(width: 360, height: 640)
        var builder = LayoutTableBuilder(options: options)
        let first = builder.appendGrid(of: [picture], total: 1)
        picture.keepSize = true
        let second = builder.appendGrid(of: [picture], total: 1)
        let sized = try #require(first)
        let kept = try #require(second)
        let table = builder.finish()
        #expect(table.grids[sized].size == Size(width: 132, height: 235))
        #expect(table.grids[kept].size == Size(width: 177.5, height: 177.5))
        #expect(table.grids[kept].items == 1..<2)
    }

    /// A grid of no picture has no row, and the table stays as it was.
    @Test func noPictureNoGrid() {
        var builder = LayoutTableBuilder(options: GridOptions())
        let grid = builder.appendGrid(of: [], total: 3)
        #expect(grid == nil)
        let table = builder.finish()
        #expect(table.grids.isEmpty && table.items.isEmpty && table.text.count == 0)
    }
}

/// The table and the values read from it hold the same layout, and a grid made as a value is
/// written as the timeline's table writes it.
struct LayoutTableValuesTests {
    @Test func valuesReadFromTheTable() throws {
        let statuses = [
            WeiboStatus(
                id: "1", media: WeiboMedia(picURLs: ["http://h/thumbnail/a.jpg", "http://h/thumbnail/b.gif"]),
                retweeted: WeiboRetweet(id: "2", media: WeiboMedia(picIDs: ["p"]))),
            WeiboStatus(id: nil, media: WeiboMedia()),
        ]
        let layout = TimelineRules.layout(for: statuses, options: GridOptions())
        #expect(layout.statusCount == 2)
        #expect(layout.statuses[1].photos == nil && layout.statuses[1].id == nil)
        #expect(layout.statuses[0].id == "1" && layout.statuses[0].retweeted?.id == "2")
        let grid = try #require(layout.statuses[0].photos)
        #expect(grid.items.map(\.urls?.bmiddle) == ["http://h/bmiddle/a.jpg", "http://h/bmiddle/b.gif"])
        // The grid value, written alone, is the bytes of the grid inside the timeline's answer.
        let timeline = String(decoding: layout.jsonBytes(), as: UTF8.self)
        let alone = String(decoding: JSONByteWriter.encode(grid), as: UTF8.self)
        #expect(timeline.contains(#"{"id":"1","source":"/0","photos":"# + alone + #","card":null,"retweeted":"#))
    }
}
