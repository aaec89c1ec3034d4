import JSONBytes

/// Client API `pic_infos`: entries by pid, in document order, pids unique (the reader keeps
/// the first of duplicates). A status has at most a few dozen, so a lookup is a linear
/// search over the pids' bytes: no `String`, no hashing, and no entry copied until found
/// (pids and infos are kept apart for that). Two tables are equal when they hold the same
/// entries in any order, as dictionaries are.
public struct WeiboPictureInfos: Hashable, Sendable {
    /// The keys, in document order.
    package private(set) var pids: [ByteString] = []
    /// The info of each key, at the same index.
    package private(set) var infos: [WeiboPictureInfo] = []

    /// An empty table.
    package init() {}

    /// The entries of `dictionary`, in its (unspecified) order.
    public init(_ dictionary: [String: WeiboPictureInfo]) {
        for (pid, info) in dictionary { append(pid: ByteString(pid), info: info) }
    }

    /// Adds an entry; `pid` must not be in the table yet. `info` is consumed: the reader's
    /// freshly read info moves into the table instead of being copied and then destroyed.
    package mutating func append(pid: ByteString, info: consuming WeiboPictureInfo) {
        pids.append(pid)
        infos.append(info)
    }

    /// Adds an entry of `pid` and an empty info (`WeiboPictureInfo()`), and calls `body` with
    /// that info where it lies in the table's storage: the reader fills it in place, so it is
    /// neither copied into the table nor destroyed after. `pid` must not be in the table yet.
    /// When `body` throws, the table keeps the entry as far as `body` filled it.
    @inline(__always)
    package mutating func append<Failure: Error>(
        pid: consuming ByteString, fillingInfo body: (inout WeiboPictureInfo) throws(Failure) -> Void
    ) throws(Failure) {
        pids.append(pid)
        infos.append(WeiboPictureInfo())
        try infos.withUnsafeMutableBufferPointer { buffer throws(Failure) in
            try body(&buffer[buffer.count &- 1])
        }
    }

    public var count: Int { pids.count }

    /// Makes room for `capacity` entries in all, so that appending up to that many allocates
    /// nothing more.
    package mutating func reserveCapacity(_ capacity: Int) {
        pids.reserveCapacity(capacity)
        infos.reserveCapacity(capacity)
    }

    /// The info of `pid`, if the table has one.
    package subscript(pid pid: ByteString) -> WeiboPictureInfo? {
        index(of: pid, guess: 0).map { infos[$0] }
    }

    /// The index of `pid`'s entry, looked for first at `guess` (where a table in `pic_ids`
    /// order has it), then from the start.
    package func index(of pid: ByteString, guess: Int) -> Int? {
        if guess < pids.count, pids[guess] == pid { return guess }
        return pids.firstIndex { $0 == pid }
    }

    /// The table as a `Dictionary`.
    public var dictionary: [String: WeiboPictureInfo] {
        Dictionary(zip(pids.map(\.description), infos), uniquingKeysWith: { first, _ in first })
    }

    public static func == (lhs: WeiboPictureInfos, rhs: WeiboPictureInfos) -> Bool {
        lhs.count == rhs.count && zip(lhs.pids, lhs.infos).allSatisfy { rhs[pid: $0] == $1 }
    }

    /// Order-independent, as `==` is: the count alone.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
