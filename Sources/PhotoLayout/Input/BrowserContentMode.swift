/// How a picture takes the screen in the browser (docs/API.md §5, `content_mode`).
public enum BrowserContentMode: String, CaseIterable, Hashable, Sendable {
    /// HVWWeibo: full screen width; vertically centred while shorter than the screen, else at the top.
    case fillWidth = "fill_width"
    /// BrowsePicture `scaleToMax = NO`, HWPhotoVC: the whole picture visible, centred.
    case aspectFit = "aspect_fit"
    /// BrowsePicture `scaleToMax = YES`: covers the screen, centred, overflowing on one axis.
    case aspectFill = "aspect_fill"
}
