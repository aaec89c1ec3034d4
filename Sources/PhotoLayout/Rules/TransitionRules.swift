/// The open and close transitions (docs/API.md §6), their `from`/`to` rounded once to the pixel
/// grid, their keyframes interpolated between the exact frames.
package enum TransitionRules {
    /// Open: from the tapped thumbnail (window coordinates) to the picture frame of its page.
    package static func open(_ input: BrowserInput) throws(InputError) -> TransitionLayout {
        let from = BrowserThumbnailRules.frame(at: input.index, count: input.pictures.count, source: input.thumbnails)
        return try layout(
            from: from, to: photoFrame(of: input), pictureSize: input.pictures[input.index].size,
            options: input.transition, grid: input.pixelGrid)
    }

    /// Close: from where the picture is now to its thumbnail, scrolling the thumbnails'
    /// container first when the thumbnail is not fully visible in it.
    package static func close(_ input: BrowserCloseInput) throws(InputError) -> (
        transition: TransitionLayout, scrollTo: Point?
    ) {
        let browser = input.browser
        let from: Rect
        switch input.current {
        case .computed:
            from = photoFrame(of: browser)
        case .frame(let frame):
            from = frame
        case .zoom(let scale, let offset):
            from = ZoomRules.frame(
                of: photoFrame(of: browser),
                scale: scale,
                contentOffset: offset,
                screen: browser.screen
            )
        }
        var to = BrowserThumbnailRules.frame(
            at: browser.index,
            count: browser.pictures.count,
            source: browser.thumbnails
        )
        var scrollTo: Point?
        if let item = to, let scroll = input.scroll {
            let target = scrollTarget(for: item, in: scroll)
            to = target.frame
            scrollTo = target.offset.map(browser.pixelGrid.round)
        }
        let transition = try layout(
            from: from, to: to, pictureSize: browser.pictures[browser.index].size, options: browser.transition,
            grid: browser.pixelGrid)
        return (transition, scrollTo)
    }

    /// Where the thumbnail `item` (content coordinates) shows in the window: `offset` is the
    /// least content offset that makes it fully visible (nil when it already is), per axis
    /// its leading edge when above/left of the viewport or longer than it, its trailing edge
    /// when below/right, clamped to [0, max(0, content − viewport)]; `frame` is the item after
    /// that scroll, in window coordinates.
    package static func scrollTarget(for item: Rect, in scroll: BrowserScrollContext) -> (offset: Point?, frame: Rect) {
        let viewport = scroll.viewport
        let current = scroll.contentOffset
        let visible = Rect(origin: current, size: viewport.size)
        var offset = current
        if !visible.contains(item) {
            offset = Point(
                x: leastOffset(
                    current.x,
                    itemMin: item.minX,
                    itemLength: item.width,
                    visible: viewport.width,
                    content: scroll.contentSize.width
                ),
                y: leastOffset(
                    current.y,
                    itemMin: item.minY,
                    itemLength: item.height,
                    visible: viewport.height,
                    content: scroll.contentSize.height
                )
            )
        }
        let frame = item.offsetBy(dx: viewport.x - offset.x, dy: viewport.y - offset.y)
        return (visible.contains(item) ? nil : offset, frame)
    }

    /// One axis of `scrollTarget`.
    static func leastOffset(_ current: Double, itemMin: Double, itemLength: Double, visible: Double, content: Double)
        -> Double
    {
        var offset = current
        if itemMin < current || itemLength > visible {
            offset = itemMin
        } else if itemMin + itemLength > current + visible {
            offset = itemMin + itemLength - visible
        }
        return min(max(offset, 0), max(0, content - visible))
    }

    /// The picture frame of the input's page (the placeholder when its size is unknown).
    static func photoFrame(of input: BrowserInput) -> Rect {
        BrowserPhotoRules.frame(
            for: input.pictures[input.index].size,
            screen: input.screen,
            mode: input.contentMode,
            upscale: input.upscale
        )
    }

    /// A transition between two exact frames; a fade (either missing) has no keyframes and no
    /// crops. The crops (`from_crop`, `to_crop`, each keyframe's) are `CropRule`'s for a picture
    /// of `pictureSize`, the size of the image the page shows.
    ///
    /// `from` and `to` are reported on the pixel grid, and the keyframes interpolate between
    /// those reported frames (decision: docs/API.md says frame = lerp(from, to, progress) and leaves
    /// keyframes unrounded; interpolating the unrounded ends would make the first keyframe miss
    /// `from` by up to half a pixel, a visible jump when a client starts the animation at `from`).
    static func layout(
        from exactFrom: Rect?, to exactTo: Rect?, pictureSize: Size?, options: TransitionOptions, grid: PixelGrid
    ) throws(InputError) -> TransitionLayout {
        let from = exactFrom.map(grid.round)
        let to = exactTo.map(grid.round)
        let fade = from == nil || to == nil
        let timing = try KeyframeRules.timing(options, sampled: options.keyframes && !fade)
        var keyframes: [Keyframe] = []
        var fromCrop: Rect?
        var toCrop: Rect?
        if let from, let to {
            keyframes = KeyframeRules.keyframes(
                timing.samples,
                from: from,
                to: to,
                radiusFrom: options.cornerRadiusFrom,
                radiusTo: options.cornerRadiusTo,
                pictureSize: pictureSize
            )
            fromCrop = CropRule.crop(pictureSize: pictureSize, frame: from)
            toCrop = CropRule.crop(pictureSize: pictureSize, frame: to)
        }
        return TransitionLayout(
            from: from,
            to: to,
            fromCrop: fromCrop,
            toCrop: toCrop,
            duration: timing.duration,
            curve: options.curve,
            fade: fade,
            keyframes: keyframes
        )
    }
}
