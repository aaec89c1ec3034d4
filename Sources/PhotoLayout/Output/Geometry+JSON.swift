import JSONBytes

/// Frames and sizes as the API writes them: `{"x","y","width","height"}`, `{"width","height"}`.
///
/// Compact output writes each as one fragment (one reservation, keys as constant text);
/// indented output member by member, which sorts the keys. Both spell the same keys, which
/// `OutputKeySetTests` and `BrowserJSONTests` check on every response type.
extension Rect: JSONByteEncodable {
    /// The most bytes `write(into:)` writes.
    static var maximumLength: Int { 4 &* JSONByteWriter.numberMaximumLength &+ 32 }

    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: Self.maximumLength) { write(into: &$0) }
        }
        writer.beginObject()
        writer.key("x")
        writer.number(x)
        writer.key("y")
        writer.number(y)
        writer.key("width")
        writer.number(width)
        writer.key("height")
        writer.number(height)
        writer.endObject()
    }

    /// The frame's compact JSON, into room for `maximumLength` bytes.
    @inline(__always)
    func write(into fragment: inout JSONByteFragment) {
        fragment.text(#"{"x":"#)
        fragment.number(x)
        fragment.text(#","y":"#)
        fragment.number(y)
        fragment.text(#","width":"#)
        fragment.number(width)
        fragment.text(#","height":"#)
        fragment.number(height)
        fragment.text("}")
    }
}

extension Size: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: 2 &* JSONByteWriter.numberMaximumLength &+ 24) { fragment in
                fragment.text(#"{"width":"#)
                fragment.number(width)
                fragment.text(#","height":"#)
                fragment.number(height)
                fragment.text("}")
            }
        }
        writer.beginObject()
        writer.key("width")
        writer.number(width)
        writer.key("height")
        writer.number(height)
        writer.endObject()
    }
}

extension Point: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        guard writer.isIndented else {
            return writer.fragment(reserving: 2 &* JSONByteWriter.numberMaximumLength &+ 16) { fragment in
                fragment.text(#"{"x":"#)
                fragment.number(x)
                fragment.text(#","y":"#)
                fragment.number(y)
                fragment.text("}")
            }
        }
        writer.beginObject()
        writer.key("x")
        writer.number(x)
        writer.key("y")
        writer.number(y)
        writer.endObject()
    }
}

extension Rect {
    /// A crop's compact JSON (a unit rect of a picture, docs/API.md §4), into room for
    /// `Rect.maximumLength` bytes: the same text as `write(into:)`. The crop rule's sides that
    /// are 0 or 1 by construction (the top at full width `{0, 0, 1, q}`, the middle at full
    /// height `{x, 0, q, 1}`) are written as constant text, and only the others as numbers.
    @inline(__always)
    func writeCrop(into fragment: inout JSONByteFragment) {
        // Bit patterns: a -0 side is written as `-0`, as `write(into:)` writes it.
        if x.bitPattern == 0, y.bitPattern == 0, width == 1 {
            fragment.text(#"{"x":0,"y":0,"width":1,"height":"#)
            fragment.number(height)
            fragment.text("}")
        } else if y.bitPattern == 0, height == 1 {
            fragment.text(#"{"x":"#)
            fragment.number(x)
            fragment.text(#","y":0,"width":"#)
            fragment.number(width)
            fragment.text(#","height":1}"#)
        } else {
            write(into: &fragment)
        }
    }
}
