/// `{"statuses": [{"id", "photos", "retweeted"}]}` through `JSONByteWriter`, every key
/// present and absent values as `null`, as the `Encodable` conformance writes them.
extension TimelineLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("statuses")
        writer.array(statuses)
        writer.endObject()
    }

    /// The response body: about 1.5 KB per status is reserved up front so the buffer rarely grows.
    public func jsonBytes() -> [UInt8] {
        JSONByteWriter.encode(self, capacity: 256 + statuses.count * 1536)
    }
}

extension StatusLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("photos")
        writer.value(photos)
        writer.key("retweeted")
        writer.value(retweeted)
        writer.endObject()
    }
}

extension RetweetLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("photos")
        writer.value(photos)
        writer.endObject()
    }
}
