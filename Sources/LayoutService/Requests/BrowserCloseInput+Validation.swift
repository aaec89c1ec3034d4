import PhotoLayout

extension BrowserCloseInput {
    /// The input of `POST /v1/browser/close`, or a 422 listing every invalid value: those
    /// of `BrowserInput.validated`, a `current_frame` or `scroll.viewport` without a
    /// positive size, a non-positive `zoom.scale`, a negative `scroll.content_size`.
    /// `current_frame` wins over `zoom` when both are sent.
    static func validated(_ request: BrowserCloseRequest) throws(InputError) -> BrowserCloseInput {
        var validation = BrowserValidation()
        let browser = BrowserInput.validated(request.browser, into: &validation)
        var current = BrowserCurrentFrame.computed
        if let frame = request.currentFrame {
            if let valid = validation.frame(frame, ["current_frame"]) { current = .frame(valid) }
        } else if let scale = request.zoomScale {
            let scale = validation.positive(scale, ["zoom", "scale"])
            let offset = validation.point(request.zoomOffset ?? .zero, ["zoom", "content_offset"])
            if let scale, let offset { current = .zoom(scale: scale, contentOffset: offset) }
        }
        var scroll: BrowserScrollContext?
        if let context = request.scroll {
            let viewport = validation.frame(context.viewport, ["scroll", "viewport"])
            let offset = validation.point(context.contentOffset, ["scroll", "content_offset"])
            let size = validation.size(context.contentSize, ["scroll", "content_size"], allowZero: true)
            if let viewport, let offset, let size {
                scroll = BrowserScrollContext(viewport: viewport, contentOffset: offset, contentSize: size)
            }
        }
        let input = browser.map { BrowserCloseInput(browser: $0, current: current, scroll: scroll) }
        return try validation.finish(input)
    }
}
