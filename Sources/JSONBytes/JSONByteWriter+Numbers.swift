internal import CShortestDouble

extension JSONByteWriter {
    /// The most bytes `writeNumber` writes (a sign and `writeShortest`'s longest text).
    @usableFromInline static var numberMaximumCount: Int { Int(CSD_MAXIMUM_LENGTH) }

    /// `value` as `number(_: Double)` writes it into `output` (room for `numberMaximumCount`
    /// bytes): `70`, `-0`, `70.5`, `0.35`, `114.33333333333333`, `1e-05`, `null` for a NaN or
    /// an infinity. Returns the bytes written.
    ///
    /// A whole number from 0 to 9999 (not `-0`), the most common number of a layout, is written
    /// here, inlined into the caller, by `writeSmall`; any other goes to `writeNumber` (one C
    /// call), which writes the same text for such a number: its digits. A fraction is told from
    /// such a number by one test: a whole number below 2^20 has the low 32 bits of its
    /// significand clear, which a fraction almost never has.
    @inlinable @inline(__always)
    static func writeJSONNumber(_ value: Double, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        // Below 10^4 and not negative (the sign bit clear): the bit patterns of such doubles are
        // ordered as their values, and -0, negative numbers and NaNs have larger ones.
        if bits & 0xFFFF_FFFF == 0, bits < 0x40C3_8800_0000_0000 {
            let whole = Int(value)
            if Double(whole) == value { return writeSmall(UInt(bitPattern: whole), into: output) }
        }
        return writeNumber(value, into: output)
    }

    /// `value` as `number(_: Double)` writes it into `output` (room for `numberMaximumCount`
    /// bytes), by `csd_write_json_number`: every number, `writeJSONNumber`'s small whole ones
    /// too. Returns the bytes written.
    @usableFromInline
    static func writeNumber(_ value: Double, into output: UnsafeMutablePointer<UInt8>) -> Int {
        csd_write_json_number(value, output)
    }

    /// `value` as `number(_: Int)` writes it into `output` (room for 21 bytes): from 0 to 9999
    /// by `writeSmall`, inlined into the caller, anything else by `writeInteger`. Returns the
    /// bytes written.
    @inlinable @inline(__always)
    static func writeJSONInteger(_ value: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        // Negative numbers are above 10^4 as unsigned bit patterns.
        let bits = UInt(bitPattern: value)
        if bits < 10_000 { return writeSmall(bits, into: output) }
        return writeInteger(value.magnitude, negative: value < 0, into: output)
    }

    /// The decimal digits of `value` (below 10^4; no leading zero, `0` for 0) into `output`:
    /// one to four bytes, by divisions by constants (multiplications). Returns the bytes written.
    @inlinable @inline(__always)
    static func writeSmall(_ value: UInt, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let zero = UInt8(ascii: "0")
        if value < 10 {
            output[0] = zero &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        if value < 100 {
            let tens = value / 10
            output[0] = zero &+ UInt8(truncatingIfNeeded: tens)
            output[1] = zero &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
            return 2
        }
        if value < 1000 {
            let hundreds = value / 100
            let rest = value &- hundreds &* 100
            let tens = rest / 10
            output[0] = zero &+ UInt8(truncatingIfNeeded: hundreds)
            output[1] = zero &+ UInt8(truncatingIfNeeded: tens)
            output[2] = zero &+ UInt8(truncatingIfNeeded: rest &- tens &* 10)
            return 3
        }
        let high = value / 100
        let low = value &- high &* 100
        let first = high / 10
        let third = low / 10
        output[0] = zero &+ UInt8(truncatingIfNeeded: first)
        output[1] = zero &+ UInt8(truncatingIfNeeded: high &- first &* 10)
        output[2] = zero &+ UInt8(truncatingIfNeeded: third)
        output[3] = zero &+ UInt8(truncatingIfNeeded: low &- third &* 10)
        return 4
    }

    /// The decimal digits of `magnitude` after a `-` when `negative` (`-0` for negative zero);
    /// at most 21 bytes. Returns the bytes written.
    @usableFromInline
    static func writeInteger(_ magnitude: UInt, negative: Bool, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        if negative {
            output.pointee = UInt8(ascii: "-")
            written = 1
        }
        var digits = 1
        var limit: UInt = 10
        while digits < 20, magnitude >= limit {
            digits &+= 1
            limit = limit &* 10
        }
        var rest = magnitude
        for index in stride(from: written &+ digits &- 1, through: written, by: -1) {
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return written &+ digits
    }

    /// The most bytes `writeShortest` writes (`-2.2250738585072014e-308` is 24), rounded up.
    package static var shortestMaximumCount: Int { Int(CSD_MAXIMUM_LENGTH) }

    /// The finite `value` as Swift's `description` writes it (`70.0`, `114.33333333333333`,
    /// `1e-05`, `-0.0`), byte for byte, straight into `output` (room for `shortestMaximumCount`
    /// bytes), with no `String`: Schubfach's shortest round-trip digits (`CShortestDouble`).
    /// Returns the bytes written; 0 for a NaN or an infinity.
    @inline(__always)
    package static func writeShortest(_ value: Double, into output: UnsafeMutablePointer<UInt8>) -> Int {
        csd_write_double(value, output)
    }
}
