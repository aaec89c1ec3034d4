import Testing

@testable import PhotoLayout

/// Every branch of docs/API.md §4's `mosaic`, worked by hand. Unless a case says otherwise:
/// W = 375, g = 2, m = 100, scale 2, so Wp = 750, gp = 4, mp = 200, H = 750 and
/// Hc = ⌊4·750/3⌋ = 1000; frames are device pixels / 2.
struct MosaicRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var sizes: [Size?]
        var options = MosaicOptions(contentWidth: 375)
        /// Frames in device pixels.
        var pixels: [[Double]]
        var sides: [MosaicSides]?
        var size: Size
        var testDescription: String { name }
    }

    static func sizes(_ pairs: [(Double, Double)]) -> [Size?] {
        pairs.map { Size(width: $0.0, height: $0.1) }
    }

    static let square = (1000.0, 1000.0)

    static let cases: [Case] = [
        // One 4:3 picture: min(round(750·750/1000) = round(562.5) = 563, 1000).
        Case(
            name: "one picture", sizes: sizes([(1000, 750)]), pixels: [[0, 0, 750, 563]], sides: [.all],
            size: Size(width: 375, height: 281.5)),
        // One 1:3 picture: round(750·3000/1000) = 2250, capped at Hc = 1000.
        Case(
            name: "one tall picture capped at Hc", sizes: sizes([(1000, 3000)]), pixels: [[0, 0, 750, 1000]],
            sides: [.all], size: Size(width: 375, height: 500)),
        Case(
            name: "one picture of unknown size", sizes: [nil], pixels: [[0, 0, 750, 750]], sides: [.all],
            size: Size(width: 375, height: 375)),
        // "ww", avg = (1 + 16/9 + 16/9)/2 > 1.4, r1 − r0 = 0: h = round(min(421.875, 421.875, 373)) = 373.
        Case(
            name: "two stacked", sizes: sizes([(1600, 900), (1600, 900)]),
            pixels: [[0, 0, 750, 373], [0, 377, 750, 373]], sides: [[.top, .left, .right], [.left, .bottom, .right]],
            size: Size(width: 375, height: 375)),
        // "ww" with r1 − r0 = 0.75: w = ⌊746/2⌋ = 373, h = round(min(298.4, 186.5, 750)) = 187 (half away).
        Case(
            name: "two wide halves", sizes: sizes([(1250, 1000), (2000, 1000)]),
            pixels: [[0, 0, 373, 187], [377, 0, 373, 187]],
            sides: [[.top, .left, .bottom], [.top, .bottom, .right]], size: Size(width: 375, height: 93.5)),
        // "qq" (1.2 is not above 1.2): h = round(min(373/1.2, 373, 750)) = round(310.83) = 311.
        Case(
            name: "two square-ish halves", sizes: sizes([(1200, 1000), square]),
            pixels: [[0, 0, 373, 311], [377, 0, 373, 311]],
            sides: [[.top, .left, .bottom], [.top, .bottom, .right]], size: Size(width: 375, height: 155.5)),
        // "nq": w1 = min(round(max(298.4, 994.67/2.3333 = 426.29)), 746 − 300) = 426, w0 = 320,
        // h = min(750, round(min(426.67, 426))) = 426.
        Case(
            name: "two unequal", sizes: sizes([(750, 1000), square]), pixels: [[0, 0, 320, 426], [324, 0, 426, 426]],
            sides: [[.top, .left, .bottom], [.top, .bottom, .right]], size: Size(width: 375, height: 213)),
        // "nq", 1:2 first: round(1492/3 = 497.33) = 497 is above 746 − round(1.5·200) = 446.
        Case(
            name: "two unequal at the min width", sizes: sizes([(500, 1000), square]),
            pixels: [[0, 0, 300, 446], [304, 0, 446, 446]],
            sides: [[.top, .left, .bottom], [.top, .bottom, .right]], size: Size(width: 375, height: 223)),
        // First 'n': h2 = round(min(373, 746/2.25 = 331.56)) = 332, h1 = 414,
        // wr = max(200, round(min(373, 415, 414))) = 373, wl = min(round(450), 746 − 373) = 373.
        Case(
            name: "three, one left", sizes: sizes([(600, 1000), square, (1000, 800)]),
            pixels: [[0, 0, 373, 750], [377, 0, 373, 414], [377, 418, 373, 332]],
            sides: [[.top, .left, .bottom], [.top, .right], [.bottom, .right]], size: Size(width: 375, height: 375)),
        // h0 = round(min(468.75, 746·0.66 = 492.36)) = 469, w1 = 373, h1 = min(277, round(min(373, 466.25))) = 277.
        Case(
            name: "three, one on top", sizes: sizes([(1600, 1000), square, (800, 1000)]),
            pixels: [[0, 0, 750, 469], [0, 473, 373, 277], [377, 473, 373, 277]],
            sides: [[.top, .left, .right], [.left, .bottom], [.bottom, .right]], size: Size(width: 375, height: 375)),
        // W = 320 at 3x: Wp = 960, gp = 6; h0 = round(min(960, 954·0.66 = 629.64)) = 630,
        // w1 = 477, h1 = min(960 − 630 − 6, 477) = 324, w2 = 477.
        Case(
            name: "three unknown sizes at 3x", sizes: [nil, nil, nil],
            options: MosaicOptions(contentWidth: 320, scale: 3),
            pixels: [[0, 0, 960, 630], [0, 636, 477, 324], [483, 636, 477, 324]],
            sides: [[.top, .left, .right], [.left, .bottom], [.bottom, .right]], size: Size(width: 320, height: 320)),
        // First 'w': h0 = round(min(500, 492.36)) = 492, h = round(742/3) = 247,
        // w0 = max(200, round(min(296.8, 247))) = 247, w2 = round(max(200, 244.86, 247)) = 247,
        // w1 = 750 − 247 − 247 − 8 = 248, h1 = min(254, 247) = 247.
        Case(
            name: "four, one on top", sizes: sizes([(1500, 1000), square, square, square]),
            pixels: [[0, 0, 750, 492], [0, 496, 247, 247], [251, 496, 248, 247], [503, 496, 247, 247]],
            sides: [[.top, .left, .right], [.left, .bottom], [.bottom], [.bottom, .right]],
            size: Size(width: 375, height: 371.5)),
        // w0 = round(min(750, 447.6)) = 448, w = round(742/3) = 247, h0 = h1 = 247,
        // h2 = 750 − 494 − 8 = 248, w1 = max(200, min(298, 247)) = 247.
        Case(
            name: "four, one left", sizes: sizes([square, square, square, square]),
            pixels: [[0, 0, 448, 750], [452, 0, 247, 247], [452, 251, 247, 247], [452, 502, 247, 248]],
            sides: [[.top, .left, .bottom], [.top, .right], [.right], [.bottom, .right]],
            size: Size(width: 349.5, height: 375)),
        // A 3:1 picture sends two to the rows: avg 2.5, r' = (2.75, 1); only (1, 1):
        // heights 750/2.75 = 272.73 → 273 and 750.
        Case(
            name: "a picture wider than 2:1", sizes: sizes([(3000, 1000), square]),
            pixels: [[0, 0, 750, 273], [0, 277, 750, 750]], sides: [[.top, .left, .right], [.left, .bottom, .right]],
            size: Size(width: 375, height: 513.5)),
        // Five squares, r' = 1: (2, 3) scores |373 + 247.33 + 4 − 1000| = 375.67, (3, 2) the
        // same times 1.5; rows of 373 and round(247.33) = 247, the last picture 750 − 502.
        Case(
            name: "two rows", sizes: sizes(Array(repeating: square, count: 5)),
            pixels: [
                [0, 0, 373, 373], [377, 0, 373, 373], [0, 377, 247, 247], [251, 377, 247, 247], [502, 377, 248, 247],
            ],
            sides: [[.top, .left], [.top, .right], [.left, .bottom], [.bottom], [.bottom, .right]],
            size: Size(width: 375, height: 312)),
        // Nine squares: no two-row split; (3, 3, 3) scores |3·247.33 + 8 − 1000| = 250 against
        // (2, 2, 2, 3)'s 378.33.
        Case(
            name: "three rows", sizes: sizes(Array(repeating: square, count: 9)),
            pixels: [0.0, 251, 502].flatMap { y in [[0, y, 247, 247], [251, y, 247, 247], [502, y, 248, 247]] },
            sides: [
                [.top, .left], [.top], [.top, .right], [.left], [], [.right], [.left, .bottom], [.bottom],
                [.bottom, .right],
            ], size: Size(width: 375, height: 374.5)),
        // Twelve squares, ten shown; avg = 11/10 is not above 1.1, r' = 1: (2, 2, 3, 3) scores
        // |2·373 + 2·247.33 + 12 − 1000| = 252.67, every other four-row split more or × 1.5.
        Case(
            name: "four rows, ten of twelve shown", sizes: sizes(Array(repeating: square, count: 12)),
            pixels: [[0, 0, 373, 373], [377, 0, 373, 373], [0, 377, 373, 373], [377, 377, 373, 373]]
                + [754.0, 1005].flatMap { y in [[0, y, 247, 247], [251, y, 247, 247], [502, y, 248, 247]] },
            sides: [
                [.top, .left], [.top, .right], [.left], [.right], [.left], [], [.right], [.left, .bottom], [.bottom],
                [.bottom, .right],
            ], size: Size(width: 375, height: 626)),
        // Four squares and a 1:2: avg = 5.5/5 = 1.1, r' = (1, 1, 1, 1, 0.6667). (3, 2) would
        // score |247.33 + 447.59 + 4 − 1000| = 301.08 but has more pictures above fewer: × 1.5
        // = 451.6; (2, 3) scores |373 + 278.25 + 4 − 1000| = 344.75 and wins.
        Case(
            name: "the penalty for a longer row above a shorter",
            sizes: sizes([square, square, square, square, (1000, 2000)]),
            pixels: [
                [0, 0, 373, 373], [377, 0, 373, 373], [0, 377, 278, 278], [282, 377, 278, 278], [564, 377, 186, 278],
            ],
            sides: [[.top, .left], [.top, .right], [.left, .bottom], [.bottom], [.bottom, .right]],
            size: Size(width: 375, height: 327.5)),
        // Three squares and two 3:1: avg 2, r' = (1, 1, 1, 2.75, 2.75). (2, 2, 1) scores
        // |373 + 198.93 + 272.73 + 8 − 1000| = 147.34, but its 198.93 row is below mp: × 1.5,
        // and 2 > 1: × 1.5 = 331.5; (3, 1, 1) scores 199.21 × 1.5 = 298.82 and wins.
        Case(
            name: "the penalty for a row below the min width",
            sizes: sizes([square, square, square, (3000, 1000), (3000, 1000)]),
            pixels: [
                [0, 0, 247, 247], [251, 0, 247, 247], [502, 0, 248, 247], [0, 251, 750, 273], [0, 528, 750, 273],
            ],
            sides: [[.top, .left], [.top], [.top, .right], [.left, .right], [.left, .bottom, .right]],
            size: Size(width: 375, height: 400.5)),
        // r' = (1, 1, 2, 1, 2), avg 1.6: (2, 1, 2) and (2, 2, 1) both sum 373 + 375 + 248.67
        // (in either order) + 8: |4.67| × 1.5 = 7 as the same double; the earlier, (2, 1, 2), wins.
        Case(
            name: "a tie goes to the earlier split",
            sizes: sizes([square, square, (2000, 1000), square, (2000, 1000)]),
            pixels: [
                [0, 0, 373, 373], [377, 0, 373, 373], [0, 377, 750, 375], [0, 756, 249, 249], [253, 756, 497, 249],
            ],
            sides: [[.top, .left], [.top, .right], [.left, .right], [.left, .bottom], [.bottom, .right]],
            size: Size(width: 375, height: 502.5)),
        // Unknown sizes and sizes with a zero side have aspect 1: the two-squares halves.
        Case(
            name: "unknown and zero-sided sizes", sizes: [nil, Size(width: 0, height: 600)],
            pixels: [[0, 0, 373, 373], [377, 0, 373, 373]],
            sides: [[.top, .left, .bottom], [.top, .bottom, .right]], size: Size(width: 375, height: 186.5)),
    ]

    /// Each branch gives the frames, sides and size worked out by hand.
    @Test(arguments: cases)
    func branch(_ item: Case) throws {
        let layout = try #require(MosaicRules.layout(sizes: item.sizes, options: item.options))
        let scale = item.options.pixelGrid.scale
        let expected = item.pixels.map {
            Rect(x: $0[0] / scale, y: $0[1] / scale, width: $0[2] / scale, height: $0[3] / scale)
        }
        #expect(layout.frames == expected)
        #expect(layout.sides == item.sides)
        #expect(layout.size == item.size)
    }

    /// A 1:2000 picture first among four: w0 = round(min(750·0.0005, 447.6)) = 0, below a
    /// pixel, so the grid is adaptive's: c = px((375 + 2)/3 − 2) = 123.5, two columns, no sides.
    @Test func frameBelowAPixelFallsBackToAdaptive() throws {
        let sizes = Self.sizes([(1, 2000), Self.square, Self.square, Self.square])
        let layout = try #require(MosaicRules.layout(sizes: sizes, options: MosaicOptions(contentWidth: 375)))
        #expect(layout.isAdaptiveFallback)
        #expect(layout.sides == nil)
        #expect(
            layout.frames == [
                Rect(x: 0, y: 0, width: 123.5, height: 123.5), Rect(x: 125.5, y: 0, width: 123.5, height: 123.5),
                Rect(x: 0, y: 125.5, width: 123.5, height: 123.5),
                Rect(x: 125.5, y: 125.5, width: 123.5, height: 123.5),
            ])
        #expect(layout.size == Size(width: 249, height: 249))
    }

    /// A 3000:1 panorama alone: round(750/3000) = 0 pixels high, so adaptive's single
    /// picture: L = 2·123.5 + 2 = 249 wide, 249/3000 → 0 high.
    @Test func thinPanoramaFallsBackToAdaptiveSingle() throws {
        let layout = try #require(
            MosaicRules.layout(sizes: [Size(width: 3000, height: 1)], options: MosaicOptions(contentWidth: 375)))
        #expect(layout.sides == nil)
        #expect(layout.frames == [Rect(x: 0, y: 0, width: 249, height: 0)])
    }

    /// No picture, no grid; `max_items` below ten shows fewer.
    @Test func countsShown() throws {
        #expect(MosaicRules.layout(sizes: [], options: MosaicOptions(contentWidth: 375)) == nil)
        let options = MosaicOptions(contentWidth: 375, maxItems: 2)
        let layout = try #require(MosaicRules.layout(sizes: Array(repeating: nil, count: 7), options: options))
        #expect(layout.frames.count == 2)
        #expect(options.shown(of: 7) == 2)
        #expect(MosaicOptions(contentWidth: 375).shown(of: 18) == 10)
    }

    /// The sides' names come in the API's order.
    @Test func sideNames() {
        #expect(MosaicSides.all.names == ["top", "left", "bottom", "right"])
        #expect(([.right, .top] as MosaicSides).names == ["top", "right"])
        #expect(MosaicSides().names == [])
    }
}
