import JSONBytes

/// The text of a `LayoutTable` while it is built: ids and URLs appended back to back into room
/// that at least doubles when full, then copied into the table's array once (`finish`).
///
/// Appending to the `[UInt8]` itself cost ~105 instructions per string (the generic
/// `append(contentsOf:)` and its uniqueness check) for a ~15-instruction copy, five appends a
/// picture.
struct TextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends `bytes`; returns their range.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> TextRange {
        let start = count
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + start).update(from: source, count: bytes.count) }
        count = start &+ bytes.count
        return start..<count
    }

    /// Appends the string's bytes.
    @inline(__always)
    mutating func append(_ string: borrowing ByteString) -> TextRange {
        string.utf8.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the URL's bytes: a splice is written as its three parts, never built first.
    @inline(__always)
    mutating func append(_ url: borrowing PictureURL) -> TextRange {
        guard let segment = url.segment else { return append(url.source) }
        let start = count
        let offset = url.source.utf8.startIndex
        url.source.utf8.withUnsafeBufferPointer { bytes in
            _ = append(UnsafeBufferPointer(rebasing: bytes[..<(segment.lowerBound &- offset)]))
            _ = url.target.staticName.withUTF8Buffer { append($0) }
            _ = append(UnsafeBufferPointer(rebasing: bytes[(segment.upperBound &- offset)...]))
        }
        return start..<count
    }

    /// The text as an array, the buffer given up.
    consuming func finish() -> [UInt8] {
        let count = count
        let base = base
        return [UInt8](unsafeUninitializedCapacity: count) { room, initialized in
            if let target = room.baseAddress { target.initialize(from: base, count: count) }
            initialized = count
        }
    }

    /// Room for `more` bytes past `count`.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        guard _slowPath(count &+ more > capacity) else { return }
        let larger = max(capacity &* 2, count &+ more)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.initialize(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = larger
    }
}
