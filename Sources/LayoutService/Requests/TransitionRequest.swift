import JSONBytes
import PhotoLayout

/// `transition` as sent (docs/API.md §7.1): every field optional; `TransitionOptions.validated`
/// applies the defaults and ranges.
struct TransitionRequest: Hashable, Sendable {
    var duration: Double?
    var curve: String?
    var bounciness: Double?
    var speed: Double?
    var fps: Double?
    var keyframes: Bool?
    var cornerRadiusFrom: Double?
    var cornerRadiusTo: Double?

    /// The members, in the order their errors are reported.
    enum Field: String, JSONField {
        case duration, curve, bounciness, speed, fps, keyframes
        case cornerRadiusFrom = "corner_radius_from"
        case cornerRadiusTo = "corner_radius_to"

        static let set = JSONFieldSet<Self>()
    }

    /// `transition`: an object of optional members; `nil` for `null`. Each member is read
    /// straight into its own field; a pointer is built only for an error.
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<TransitionRequest?, InputError> {
        var duration: Result<Double?, InputError> = .success(nil)
        var curve: Result<String?, InputError> = .success(nil)
        var bounciness: Result<Double?, InputError> = .success(nil)
        var speed: Result<Double?, InputError> = .success(nil)
        var fps: Result<Double?, InputError> = .success(nil)
        var keyframes: Result<Bool?, InputError> = .success(nil)
        var cornerRadiusFrom: Result<Double?, InputError> = .success(nil)
        var cornerRadiusTo: Result<Double?, InputError> = .success(nil)
        return try scanner.strictObject(at: ["transition"], "an object", Field.set) {
            field, scanner throws(JSONSyntaxError) in
            switch field {
            case .duration: duration = try scanner.strictNumber(at: ["transition", "duration"])
            case .curve: curve = try scanner.strictString(at: ["transition", "curve"])
            case .bounciness: bounciness = try scanner.strictNumber(at: ["transition", "bounciness"])
            case .speed: speed = try scanner.strictNumber(at: ["transition", "speed"])
            case .fps: fps = try scanner.strictNumber(at: ["transition", "fps"])
            case .keyframes: keyframes = try scanner.strictBool(at: ["transition", "keyframes"])
            case .cornerRadiusFrom:
                cornerRadiusFrom = try scanner.strictNumber(at: ["transition", "corner_radius_from"])
            case .cornerRadiusTo: cornerRadiusTo = try scanner.strictNumber(at: ["transition", "corner_radius_to"])
            }
        } value: { () throws(InputError) in
            TransitionRequest(
                duration: try duration.get(),
                curve: try curve.get(),
                bounciness: try bounciness.get(),
                speed: try speed.get(),
                fps: try fps.get(),
                keyframes: try keyframes.get(),
                cornerRadiusFrom: try cornerRadiusFrom.get(),
                cornerRadiusTo: try cornerRadiusTo.get())
        }
    }
}
