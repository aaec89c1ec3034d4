import JSONBytes

/// The browser's responses as DESIGN §7.1 shows them, through `JSONByteWriter`: the keys
/// in the contract's order, `null` where it shows null.
extension BrowserOpenResponse: JSONByteEncodable {
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
        writer.array(items)
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
        writer.array(keyframes)
        writer.endObject()
    }
}

extension Keyframe: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
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
        writer.array(items)
        writer.endObject()
    }
}
