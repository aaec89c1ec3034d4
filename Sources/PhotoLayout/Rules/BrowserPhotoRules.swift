/// The frame a picture takes on its page, by content mode (docs/API.md §5 "Picture frame"),
/// exact, in the page's coordinates (the window's while the page is shown).
package enum BrowserPhotoRules {
    /// The frame of a picture of `size` (`nil`: unknown, the placeholder square). A size of
    /// so extreme an aspect that its frame is not finite (1e-313 × 275950 filling the width)
    /// is no usable size either: the placeholder (decision: docs/API.md bounds sides, not ratios).
    package static func frame(for size: Size?, screen: Size, mode: BrowserContentMode, upscale: Bool) -> Rect {
        guard let size, size.isPositive else { return placeholder(screen: screen) }
        let frame = scaled(size, screen: screen, mode: mode, upscale: upscale)
        guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
            return placeholder(screen: screen)
        }
        return frame
    }

    /// The frame of a known `size` by content mode, before the finiteness check.
    static func scaled(_ size: Size, screen: Size, mode: BrowserContentMode, upscale: Bool) -> Rect {
        switch mode {
        case .fillWidth:
            let height = size.height * screen.width / size.width
            let y = height < screen.height ? (screen.height - height) / 2 : 0
            return Rect(x: 0, y: y, width: screen.width, height: height)
        case .aspectFit:
            let fit = min(screen.width / size.width, screen.height / size.height)
            return centred(size, scale: upscale ? fit : min(fit, 1), screen: screen)
        case .aspectFill:
            return centred(size, scale: max(screen.width / size.width, screen.height / size.height), screen: screen)
        }
    }

    /// The placeholder of a picture of unknown size, in every content mode: the square of
    /// side m = min(W, H) centred on the screen, ((W − m)/2, (H − m)/2, m, m), so it is on
    /// screen in both orientations (portrait: (0, (H − W)/2, W, W)).
    package static func placeholder(screen: Size) -> Rect {
        let side = min(screen.width, screen.height)
        return Rect(x: (screen.width - side) / 2, y: (screen.height - side) / 2, width: side, height: side)
    }

    /// `size` scaled by `scale`, centred on the screen (negative origin where it overflows).
    static func centred(_ size: Size, scale: Double, screen: Size) -> Rect {
        let width = size.width * scale
        let height = size.height * scale
        return Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
    }
}
