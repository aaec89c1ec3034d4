/// HWPhotoVC's zoom (docs/API.md §5 "Zoom").
package enum ZoomRules {
    /// Every page: min 1, max 2.4; a double tap toggles min ↔ max.
    package static let limits = ZoomLimits(min: 1, max: 2.4, doubleTap: 2.4)

    /// The frame of a picture whose unzoomed frame is `photoFrame`, at zoom `scale` with the
    /// zoom scroll view at `contentOffset`: (w·s, h·s), centred on an axis where it is
    /// smaller than the screen (scrollViewDidZoom), else at −offset on that axis. Exact.
    package static func frame(of photoFrame: Rect, scale: Double, contentOffset: Point, screen: Size) -> Rect {
        let width = photoFrame.width * scale
        let height = photoFrame.height * scale
        return Rect(
            x: width < screen.width ? (screen.width - width) / 2 : -contentOffset.x,
            y: height < screen.height ? (screen.height - height) / 2 : -contentOffset.y,
            width: width,
            height: height
        )
    }
}
