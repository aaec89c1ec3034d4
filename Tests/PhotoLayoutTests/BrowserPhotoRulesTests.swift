import Testing

@testable import PhotoLayout

struct BrowserPhotoRulesTests {
    func frame(_ test: BrowserPhotoCase, _ mode: BrowserContentMode, upscale: Bool = true) -> Rect {
        PixelGrid(scale: test.scale).round(
            BrowserPhotoRules.frame(for: test.picture, screen: test.screen, mode: mode, upscale: upscale)
        )
    }

    /// `fill_width`: full width, centred while shorter than the screen, long pictures at the top.
    @Test(arguments: BrowserPhotoCases.fillWidth)
    func fillWidth(_ test: BrowserPhotoCase) {
        #expect(frame(test, .fillWidth) == test.frame)
    }

    /// `aspect_fit`: the whole picture visible and centred (the long one pillarboxed).
    @Test(arguments: BrowserPhotoCases.aspectFit)
    func aspectFit(_ test: BrowserPhotoCase) {
        #expect(frame(test, .aspectFit) == test.frame)
    }

    /// `aspect_fit` with `upscale: false`: pictures smaller than the screen keep their size, centred.
    @Test(arguments: BrowserPhotoCases.aspectFitNoUpscale)
    func aspectFitWithoutUpscale(_ test: BrowserPhotoCase) {
        #expect(frame(test, .aspectFit, upscale: false) == test.frame)
    }

    /// `aspect_fit` with `upscale: true` grows small pictures until one side meets the screen.
    @Test(arguments: BrowserPhotoCases.aspectFitUpscaleSmall)
    func aspectFitUpscalesSmallPictures(_ test: BrowserPhotoCase) {
        #expect(frame(test, .aspectFit, upscale: true) == test.frame)
    }

    /// `aspect_fill`: covers the screen, centred, with a negative origin on the overflowing axis.
    @Test(arguments: BrowserPhotoCases.aspectFill)
    func aspectFill(_ test: BrowserPhotoCase) {
        #expect(frame(test, .aspectFill) == test.frame)
    }

    /// `upscale` matters for `aspect_fit` only: `fill_width` and `aspect_fill` ignore it.
    @Test func upscaleOnlyAffectsAspectFit() {
        let small = Size(width: 100, height: 100)
        let screen = Size(width: 375, height: 667)
        for mode in [BrowserContentMode.fillWidth, .aspectFill] {
            #expect(
                BrowserPhotoRules.frame(for: small, screen: screen, mode: mode, upscale: false)
                    == BrowserPhotoRules.frame(for: small, screen: screen, mode: mode, upscale: true)
            )
        }
        #expect(BrowserPhotoRules.frame(for: small, screen: screen, mode: .aspectFill, upscale: false).width == 667)
    }

    /// An unknown size gives the placeholder square of side m = min(W, H), centred,
    /// ((W − m)/2, (H − m)/2, m, m), in every mode and orientation: (0, (H − W)/2, W, W) on a
    /// portrait screen, ((W − H)/2, 0, H, H) on a landscape one (1280×800: x = 240, on screen).
    @Test(arguments: [
        (Size(width: 320, height: 568), Rect(x: 0, y: 124, width: 320, height: 320)),
        (Size(width: 375, height: 667), Rect(x: 0, y: 146, width: 375, height: 375)),
        (Size(width: 414, height: 896), Rect(x: 0, y: 241, width: 414, height: 414)),
        (Size(width: 1280, height: 800), Rect(x: 240, y: 0, width: 800, height: 800)),
        (Size(width: 667, height: 375), Rect(x: 146, y: 0, width: 375, height: 375)),
        (Size(width: 500, height: 500), Rect(x: 0, y: 0, width: 500, height: 500)),
    ])
    func placeholder(screen: Size, expected: Rect) {
        for mode in BrowserContentMode.allCases {
            #expect(BrowserPhotoRules.frame(for: nil, screen: screen, mode: mode, upscale: true) == expected)
        }
        #expect(
            BrowserPhotoRules.frame(for: Size(width: 0, height: 10), screen: screen, mode: .fillWidth, upscale: true)
                == expected
        )
    }
}

struct BrowserExtremeAspectTests {
    /// A size whose frame would overflow (a subnormal width filling the screen) is the placeholder.
    @Test func overflowingAspectIsThePlaceholder() {
        let screen = Size(width: 1_000_000, height: 257_879.5)
        let size = Size(width: Double.leastNonzeroMagnitude * 4096, height: 275_950.5)
        #expect(
            BrowserPhotoRules.frame(for: size, screen: screen, mode: .fillWidth, upscale: true)
                == Rect(x: 371_060.25, y: 0, width: 257_879.5, height: 257_879.5))
    }
}

struct BrowserPixelTieTests {
    /// An exact half pixel that floating point lands a few ulps short still rounds away from zero.
    @Test func nearTieRoundsAwayFromZero() {
        // (375 − 440·667/660)/2 = −34.8333… = −104.5 px at 3x; Double arithmetic gives −104.49999999999996.
        let x = (375 - 440 * (667.0 / 660)) / 2
        #expect(x * 3 != -104.5)
        #expect(PixelGrid(scale: 3).round(x) == -35)
        #expect(PixelGrid(scale: 3).round(-34.8) == -34.666666666666664)
        #expect(PixelGrid(scale: 2).round(0.25) == 0.5)
    }
}
