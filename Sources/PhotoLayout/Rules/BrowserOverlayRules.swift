/// What BrowsePicture draws over or derives from a picture frame: the watermark and the
/// gyroscope pan range (docs/API.md §5), exact.
package enum BrowserOverlayRules {
    /// The watermark box, inset by its margin from the bottom-right corner of the visible
    /// part of `photoFrame` (its intersection with the screen); `nil` when nothing is visible.
    package static func watermarkFrame(_ watermark: BrowserWatermark, photoFrame: Rect, screen: Size) -> Rect? {
        guard let visible = photoFrame.intersection(Rect(origin: .zero, size: screen)) else { return nil }
        return Rect(
            x: visible.maxX - watermark.margin - watermark.size.width,
            y: visible.maxY - watermark.margin - watermark.size.height,
            width: watermark.size.width,
            height: watermark.size.height
        )
    }

    /// The horizontal content offsets a gyroscope may pan an `aspect_fill` picture wider
    /// than the screen through: 0 to width − W, starting in the middle; `nil` otherwise.
    package static func panRange(photoFrame: Rect, screen: Size, mode: BrowserContentMode) -> (
        min: Double, max: Double, initial: Double
    )? {
        guard mode == .aspectFill, photoFrame.width > screen.width else { return nil }
        let overflow = photoFrame.width - screen.width
        return (0, overflow, overflow / 2)
    }
}
