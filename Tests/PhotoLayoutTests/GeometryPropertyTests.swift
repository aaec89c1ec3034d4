import Testing
import TimelineCorpus

@testable import PhotoLayout

/// Properties of the mosaic and justified rules over seeded random inputs (2–10 pictures of
/// any aspect, widths 320–414, scales 2 and 3; albums of 1–40 photos).
struct GeometryPropertyTests {
    static func randomSize(_ random: inout SeededGenerator) -> Size? {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return nil
        case 1: return Size(width: 1, height: Double(Int.random(in: 20...3000, using: &random)))
        case 2: return Size(width: Double(Int.random(in: 20...5000, using: &random)), height: 1)
        default:
            let width = Double(Int.random(in: 100...4000, using: &random))
            let aspect = Double.random(in: 0.25...4.5, using: &random)
            return Size(width: width, height: max(1, (width / aspect).rounded()))
        }
    }

    /// Mosaic frames are whole device pixels, never overlap, lie within the grid's size, and
    /// (when not the adaptive fallback) have exactly the sides on which they touch the frames'
    /// bounding box, the grid's size. Checked in device pixels (points × scale, whole numbers
    /// to 1e-9), where the rule computes.
    @Test func mosaicFramesTileTheGrid() {
        var random = SeededGenerator(seed: 0x6D6F_7361_6963)
        var fallbacks = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 2...10, using: &random)
            let sizes = (0..<count).map { _ in Self.randomSize(&random) }
            let scale = Bool.random(using: &random) ? 2.0 : 3.0
            let width = Double(Int.random(in: 320...414, using: &random))
            let options = MosaicOptions(contentWidth: width, scale: scale)
            guard let layout = MosaicRules.layout(sizes: sizes, options: options) else {
                Issue.record("no mosaic for \(count) pictures")
                continue
            }
            #expect(layout.frames.count == count)
            func pixels(_ value: Double) -> Double {
                let scaled = value * scale
                #expect(abs(scaled - scaled.rounded()) <= 1e-9, "\(value) at \(scale)x")
                return scaled.rounded()
            }
            let frames = layout.frames.map { frame in
                Rect(x: pixels(frame.x), y: pixels(frame.y), width: pixels(frame.width), height: pixels(frame.height))
            }
            let bounds = Rect(x: 0, y: 0, width: pixels(layout.size.width), height: pixels(layout.size.height))
            for (index, frame) in frames.enumerated() {
                #expect(bounds.contains(frame), "\(sizes) at \(width)@\(scale)")
                for other in frames[(index + 1)...] {
                    #expect(frame.intersection(other) == nil, "\(sizes) at \(width)@\(scale)")
                }
            }
            guard let sides = layout.sides else {
                fallbacks += 1
                continue
            }
            #expect(bounds.maxX == frames.map(\.maxX).max() && bounds.maxY == frames.map(\.maxY).max())
            for (frame, side) in zip(frames, sides) {
                var touching: MosaicSides = []
                if frame.minY == 0 { touching.insert(.top) }
                if frame.minX == 0 { touching.insert(.left) }
                if frame.maxY == bounds.maxY { touching.insert(.bottom) }
                if frame.maxX == bounds.maxX { touching.insert(.right) }
                #expect(side == touching, "\(sizes) at \(width)@\(scale)")
                #expect(frame.width >= 1 && frame.height >= 1)
            }
        }
        #expect(fallbacks > 0)
    }

    /// Justified rows: boxes of a row share its y and height, start at the left inset and
    /// overlap by a pixel at most (x and width are rounded apart), lie above the bottom inset,
    /// and every row but the widow row ends within a pixel of the right inset.
    @Test func justifiedRowsEndAtTheInset() {
        var random = SeededGenerator(seed: 0x6A75_7374)
        for _ in 0..<1000 {
            let count = Int.random(in: 1...40, using: &random)
            let ratios = (0..<count).map { _ in Double.random(in: 0.3...3.5, using: &random) }
            let scale = [1.0, 2, 3][Int.random(in: 0..<3, using: &random)]
            let width = Double(Int.random(in: 320...1200, using: &random))
            let inset = Double(Int.random(in: 0...12, using: &random))
            var options = JustifiedAlbumOptions(
                targetRowHeight: Double(Int.random(in: 80...320, using: &random)),
                tolerance: [0, 0.1, 0.25, 0.5][Int.random(in: 0..<4, using: &random)],
                horizontalSpacing: Double(Int.random(in: 0...10, using: &random)),
                verticalSpacing: Double(Int.random(in: 0...10, using: &random)), inset: EdgeInsets(all: inset),
                scale: scale)
            options.breakoutEvery = Bool.random(using: &random) ? Int.random(in: 1...4, using: &random) : nil
            let album = JustifiedAlbumRules.layout(ratios: ratios, screenWidth: width, options: options)
            #expect(album.items.count == count)
            let rows = Dictionary(grouping: album.items, by: \.y).sorted { $0.key < $1.key }
            #expect(rows.count == album.rows)
            for (number, row) in rows.enumerated() {
                let boxes = row.value.sorted { $0.x < $1.x }
                #expect(Set(boxes.map(\.height)).count == 1)
                let pixel = 1 / scale + 1e-9
                #expect(boxes[0].x >= inset - pixel)
                for (left, right) in zip(boxes, boxes.dropFirst()) {
                    #expect(left.maxX <= right.x + pixel)
                }
                let isWidowRow = number == rows.count - 1 && album.widows > 0
                if !isWidowRow {
                    #expect(abs(boxes[boxes.count - 1].maxX - (width - inset)) <= 1, "\(ratios) at \(width)")
                }
                #expect(boxes[0].maxY <= album.contentSize.height - inset + pixel)
            }
        }
    }
}
