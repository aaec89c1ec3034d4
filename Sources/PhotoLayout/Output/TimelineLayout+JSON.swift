import JSONBytes

/// `{"statuses": [{"id", "source", "photos", "card", "retweeted"}]}` through `JSONByteWriter`, every key
/// present and absent values as `null` (docs/API.md §7: `null` is part of the contract), written
/// from the layout's table (`LayoutTable+JSON`).
extension TimelineLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        table.writeTimeline(to: &writer)
    }

    /// About 1.5 KB per status, so that the buffer rarely grows: the room `JSONByteWriter.encode`
    /// gives the service's responses (`JSONOutput.bytes`). The room is not zero-filled, so
    /// reserving more than is written costs nothing but address space.
    public var writtenLengthEstimate: Int { 256 &+ table.statuses.count &* 1536 }

    /// The response body, as the service writes it.
    public func jsonBytes() -> [UInt8] {
        JSONByteWriter.encode(self)
    }
}

/// A grid made as a value (`GET /v1/grid`) is written as a table of its own
/// (`LayoutTable(grid:)`): the table's writer is the one writer of a grid.
extension GridLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        LayoutTable(grid: self).withRows { $0.writeGrid(0, to: &writer) }
    }
}
