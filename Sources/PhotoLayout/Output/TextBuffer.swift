import JSONBytes

/// The text of a `LayoutTable` while it is built: ids and URLs appended back to back into room
/// that at least doubles when full, then handed to the table as its `LayoutText` (`finish`).
///
/// A plain buffer, not a `[UInt8]`: no generic `append(contentsOf:)` or uniqueness check per
/// string (docs/decisions/021-one-output-form.md).
///
/// The room is allocated at the first append (`reserve`): a layout whose ids and URLs are all
/// in its request's bytes (`LayoutTable.source`) makes no text at all.
struct TextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    /// The room allocated, or, before the first append, the room to allocate then.
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
    }

    deinit {
        base?.deallocate()
    }

    /// Appends the string's bytes.
    @inline(__always)
    mutating func append(_ string: borrowing ByteString) -> TextRange {
        withUnsafePointer(to: string) { append(at: $0) }
    }

    /// Appends the bytes of the string at `string`, read in place.
    @inline(__always)
    mutating func append(at string: UnsafePointer<ByteString>) -> TextRange {
        append(URLReference(string))
    }

    /// Appends the URL's bytes: a splice is written as its three parts, never built first.
    @inline(__always)
    mutating func append(_ url: borrowing PictureURL) -> TextRange {
        withUnsafePointer(to: url.source) { append(URLReference($0, segment: url.segment, target: url.target)) }
    }

    /// Appends the bytes of the URL `url` refers to, read in place.
    ///
    /// The room is made before the string's bytes are borrowed, so that nothing but copies
    /// runs while they are: with a possible reallocation inside the borrow, the compiler
    /// retained and released the string's storage around every append.
    @inline(__always)
    mutating func append(_ url: URLReference) -> TextRange {
        let start = count
        let utf8 = url.source.pointee.utf8.count
        guard let segment = url.segment else {
            reserve(utf8)
            let target = base! + start  // `reserve` made the room.
            url.source.pointee.utf8.span.withUnsafeBufferPointer { bytes in
                if let source = bytes.baseAddress { target.update(from: source, count: bytes.count) }
            }
            count = start &+ utf8
            return TextRange(start: start, count: count &- start, inSource: false)
        }
        let name = url.target.staticName
        let length = utf8 &- segment.count &+ name.utf8CodeUnitCount
        reserve(length)
        let target = base! + start  // `reserve` made the room.
        let offset = url.source.pointee.utf8.startIndex
        let head = segment.lowerBound &- offset
        let tail = segment.upperBound &- offset
        name.withUTF8Buffer { name in
            url.source.pointee.utf8.span.withUnsafeBufferPointer { bytes in
                guard let source = bytes.baseAddress, let middle = name.baseAddress else { return }
                target.update(from: source, count: head)
                (target + head).update(from: middle, count: name.count)
                (target + (head &+ name.count)).update(from: source + tail, count: bytes.count &- tail)
            }
        }
        count = start &+ length
        return TextRange(start: start, count: count &- start, inSource: false)
    }

    /// The text, the buffer handed over as it is (not copied).
    consuming func finish() -> LayoutText {
        guard let base else {
            discard self
            return .empty
        }
        let text = LayoutText(base: base, count: count)
        discard self
        return text
    }

    /// Room for `more` bytes past `count`.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        guard _slowPath(base == nil || count &+ more > capacity) else { return }
        grow(more)
    }

    /// Allocates the room (the first time, as much as `init` was asked for), or at least doubles it.
    @inline(never)
    private mutating func grow(_ more: Int) {
        // `TextRange` offsets are 32 bits; the service's limits keep a layout's text far below.
        precondition(count &+ more <= Int(Int32.max), "a layout's text past 2 GiB")
        guard let old = base else {
            capacity = max(capacity, more)
            base = .allocate(capacity: capacity)
            return
        }
        let larger = max(capacity &* 2, count &+ more)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.initialize(from: old, count: count)
        old.deallocate()
        base = memory
        capacity = larger
    }
}

/// A table's text: the bytes of its ids and URLs, immutable once built, freed with the last
/// table that holds it.
///
/// `@unchecked Sendable`: the bytes are written only by the `TextBuffer` that made it, before
/// `finish` hands them over; after that, only read.
package final class LayoutText: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>?
    package let count: Int

    /// The text of no bytes.
    package static let empty = LayoutText(base: nil, count: 0)

    fileprivate init(base: UnsafeMutablePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    deinit {
        base?.deallocate()
    }

    /// Runs `body` on the bytes, alive for as long as it runs.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withExtendedLifetime(self) { body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The bytes at `range`, copied into a string of their own.
    package func string(_ range: Range<Int>) -> ByteString {
        withBytes { ByteString(utf8: ArraySlice(UnsafeBufferPointer(rebasing: $0[range]))) }
    }
}
