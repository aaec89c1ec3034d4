/// A session's streams by id: open addressing with linear probing over a power-of-two array,
/// at most half full, so a lookup is a multiply, a shift and (almost always) one comparison.
///
/// nghttp2's callbacks look a stream up for every header field and frame, so no lookup runs
/// the Hasher (docs/decisions/100). The slot of an id is Fibonacci
/// hashing of the id mixed with a seed drawn once per process, so that client-chosen ids
/// (increasing, but free to skip) cannot be picked to fall into one run of slots and make
/// lookups linear in the number of streams. Removal shifts the entries after back into the
/// hole (no tombstones), so runs stay short however many streams come and go.
///
/// Not Sendable: it lives in its session, on one event loop's thread.
struct HTTP2StreamTable {
    private struct Slot {
        /// 0: empty (stream 0 is the connection, never a stream).
        var id: Int32 = 0
        var stream: HTTP2Stream?
    }

    private static let processSeed = UInt32.random(in: 0...UInt32.max)

    /// The process's seed, kept by the table: read per lookup without the global's first-use check.
    private let seed = HTTP2StreamTable.processSeed

    private var slots: [Slot]
    /// 32 minus log2 of the capacity: the hash's top bits are the slot.
    private var shift: UInt32
    /// How many slots hold a stream.
    private(set) var count = 0

    /// A table for `capacity` streams before it grows (twice as many slots, a power of two, at least 8).
    init(capacity: Int = 8) {
        var size = 8
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    var isEmpty: Bool { count == 0 }

    private func home(of id: Int32) -> Int {
        Int(((UInt32(bitPattern: id) ^ seed) &* 0x9E37_79B9) >> shift)
    }

    /// Where `id` is, or the empty slot that ends its run.
    private func index(of id: Int32) -> Int {
        let mask = slots.count - 1
        var index = home(of: id)
        while slots[index].id != id && slots[index].id != 0 { index = (index + 1) & mask }
        return index
    }

    /// The stream `id`, or nil; setting nil removes it. `id` must be positive.
    subscript(id: Int32) -> HTTP2Stream? {
        get {
            guard id > 0 else { return nil }
            return slots[index(of: id)].stream
        }
        set {
            guard id > 0 else { return }
            guard let newValue else {
                removeValue(forKey: id)
                return
            }
            var found = index(of: id)
            if slots[found].id != id {
                if 2 * (count + 1) > slots.count {
                    grow()
                    found = index(of: id)
                }
                slots[found].id = id
                count += 1
            }
            // Moved into the slot (an empty one's nil, or the stream replaced, released).
            slots[found].stream = consume newValue
        }
    }

    /// The stream `id`, or nil, not retained: the caller keeps it only while the table holds it.
    func unretained(_ id: Int32) -> Unmanaged<HTTP2Stream>? {
        guard id > 0, let stream = slots[index(of: id)].stream else { return nil }
        return Unmanaged.passUnretained(stream)
    }

    /// Removes and returns the stream `id`, if any.
    @discardableResult
    mutating func removeValue(forKey id: Int32) -> HTTP2Stream? {
        guard id > 0 else { return nil }
        let mask = slots.count - 1
        var hole = index(of: id)
        guard slots[hole].id == id else { return nil }
        // Moved out, not copied and then released with its slot.
        let removed = slots[hole].stream.take()
        slots[hole].id = 0
        count -= 1
        // Backward shift: an entry after the hole moves into it unless its home lies
        // cyclically in (hole, entry], where the hole is not on its probe path.
        var next = (hole + 1) & mask
        while slots[next].id != 0 {
            let home = home(of: slots[next].id)
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !staysPut {
                slots.swapAt(hole, next)  // the entry moves into the hole, the empty slot after it
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    /// Every stream with its id, in no particular order: a copy, so the caller may change the
    /// table while it walks.
    var entries: [(id: Int32, stream: HTTP2Stream)] {
        var result: [(id: Int32, stream: HTTP2Stream)] = []
        result.reserveCapacity(count)
        for slot in slots { if let stream = slot.stream { result.append((slot.id, stream)) } }
        return result
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: 2 * old.count)
        shift -= 1
        for slot in old where slot.id != 0 { slots[index(of: slot.id)] = slot }
    }
}
