import JSONBytes

/// `{"statuses": [{"id", "photos", "retweeted"}]}` through `JSONByteWriter`, every key
/// present and absent values as `null` (DESIGN §7: `null` is part of the contract).
///
/// Statuses, retweets and their grids are written in place through pointers, as grids are
/// (`GridLayout.write(at:to:)`): written as values, each status was copied out of the array
/// and each grid out of its status (a retain and a release per reference they hold).
extension TimelineLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("statuses")
        writer.beginArray()
        statuses.withUnsafeBufferPointer { statuses in
            guard let base = statuses.baseAddress else { return }
            for index in statuses.indices { StatusLayout.write(at: base + index, to: &writer) }
        }
        writer.endArray()
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
        withUnsafePointer(to: self) { Self.write(at: $0, to: &writer) }
    }

    /// The status at `status`, read in place.
    static func write(at status: UnsafePointer<StatusLayout>, to writer: inout JSONByteWriter) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        writer.beginObject()
        writer.idAndPhotos(status.pointer(to: \.idBytes)!, status.pointer(to: \.photos)!)
        writer.key("retweeted")
        if let retweet = status.pointer(to: \.retweeted)!.unwrapped() {
            RetweetLayout.write(at: retweet, to: &writer)
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

extension RetweetLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        withUnsafePointer(to: self) { Self.write(at: $0, to: &writer) }
    }

    /// The retweet at `retweet`, read in place.
    static func write(at retweet: UnsafePointer<RetweetLayout>, to writer: inout JSONByteWriter) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        writer.beginObject()
        writer.idAndPhotos(retweet.pointer(to: \.idBytes)!, retweet.pointer(to: \.photos)!)
        writer.endObject()
    }
}

extension JSONByteWriter {
    /// The members a status and a retweet share: `"id"` and `"photos"`, `null` when absent,
    /// read in place.
    fileprivate mutating func idAndPhotos(_ id: UnsafePointer<ByteString?>, _ photos: UnsafePointer<GridLayout?>) {
        key("id")
        if let id = id.unwrapped() { string(id.pointee) } else { null() }
        key("photos")
        if let grid = photos.unwrapped() { GridLayout.write(at: grid, to: &self) } else { null() }
    }
}
