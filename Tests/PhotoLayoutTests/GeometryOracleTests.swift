import Foundation
import Testing

@testable import PhotoLayout

/// The cases `scripts/oracle_geometry.py --write` computed from the contract's text alone (docs/API.md), read
/// from Fixtures/geometry/cases.json: the Swift rules must give exactly the oracle's numbers
/// (crops to 1e-9 relative).
struct GeometryOracleTests {
    struct Cases: Decodable {
        var mosaic: [Case<MosaicInput, MosaicOutput?>]
        var justified: [Case<JustifiedInput, JustifiedOutput>]
        var crop: [Case<CropInput, [Double]?>]
        var transition: [Case<TransitionInput, TransitionOutput>]
        var card: [Case<CardInput, CardOutput?>]
    }

    struct Case<Input: Decodable, Output: Decodable>: Decodable {
        var input: Input
        var output: Output
    }

    struct MosaicInput: Decodable {
        var sizes: [[Double]?]
        var contentWidth: Double
        var spacing: Double
        var minItemWidth: Double
        var scale: Double
        var maxItems: Int
    }

    struct MosaicOutput: Decodable {
        var frames: [[Double]]
        var sides: [[String]]?
        var size: [Double]
        var fallback: Bool
    }

    struct JustifiedInput: Decodable {
        var ratios: [Double]
        var width: Double
        var targetRowHeight: Double
        var tolerance: Double
        var spacing: [Double]
        var inset: [Double]
        var maxRows: Int?
        var widow: String
        var breakoutEvery: Int?
        var scale: Double
    }

    struct JustifiedOutput: Decodable {
        var rows: Int
        var widows: Int
        var contentSize: [Double]
        var items: [[Double]]
    }

    struct CropInput: Decodable {
        var size: [Double]?
        var frame: [Double]
    }

    struct TransitionInput: Decodable {
        var size: [Double]?
        var from: [Double]?
        var to: [Double]?
        var progresses: [Double]
    }

    struct TransitionOutput: Decodable {
        var fromCrop: [Double]?
        var toCrop: [Double]?
        var crops: [[Double]?]
    }

    struct CardInput: Decodable {
        struct PagePic: Decodable {
            var url: String
            var width: Double?
            var height: Double?
        }
        struct Button: Decodable {
            var pic: String
            var name: String
        }
        struct PageInfo: Decodable {
            var objectType: String?
            var type: String?
            var pagePic: PagePic?
            var typeIcon: String?
            var pageTitle: String?
            var button: Button?
        }
        struct Sizing: Decodable {
            var style: String
            var itemSize: Double?
            var contentWidth: Double?
            var spacing: Double
        }
        var pageInfo: PageInfo
        var sizing: Sizing
        var scale: Double
        var playBadge: [Double]
    }

    struct CardOutput: Decodable {
        struct Cover: Decodable {
            var frame: [Double]
            var url: String
            var crop: [Double]?
        }
        struct Icon: Decodable {
            var frame: [Double]
            var url: String
        }
        struct Button: Decodable {
            var frame: [Double]
            var iconUrl: String
            var title: String
        }
        var kind: String
        var size: [Double]
        var cover: Cover?
        var playBadge: [Double]?
        var typeIcon: Icon?
        var button: Button?
        var textFrame: [Double]?
        var title: String?
    }

    static func loadCases() throws -> Cases {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Cases.self, from: Data(Fixtures.bytes("geometry/cases.json")))
    }

    static func rect(_ values: [Double]) -> Rect {
        Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func size(_ values: [Double]?) -> Size? {
        values.map { Size(width: $0[0], height: $0[1]) }
    }

    /// Whether two crops agree to 1e-9 relative on each number (both `nil` agrees).
    static func close(_ actual: Rect?, _ expected: [Double]?) -> Bool {
        switch (actual, expected) {
        case (nil, nil): return true
        case (let actual?, let expected?):
            let values = [actual.x, actual.y, actual.width, actual.height]
            return zip(values, expected).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }
        default: return false
        }
    }

    /// The fixture is there and holds every group, so that the tests below cannot pass empty.
    @Test func fixtureLoads() throws {
        let cases = try Self.loadCases()
        #expect(cases.mosaic.count == 320)
        #expect(cases.justified.count == 120)
        #expect(cases.crop.count == 200)
        #expect(cases.transition.count == 60)
        #expect(cases.card.count == 80)
        #expect(cases.mosaic.contains { $0.output?.fallback == true })
    }

    /// Every mosaic case: the same frames, sides, grid size and fallback, to the bit.
    @Test func mosaicMatchesOracle() throws {
        for (index, item) in try Self.loadCases().mosaic.enumerated() {
            let input = item.input
            let options = MosaicOptions(
                contentWidth: input.contentWidth, spacing: input.spacing, minItemWidth: input.minItemWidth,
                maxItems: input.maxItems, scale: input.scale)
            let layout = MosaicRules.layout(sizes: input.sizes.map(Self.size), options: options)
            guard let expected = item.output else {
                #expect(layout == nil, "mosaic case \(index)")
                continue
            }
            let actual = try #require(layout, "mosaic case \(index)")
            #expect(actual.frames == expected.frames.map(Self.rect), "mosaic case \(index)")
            #expect(actual.sides?.map(\.names) == expected.sides, "mosaic case \(index)")
            #expect(actual.size == Self.size(expected.size), "mosaic case \(index)")
            #expect(actual.isAdaptiveFallback == expected.fallback, "mosaic case \(index)")
        }
    }

    /// Every justified album: rows, widows, content size and every rounded box.
    @Test func justifiedMatchesOracle() throws {
        for (index, item) in try Self.loadCases().justified.enumerated() {
            let input = item.input
            let options = JustifiedAlbumOptions(
                targetRowHeight: input.targetRowHeight, tolerance: input.tolerance,
                horizontalSpacing: input.spacing[0], verticalSpacing: input.spacing[1],
                inset: EdgeInsets(
                    top: input.inset[0], left: input.inset[3], bottom: input.inset[2], right: input.inset[1]),
                maxRows: input.maxRows, widowStyle: try #require(.init(rawValue: input.widow)),
                breakoutEvery: input.breakoutEvery, scale: input.scale)
            let layout = JustifiedAlbumRules.layout(ratios: input.ratios, screenWidth: input.width, options: options)
            #expect(layout.rows == item.output.rows, "justified case \(index)")
            #expect(layout.widows == item.output.widows, "justified case \(index)")
            #expect(layout.contentSize == Self.size(item.output.contentSize), "justified case \(index)")
            #expect(layout.items == item.output.items.map(Self.rect), "justified case \(index)")
        }
    }

    /// Every crop, to 1e-9 relative, `nil` where the oracle has none.
    @Test func cropsMatchOracle() throws {
        for (index, item) in try Self.loadCases().crop.enumerated() {
            let crop = CropRule.crop(pictureSize: Self.size(item.input.size), frame: Self.rect(item.input.frame))
            #expect(Self.close(crop, item.output), "crop case \(index)")
        }
    }

    /// Every transition: both end crops and each keyframe's, overshooting progresses included.
    @Test func transitionCropsMatchOracle() throws {
        for (index, item) in try Self.loadCases().transition.enumerated() {
            let crops = CropRule.transitionCrops(
                pictureSize: Self.size(item.input.size), from: item.input.from.map(Self.rect),
                to: item.input.to.map(Self.rect), progresses: item.input.progresses)
            #expect(Self.close(crops.from, item.output.fromCrop), "transition case \(index)")
            #expect(Self.close(crops.to, item.output.toCrop), "transition case \(index)")
            #expect(crops.keyframes.count == item.output.crops.count, "transition case \(index)")
            for (actual, expected) in zip(crops.keyframes, item.output.crops) {
                #expect(Self.close(actual, expected), "transition case \(index)")
            }
        }
    }

    /// Every card: kind, size, each part's frame, URLs, titles and the cover's crop.
    @Test func cardsMatchOracle() throws {
        for (index, item) in try Self.loadCases().card.enumerated() {
            let input = item.input
            let info = input.pageInfo
            let nonEmpty: (String?) -> String? = { $0.flatMap { $0.isEmpty ? nil : $0 } }
            let page = WeiboPageInfo(
                type: info.type.map { .string($0) }, objectType: info.objectType.map { .string($0) },
                cover: info.pagePic.flatMap { pic in
                    nonEmpty(pic.url).map {
                        WeiboPageInfo.Cover(
                            url: $0, size: pic.width.flatMap { w in pic.height.map { Size(width: w, height: $0) } })
                    }
                },
                typeIcon: nonEmpty(info.typeIcon), title: nonEmpty(info.pageTitle),
                button: info.button.flatMap {
                    $0.pic.isEmpty || $0.name.isEmpty ? nil : WeiboPageInfo.Button(iconURL: $0.pic, title: $0.name)
                })
            let sizing: CardSizing =
                input.sizing.style == "classic"
                ? .classic(itemSize: input.sizing.itemSize ?? 0, spacing: input.sizing.spacing)
                : .adaptive(contentWidth: input.sizing.contentWidth ?? 0, spacing: input.sizing.spacing)
            let card = CardRules.card(
                for: page, sizing: sizing, pixelGrid: PixelGrid(scale: input.scale),
                playBadgeSize: Size(width: input.playBadge[0], height: input.playBadge[1]))
            guard let expected = item.output else {
                #expect(card == nil, "card case \(index)")
                continue
            }
            let actual = try #require(card, "card case \(index)")
            #expect(actual.kind.rawValue == expected.kind, "card case \(index)")
            #expect(actual.size == Self.size(expected.size), "card case \(index)")
            #expect(actual.cover?.frame == expected.cover.map { Self.rect($0.frame) }, "card case \(index)")
            #expect(actual.cover?.url == expected.cover?.url, "card case \(index)")
            #expect(Self.close(actual.cover?.crop, expected.cover?.crop), "card case \(index)")
            #expect(actual.playBadge == expected.playBadge.map(Self.rect), "card case \(index)")
            #expect(actual.typeIcon?.frame == expected.typeIcon.map { Self.rect($0.frame) }, "card case \(index)")
            #expect(actual.typeIcon?.url == expected.typeIcon?.url, "card case \(index)")
            #expect(actual.button?.frame == expected.button.map { Self.rect($0.frame) }, "card case \(index)")
            #expect(actual.button?.iconURL == expected.button?.iconUrl, "card case \(index)")
            #expect(actual.button?.title == expected.button?.title, "card case \(index)")
            #expect(actual.textFrame == expected.textFrame.map(Self.rect), "card case \(index)")
            #expect(actual.title == expected.title, "card case \(index)")
        }
    }
}
