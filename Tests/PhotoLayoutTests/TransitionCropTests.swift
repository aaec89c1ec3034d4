import Testing

@testable import PhotoLayout

/// docs/API.md §6 "Crops in transitions": `from_crop`, `to_crop` and each keyframe's crop are the
/// crop rule of the page's picture in `from`, in `to` and in lerp(from, to, p) with p clamped
/// to [0, 1]; none for a fade or an unknown size.
struct TransitionCropTests {
    /// A 3:4 picture (300×400) behind a square 70×70 thumbnail.
    static let picture = Size(width: 300, height: 400)
    static let thumbnail = Rect(x: 12, y: 240, width: 70, height: 70)
    static let curves: [TransitionOptions] = [
        TransitionOptions(keyframes: true),
        TransitionOptions(curve: .spring, keyframes: true),
        // Bouncy enough to overshoot 1 by several percent.
        TransitionOptions(curve: .spring, bounciness: 16, speed: 6, keyframes: true),
    ]

    static func browser(size: Size?, transition: TransitionOptions, thumbnail: Rect? = thumbnail) -> BrowserInput {
        BrowserInput(
            screen: Size(width: 375, height: 667), pictures: [BrowserPicture(url: "u", size: size)], index: 0,
            thumbnails: .frames([thumbnail]), transition: transition)
    }

    /// The open and the close transition of the picture for each curve.
    static func transitions(size: Size? = picture) throws -> [TransitionLayout] {
        try curves.flatMap { options in
            let input = browser(size: size, transition: options)
            return [
                try TransitionRules.open(input),
                try TransitionRules.close(BrowserCloseInput(browser: input)).transition,
            ]
        }
    }

    /// Every crop is the crop rule's: at the ends on the frames as output, at each keyframe on
    /// the frames a + (b − a)·p with p clamped to [0, 1]. Open starts on the thumbnail's crop
    /// (the top 3/4, as the grid shows it) and ends on the whole picture; close the reverse.
    @Test func cropsFollowTheCropRule() throws {
        for transition in try Self.transitions() {
            let from = try #require(transition.from)
            let to = try #require(transition.to)
            #expect(transition.fromCrop == CropRule.crop(pictureSize: Self.picture, frame: from))
            #expect(transition.toCrop == CropRule.crop(pictureSize: Self.picture, frame: to))
            #expect(!transition.keyframes.isEmpty)
            for keyframe in transition.keyframes {
                let q = min(max(keyframe.progress, 0), 1)
                let frame = Rect(
                    x: from.x + (to.x - from.x) * q, y: from.y + (to.y - from.y) * q,
                    width: from.width + (to.width - from.width) * q, height: from.height + (to.height - from.height) * q
                )
                #expect(keyframe.crop == CropRule.crop(pictureSize: Self.picture, frame: frame))
            }
            let crops = CropRule.transitionCrops(
                pictureSize: Self.picture, from: from, to: to, progresses: transition.keyframes.map(\.progress))
            #expect(
                crops
                    == TransitionCrops(
                        from: transition.fromCrop, to: transition.toCrop, keyframes: transition.keyframes.map(\.crop)))
            #expect(transition.keyframes.first?.crop == transition.fromCrop)
            #expect(transition.keyframes.last?.crop == transition.toCrop)
        }
        let open = try TransitionRules.open(Self.browser(size: Self.picture, transition: Self.curves[0]))
        #expect(open.fromCrop == Rect(x: 0, y: 0, width: 1, height: 0.75))
        // The page: 375 × 500 at y = 83.5, exactly the picture's aspect.
        #expect(open.to == Rect(x: 0, y: 83.5, width: 375, height: 500))
        #expect(open.toCrop == Rect(x: 0, y: 0, width: 1, height: 1))
    }

    /// No distortion: at every keyframe whose progress lies in [0, 1], the crop measured in the
    /// picture's pixels has the frame's aspect (to 1e-9 relative), ease and spring, open and close.
    @Test func noDistortionAtAnyKeyframe() throws {
        var checked = 0
        for transition in try Self.transitions() {
            for keyframe in transition.keyframes where (0...1).contains(keyframe.progress) {
                let crop = try #require(keyframe.crop)
                let shown = (crop.width * Self.picture.width) / (crop.height * Self.picture.height)
                let frame = keyframe.frame.width / keyframe.frame.height
                #expect(abs(shown - frame) <= 1e-9 * frame)
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// A spring's overshoot past 1 keeps the end crop.
    @Test func overshootKeepsTheEndCrop() throws {
        let transitions = try Self.transitions()
        let overshooting = transitions.flatMap { transition in
            transition.keyframes.filter { $0.progress > 1 }.map { ($0, transition.toCrop) }
        }
        #expect(overshooting.count > 10)
        for (keyframe, end) in overshooting { #expect(keyframe.crop == end) }
    }

    /// A fade (no thumbnail) has no crops at all; an unknown size has frames but no crops.
    @Test func fadeAndUnknownSize() throws {
        for options in Self.curves {
            let fade = try TransitionRules.open(Self.browser(size: Self.picture, transition: options, thumbnail: nil))
            #expect(fade.fade && fade.fromCrop == nil && fade.toCrop == nil && fade.keyframes.isEmpty)
        }
        for transition in try Self.transitions(size: nil) {
            #expect(transition.from != nil && transition.to != nil)
            #expect(transition.fromCrop == nil && transition.toCrop == nil)
            #expect(!transition.keyframes.isEmpty && transition.keyframes.allSatisfy { $0.crop == nil })
        }
    }

    /// Keyframe frames never have a negative side: a spring closing from a tall page to a small
    /// thumbnail overshoots past it, and the sides stop at 0 there while x and y keep moving.
    @Test func keyframeSidesNeverNegative() throws {
        let options = TransitionOptions(curve: .spring, bounciness: 16, speed: 6, keyframes: true)
        let input = Self.browser(
            size: Size(width: 420, height: 9215), transition: options,
            thumbnail: Rect(x: 12, y: 240, width: 10, height: 10))
        let close = try TransitionRules.close(BrowserCloseInput(browser: input)).transition
        #expect(close.keyframes.allSatisfy { $0.frame.width >= 0 && $0.frame.height >= 0 })
        #expect(close.keyframes.contains { $0.progress > 1 && $0.frame.height == 0 })
    }
}
