import JSONBytes

/// A text drawn in a frame: the browser's page label ("3/9") and a grid's "+N" (`MoreLabel`).
public struct TextLabel: Hashable, Sendable {
    public var text: String
    public var frame: Rect

    public init(text: String, frame: Rect) {
        self.text = text
        self.frame = frame
    }
}

extension TextLabel: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("text")
        writer.string(text)
        writer.key("frame")
        frame.write(to: &writer)
        writer.endObject()
    }
}
