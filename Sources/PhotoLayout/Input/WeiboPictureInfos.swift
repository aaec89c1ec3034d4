import JSONBytes

/// Client API `pic_infos`: entries by pid, in document order, pids unique (the reader keeps
/// the first of duplicates). A status has at most a few dozen, so a lookup is a linear
/// search over byte slices: no `String`, no hashing. Two tables are equal when they hold
/// the same entries in any order, as dictionaries are.
public struct WeiboPictureInfos: Hashable, Sendable {
    /// One `pic_infos` member: its key and its info.
    package struct Entry: Hashable, Sendable {
        package var pid: ByteString
        package var info: WeiboPictureInfo
    }

    package private(set) var entries: [Entry] = []

    /// An empty table.
    package init() {}

    /// The entries of `dictionary`, in its (unspecified) order.
    public init(_ dictionary: [String: WeiboPictureInfo]) {
        entries = dictionary.map { Entry(pid: ByteString($0.key), info: $0.value) }
    }

    /// Adds an entry; `pid` must not be in the table yet.
    package mutating func append(pid: ByteString, info: WeiboPictureInfo) {
        entries.append(Entry(pid: pid, info: info))
    }

    public var count: Int { entries.count }

    /// The info of `pid`, if the table has one.
    package subscript(pid pid: ByteString) -> WeiboPictureInfo? {
        for entry in entries where entry.pid == pid { return entry.info }
        return nil
    }

    /// The table as a `Dictionary`.
    public var dictionary: [String: WeiboPictureInfo] {
        Dictionary(entries.map { ($0.pid.description, $0.info) }, uniquingKeysWith: { first, _ in first })
    }

    public static func == (lhs: WeiboPictureInfos, rhs: WeiboPictureInfos) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[pid: $0.pid] == $0.info }
    }

    /// Order-independent, as `==` is: the count alone.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
    }
}
