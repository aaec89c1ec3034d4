/// The browser's paging and page label (DESIGN §5), exact.
///
/// With `page_spacing` p the paging scroll view spans (−p/2, 0, W+p, H), as in YYKit: page i
/// sits at i·(W+p) + p/2 in its content; p = 0 is HVWWeibo's paging, page i at i·W.
public enum BrowserPageRules {
    /// The label's top and height: frame (0, 10, W, 35).
    public static let labelTop = 10.0
    public static let labelHeight = 35.0

    /// The paging scroll view's frame in the window.
    public static func pagingFrame(screen: Size, spacing: Double) -> Rect {
        Rect(x: -spacing / 2, y: 0, width: screen.width + spacing, height: screen.height)
    }

    /// Page `index`'s frame in the paging scroll view's content.
    public static func pageFrame(index: Int, screen: Size, spacing: Double) -> Rect {
        Rect(
            x: Double(index) * (screen.width + spacing) + spacing / 2,
            y: 0,
            width: screen.width,
            height: screen.height
        )
    }

    public static func contentSize(count: Int, screen: Size, spacing: Double) -> Size {
        Size(width: Double(count) * (screen.width + spacing), height: screen.height)
    }

    /// The content offset that shows page `index`.
    public static func contentOffset(index: Int, screen: Size, spacing: Double) -> Point {
        Point(x: Double(index) * (screen.width + spacing), y: 0)
    }

    /// `"{index+1}/{count}"` and its frame.
    public static func label(index: Int, count: Int, screen: Size) -> (text: String, frame: Rect) {
        ("\(index + 1)/\(count)", Rect(x: 0, y: labelTop, width: screen.width, height: labelHeight))
    }
}
