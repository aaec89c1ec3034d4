import PhotoLayout

extension TransitionOptions {
    /// The options `request` asks for, defaults applied; problems go to `validation` at
    /// `#/transition/NAME`. Ranges are those of `TransitionOptions`.
    static func validated(_ request: TransitionRequest?, into validation: inout BrowserValidation) -> TransitionOptions
    {
        var options = TransitionOptions()
        guard let request else { return options }
        func path(_ name: String) -> [String] { ["transition", name] }
        if let value = request.duration, let duration = validation.positive(value, path("duration")) {
            options.duration = duration
        }
        if let name = request.curve, let curve = validation.name(name, as: TransitionCurve.self, path("curve")) {
            options.curve = curve
        }
        if let value = request.bounciness, let bounciness = validation.within(value, springRange, path("bounciness")) {
            options.bounciness = bounciness
        }
        if let value = request.speed, let speed = validation.within(value, springRange, path("speed")) {
            options.speed = speed
        }
        if let value = request.fps, let fps = validation.within(value, fpsRange, path("fps")) {
            options.fps = fps
        }
        options.keyframes = request.keyframes ?? false
        if let value = request.cornerRadiusFrom,
            let radius = validation.positive(value, path("corner_radius_from"), allowZero: true)
        {
            options.cornerRadiusFrom = radius
        }
        if let value = request.cornerRadiusTo,
            let radius = validation.positive(value, path("corner_radius_to"), allowZero: true)
        {
            options.cornerRadiusTo = radius
        }
        return options
    }
}
