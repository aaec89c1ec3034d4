import JSONBytes

/// `{"statuses": [{"id", "photos", "retweeted"}]}` through `JSONByteWriter`, every key
/// present and absent values as `null` (DESIGN §7: `null` is part of the contract), written
/// from the layout's table (`LayoutTable+JSON`).
extension TimelineLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        table.writeTimeline(to: &writer)
    }

    /// About 1.5 KB per status, so that the buffer rarely grows: the room `JSONByteWriter.encode`
    /// gives the service's responses (`JSONOutput.bytes`), which started at the 4 KB default and
    /// grew three times (copying the text each time) for a 20 KB timeline. The room is not
    /// zero-filled: reserving more than is written costs no instructions.
    public var writtenLengthEstimate: Int { 256 &+ table.statuses.count &* 1536 }

    /// The response body, as the service writes it.
    public func jsonBytes() -> [UInt8] {
        JSONByteWriter.encode(self)
    }
}

/// A status, a retweet or a grid made as a value is written as a table of its own
/// (`LayoutTable(statuses:)`, `LayoutTable(grid:)`): the one writer of statuses and grids.
extension StatusLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        let table = LayoutTable(statuses: [self])
        table.withRows { $0.writeStatus($0.statuses[0], to: &writer) }
    }
}

extension RetweetLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        let (table, row) = LayoutTable.of(self)
        table.withRows { $0.writeRetweet(row, to: &writer) }
    }
}

extension GridLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        LayoutTable(grid: self).withRows { $0.writeGrid(0, to: &writer) }
    }
}

extension GridItem: JSONByteEncodable {
    /// As an item of a grid: URL fields only when it has URLs, `badge` always.
    public func write(to writer: inout JSONByteWriter) {
        let grid = GridLayout(size: .zero, columns: 1, rows: 1, items: [self])
        LayoutTable(grid: grid).withRows { $0.writeItem(0, to: &writer) }
    }
}
