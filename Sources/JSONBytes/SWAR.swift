/// Byte tests on eight bytes at once ("SIMD within a register"), for the JSON scanner and
/// writer. Each returns the high bit of every flagged byte. A flag is exact for the lowest
/// flagged byte; bytes after a true hit may be flagged too (borrows run upwards), so callers
/// use only "any" and "lowest".
package enum SWAR {
    // Inlinable (constants as computed literals, functions as bodies), so that other modules
    // (PhotoLayout's URL rules) inline them rather than call one function per word.
    @inlinable package static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable package static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Eight bytes at `pointer`, first byte lowest (any alignment).
    @inlinable @inline(__always)
    package static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Bytes equal to `byte`.
    @inlinable @inline(__always)
    package static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// Bytes below 0x20: the control characters JSON strings may not hold as is.
    @inlinable @inline(__always)
    package static func control(_ word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word & highBits
    }

    /// Bytes a JSON string must escape: `"`, `\` and control characters.
    @inlinable @inline(__always)
    package static func needsEscape(_ word: UInt64) -> UInt64 {
        equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\")) | control(word)
    }

    /// Bytes that are zero, exactly (no carries between bytes).
    @inlinable @inline(__always)
    package static func zero(_ word: UInt64) -> UInt64 {
        let low = ~highBits
        return ~(((word & low) &+ low) | word) & highBits
    }

    /// JSON whitespace (space, line feed, carriage return, tab), exactly.
    @inlinable @inline(__always)
    package static func whitespace(_ word: UInt64) -> UInt64 {
        zero(word ^ (ones &* 0x20)) | zero(word ^ (ones &* 0x0A)) | zero(word ^ (ones &* 0x0D))
            | zero(word ^ (ones &* 0x09))
    }

    /// The index of the lowest flagged byte (8 when none is).
    @inlinable @inline(__always)
    package static func lowestIndex(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount &>> 3
    }
}
