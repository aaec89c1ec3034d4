import JSONBytes

/// `{"statuses": [{"id", "photos", "retweeted"}]}` through `JSONByteWriter`, every key
/// present and absent values as `null` (DESIGN §7: `null` is part of the contract).
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
        writer.idAndPhotos(idBytes, photos)
        writer.key("retweeted")
        writer.value(retweeted)
        writer.endObject()
    }
}

extension RetweetLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.idAndPhotos(idBytes, photos)
        writer.endObject()
    }
}

extension JSONByteWriter {
    /// The members a status and a retweet share: `"id"` and `"photos"`, `null` when absent.
    fileprivate mutating func idAndPhotos(_ id: ByteString?, _ photos: GridLayout?) {
        key("id")
        if let id { string(id) } else { null() }
        key("photos")
        value(photos)
    }
}
