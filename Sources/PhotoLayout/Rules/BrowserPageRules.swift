/// The browser's paging and page label (docs/API.md §5), exact.
///
/// With `page_spacing` p the paging scroll view spans (−p/2, 0, W+p, H), as in YYKit: page i
/// sits at i·(W+p) + p/2 in its content; p = 0 is HVWWeibo's paging, page i at i·W.
package enum BrowserPageRules {
    /// The label's top and height: frame (0, 10, W, 35).
    package static let labelTop = 10.0
    package static let labelHeight = 35.0

    /// The paging scroll view's frame in the window.
    package static func pagingFrame(screen: Size, spacing: Double) -> Rect {
        Rect(x: -spacing / 2, y: 0, width: screen.width + spacing, height: screen.height)
    }

    /// Page `index`'s frame in the paging scroll view's content.
    package static func pageFrame(index: Int, screen: Size, spacing: Double) -> Rect {
        Rect(
            x: Double(index) * (screen.width + spacing) + spacing / 2,
            y: 0,
            width: screen.width,
            height: screen.height
        )
    }

    package static func contentSize(count: Int, screen: Size, spacing: Double) -> Size {
        Size(width: Double(count) * (screen.width + spacing), height: screen.height)
    }

    /// The content offset that shows page `index`.
    package static func contentOffset(index: Int, screen: Size, spacing: Double) -> Point {
        Point(x: Double(index) * (screen.width + spacing), y: 0)
    }

    /// `"{index+1}/{count}"` and its frame.
    package static func label(index: Int, count: Int, screen: Size) -> (text: String, frame: Rect) {
        (labelText(index + 1, of: count), Rect(x: 0, y: labelTop, width: screen.width, height: labelHeight))
    }

    /// `"\(number)/\(count)"`, byte for byte, from digits written into a stack buffer (at most
    /// 41 bytes) and one `String(decoding:)`, which keeps a label of 15 bytes or fewer inline
    /// (no allocation, unlike interpolation).
    static func labelText(_ number: Int, of count: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 41) { buffer in
            var written = writeDecimal(number, into: buffer, at: 0)
            buffer[written] = UInt8(ascii: "/")
            written = writeDecimal(count, into: buffer, at: written &+ 1)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<written]), as: UTF8.self)
        }
    }

    /// `value`'s decimal text as `description` writes it (a `-` first when negative, at most 20
    /// bytes) into `buffer` from `start`; returns where it ends.
    private static func writeDecimal(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int
    {
        var index = start
        if value < 0 {
            buffer[index] = UInt8(ascii: "-")
            index &+= 1
        }
        let first = index
        var magnitude = value.magnitude
        repeat {
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            index &+= 1
        } while magnitude != 0
        buffer[first..<index].reverse()
        return index
    }
}
