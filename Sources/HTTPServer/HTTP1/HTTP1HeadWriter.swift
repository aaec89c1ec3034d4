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

    /// Writes the decimal digits of a non-negative `value`, without making a String.
    mutating func write(digitsOf value: Int) {
        HTTP1Serializer.withDigits(of: value) { write($0) }
    }

    /// The most bytes `write(digitsOf:)` writes: an Int has at most 19 digits.
    static let maxDigits = 20
}
