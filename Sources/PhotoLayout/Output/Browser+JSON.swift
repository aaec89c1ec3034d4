import JSONBytes

/// The browser's responses as DESIGN §7.1 shows them, through `JSONByteWriter`: the keys
/// in the contract's order, `null` where it shows null.
extension BrowserOpenResponse: JSONByteEncodable {
    /// About 1 KB, 450 bytes a page, 80 a strip item and 220 a keyframe (a nine-picture open
    /// with 22 keyframes writes 7.6 KB): written without growing the buffer.
    public var writtenLengthEstimate: Int {
        1024 &+ pages.count &* 450 &+ strip.items.count &* 80 &+ transition.keyframes.count &* 220
    }

    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(index)
        writer.key("count")
        writer.number(count)
        writer.key("content_size")
        contentSize.write(to: &writer)
        writer.key("content_offset")
        contentOffset.write(to: &writer)
        writer.key("page_label")
        pageLabel.write(to: &writer)
        writer.key("pages")
        writer.array(pages)
        writer.key("strip")
        strip.write(to: &writer)
        writer.key("transition")
        transition.write(to: &writer)
        writer.endObject()
    }
}

extension BrowserCloseResponse: JSONByteEncodable {
    /// About 512 bytes and 220 a keyframe.
    public var writtenLengthEstimate: Int { 512 &+ transition.keyframes.count &* 220 }

    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(index)
        writer.key("transition")
        transition.write(to: &writer)
        writer.key("scroll_to")
        writer.value(scrollTo)
        writer.endObject()
    }
}

extension BrowserPage: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("index")
        writer.number(index)
        writer.key("url")
        writer.string(url)
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("photo_frame")
        photoFrame.write(to: &writer)
        writer.key("placeholder")
        writer.bool(placeholder)
        writer.key("zoom")
        zoom.write(to: &writer)
        writer.key("pan")
        writer.value(pan)
        writer.key("watermark_frame")
        writer.value(watermarkFrame)
        writer.endObject()
    }
}

extension BrowserPanRange: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("min")
        writer.number(min)
        writer.key("max")
        writer.number(max)
        writer.key("initial")
        writer.number(initial)
        writer.endObject()
    }
}

extension ZoomLimits: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: 3 &* JSONByteWriter.numberMaximumLength &+ 32) { fragment in
                fragment.text(#"{"min":"#)
                fragment.number(min)
                fragment.text(#","max":"#)
                fragment.number(max)
                fragment.text(#","double_tap":"#)
                fragment.number(doubleTap)
                fragment.text("}")
            }
        }
        writer.beginObject()
        writer.key("min")
        writer.number(min)
        writer.key("max")
        writer.number(max)
        writer.key("double_tap")
        writer.number(doubleTap)
        writer.endObject()
    }
}

extension StripLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("content_size")
        contentSize.write(to: &writer)
        writer.key("content_offset")
        contentOffset.write(to: &writer)
        writer.key("selected")
        writer.number(selected)
        writer.key("border_width")
        writer.number(borderWidth)
        writer.key("items")
        Rect.write(items, to: &writer)
        writer.endObject()
    }
}

extension TransitionLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("from")
        writer.value(from)
        writer.key("to")
        writer.value(to)
        writer.key("duration")
        writer.number(duration)
        writer.key("curve")
        writer.string(curve.rawValue)
        writer.key("fade")
        writer.bool(fade)
        writer.key("keyframes")
        Keyframe.write(keyframes, to: &writer)
        writer.endObject()
    }
}

extension Keyframe: JSONByteEncodable {
    /// The most bytes `write(into:)` writes.
    static var maximumLength: Int { 3 &* JSONByteWriter.numberMaximumLength &+ Rect.maximumLength &+ 48 }

    /// `keyframes` as a JSON array: compact, in one reservation and one loop (a transition's
    /// 20 to 60 keyframes are most of its response); indented, member by member.
    static func write(_ keyframes: [Keyframe], to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: 2 &+ keyframes.count &* (maximumLength &+ 1)) { fragment in
                fragment.text("[")
                for (index, keyframe) in keyframes.enumerated() {
                    if index != 0 { fragment.text(",") }
                    keyframe.write(into: &fragment)
                }
                fragment.text("]")
            }
        }
        writer.array(keyframes)
    }

    /// The keyframe's compact JSON, into room for `maximumLength` bytes.
    @inline(__always)
    func write(into fragment: inout JSONByteFragment) {
        fragment.text(#"{"t":"#)
        fragment.number(t)
        fragment.text(#","progress":"#)
        fragment.number(progress)
        fragment.text(#","frame":"#)
        frame.write(into: &fragment)
        fragment.text(#","corner_radius":"#)
        fragment.number(cornerRadius)
        fragment.text("}")
    }

    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: Self.maximumLength) { write(into: &$0) }
        }
        writer.beginObject()
        writer.key("t")
        writer.number(t)
        writer.key("progress")
        writer.number(progress)
        writer.key("frame")
        frame.write(to: &writer)
        writer.key("corner_radius")
        writer.number(cornerRadius)
        writer.endObject()
    }
}

extension AlbumLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("columns")
        writer.number(columns)
        writer.key("rows")
        writer.number(rows)
        writer.key("content_size")
        contentSize.write(to: &writer)
        writer.key("items")
        Rect.write(items, to: &writer)
        writer.endObject()
    }
}
