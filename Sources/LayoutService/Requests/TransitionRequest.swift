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

    /// `transition`: an object of optional members; `nil` for `null`.
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<TransitionRequest?, InputError> {
        var numbers = [Result<Double?, InputError>](repeating: .success(nil), count: keys.count)
        var curve: Result<String?, InputError> = .success(nil)
        var keyframes: Result<Bool?, InputError> = .success(nil)
        let object = try scanner.strictObject(at: ["transition"], "an object", keys) {
            field, scanner throws(JSONSyntaxError) in
            switch field {
            case 1: curve = try scanner.strictString(at: ["transition", "curve"])
            case 5: keyframes = try scanner.strictBool(at: ["transition", "keyframes"])
            default: numbers[field] = try scanner.strictNumber(at: ["transition", keys.keys[field].name.description])
            }
        }
        return object.flatMap { present in
            guard present else { return .success(nil) }
            return Result { () throws(InputError) in
                TransitionRequest(
                    duration: try numbers[0].get(),
                    curve: try curve.get(),
                    bounciness: try numbers[2].get(),
                    speed: try numbers[3].get(),
                    fps: try numbers[4].get(),
                    keyframes: try keyframes.get(),
                    cornerRadiusFrom: try numbers[6].get(),
                    cornerRadiusTo: try numbers[7].get())
            }
        }
    }
}
