import Testing

@testable import HTTPServer

/// The loop's descriptor-indexed connection table behaves as the dictionary it replaced.
struct ConnectionTableTests {
    static func connection(_ fd: Int32) -> ServerConnection {
        ServerConnection(
            fd: fd, driver: .http1(HTTP1Driver(machine: HTTP1Connection(requestIDPrefix: "t", now: .now))),
            interest: 0, now: .now)
    }

    /// Set, look up, replace and remove; absent and negative descriptors answer nil.
    @Test func setLookUpRemove() {
        var table = ConnectionTable()
        let five = Self.connection(5)
        let nine = Self.connection(9)
        table[5] = five
        table[9] = nine
        #expect(table[5] === five && table[9] === nine)
        #expect(table[0] == nil && table[6] == nil && table[10] == nil && table[-1] == nil)
        #expect(table.count == 2)
        let reused = Self.connection(5)
        table[5] = reused
        #expect(table[5] === reused && table.count == 2)
        #expect(table.removeValue(forKey: 5) === reused)
        #expect(table.removeValue(forKey: 5) == nil && table.removeValue(forKey: 100) == nil)
        #expect(table[5] == nil && table.count == 1)
        table[-3] = five  // ignored: no descriptor is negative
        table[1000] = nil  // removing what was never there changes nothing
        #expect(table.count == 1 && table.values.map(\.fd) == [9])
    }

    /// `values` is a snapshot: connections may be removed while it is walked.
    @Test func valuesAreASnapshot() {
        var table = ConnectionTable()
        for fd: Int32 in [3, 4, 7] { table[fd] = Self.connection(fd) }
        for connection in table.values { table.removeValue(forKey: connection.fd) }
        #expect(table.isEmpty && table.values.isEmpty)
    }
}
