/// Writes JSON text (RFC 8259) straight into a byte buffer: no intermediate dictionaries, no
/// `String` per value, commas placed by the writer.
///
/// A response is a sequence of calls (`beginObject()`, `key("size")`, `number(70)`, …,
/// `endObject()`); the caller keeps them well nested. Numbers are written in their shortest
/// round-trip form, strings escaped as RFC 8259 requires (`"`, `\` and control characters;
/// `/` and non-ASCII are written as is). Types write themselves by conforming to
/// `JSONByteEncodable`.
public struct JSONByteWriter: Sendable {
    /// The JSON text written so far.
    public internal(set) var bytes: [UInt8]
    /// A value was just completed at the current level: the next key or element needs a comma.
    private var needsComma = false

    /// An empty writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text of `value`.
    public static func encode(_ value: some JSONByteEncodable, capacity: Int = 4096) -> [UInt8] {
        var writer = JSONByteWriter(capacity: capacity)
        value.write(to: &writer)
        return writer.bytes
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
    public mutating func key(_ name: StaticString) {
        separate()
        name.withUTF8Buffer { writeQuoted($0) }
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key known only at run time (a pid, a dictionary key).
    public mutating func key(_ name: String) {
        separate()
        var name = name
        name.withUTF8 { writeQuoted($0) }
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Scalars

    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { writeQuoted($0) }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        needsComma = true
    }

    public mutating func number(_ value: Int) {
        separate()
        writeInteger(value.magnitude, negative: value < 0)
        needsComma = true
    }

    /// A double in its shortest round-trip form (`70`, `35.5`, `114.33333333333333`).
    /// JSON has no NaN or infinity: those are written as `null` (JSONEncoder would throw).
    public mutating func number(_ value: Double) {
        separate()
        writeDouble(value)
        needsComma = true
    }

    // MARK: Internals

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    /// `utf8` between quotes; runs that need no escape are copied whole.
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            writeEscape(byte)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        if let short {
            bytes.append(contentsOf: [UInt8(ascii: "\\"), short])
        } else {
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
