import JSONBytes

/// Frames and sizes as the API writes them: `{"x","y","width","height"}`, `{"width","height"}`.
extension Rect: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
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
}

extension Size: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
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
        writer.beginObject()
        writer.key("x")
        writer.number(x)
        writer.key("y")
        writer.number(y)
        writer.endObject()
    }
}
