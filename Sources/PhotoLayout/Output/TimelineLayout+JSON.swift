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

    /// About 1.5 KB per status, so that the buffer rarely grows: the room `JSONByteWriter.encode`
    /// gives the service's responses (`JSONOutput.bytes`), which started at the 4 KB default and
    /// grew three times (copying the text each time) for a 20 KB timeline. The room is not
    /// zero-filled: reserving more than is written costs no instructions.
    public var writtenLengthEstimate: Int { 256 &+ statuses.count &* 1536 }

    /// The response body, as the service writes it.
    public func jsonBytes() -> [UInt8] {
        JSONByteWriter.encode(self)
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
