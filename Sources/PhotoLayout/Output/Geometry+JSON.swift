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
