/// The `transition` options of a browser request, validated (docs/API.md §6, §7.1).
///
/// Ranges (decisions, docs/API.md leaves them open): `duration` > 0; `fps` in [1, 240];
/// `bounciness` and `speed` in [0, 20] (pop's documented ranges, inside which its
/// tension and friction stay positive); corner radii ≥ 0.
public struct TransitionOptions: Hashable, Sendable {
    public static let defaultDuration = 0.5
    public static let defaultFPS = 60.0
    public static let defaultBounciness = 4.0
    public static let defaultSpeed = 12.0
    public static let fpsRange = 1.0...240.0
    public static let springRange = 0.0...20.0
    /// More keyframes than this make the request invalid (422).
    public static let maxKeyframes = 10_000

    public var duration: Double
    public var curve: TransitionCurve
    public var bounciness: Double
    public var speed: Double
    public var fps: Double
    /// Whether the response carries sampled keyframes.
    public var keyframes: Bool
    public var cornerRadiusFrom: Double
    public var cornerRadiusTo: Double

    public init(
        duration: Double = TransitionOptions.defaultDuration,
        curve: TransitionCurve = .easeInOut,
        bounciness: Double = TransitionOptions.defaultBounciness,
        speed: Double = TransitionOptions.defaultSpeed,
        fps: Double = TransitionOptions.defaultFPS,
        keyframes: Bool = false,
        cornerRadiusFrom: Double = 0,
        cornerRadiusTo: Double = 0
    ) {
        self.duration = duration
        self.curve = curve
        self.bounciness = bounciness
        self.speed = speed
        self.fps = fps
        self.keyframes = keyframes
        self.cornerRadiusFrom = cornerRadiusFrom
        self.cornerRadiusTo = cornerRadiusTo
    }
}
