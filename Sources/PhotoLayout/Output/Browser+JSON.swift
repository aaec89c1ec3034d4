import JSONBytes

/// The browser's responses as docs/API.md §7.1 shows them, through `JSONByteWriter`: the keys
/// in the contract's order, `null` where it shows null.
extension BrowserOpenResponse: JSONByteEncodable {
    /// 960 bytes, 360 a page, 60 a strip item and 280 a keyframe (its crop too), and room for
    /// the last keyframe's reservation (each frame and keyframe is a fragment that reserves its
    /// worst case): an estimate above what a nine-picture open writes, so the buffer does not
    /// grow (growing doubles it, and every byte of a buffer is zero-filled when it is made).
    public var writtenLengthEstimate: Int {
        960 &+ pages.count &* 360 &+ strip.items.count &* 60 &+ transition.keyframes.count &* 280
            &+ Keyframe.maximumLength
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
    /// 704 bytes, 280 a keyframe and room for the last keyframe's reservation: above what a
    /// close writes.
    public var writtenLengthEstimate: Int { 704 &+ transition.keyframes.count &* 280 &+ Keyframe.maximumLength }

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
        if let url { writer.string(url) } else { writer.null() }
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
    /// The compact text of `ZoomRules.limits`, which every page has: copied as one constant
    /// rather than written number by number.
    /// `ZoomRulesTests.defaultLimitsText` checks it is the text those numbers give.
    static let defaultLimitsText: StaticString = #"{"min":1,"max":2.4,"double_tap":2.4}"#

    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            if self == ZoomRules.limits {
                return writer.fragment(reserving: 40) { $0.text(Self.defaultLimitsText) }
            }
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
        writer.key("from_crop")
        writer.value(fromCrop)
        writer.key("to_crop")
        writer.value(toCrop)
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
    /// The most bytes `write(into:)` writes.
    static var maximumLength: Int { 3 &* JSONByteWriter.numberMaximumLength &+ 2 &* Rect.maximumLength &+ 56 }

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
        fragment.text(#","crop":"#)
        if let crop { crop.writeCrop(into: &fragment) } else { fragment.text("null") }
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
        writer.key("crop")
        writer.value(crop)
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

extension JustifiedAlbumLayout: JSONByteEncodable {
    /// `{"columns": null, "rows", "widows", "content_size", "items"}`: the grid's keys, with
    /// `columns` `null` (rows of varying length have none) and the widow count.
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("columns")
        writer.null()
        writer.key("rows")
        writer.number(rows)
        writer.key("widows")
        writer.number(widows)
        writer.key("content_size")
        contentSize.write(to: &writer)
        writer.key("items")
        writer.array(items)
        writer.endObject()
    }
}

extension AlbumResponse: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        switch self {
        case .grid(let layout): layout.write(to: &writer)
        case .justified(let layout): layout.write(to: &writer)
        }
    }
}
