/// Writes JSON text (RFC 8259) straight into a byte buffer: no intermediate dictionaries, no
/// `String` per value, commas placed by the writer.
///
/// A response is a sequence of calls (`beginObject()`, `key("size")`, `number(70)`, …,
/// `endObject()`); the caller keeps them well nested. Numbers are written in their shortest
/// round-trip form, strings escaped as RFC 8259 requires (`"`, `\` and control characters;
/// `/` and non-ASCII are written as is). Types write themselves by conforming to
/// `JSONByteEncodable`.
///
/// Each call makes one bounds check and one write through a pointer into a buffer the writer
/// owns, which grows by doubling (its tail past `length` is spare room: it may hold a comma or
/// digits written ahead and written over next, and is never part of the text).
///
/// The buffer is plain allocated memory, not a `[UInt8]`: an array's room must be initialized
/// (a `memset` of the whole response before its first byte), every write through
/// `withUnsafeMutableBufferPointer` would check that the array is uniquely referenced, and
/// `finish()` would copy the array to trim it. `encode` goes further: the writer writes straight
/// into the uninitialized room of the array it returns (`Array(unsafeUninitializedCapacity:)`),
/// so a response that fits its estimate is neither zero-filled nor copied. The writer is
/// `~Copyable` so that the buffer has exactly one owner: a copy could not share it safely.
///
/// `JSONByteWriter(indented: true)` writes for people instead (`--pretty`, golden files): the
/// same values, indented (`JSONByteWriter+Indentation`).
// Sendable: the writer is noncopyable, so the memory behind `base` is reachable through one
// writer only, and moves with it.
public struct JSONByteWriter: ~Copyable, @unchecked Sendable {
    /// The start of the buffer: `capacity` bytes, of which the first `length` are the text.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var length = 0
    /// Whether the writer allocated `base` (and frees it), or writes into room `encode` lent it.
    @usableFromInline var ownsBuffer: Bool
    /// A value was just completed at the current level: the next key or element needs a comma.
    @usableFromInline var needsComma = false
    /// Whether the output is indented (`indentation` is not `nil`): fixed at `init`, so the
    /// compact path tests a plain `Bool` that callers in other modules see inlined.
    @usableFromInline let indented: Bool
    /// The state of indented output; `nil` when compact.
    var indentation: Indentation?

    /// An empty writer whose buffer has room for `capacity` bytes before it grows; compact
    /// unless `indented`.
    public init(capacity: Int = 4096, indented: Bool = false) {
        let room = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        self.capacity = room
        ownsBuffer = true
        self.indented = indented
        indentation = indented ? Indentation() : nil
    }

    /// A writer that writes into `room` (at least 64 bytes, owned by the caller), until it
    /// needs more: then it copies what it wrote into a buffer of its own.
    init(lending room: UnsafeMutableBufferPointer<UInt8>, indented: Bool) {
        // Not nil: `encode` lends at least 64 bytes.
        base = room.baseAddress!
        capacity = room.count
        ownsBuffer = false
        self.indented = indented
        indentation = indented ? Indentation() : nil
    }

    deinit {
        if ownsBuffer { base.deallocate() }
    }

    /// The JSON text written so far.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: length))
    }

    /// The JSON text, as an array of its own (one copy of the text).
    public consuming func finish() -> [UInt8] {
        bytes
    }

    /// The JSON text of `value`, indented when `indented`, written into room for `capacity`
    /// bytes to start with (the value's `writtenLengthEstimate` when `nil`).
    ///
    /// The room is the returned array's own, uninitialized: a value that fits is written once,
    /// in place. One that outgrows it continues in the writer's own buffer, copied out at the end.
    public static func encode(_ value: some JSONByteEncodable, capacity: Int? = nil, indented: Bool = false) -> [UInt8]
    {
        var grown: [UInt8]?
        let text = [UInt8](unsafeUninitializedCapacity: max(capacity ?? value.writtenLengthEstimate, 64)) {
            room, count in
            var writer = JSONByteWriter(lending: room, indented: indented)
            value.write(to: &writer)
            if writer.ownsBuffer {
                grown = writer.finish()
                count = 0
            } else {
                count = writer.length
            }
        }
        return grown ?? text
    }

    // MARK: Structure

    // The calls every response makes hundreds of times are `@inlinable`: inlined into the
    // outputs' `write(to:)` in PhotoLayout, a key's length and bytes are constants there.

    @inlinable
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    @inlinable
    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    @inlinable
    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    @inlinable
    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// An object member's key and its `:`; the member's value is written next.
    ///
    /// A key the program spells is written as is: it must need no escaping (no `"`, `\` or
    /// control character; checked in debug builds), which spares every key of every response
    /// the escape scan. A `StaticString` is UTF-8 already: its bytes are copied with one
    /// `memcpy` (of a constant length once inlined), no closure over `withUTF8Buffer`. Keys
    /// known only at run time go through `dynamicKey`, escaped.
    @inlinable @inline(__always)
    public mutating func key(_ name: StaticString) {
        guard !indented else { return name.withUTF8Buffer { writeIndentedKey($0) } }
        assert(Self.needsNoEscaping(name), "a key written as is must need no escaping")
        if name.hasPointerRepresentation {
            let start = name.utf8Start
            let count = name.utf8CodeUnitCount
            write(reserving: count &+ 3) { output in
                output[0] = UInt8(ascii: "\"")
                UnsafeMutableRawPointer(output + 1).copyMemory(from: start, byteCount: count)
                output[count &+ 1] = UInt8(ascii: "\"")
                output[count &+ 2] = UInt8(ascii: ":")
                return count &+ 3
            }
        } else {
            // A one-character literal is held as its scalar, not as a pointer; keys are ASCII.
            let byte = UInt8(truncatingIfNeeded: name.unicodeScalar.value)
            write(reserving: 4) { output in
                output[0] = UInt8(ascii: "\"")
                output[1] = byte
                output[2] = UInt8(ascii: "\"")
                output[3] = UInt8(ascii: ":")
                return 4
            }
        }
        needsComma = false
    }

    /// A key known only at run time (a pid, a dictionary key).
    public mutating func dynamicKey(_ name: String) {
        var name = name
        name.withUTF8 { writeKey($0) }
    }

    // MARK: Scalars

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(reserving: utf8.count &* 6 &+ 2) { output in
                Self.quote(utf8, into: output)
            }
        }
        needsComma = true
    }

    /// A string the program spells, written as is between quotes: like a key, it must need no
    /// escaping (checked in debug builds). An enum's name (`"gif"`, `"image"`) costs a copy of a
    /// few constant bytes, where `string(_: String)` read a `String` and scanned it for escapes.
    @inlinable
    public mutating func string(literal text: StaticString) {
        assert(Self.needsNoEscaping(text), "a string written as is must need no escaping")
        text.withUTF8Buffer { utf8 in
            let count = utf8.count
            write(reserving: count &+ 2) { output in
                output[0] = UInt8(ascii: "\"")
                if let start = utf8.baseAddress {
                    UnsafeMutableRawPointer(output + 1).copyMemory(from: start, byteCount: count)
                }
                output[count &+ 1] = UInt8(ascii: "\"")
                return count &+ 2
            }
        }
        needsComma = true
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        writeScalar(value ? "true" : "false")
    }

    @inlinable
    public mutating func null() {
        writeScalar("null")
    }

    @inlinable
    public mutating func number(_ value: Int) {
        write(reserving: 21) { output in
            Self.writeJSONInteger(value, into: output)
        }
        needsComma = true
    }

    /// A double in its shortest round-trip form (`70`, `35.5`, `0.35`, `114.33333333333333`):
    /// whole numbers below 2^53 as their digits, numbers of at most four decimals below 10^11
    /// by integer arithmetic, anything else as Swift's `description` writes it (Schubfach),
    /// straight into the buffer: whole numbers below 10^4 inline, the others in one C call
    /// (`writeJSONNumber`).
    /// JSON has no NaN or infinity: those are written as `null` (JSONEncoder would throw).
    @inlinable
    public mutating func number(_ value: Double) {
        write(reserving: Self.numberMaximumCount) { output in
            Self.writeJSONNumber(value, into: output)
        }
        needsComma = true
    }

    // MARK: Internals

    /// Runs `body` on room for `maximum` more bytes, after the comma that is due when
    /// `separated` (a key, a value or an opening bracket); `body` returns how many it wrote.
    ///
    /// The comma costs no branch: a `,` is always stored, and `body` writes over it when
    /// none is due.
    @inlinable @inline(__always)
    package mutating func write(
        reserving maximum: Int,
        separated: Bool = true,
        _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        if separated, indented { breakLine() }
        let comma = separated && needsComma
        if _slowPath(length &+ maximum &+ 1 > capacity) { grow(toHold: maximum &+ 1) }
        let output = base + length
        output.pointee = UInt8(ascii: ",")
        let skip = comma ? 1 : 0
        length &+= skip &+ body(output + skip)
    }

    /// Room for `count` more bytes past `length`: the buffer at least doubles, the text
    /// copied into new memory of the writer's own (room lent by `encode` is left to its owner).
    @usableFromInline
    mutating func grow(toHold count: Int) {
        let larger = capacity &+ max(capacity, count)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.initialize(from: base, count: length)
        if ownsBuffer { base.deallocate() }
        base = memory
        capacity = larger
        ownsBuffer = true
    }

    /// Whether `name` holds no `"`, `\` or control character (keys written as is).
    @usableFromInline
    static func needsNoEscaping(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { utf8 in
            !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
    }

    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8) {
        write(reserving: 1) { output in
            output.pointee = bracket
            return 1
        }
        needsComma = false
        if indented { openLevel() }
    }

    @inlinable @inline(__always)
    mutating func close(_ bracket: UInt8) {
        if indented { closeLevel() }
        write(reserving: 1, separated: false) { output in
            output.pointee = bracket
            return 1
        }
        needsComma = true
    }

    private mutating func writeKey(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard indentation == nil else { return writeIndentedKey(utf8) }
        write(reserving: utf8.count &* 6 &+ 3) { output in
            let written = Self.quote(utf8, into: output)
            output[written] = UInt8(ascii: ":")
            return written &+ 1
        }
        needsComma = false
    }

    /// `true`, `false` or `null`: literals of more than one character, held as pointers.
    @inlinable @inline(__always)
    mutating func writeScalar(_ text: StaticString) {
        let start = text.utf8Start
        let count = text.utf8CodeUnitCount
        write(reserving: count) { output in
            UnsafeMutableRawPointer(output).copyMemory(from: start, byteCount: count)
            return count
        }
        needsComma = true
    }
}
