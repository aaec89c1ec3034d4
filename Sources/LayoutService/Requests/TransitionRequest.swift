import JSONBytes
import PhotoLayout

/// `transition` as sent (DESIGN §7.1): every field optional; `TransitionOptions.validated`
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

    /// In the order their errors are reported.
    private static let keys = JSONKeySet([
        "duration", "curve", "bounciness", "speed", "fps", "keyframes", "corner_radius_from", "corner_radius_to",
    ])

    /// `transition`: an object of optional members; `nil` for `null`. Each member is read
    /// by the member cursor (a key table match, then a `switch`; no closure) straight into
    /// its own field (no array indexed by field number, no key name rebuilt
    /// for a pointer unless there is an error).
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<TransitionRequest?, InputError> {
        var duration: Result<Double?, InputError> = .success(nil)
        var curve: Result<String?, InputError> = .success(nil)
        var bounciness: Result<Double?, InputError> = .success(nil)
        var speed: Result<Double?, InputError> = .success(nil)
        var fps: Result<Double?, InputError> = .success(nil)
        var keyframes: Result<Bool?, InputError> = .success(nil)
        var cornerRadiusFrom: Result<Double?, InputError> = .success(nil)
        var cornerRadiusTo: Result<Double?, InputError> = .success(nil)
        var members: JSONMemberCursor
        switch try scanner.strictMembers(at: ["transition"], "an object") {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success(let cursor?): members = cursor
        }
        while let field = try scanner.nextField(&members, in: keys) {
            switch field {
            case 0: duration = try scanner.strictNumber(at: ["transition", "duration"])
            case 1: curve = try scanner.strictString(at: ["transition", "curve"])
            case 2: bounciness = try scanner.strictNumber(at: ["transition", "bounciness"])
            case 3: speed = try scanner.strictNumber(at: ["transition", "speed"])
            case 4: fps = try scanner.strictNumber(at: ["transition", "fps"])
            case 5: keyframes = try scanner.strictBool(at: ["transition", "keyframes"])
            case 6: cornerRadiusFrom = try scanner.strictNumber(at: ["transition", "corner_radius_from"])
            default: cornerRadiusTo = try scanner.strictNumber(at: ["transition", "corner_radius_to"])
            }
        }
        return Result { () throws(InputError) in
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
