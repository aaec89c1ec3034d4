import Testing

@testable import PhotoLayout

struct PixelGridTests {
    /// Scale 1 rounds to whole points, halves away from zero in both directions.
    @Test func scaleOneRoundsHalvesAwayFromZero() {
        let grid = PixelGrid(scale: 1)
        #expect(grid.round(1.5) == 2)
        #expect(grid.round(2.5) == 3)
        #expect(grid.round(-1.5) == -2)
        #expect(grid.round(1.49) == 1)
    }

    /// Scale 2 rounds to half points: 0.25 → 0.5, 0.74 → 0.5, 0.75 → 1.
    @Test func scaleTwoRoundsToHalfPoints() {
        let grid = PixelGrid(scale: 2)
        #expect(grid.round(0.25) == 0.5)
        #expect(grid.round(0.74) == 0.5)
        #expect(grid.round(0.75) == 1)
        #expect(grid.round(115.66666666666667) == 115.5)
    }

    /// Scale 3 rounds to thirds: 1/6 → 1/3, 115.66… stays on its third.
    @Test func scaleThreeRoundsToThirds() {
        let grid = PixelGrid(scale: 3)
        #expect(grid.round(1.0 / 6) == 1.0 / 3)
        #expect(grid.round(0.1) == 0)
        #expect(grid.round(115.66666666666667) == 347.0 / 3)
        #expect(grid.round(239.33333333333334) == 718.0 / 3)
    }

    /// Values that round to zero come back as +0, never -0 (JSON would say "-0").
    @Test func negativeZeroIsNormalised() {
        let value = PixelGrid(scale: 1).round(-0.2)
        #expect(value == 0)
        #expect(value.sign == .plus)
    }

    /// A rect rounds each of x, y, width, height from its exact value.
    @Test func rectRoundsEachComponent() {
        let rect = PixelGrid(scale: 2).round(Rect(x: 0.3, y: 1.26, width: 132.394, height: 189.40298))
        #expect(rect == Rect(x: 0.5, y: 1.5, width: 132.5, height: 189.5))
    }

    /// The libm-free rounding of a magnitude gives `rounded(.toNearestOrAwayFromZero)`'s value
    /// for halves, near-halves, whole numbers, values just below, at and past 2^52, the largest
    /// double, the smallest subnormal and infinity; and `round(_:)` gives, on every scale, what
    /// the libm formula it replaced gave (the values and their negatives, NaN aside).
    @Test func roundingMatchesTheStandardLibrary() {
        var magnitudes: [Double] = [
            0, 0.5, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001, 1, 104.5, 104.49999999999996,
            0x1p52 - 0.5, 0x1p52 - 1.5, 0x1p52 - 1, 0x1p52, 0x1p52 + 1, 0x1p53, 0x1p53 + 2, 0x1p63, 0x1p64, 1e300,
            .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, .infinity,
        ]
        for whole in stride(from: 0.0, through: 1200, by: 1) {
            for step in stride(from: 0.0, to: 1.0, by: 1.0 / 12) {
                magnitudes.append(whole + step)
                magnitudes.append((whole + step).nextUp)
                magnitudes.append((whole + step).nextDown)
            }
        }
        for magnitude in magnitudes {
            #expect(
                PixelGrid.roundedHalfUp(magnitude) == magnitude.rounded(.toNearestOrAwayFromZero), "\(magnitude)")
        }
        #expect(PixelGrid.roundedHalfUp(.nan).isNaN)
        for scale in [1.0, 2, 3] {
            let grid = PixelGrid(scale: scale)
            for magnitude in magnitudes + magnitudes.map({ $0 / scale }) {
                for value in [magnitude, -magnitude] {
                    let pixels = value * scale
                    let nudged = pixels + (pixels < 0 ? -1 : 1) * PixelGrid.tieTolerance * max(1, abs(pixels))
                    let libm = nudged.rounded(.toNearestOrAwayFromZero) / scale
                    let expected = libm == 0 ? 0 : libm
                    let rounded = grid.round(value)
                    #expect(rounded == expected && rounded.sign == expected.sign, "\(value) at scale \(scale)")
                }
            }
        }
        #expect(PixelGrid(scale: 2).round(.nan).isNaN)
    }
}
