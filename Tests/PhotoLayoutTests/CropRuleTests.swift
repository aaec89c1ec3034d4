import Testing

@testable import PhotoLayout

/// docs/API.md §4's crop and §6's transition crops.
struct CropRuleTests {
    static let cell = Rect(x: 0, y: 0, width: 70, height: 70)

    /// A 16:9 picture in a square: q = 1/(16/9) = 0.5625, the middle, full height.
    @Test func widePictureShowsTheMiddle() {
        #expect(
            CropRule.crop(pictureSize: Size(width: 1600, height: 900), frame: Self.cell)
                == Rect(x: 0.21875, y: 0, width: 0.5625, height: 1))
    }

    /// A 9:16 picture in a square: q = 0.5625, the top, full width.
    @Test func tallPictureShowsTheTop() {
        #expect(
            CropRule.crop(pictureSize: Size(width: 900, height: 1600), frame: Self.cell)
                == Rect(x: 0, y: 0, width: 1, height: 0.5625))
    }

    /// A square picture in a square cell, and a 4:3 one in a 4:3 frame: all of it.
    @Test func sameAspectShowsAll() {
        let all = Rect(x: 0, y: 0, width: 1, height: 1)
        #expect(CropRule.crop(pictureSize: Size(width: 1000, height: 1000), frame: Self.cell) == all)
        #expect(
            CropRule.crop(pictureSize: Size(width: 400, height: 300), frame: Rect(x: 5, y: 5, width: 80, height: 60))
                == all)
    }

    /// A wide frame over a square picture (the adaptive single picture's other case):
    /// q = 1/(2/1) = 0.5 of the height, from the top.
    @Test func wideFrameOverSquarePicture() {
        #expect(
            CropRule.crop(pictureSize: Size(width: 500, height: 500), frame: Rect(x: 0, y: 0, width: 200, height: 100))
                == Rect(x: 0, y: 0, width: 1, height: 0.5))
    }

    /// No crop without a size, with a zero or non-finite side, or for a frame with a zero side.
    @Test func unknownOrEmpty() {
        #expect(CropRule.crop(pictureSize: nil, frame: Self.cell) == nil)
        #expect(CropRule.crop(pictureSize: Size(width: 0, height: 600), frame: Self.cell) == nil)
        #expect(CropRule.crop(pictureSize: Size(width: .infinity, height: 600), frame: Self.cell) == nil)
        let size = Size(width: 600, height: 800)
        #expect(CropRule.crop(pictureSize: size, frame: Rect(x: 0, y: 0, width: 0, height: 70)) == nil)
        #expect(CropRule.crop(pictureSize: size, frame: Rect(x: 0, y: 0, width: 70, height: 0)) == nil)
    }

    /// The ends use the rule on `from` and `to`; a keyframe's progress is clamped to [0, 1],
    /// so an overshoot keeps the end crop; a fade has no crops.
    @Test func transitionEndsAndClamp() {
        let size = Size(width: 600, height: 800)
        let from = Rect(x: 12, y: 240, width: 70, height: 70)
        let to = Rect(x: 0, y: 83.5, width: 375, height: 500)
        let crops = CropRule.transitionCrops(pictureSize: size, from: from, to: to, progresses: [-0.1, 0, 0.5, 1, 1.2])
        // 0.75 < 1: the top 0.75 of the picture; the page has the picture's aspect: all of it.
        #expect(crops.from == Rect(x: 0, y: 0, width: 1, height: 0.75))
        #expect(crops.to == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(crops.keyframes[0] == crops.from)
        #expect(crops.keyframes[1] == crops.from)
        #expect(crops.keyframes[3] == crops.to)
        #expect(crops.keyframes[4] == crops.to)
        // Halfway: 222.5 × 285 (aspect 0.78070…) over 0.75: the top 0.75/0.78070 = 0.96067.
        let half = CropRule.frame(from: from, to: to, progress: 0.5)
        #expect(half == Rect(x: 6, y: 161.75, width: 222.5, height: 285))
        #expect(crops.keyframes[2] == Rect(x: 0, y: 0, width: 1, height: 0.75 / (222.5 / 285)))
        let fade = CropRule.transitionCrops(pictureSize: size, from: nil, to: to, progresses: [0, 1])
        #expect(fade == TransitionCrops(from: nil, to: nil, keyframes: [nil, nil]))
        let unknown = CropRule.transitionCrops(pictureSize: nil, from: from, to: to, progresses: [0.5])
        #expect(unknown == TransitionCrops(from: nil, to: nil, keyframes: [nil]))
    }

    /// No distortion: at sampled progresses of an open and a close transition between a square
    /// thumbnail and the page of a 3:4 picture (an eased curve's progresses and a spring's,
    /// overshoot included), the crop's aspect in picture pixels equals its frame's aspect.
    @Test(arguments: [false, true])
    func noDistortionAtAnyKeyframe(closing: Bool) {
        let size = Size(width: 600, height: 800)
        let thumbnail = Rect(x: 12, y: 240, width: 70, height: 70)
        let page = Rect(x: 0, y: 83.5, width: 375, height: 500)
        let (from, to) = closing ? (page, thumbnail) : (thumbnail, page)
        let ease = (0...30).map { step in
            let t = Double(step) / 30
            return t * t * (3 - 2 * t)
        }
        let spring = [0, 0.2, 0.55, 0.9, 1.04, 1.11, 1.02, 0.995, 1]
        let progresses = ease + spring
        let crops = CropRule.transitionCrops(pictureSize: size, from: from, to: to, progresses: progresses)
        for (progress, crop) in zip(progresses, crops.keyframes) {
            let frame = CropRule.frame(from: from, to: to, progress: progress)
            guard let crop else {
                Issue.record("no crop at progress \(progress)")
                continue
            }
            let cropAspect = (crop.width * size.width) / (crop.height * size.height)
            let frameAspect = frame.width / frame.height
            #expect(abs(cropAspect - frameAspect) <= 1e-12 * frameAspect, "progress \(progress)")
            #expect(crop.x >= 0 && crop.y == 0 && crop.maxX <= 1 + 1e-15 && crop.maxY <= 1)
        }
    }
}
