import Foundation
import JSONBytes
import Testing
import TimelineCorpus

@testable import PhotoLayout

/// The `mosaic` style wired into the grid (docs/API.md §4): its options, `GridRules.layout` on
/// values (frames, sides, crops, badges, "+N"), the timeline's fast path and the writer.
/// `MosaicRulesTests` checks the rule's branches; here the numbers are those a request gets.
struct MosaicGridTests {
    /// W = 355 at @3x, g = 2, m = 100: Wp = 1065, gp = 6, mp = 300, H = 1065, Hc = 1420.
    static let options = GridOptions(style: .mosaic, contentWidth: 355, scale: 3)

    static func picture(_ index: Int, _ size: Size?, kind: PictureKind = .image, isLong: Bool = false) -> Picture {
        Picture(
            thumbnailURL: "https://wx1.sinaimg.cn/thumbnail/p\(index).jpg",
            bmiddleURL: "https://wx1.sinaimg.cn/bmiddle/p\(index).jpg",
            largeURL: "https://wx1.sinaimg.cn/large/p\(index).jpg", kind: kind, isLong: isLong, aspectSize: size)
    }

    // MARK: Options

    /// Each refusal of §4 at its pointer: `min_item_width` on another style, W below
    /// 2·m + 2·g, a negative m, mosaic without `content_width`.
    @Test(arguments: [
        (RawGridOptions(style: "classic", minItemWidth: 50), ["#/options/min_item_width"]),
        (RawGridOptions(style: "adaptive", contentWidth: 355, minItemWidth: 50), ["#/options/min_item_width"]),
        (RawGridOptions(minItemWidth: 50), ["#/options/min_item_width"]),
        (RawGridOptions(style: "mosaic"), ["#/options/content_width"]),
        (RawGridOptions(style: "mosaic", contentWidth: 0), ["#/options/content_width"]),
        // 203.5 < 2·100 + 2·2 = 204.
        (RawGridOptions(style: "mosaic", contentWidth: 203.5), ["#/options/content_width"]),
        // 300 < 2·140 + 2·12 = 304.
        (
            RawGridOptions(style: "mosaic", spacing: 12, contentWidth: 300, minItemWidth: 140),
            ["#/options/content_width"]
        ),
        (RawGridOptions(style: "mosaic", contentWidth: 355, minItemWidth: -1), ["#/options/min_item_width"]),
        (RawGridOptions(style: "mosaic", contentWidth: 355, minItemWidth: .infinity), ["#/options/min_item_width"]),
        // A refused spacing is not judged against W again.
        (RawGridOptions(style: "mosaic", spacing: -1, contentWidth: 355), ["#/options/spacing"]),
        (
            RawGridOptions(style: "mosaic", maxItems: 0, contentWidth: 355, scale: 4),
            ["#/options/scale", "#/options/max_items"]
        ),
    ])
    func refusedOptions(raw: RawGridOptions, pointers: [String]) {
        do {
            _ = try GridOptions.validated(raw)
            Issue.record("accepted \(raw)")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.problems.map(\.pointer) == pointers)
        }
    }

    /// The defaults (g = 2, m = 100), W = 2·m + 2·g exactly, m = 0, and the style's name in the
    /// list an unknown style's problem gives.
    @Test func acceptedOptions() throws {
        let defaults = try GridOptions.validated(RawGridOptions(style: "mosaic", contentWidth: 355))
        #expect(defaults.style == .mosaic)
        #expect(defaults.spacing == 2)
        #expect(defaults.minItemWidth == 100)
        #expect(defaults.maxItems == 10)
        #expect(defaults.mosaic == MosaicOptions(contentWidth: 355, spacing: 2, minItemWidth: 100, maxItems: 10))
        #expect((try? GridOptions.validated(RawGridOptions(style: "mosaic", contentWidth: 204))) != nil)
        let zero = try GridOptions.validated(
            RawGridOptions(style: "mosaic", spacing: 0, contentWidth: 1, minItemWidth: 0))
        #expect(zero.minItemWidth == 0)
        #expect(throws: InputError.self) { try GridOptions.validated(RawGridOptions(style: "tiled")) }
        do {
            _ = try GridOptions.validated(RawGridOptions(style: "tiled"))
        } catch {
            #expect(
                error.problems.first?.detail == #"unknown style "tiled"; expected one of: classic, adaptive, mosaic"#)
        }
    }

    /// The byte reader reads `min_item_width` as a number (else a 400 at its pointer).
    @Test func readerReadsMinItemWidth() throws {
        let request = try ByteTimelineReader().readTimeline(
            Array(#"{"statuses": [], "options": {"style": "mosaic", "content_width": 355, "min_item_width": 80}}"#.utf8)
        )
        #expect(request.options.minItemWidth == 80)
        #expect(throws: InputError.self) {
            try ByteTimelineReader().readTimeline(Array(#"{"statuses": [], "options": {"min_item_width": "80"}}"#.utf8))
        }
        do {
            _ = try ByteTimelineReader().readTimeline(
                Array(#"{"statuses": [], "options": {"min_item_width": "8"}}"#.utf8))
        } catch {
            #expect(error.kind == .wrongType)
            #expect(error.problems.map(\.pointer) == ["#/options/min_item_width"])
        }
    }

    // MARK: Rules on values

    /// Four pictures, the first wide (r = 1.5, 1, 0.75, 4/3): §4's "4, first 'w'" in device
    /// pixels: h0 = round(min(1065/1.5, 1059·0.66)) = 699; h = round(1053/(1 + 0.75 + 4/3)) = 342;
    /// w0 = max(300, round(min(421.2, 342))) = 342; w2 = round(max(300, 347.49, 456)) = 456;
    /// w1 = 1065 − 342 − 456 − 12 = 255; h1 = min(1065 − 699 − 6, 342) = 342. Divided by 3.
    /// The last is a GIF: its badge is 28×18 at its bottom-right corner.
    @Test func fourPictures() throws {
        let sizes = [
            Size(width: 1200, height: 800), Size(width: 800, height: 800), Size(width: 600, height: 800),
            Size(width: 800, height: 600),
        ]
        let pictures = sizes.enumerated().map { Self.picture($0, $1, kind: $0 == 3 ? .gif : .image) }
        let grid = try #require(GridRules.layout(for: pictures, options: Self.options))
        let frames = [
            Rect(x: 0, y: 0, width: 355, height: 233), Rect(x: 0, y: 235, width: 114, height: 114),
            Rect(x: 116, y: 235, width: 85, height: 114), Rect(x: 203, y: 235, width: 152, height: 114),
        ]
        #expect(grid.items.map(\.frame) == frames)
        #expect(grid.items.map(\.sides) == [[.top, .left, .right], [.left, .bottom], [.bottom], [.bottom, .right]])
        #expect(grid.size == Size(width: 355, height: 349))
        #expect(grid.columns == nil)
        #expect(grid.rows == nil)
        #expect(grid.total == 4)
        #expect(grid.more == 0)
        #expect(grid.moreLabel == nil)
        // Crops on the frames as output: a = 1.5 < c = 355/233, the top at full width; a = 1 = c,
        // all of it; a = 0.75 > c = 85/114, the middle at full height; a = 4/3 = 152/114, all.
        #expect(grid.items[0].crop == Rect(x: 0, y: 0, width: 1, height: 1.5 / (355.0 / 233.0)))
        #expect(grid.items[1].crop == Rect(x: 0, y: 0, width: 1, height: 1))
        let q = (85.0 / 114.0) / 0.75
        #expect(grid.items[2].crop == Rect(x: (1 - q) / 2, y: 0, width: q, height: 1))
        #expect(grid.items[3].crop == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(
            grid.items.map(\.badge) == [
                nil, nil, nil, Badge(kind: .gif, frame: Rect(x: 327, y: 331, width: 28, height: 18)),
            ])
        #expect(grid.items[0].urls?.bmiddle == "https://wx1.sinaimg.cn/bmiddle/p0.jpg")
    }

    /// Twelve pictures of unknown size: ten shown (the mosaic's default `max_items`; r' = 1,
    /// avg = 11/10 not above 1.1); the four rows (2, 2, 3, 3) score
    /// |529.5·2 + 351·2 + 18 − 1420| = 359, the lowest (a split whose row is longer than the
    /// next scores 1.5 times its distance); rows 530 and 351 px high at y = 0, 536, 1072, 1429. Item 9 is the
    /// third of the last row: (714, 1429, 351, 351) px, "+2" over it.
    @Test func twelvePicturesShowTen() throws {
        let pictures = (0..<12).map { Self.picture($0, nil) }
        let grid = try #require(GridRules.layout(for: pictures, options: Self.options))
        #expect(grid.items.count == 10)
        #expect(grid.total == 12)
        #expect(grid.more == 2)
        let last = Rect(x: 714.0 / 3, y: 1429.0 / 3, width: 117, height: 117)
        #expect(grid.items[9].frame == last)
        #expect(grid.items[9].sides == [.bottom, .right])
        #expect(grid.items[0].frame == Rect(x: 0, y: 0, width: 530.0 / 3, height: 530.0 / 3))
        #expect(grid.items[1].frame == Rect(x: 536.0 / 3, y: 0, width: 529.0 / 3, height: 530.0 / 3))
        #expect(grid.items[0].sides == [.top, .left])
        #expect(grid.moreLabel == MoreLabel(text: "+2", frame: last))
        #expect(grid.size == Size(width: 355, height: 1780.0 / 3))
        #expect(grid.items.allSatisfy { $0.crop == nil })
        // `max_items` below ten shows fewer; `pic_num` counts in `more` as for the other styles.
        var three = Self.options
        three.maxItems = 3
        let few = try #require(GridRules.layout(for: pictures, total: 15, options: three))
        #expect(few.items.count == 3)
        #expect(few.more == 12)
    }

    /// A 1:2000 picture first among four at W = 375 @2x: a frame below a device pixel, so the
    /// adaptive grid of W and g: c = px((375 + 2)/3 − 2) = 123.5, 2×2, no sides.
    @Test func adaptiveFallbackHasNoSides() throws {
        let sizes = [Size(width: 1, height: 2000)] + Array(repeating: Size(width: 1, height: 1), count: 3)
        let pictures = sizes.enumerated().map { Self.picture($0, $1) }
        let grid = try #require(
            GridRules.layout(for: pictures, options: GridOptions(style: .mosaic, contentWidth: 375)))
        #expect(grid.items.allSatisfy { $0.sides == nil })
        #expect(grid.columns == nil)
        #expect(
            grid.items.map(\.frame) == [
                Rect(x: 0, y: 0, width: 123.5, height: 123.5), Rect(x: 125.5, y: 0, width: 123.5, height: 123.5),
                Rect(x: 0, y: 125.5, width: 123.5, height: 123.5),
                Rect(x: 125.5, y: 125.5, width: 123.5, height: 123.5),
            ])
        let json = String(decoding: JSONByteWriter.encode(grid), as: UTF8.self)
        #expect(!json.contains("sides"))
        #expect(json.hasPrefix(#"{"size":{"width":249,"height":249},"columns":null,"rows":null,"#))
    }

    /// One 800×600 picture: (0, 0, Wp, min(round(1065·600/800), 1420)) = (0, 0, 1065, 799) px,
    /// every side; a long one is capped at Hc = 1420 px and keeps its `long` badge.
    @Test func onePicture() throws {
        let grid = try #require(
            GridRules.layout(for: [Self.picture(0, Size(width: 800, height: 600))], options: Self.options))
        #expect(grid.items.map(\.frame) == [Rect(x: 0, y: 0, width: 355, height: 799.0 / 3)])
        #expect(grid.items[0].sides == .all)
        let long = try #require(
            GridRules.layout(
                for: [Self.picture(0, Size(width: 360, height: 1755), isLong: true)], options: Self.options))
        #expect(long.items[0].frame == Rect(x: 0, y: 0, width: 355, height: 1420.0 / 3))
        // The badge's y, 1420/3 − 18, rounded once to thirds: 1366/3.
        #expect(long.items[0].badge == Badge(kind: .long, frame: Rect(x: 327, y: 1366.0 / 3, width: 28, height: 18)))
        #expect(long.items[0].crop == Rect(x: 0, y: 0, width: 1, height: (360.0 / 1755.0) / (355.0 / (1420.0 / 3))))
    }

    /// `GET /v1/grid`'s grids: sizes given (crops of them) or unknown (no crops); no URLs.
    @Test func gridOfCount() throws {
        let unknown = try #require(GridRules.layout(count: 1, options: Self.options))
        #expect(unknown.items.map(\.frame) == [Rect(x: 0, y: 0, width: 355, height: 355)])
        let sized = try #require(
            GridRules.layout(
                count: 2, pictureSizes: [Size(width: 400, height: 300), Size(width: 400, height: 300)],
                options: Self.options))
        // "ww"? No: r = 4/3 is 'w' (> 1.2), avg = (1 + 4/3 + 4/3)/2 = 1.83 > 1.4, r1 − r0 = 0 < 0.2:
        // stacked, h = round(min(798.75, 798.75, 529.5)) = 530.
        #expect(
            sized.items.map(\.frame) == [
                Rect(x: 0, y: 0, width: 355, height: 530.0 / 3),
                Rect(x: 0, y: 536.0 / 3, width: 355, height: 530.0 / 3),
            ])
        #expect(sized.items.map(\.sides) == [[.top, .left, .right], [.left, .bottom, .right]])
        // Each crop is its size's in the rounded frame: 4:3 in 355 × 530/3 is the top
        // q = (4/3) / (355 / (530/3)); without sizes there is none.
        let q = (400.0 / 300.0) / (355 / (530.0 / 3))
        for item in sized.items {
            let crop = try #require(item.crop)
            #expect(crop.x == 0 && crop.y == 0 && crop.width == 1 && abs(crop.height - q) <= 1e-12)
        }
        #expect(sized.items.allSatisfy { $0.urls == nil })
        #expect(unknown.items.allSatisfy { $0.crop == nil && $0.urls == nil })
    }

    /// Cards under mosaic are sized as adaptive ones with the mosaic's W and g.
    @Test func cardsSizedAsAdaptive() {
        #expect(TimelineRules.cardSizing(Self.options) == .adaptive(contentWidth: 355, spacing: 2))
    }

    // MARK: Output

    /// The writer: `columns` and `rows` `null`, `sides` after `frame` in the API's order, no
    /// `sides` in the other styles; indented output the same members.
    @Test func writer() throws {
        let pictures = [Self.picture(0, Size(width: 1, height: 1)), Self.picture(1, Size(width: 1, height: 1))]
        let grid = try #require(GridRules.layout(for: pictures, options: Self.options))
        let json = String(decoding: JSONByteWriter.encode(grid), as: UTF8.self)
        // "qq": equal halves, w = ⌊1059/2⌋ = 529, h = round(min(529, 529, 1065)) = 529 px; the
        // second at 535, so the grid is 1064 px wide.
        #expect(
            json.hasPrefix(
                #"{"size":{"width":354.6666666666667,"height":176.33333333333334},"columns":null,"rows":null,"total":2,"more":0,"#
                    + #""more_label":null,"items":[{"index":0,"frame":{"x":0,"y":0,"width":176.33333333333334,"#
                    + #""height":176.33333333333334},"sides":["top","left","bottom"],"crop":{"x":0,"y":0,"width":1,"#
                    + #""height":1},"thumbnail_url":"#))
        #expect(json.contains(#""sides":["top","bottom","right"],"crop""#))
        let pretty = try #require(
            JSONSerialization.jsonObject(with: Data(JSONByteWriter.encode(grid, indented: true))) as? [String: Any])
        #expect(pretty["columns"] is NSNull)
        let items = try #require(pretty["items"] as? [[String: Any]])
        #expect(items[1]["sides"] as? [String] == ["top", "bottom", "right"])
        let classic = String(
            decoding: JSONByteWriter.encode(try #require(GridRules.layout(for: pictures, options: GridOptions()))),
            as: UTF8.self)
        #expect(!classic.contains("sides"))
        #expect(classic.contains(#""columns":2,"rows":1,"#))
    }

    // MARK: Fast path

    /// A timeline of statuses of 1…12 pictures of mixed sizes (some unknown, a GIF, a long
    /// one), laid out in mosaic at several widths and scales: the fast path's table equals the
    /// value rules status by status, and writes each grid as the value's writer does.
    @Test func fastPathEqualsTheValueRules() throws {
        var random = SeededGenerator(seed: 30)
        var statuses: [String] = []
        for index in 0..<40 {
            let count = 1 + index % 12
            var ids: [String] = []
            var infos: [String] = []
            for picture in 0..<count {
                let pid = "s\(index)p\(picture)"
                ids.append(#""\#(pid)""#)
                let width = 1 + Int.random(in: 0..<3000, using: &random)
                let height = 1 + Int.random(in: 0..<3000, using: &random)
                let sized = Int.random(in: 0..<5, using: &random) != 0
                let variant =
                    sized
                    ? #"{"url": "https://wx1.sinaimg.cn/bmiddle/\#(pid).jpg", "width": \#(width), "height": \#(height)}"#
                    : #"{"url": "https://wx1.sinaimg.cn/bmiddle/\#(pid).jpg"}"#
                let type = Int.random(in: 0..<7, using: &random) == 0 ? #""gif""# : #""pic""#
                infos.append(#""\#(pid)": {"type": \#(type), "bmiddle": \#(variant)}"#)
            }
            statuses.append(
                #"{"idstr": "\#(index)", "pic_ids": [\#(ids.joined(separator: ","))], "pic_infos": {\#(infos.joined(separator: ","))}}"#
            )
        }
        let request = try ByteTimelineReader().readTimeline(
            Array(#"{"statuses": [\#(statuses.joined(separator: ","))]}"#.utf8))
        for (width, scale) in [(355.0, 3.0), (320.0, 2.0), (414.0, 3.0), (204.0, 1.0)] {
            let options = GridOptions(style: .mosaic, contentWidth: width, scale: scale)
            let fast = TimelineRules.layout(for: request, options: options)
            let values = request.statuses.map { TimelineRules.layout(for: $0, options: options) }
            #expect(fast.statuses == values)
            #expect(fast.statuses.contains { $0.photos?.items.first?.sides != nil })
            // The table's writer writes each grid as the values' grid alone is written.
            let written = String(decoding: JSONByteWriter.encode(fast), as: UTF8.self)
            for photos in values.compactMap(\.photos) {
                #expect(written.contains(String(decoding: JSONByteWriter.encode(photos), as: UTF8.self)))
            }
        }
    }

    // MARK: Properties

    /// Random pictures (seeded), 1–14 of them, at widths 320–414 and scales 1–3: items never
    /// overlap, lie within the grid's size, and the sides are the edges of the bounding box each
    /// frame touches (none after a fallback).
    @Test func propertiesOfTheWiredPath() throws {
        var random = SeededGenerator(seed: 1930)
        for _ in 0..<600 {
            let count = 1 + Int.random(in: 0..<14, using: &random)
            let pictures = (0..<count).map { index -> Picture in
                let size: Size? =
                    Int.random(in: 0..<6, using: &random) == 0
                    ? nil
                    : Size(
                        width: Double(1 + Int.random(in: 0..<4000, using: &random)),
                        height: Double(1 + Int.random(in: 0..<4000, using: &random)))
                return Self.picture(index, size)
            }
            let width = Double(320 + Int.random(in: 0..<95, using: &random))
            let scale = Double(1 + Int.random(in: 0..<3, using: &random))
            let options = GridOptions(style: .mosaic, contentWidth: width, scale: scale)
            let grid = try #require(GridRules.layout(for: pictures, options: options))
            #expect(grid.items.count == min(count, 10))
            #expect(grid.more == count - grid.items.count)
            let frames = grid.items.map(\.frame)
            for (i, a) in frames.enumerated() {
                #expect(a.x >= 0 && a.y >= 0 && a.maxX <= grid.size.width + 1e-9 && a.maxY <= grid.size.height + 1e-9)
                for b in frames[(i + 1)...] {
                    let overlaps =
                        a.x < b.maxX - 1e-9 && b.x < a.maxX - 1e-9 && a.y < b.maxY - 1e-9 && b.y < a.maxY - 1e-9
                    #expect(!overlaps, "\(a) overlaps \(b) in \(pictures.map(\.aspectSize)) at \(width)@\(scale)")
                }
            }
            guard grid.items.first?.sides != nil else {
                #expect(grid.items.allSatisfy { $0.sides == nil })
                continue
            }
            for item in grid.items {
                let sides = try #require(item.sides)
                let f = item.frame
                #expect(sides.contains(.top) == (f.y == 0))
                #expect(sides.contains(.left) == (f.x == 0))
                #expect(sides.contains(.right) == (abs(f.maxX - grid.size.width) < 1e-9))
                #expect(sides.contains(.bottom) == (abs(f.maxY - grid.size.height) < 1e-9))
            }
        }
    }
}
