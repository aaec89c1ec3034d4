internal import CNghttp2

/// The `nghttp2_nv` entries of one response, built over bytes without a String per field and
/// reused by every response of a session. The server's own names and the `:status` digits
/// point at `HTTP2StaticBytes`; other bytes (the date, the handler's fields, `content-length`
/// digits, the request ID) go into this list's scratch storage. nghttp2 copies none of them
/// (every entry is `NO_COPY_NAME | NO_COPY_VALUE`): it reads them when it serializes the
/// HEADERS frame, after the submission. So from a submission (`hold()`) until every submitted
/// HEADERS frame was serialized (`release()`), the scratch bytes written are neither
/// overwritten nor freed: `removeAll` then starts the next list after them, and storage that
/// grows is replaced but kept until `release()`. Only the entries' array (which nghttp2 copies
/// when the response is submitted) is reused at once.
/// Not Sendable: it lives in its session, on one event loop's thread.
final class HTTP2HeaderList {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private var usedBytes = 0
    private var entries: UnsafeMutablePointer<nghttp2_nv>
    private var entryCapacity: Int
    /// Entries added since `removeAll`.
    private(set) var count = 0
    /// The name and value bytes of the entries, as the access log counts a response's headers.
    private(set) var fieldBytes = 0
    /// Scratch bytes written so far (the next field's bytes go after them).
    var scratchBytes: Int { usedBytes }
    /// Submitted entries may still point into the scratch storage (`hold()`, until `release()`).
    private(set) var isHeld = false
    /// Scratch storage replaced by larger storage while held, freed by `release()`.
    private var retired: [UnsafeMutablePointer<UInt8>] = []
    /// The prefix of the request IDs this list's session generates.
    private let requestIDPrefix: String
    /// The last such ID written: the prefix's bytes and the dash (`prefixByteCount` of them),
    /// then the digits of `lastNumber` (-1: none yet), `idByteCount` bytes in all. The next
    /// number's digits are counted up from these in place, and the whole ID copied as it is.
    private let idBytes: UnsafeMutablePointer<UInt8>
    private let prefixByteCount: Int
    private var idByteCount: Int
    private var lastNumber = -1

    /// - Parameter requestIDPrefix: the prefix of the generated request IDs most responses
    ///   carry (`add(requestID:)` writes those without reading the prefix's String).
    init(byteCapacity: Int = 512, entryCapacity: Int = 16, requestIDPrefix: String = "") {
        self.byteCapacity = byteCapacity
        self.entryCapacity = entryCapacity
        bytes = .allocate(capacity: byteCapacity)
        entries = .allocate(capacity: entryCapacity)
        self.requestIDPrefix = requestIDPrefix
        let prefix = Array(requestIDPrefix.utf8) + [UInt8(ascii: "-")]
        prefixByteCount = prefix.count
        idByteCount = prefix.count
        idBytes = .allocate(capacity: prefix.count + Self.maxDigits)
        idBytes.initialize(from: prefix, count: prefix.count)
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
        idBytes.deallocate()
        for storage in retired { storage.deallocate() }
    }

    /// The entries were submitted: until `release()`, the scratch bytes written so far stay
    /// where they are, unchanged.
    func hold() {
        isHeld = true
    }

    /// Nothing submitted points into the scratch storage any more: the next list may overwrite
    /// it, and the storage it replaced while held is freed.
    func release() {
        isHeld = false
        for storage in retired { storage.deallocate() }
        retired.removeAll(keepingCapacity: true)
    }

    /// Starts a new list (the storage is kept); while held, its bytes go after those written.
    func removeAll() {
        if !isHeld { usedBytes = 0 }
        count = 0
        fieldBytes = 0
    }

    /// Where the list ends now: its entries, scratch bytes and field bytes.
    struct Mark {
        fileprivate var count = 0
        fileprivate var usedBytes = 0
        fileprivate var fieldBytes = 0
    }

    /// The end of what was added so far, to come back to with `removeAll(after:)`.
    var mark: Mark { Mark(count: count, usedBytes: usedBytes, fieldBytes: fieldBytes) }

    /// Starts a new list that keeps the entries (and their bytes) added before `mark` was taken
    /// since the last `removeAll()`: they are still in the storage, which nghttp2 only reads.
    /// While held, the new entries' bytes go after all those written.
    func removeAll(after mark: Mark) {
        if !isHeld { usedBytes = mark.usedBytes }
        count = mark.count
        fieldBytes = mark.fieldBytes
    }

    /// Calls `body` with the entries (valid during the call only).
    func withEntries<R>(_ body: (UnsafeBufferPointer<nghttp2_nv>) -> R) -> R {
        body(UnsafeBufferPointer(start: entries, count: count))
    }

    /// `:status` with the digits of `code` (100–999).
    func addStatus(_ code: Int) {
        let value = HTTP2StaticBytes.pointer(toCode: code)
        append(
            name: HTTP2StaticBytes.pointer(to: .status), HTTP2StaticBytes.Name.status.span.count, value, 3,
            Self.noCopy)
    }

    /// A field with one of the server's names and `value`'s bytes (copied here); `indexed`
    /// false sends it as a literal the HPACK encoder does not add to its dynamic table.
    func add(_ name: HTTP2StaticBytes.Name, value: UnsafeBufferPointer<UInt8>, indexed: Bool = true) {
        let start = copy(value)
        let flags = indexed ? Self.noCopy : Self.noCopy | NGHTTP2_NV_FLAG_NO_INDEX.rawValue
        append(name: HTTP2StaticBytes.pointer(to: name), name.span.count, bytes + start, value.count, flags)
    }

    /// A field with one of the server's names and the decimal digits of a non-negative `value`
    /// (a negative one: 0): those of `HTTP2StaticBytes` for a value below 1 000, else written
    /// straight into the scratch storage.
    func add(_ name: HTTP2StaticBytes.Name, digitsOf value: Int) {
        if value < 1000 {
            let number = max(0, value)
            let digits = number >= 100 ? 3 : number >= 10 ? 2 : 1
            append(
                name: HTTP2StaticBytes.pointer(to: name), name.span.count,
                HTTP2StaticBytes.pointer(toCode: number) + (3 - digits), digits, Self.noCopy)
            return
        }
        if usedBytes + Self.maxDigits > byteCapacity { grow(toHold: usedBytes + Self.maxDigits) }
        let start = usedBytes
        usedBytes += Self.writeDigits(of: value, at: bytes + start)
        append(
            name: HTTP2StaticBytes.pointer(to: name), name.span.count, bytes + start, usedBytes - start, Self.noCopy)
    }

    /// `x-request-id` with `id`'s text, formatted here (`<prefix>-<number>` for a generated one).
    ///
    /// Never indexed (HPACK's never-indexed literal, `NGHTTP2_NV_FLAG_NO_INDEX`) unless
    /// `indexed`: each value is new, so indexing every one would only fill nghttp2's dynamic
    /// table with dead `x-request-id` entries, all of one name, that its encoder walks when it
    /// looks for a value to reuse (docs/decisions/100). An `indexed` one puts one entry of that
    /// name in the table: the never-indexed ones after it name it by its index (nghttp2 looks
    /// only for the name of a never-indexed field, and stops at the first entry with it)
    /// instead of spelling `x-request-id` again. The other fields repeat and stay indexed.
    func add(requestID id: RequestContext.ID, indexed: Bool = false) {
        if id.number >= 0, id.text == requestIDPrefix {
            addGeneratedRequestID(number: id.number, indexed: indexed)
            return
        }
        let text = id.text.utf8
        let bound = text.count + 1 + Self.maxDigits
        if usedBytes + bound > byteCapacity { grow(toHold: usedBytes + bound) }
        let start = usedBytes
        var end = start
        let copied = text.withContiguousStorageIfAvailable { prefix in
            if let base = prefix.baseAddress, prefix.count > 0 { (bytes + end).update(from: base, count: prefix.count) }
            return prefix.count
        }
        if let copied {
            end += copied
        } else {
            for byte in text {
                bytes[end] = byte
                end += 1
            }
        }
        if id.number >= 0 {
            bytes[end] = UInt8(ascii: "-")
            end += 1
            end += Self.writeDigits(of: id.number, at: bytes + end)
        }
        usedBytes = end
        let flags = indexed ? Self.noCopy : Self.noCopy | NGHTTP2_NV_FLAG_NO_INDEX.rawValue
        let name = HTTP2StaticBytes.Name.xRequestID
        append(name: HTTP2StaticBytes.pointer(to: name), name.span.count, bytes + start, end - start, flags)
    }

    /// `x-request-id` with a generated ID of this list's prefix: the kept prefix bytes and the
    /// dash, then the digits of `number` (non-negative), as `add(requestID:indexed:)` writes it.
    /// The number after the last one written is counted up from its digits.
    private func addGeneratedRequestID(number: Int, indexed: Bool) {
        if lastNumber >= 0, number == lastNumber &+ 1 {
            countUpLastID()
        } else {
            idByteCount = prefixByteCount + Self.writeDigits(of: number, at: idBytes + prefixByteCount)
        }
        lastNumber = number
        if usedBytes + idByteCount > byteCapacity { grow(toHold: usedBytes + idByteCount) }
        let start = usedBytes
        (bytes + start).update(from: idBytes, count: idByteCount)
        let end = start + idByteCount
        usedBytes = end
        let flags = indexed ? Self.noCopy : Self.noCopy | NGHTTP2_NV_FLAG_NO_INDEX.rawValue
        let name = HTTP2StaticBytes.Name.xRequestID
        append(name: HTTP2StaticBytes.pointer(to: name), name.span.count, bytes + start, end - start, flags)
    }

    /// Adds one to the number whose digits end the kept ID: trailing nines become zeros and
    /// carry; a number of nines only grows by a digit (`1` then the zeros).
    private func countUpLastID() {
        var index = idByteCount - 1
        while idBytes[index] == UInt8(ascii: "9") {
            idBytes[index] = UInt8(ascii: "0")
            index -= 1
            if index < prefixByteCount {
                idBytes[prefixByteCount] = UInt8(ascii: "1")
                idBytes[idByteCount] = UInt8(ascii: "0")
                idByteCount += 1
                return
            }
        }
        idBytes[index] += 1
    }

    /// A field with a lower-case `name` and `value`, both copied here.
    func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let nameStart = copy(name)
        let valueStart = copy(value)
        append(name: bytes + nameStart, name.count, bytes + valueStart, value.count, Self.noCopy)
    }

    /// Every entry's flags: nghttp2 reads the name and value where they are.
    private static let noCopy = NGHTTP2_NV_FLAG_NO_COPY_NAME.rawValue | NGHTTP2_NV_FLAG_NO_COPY_VALUE.rawValue

    /// The most decimal digits of an `Int`.
    static let maxDigits = 20

    /// Writes the decimal digits of `value` (negative: 0) at `target`, which has room for
    /// `maxDigits`; returns how many it wrote.
    private static func writeDigits(of value: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = UInt(max(0, value))
        var count = 1
        var power: UInt = 10
        while count < maxDigits, rest >= power {
            count += 1
            power &*= 10
        }
        var index = count
        repeat {
            index -= 1
            target[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while index > 0
        return count
    }

    /// Copies `source` into the scratch storage; returns its offset there (an offset, not a
    /// pointer: a later copy may move the storage).
    private func copy(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        if usedBytes + source.count > byteCapacity { grow(toHold: usedBytes + source.count) }
        let offset = usedBytes
        if let base = source.baseAddress, source.count > 0 { (bytes + offset).update(from: base, count: source.count) }
        usedBytes += source.count
        return offset
    }

    private func append(
        name: UnsafeMutablePointer<UInt8>, _ nameCount: Int, _ value: UnsafeMutablePointer<UInt8>, _ valueCount: Int,
        _ flags: UInt32
    ) {
        if count == entryCapacity {
            let larger = UnsafeMutablePointer<nghttp2_nv>.allocate(capacity: 2 * entryCapacity)
            larger.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = larger
            entryCapacity *= 2
        }
        (entries + count).initialize(
            to: nghttp2_nv(name: name, value: value, namelen: nameCount, valuelen: valueCount, flags: UInt8(flags)))
        count += 1
        fieldBytes += nameCount + valueCount
    }

    /// Larger scratch storage; the entries that pointed into the old one are moved with it.
    /// The old storage is freed at once, or, while held, by `release()`.
    private func grow(toHold needed: Int) {
        var capacity = 2 * byteCapacity
        while capacity < needed { capacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: bytes, count: usedBytes)
        let old = UnsafeRawPointer(bytes)
        let oldEnd = old + byteCapacity
        for index in 0..<count {
            if let name = entries[index].name, UnsafeRawPointer(name) >= old, UnsafeRawPointer(name) <= oldEnd {
                entries[index].name = larger + (UnsafeRawPointer(name) - old)
            }
            if let value = entries[index].value, UnsafeRawPointer(value) >= old, UnsafeRawPointer(value) <= oldEnd {
                entries[index].value = larger + (UnsafeRawPointer(value) - old)
            }
        }
        if isHeld { retired.append(bytes) } else { bytes.deallocate() }
        bytes = larger
        byteCapacity = capacity
    }
}
