/// `transition` as sent (DESIGN §7.1): every field optional; `TransitionOptions.validated`
/// applies the defaults and ranges.
public struct TransitionRequest: Decodable, Hashable, Sendable {
    public var duration: Double?
    public var curve: String?
    public var bounciness: Double?
    public var speed: Double?
    public var fps: Double?
    public var keyframes: Bool?
    public var cornerRadiusFrom: Double?
    public var cornerRadiusTo: Double?

    enum Key: String, CodingKey {
        case duration, curve, bounciness, speed, fps, keyframes
        case cornerRadiusFrom = "corner_radius_from"
        case cornerRadiusTo = "corner_radius_to"
    }

    public init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder)
        duration = try object.optional(.duration, "a number")
        curve = try object.optional(.curve, "a string")
        bounciness = try object.optional(.bounciness, "a number")
        speed = try object.optional(.speed, "a number")
        fps = try object.optional(.fps, "a number")
        keyframes = try object.optional(.keyframes, "a boolean")
        cornerRadiusFrom = try object.optional(.cornerRadiusFrom, "a number")
        cornerRadiusTo = try object.optional(.cornerRadiusTo, "a number")
    }
}
