/// Writes JSON text (RFC 8259) straight into a byte buffer: no intermediate dictionaries, no
/// `String` per value, commas placed by the writer.
///
/// A response is a sequence of calls (`beginObject()`, `key("size")`, `number(70)`, …,
/// `endObject()`); the caller keeps them well nested. Numbers are written in their shortest
/// round-trip form, strings escaped as RFC 8259 requires (`"`, `\` and control characters;
/// `/` and non-ASCII are written as is). Types write themselves by conforming to
/// `JSONByteEncodable`.
///
/// Each call makes one bounds check and one write through a pointer into a buffer that grows
/// by doubling (the buffer's tail past `length` is spare room, zero-filled).
///
/// `JSONByteWriter(indented: true)` writes for people instead (`--pretty`, golden files): the
/// same values, indented (`JSONByteWriter+Indentation`).
public struct JSONByteWriter: Sendable {
    var storage: [UInt8]
    var length = 0
    /// A value was just completed at the current level: the next key or element needs a comma.
    var needsComma = false
    /// The state of indented output; `nil` when compact.
    var indentation: Indentation?

    /// An empty writer whose buffer has room for `capacity` bytes before it grows; compact
    /// unless `indented`.
    public init(capacity: Int = 4096, indented: Bool = false) {
        storage = Array(repeating: 0, count: max(capacity, 64))
        indentation = indented ? Indentation() : nil
    }

    /// The JSON text written so far.
    public var bytes: [UInt8] {
        Array(storage[..<length])
    }

    /// The JSON text, without copying the buffer.
    public consuming func finish() -> [UInt8] {
        storage.removeLast(storage.count - length)
        return storage
    }

    /// The JSON text of `value`, indented when `indented`.
    public static func encode(_ value: some JSONByteEncodable, capacity: Int = 4096, indented: Bool = false) -> [UInt8]
    {
        var writer = JSONByteWriter(capacity: capacity, indented: indented)
        value.write(to: &writer)
        return writer.finish()
    }

    // MARK: Structure

    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// An object member's key and its `:`; the member's value is written next.
    ///
    /// A key the program spells is written as is: it must need no escaping (no `"`, `\` or
    /// control character; checked in debug builds), which spares every key of every response
    /// the escape scan. Keys known only at run time go through `dynamicKey`, escaped.
    public mutating func key(_ name: StaticString) {
        name.withUTF8Buffer { utf8 in
            guard indentation == nil else { return writeIndentedKey(utf8) }
            assert(!utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            write(reserving: utf8.count &+ 3) { output in
                output[0] = UInt8(ascii: "\"")
                _ = Self.copy(utf8, into: output + 1)
                output[utf8.count &+ 1] = UInt8(ascii: "\"")
                output[utf8.count &+ 2] = UInt8(ascii: ":")
                return utf8.count &+ 3
            }
            needsComma = false
        }
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

    public mutating func bool(_ value: Bool) {
        writeScalar(value ? "true" : "false")
    }

    public mutating func null() {
        writeScalar("null")
    }

    public mutating func number(_ value: Int) {
        write(reserving: 21) { output in
            Self.writeInteger(value.magnitude, negative: value < 0, into: output)
        }
        needsComma = true
    }

    /// A double in its shortest round-trip form (`70`, `35.5`, `114.33333333333333`): integers
    /// and halves by the integer path, anything else as Swift's `description` writes it
    /// (`writeShortest`), straight into the buffer.
    /// JSON has no NaN or infinity: those are written as `null` (JSONEncoder would throw).
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            writeScalar("null")
            return
        }
        if let fast = Self.integerAndHalf(value) {
            write(reserving: 23) { output in
                Self.writeIntegerAndHalf(fast, into: output)
            }
        } else {
            write(reserving: Self.shortestMaximumCount) { output in
                Self.writeShortest(value, into: output)
            }
        }
        needsComma = true
    }

    // MARK: Internals

    /// Runs `body` on room for `maximum` more bytes, after the comma that is due when
    /// `separated` (a key, a value or an opening bracket); `body` returns how many it wrote.
    @inline(__always)
    package mutating func write(
        reserving maximum: Int,
        separated: Bool = true,
        _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        if separated, indentation != nil { breakLine() }
        let comma = separated && needsComma
        if length &+ maximum &+ 1 > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(storage.count, maximum &+ 1)))
        }
        let start = length
        length &+= storage.withUnsafeMutableBufferPointer { buffer in
            // Not nil: the storage holds at least 64 bytes.
            guard let base = buffer.baseAddress else { return 0 }
            guard comma else { return body(base + start) }
            base[start] = UInt8(ascii: ",")
            return 1 &+ body(base + (start &+ 1))
        }
    }

    private mutating func open(_ bracket: UInt8) {
        write(reserving: 1) { output in
            output.pointee = bracket
            return 1
        }
        needsComma = false
        if indentation != nil { openLevel() }
    }

    private mutating func close(_ bracket: UInt8) {
        if indentation != nil { closeLevel() }
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

    private mutating func writeScalar(_ text: StaticString) {
        text.withUTF8Buffer { utf8 in
            write(reserving: utf8.count) { output in
                Self.copy(utf8, into: output)
            }
        }
        needsComma = true
    }
}
