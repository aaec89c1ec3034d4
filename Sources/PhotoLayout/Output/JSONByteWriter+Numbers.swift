extension JSONByteWriter {
    /// Below 2^53 every integer is exact in a double, and its digits are its shortest form.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Integers and halves (the pixel grid at scale 2) by the integer path, with no `String`;
    /// anything else through `description`, which is Swift's shortest round-trip form
    /// (`1e-05` and `1e+16` are JSON numbers too).
    mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        let magnitude = value.magnitude
        if magnitude < Self.exactIntegerLimit {
            let whole = magnitude.rounded(.towardZero)
            if whole == magnitude {
                writeInteger(UInt(whole), negative: value.sign == .minus)
                return
            }
            if magnitude - whole == 0.5 {
                writeInteger(UInt(whole), negative: value.sign == .minus)
                bytes.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "5")])
                return
            }
        }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The decimal digits of `magnitude`, after a `-` when `negative` (`-0` for negative zero).
    mutating func writeInteger(_ magnitude: UInt, negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = magnitude
            var start = 20
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
