/// Writes a response head into raw memory sized for it beforehand: each part is one `memcpy`
/// at a cursor, with none of an array's per-append capacity and uniqueness checks. The
/// serializer (`HTTP1Serializer.writeHead`) bounds the head's size, writes it here on the stack
/// and appends it to its buffer in one copy.
struct HTTP1HeadWriter {
    private let room: UnsafeMutableRawBufferPointer
    /// How many bytes were written.
    private(set) var count = 0

    /// A writer over `room`, which must hold every byte it will be given (the caller's bound).
    init(_ room: UnsafeMutableRawBufferPointer) {
        self.room = room
    }

    /// The bytes written so far.
    var written: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: room[0..<count])
    }

    /// Copies `bytes` to the cursor.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= room.count - count, "response head larger than its bound")
        guard let source = bytes.baseAddress, let target = room.baseAddress else { return }
        (target + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Copies `bytes` to the cursor.
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Copies the UTF-8 of `text` to the cursor (its contiguous storage, or a small string's
    /// copy on the stack).
    mutating func write(_ text: String) {
        // In place: a native or literal string's storage, a small string's bytes copied to the
        // stack; only a bridged string (none on this path) is made contiguous in a copy.
        if text.utf8.withContiguousStorageIfAvailable({ write(UnsafeRawBufferPointer($0)) }) != nil { return }
        var copy = text
        copy.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes one byte.
    mutating func write(byte: UInt8) {
        precondition(count < room.count, "response head larger than its bound")
        room[count] = byte
        count += 1
    }

    /// Copies the UTF-8 of a literal to the cursor (no String, no static array to load).
    mutating func write(literal text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the decimal digits of a non-negative `value` (0 for a negative one) in place,
    /// without making a String: counted first, then written from the last one back.
    mutating func write(digitsOf value: Int) {
        var rest = UInt64(max(0, value))
        var length = 1
        var scan = rest
        while scan >= 10 {
            scan /= 10
            length += 1
        }
        precondition(length <= room.count - count, "response head larger than its bound")
        var index = count + length
        repeat {
            index -= 1
            room[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        count += length
    }

    /// The most bytes `write(digitsOf:)` writes: an Int has at most 19 digits.
    static let maxDigits = 20
}
