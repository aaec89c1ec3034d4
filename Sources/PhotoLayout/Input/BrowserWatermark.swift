/// The watermark box of BrowsePicture (`watermark` in the request).
public struct BrowserWatermark: Hashable, Sendable {
    public static let defaultMargin = 10.0

    public var size: Size
    /// Distance from the bottom and right edges of the picture's visible part.
    public var margin: Double

    public init(size: Size, margin: Double = BrowserWatermark.defaultMargin) {
        self.size = size
        self.margin = margin
    }
}
