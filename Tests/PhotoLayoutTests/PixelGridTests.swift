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
}
