/// A loop's open connections, indexed by their descriptor: a lookup is an array load and one
/// comparison, with no hashing (a `[Int32: ServerConnection]` ran the Hasher about five times
/// per request). Descriptors are small and reused by the kernel, so the slots stay few: the
/// array grows to the largest descriptor seen plus one and shrinks never.
///
/// Not thread-safe: one event loop's thread owns it (see `EventLoop`).
struct ConnectionTable {
    private var slots: [ServerConnection?] = []
    /// How many slots hold a connection.
    private(set) var count = 0

    /// The connection on `fd`, or nil (none, or a negative descriptor); setting nil removes it.
    subscript(fd: Int32) -> ServerConnection? {
        get {
            let index = Int(fd)
            guard index >= 0, index < slots.count else { return nil }
            return slots[index]
        }
        set {
            let index = Int(fd)
            guard index >= 0 else { return }
            if index >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count))
            }
            count += (newValue == nil ? 0 : 1) - (slots[index] == nil ? 0 : 1)
            slots[index] = newValue
        }
    }

    /// Removes and returns the connection on `fd`, if any.
    @discardableResult
    mutating func removeValue(forKey fd: Int32) -> ServerConnection? {
        let connection = self[fd]
        if connection != nil { self[fd] = nil }
        return connection
    }

    /// The open connections, in descriptor order: a copy, so the caller may close them while it walks.
    var values: [ServerConnection] {
        slots.compactMap { $0 }
    }

    var isEmpty: Bool { count == 0 }
}
