/// Samples a transition's timing curve into keyframes (docs/API.md §6 "Keyframes").
///
/// Samples at t = 0, 1/fps, 2/fps, …: for `ease_in_out` up to the duration, with one last
/// sample at the duration itself when the grid misses it, whose progress is exactly 1; for
/// `spring` up to the first sample at rest, whose progress is written as 1, the spring's
/// time to rest being the reported duration. Frames and radii are interpolated by progress
/// and left exact, a frame's width and height stopping at 0; each keyframe's crop is the crop
/// rule's at its progress clamped to [0, 1].
package enum KeyframeRules {
    /// A transition's reported duration and, when asked for, its (t, progress) samples.
    package struct Timing: Hashable, Sendable {
        package var duration: Double
        package var samples: [Sample]
    }

    /// One (t, progress) sample.
    package struct Sample: Hashable, Sendable {
        package var t: Double
        package var progress: Double
    }

    /// How far below the duration a grid time must be to count as a sample of its own.
    static let gridTolerance = 1e-9

    /// The timing of `options`; samples only when `sampled`. A request that would make more
    /// than `TransitionOptions.maxKeyframes` samples is a 422 at `#/transition/keyframes`.
    package static func timing(_ options: TransitionOptions, sampled: Bool) throws(InputError) -> Timing {
        switch options.curve {
        case .easeInOut:
            guard sampled else { return Timing(duration: options.duration, samples: []) }
            return Timing(
                duration: options.duration,
                samples: try easeSamples(duration: options.duration, fps: options.fps)
            )
        case .spring:
            let spring = SpringSolver(
                parameters: SpringParameters(bounciness: options.bounciness, speed: options.speed)
            )
            guard var motion = spring.samples(fps: options.fps, limit: TransitionOptions.maxKeyframes),
                let last = motion.popLast()
            else {
                throw tooMany("the spring does not come to rest within \(TransitionOptions.maxKeyframes) keyframes")
            }
            let samples = motion.map { Sample(t: $0.t, progress: $0.position) } + [Sample(t: last.t, progress: 1)]
            return Timing(duration: last.t, samples: sampled ? samples : [])
        }
    }

    /// `ease_in_out` samples: the grid times before the duration, then the duration.
    static func easeSamples(duration: Double, fps: Double) throws(InputError) -> [Sample] {
        let gridCount = (duration * fps - gridTolerance).rounded(.up)
        guard gridCount + 1 <= Double(TransitionOptions.maxKeyframes) else {
            throw tooMany(
                "\(duration) s at \(fps) fps would make more than \(TransitionOptions.maxKeyframes) keyframes"
            )
        }
        let curve = TransitionBezier.easeInOut
        // One array of the final size: `grid + [last]` made a second one and copied.
        var samples: [Sample] = []
        samples.reserveCapacity(Int(gridCount) + 1)
        for k in 0..<Int(gridCount) {
            let t = Double(k) / fps
            samples.append(Sample(t: t, progress: curve.progress(at: t / duration)))
        }
        samples.append(Sample(t: duration, progress: 1))
        return samples
    }

    /// Keyframes from `from` to `to`: frame = lerp(from, to, p) with its width and height at
    /// least 0 (a spring overshooting past a small `to` would make them negative), corner
    /// radius = max(0, lerp(radiusFrom, radiusTo, p)), crop = `CropRule.crop` of a picture of
    /// `pictureSize` in lerp(from, to, p) with p clamped to [0, 1].
    package static func keyframes(
        _ samples: [Sample], from: Rect, to: Rect, radiusFrom: Double, radiusTo: Double, pictureSize: Size?
    ) -> [Keyframe] {
        samples.map { sample in
            let p = sample.progress
            return Keyframe(
                t: sample.t,
                progress: p,
                frame: Rect(
                    x: lerp(from.x, to.x, p),
                    y: lerp(from.y, to.y, p),
                    width: max(0, lerp(from.width, to.width, p)),
                    height: max(0, lerp(from.height, to.height, p))
                ),
                cornerRadius: max(0, lerp(radiusFrom, radiusTo, p)),
                crop: CropRule.crop(pictureSize: pictureSize, frame: CropRule.frame(from: from, to: to, progress: p))
            )
        }
    }

    static func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
        a + (b - a) * p
    }

    private static func tooMany(_ detail: String) -> InputError {
        InputError.at(JSONPointer.fragment(["transition", "keyframes"]), .invalidValue, detail)
    }
}
