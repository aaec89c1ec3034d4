internal import CShortestDouble

extension JSONByteWriter {
    /// A double that is a whole number or a half (the pixel grid at scale 2), as its whole
    /// part, whether a `.5` follows, and its sign.
    package struct IntegerAndHalf {
        var whole: UInt
        var half: Bool
        var negative: Bool
    }

    /// Below 2^53 every integer is exact in a double, and its digits are its shortest form.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Integers and halves go by the integer path; anything else by `writeShortest`, Swift's
    /// shortest round-trip form (`1e-05`, `1e+16` are JSON too).
    @inline(__always)
    package static func integerAndHalf(_ value: Double) -> IntegerAndHalf? {
        let magnitude = value.magnitude
        guard magnitude < exactIntegerLimit else { return nil }
        let whole = magnitude.rounded(.towardZero)
        let fraction = magnitude - whole
        guard fraction == 0 || fraction == 0.5 else { return nil }
        return IntegerAndHalf(whole: UInt(whole), half: fraction != 0, negative: value.sign == .minus)
    }

    package static func writeIntegerAndHalf(_ value: IntegerAndHalf, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var written = writeInteger(value.whole, negative: value.negative, into: output)
        if value.half {
            output[written] = UInt8(ascii: ".")
            output[written &+ 1] = UInt8(ascii: "5")
            written &+= 2
        }
        return written
    }

    /// The decimal digits of `magnitude` after a `-` when `negative` (`-0` for negative zero);
    /// at most 21 bytes. Returns the bytes written.
    package static func writeInteger(_ magnitude: UInt, negative: Bool, into output: UnsafeMutablePointer<UInt8>) -> Int
    {
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
