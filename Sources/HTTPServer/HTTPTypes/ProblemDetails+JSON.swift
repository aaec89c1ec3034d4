import JSONBytes

extension ProblemDetails {
    /// The problem as compact JSON, keys in RFC 9457's order, written by the shared
    /// `JSONByteWriter` (strings escaped per RFC 8259 §7).
    package func jsonBytes() -> [UInt8] {
        var writer = JSONByteWriter(capacity: 256)
        writer.beginObject()
        writer.key("type")
        writer.string(type.uri)
        writer.key("title")
        writer.string(status.reason)
        writer.key("status")
        writer.number(status.code)
        writer.key("detail")
        writer.string(detail)
        if !errors.isEmpty {
            writer.key("errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                writer.key("pointer")
                writer.string(error.pointer)
                writer.key("detail")
                writer.string(error.detail)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.finish()
    }
}
