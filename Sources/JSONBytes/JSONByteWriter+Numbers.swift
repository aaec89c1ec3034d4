internal import CShortestDouble

extension JSONByteWriter {
    /// The most bytes `writeNumber` writes (a sign and `writeShortest`'s longest text).
    @usableFromInline static var numberMaximumCount: Int { Int(CSD_MAXIMUM_LENGTH) }

    /// `value` as `number(_: Double)` writes it into `output` (room for `numberMaximumCount`
    /// bytes): `70`, `-0`, `70.5`, `0.35`, `114.33333333333333`, `1e-05`, `null` for a NaN or
    /// an infinity (`csd_write_json_number`). Returns the bytes written.
    @usableFromInline
    static func writeNumber(_ value: Double, into output: UnsafeMutablePointer<UInt8>) -> Int {
        csd_write_json_number(value, output)
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
