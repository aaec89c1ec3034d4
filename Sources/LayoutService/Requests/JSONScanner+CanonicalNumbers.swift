import JSONBytes

/// Request objects as clients' JSON encoders write them (geometry, photos), read without the
/// member loop.
extension JSONScanner {
    /// The object at the position when it is exactly `{"k0":n0,"k1":n1,…}` with the names of
    /// `keys` in their order, each number plain (`-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at most 15
    /// digits) and at most one space after each `{`, `:` and `,` and before `}` (compact or
    /// `json.dumps` style): its numbers, the object consumed. `nil`, nothing consumed, for any
    /// other shape (other spacing, order, keys, escapes, value types), which the member loop
    /// then reads.
    ///
    /// Everything accepted is valid JSON that the member loop would read to the same values
    /// (`scanDouble`'s arithmetic), so this only spares it the loop: a frame of four members
    /// costs a few comparisons per key instead of a key scan, a hash and a lookup.
    mutating func canonicalNumbers(_ keys: JSONKeySet) -> SIMD4<Double>? {
        guard depth < Self.maximumDepth else { return nil }  // entering must not pass the bound
        var index = position &+ 1  // after `{`
        var values = SIMD4<Double>()
        for field in 0..<min(keys.count, 4) {
            guard canonicalMember(keys.keys[field], first: field == 0, at: &index),
                let number = plainNumber(at: &index)
            else { return nil }
            values[field] = number
        }
        guard canonicalEnd(at: &index) else { return nil }
        position = index
        return values
    }

    /// At `index` (just after `{`, or after a member's value when not `first`): the `,` due,
    /// at most one space, `"name":` for `key` and at most one space; `index` then on the
    /// member's value. `false` for anything else.
    @inline(__always)
    func canonicalMember(_ key: JSONKey, first: Bool, at index: inout Int) -> Bool {
        if !first {
            guard index < count, bytes[index] == UInt8(ascii: ",") else { return false }
            index &+= 1
        }
        if index < count, bytes[index] == UInt8(ascii: " ") { index &+= 1 }
        let length = key.length
        guard index &+ length &+ 2 < count, bytes[index] == UInt8(ascii: "\""),
            bytes[index &+ 1 &+ length] == UInt8(ascii: "\"")
        else { return false }
        let start = index &+ 1
        if length <= 16, start &+ 16 <= count {
            // Two words from the name's first byte (16 bytes remain in the document).
            let name = UnsafeRawPointer(bytes + start)
            let low = UInt64(littleEndian: name.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: name.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            guard low & key.lowMask == key.low, high & key.highMask == key.high else { return false }
        } else {
            let same = key.utf8.withUnsafeBufferPointer { name in
                ByteString.sameBytes(UnsafeBufferPointer(start: bytes + start, count: length), name)
            }
            guard same else { return false }
        }
        guard bytes[index &+ length &+ 2] == UInt8(ascii: ":") else { return false }
        index &+= length &+ 3
        if index < count, bytes[index] == UInt8(ascii: " ") { index &+= 1 }
        return true
    }

    /// At `index` (after the last member's value): at most one space and `}`; `index` then
    /// past the `}`.
    @inline(__always)
    func canonicalEnd(at index: inout Int) -> Bool {
        if index < count, bytes[index] == UInt8(ascii: " ") { index &+= 1 }
        guard index < count, bytes[index] == UInt8(ascii: "}") else { return false }
        index &+= 1
        return true
    }

    /// The plain number at `index` (see `canonicalNumbers`), `index` moved past it; `nil` for
    /// anything else, `index` then meaningless.
    @inline(__always)
    func plainNumber(at index: inout Int) -> Double? {
        guard index < count else { return nil }
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        let integerStart = index
        var mantissa: UInt64 = 0
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        let integerDigits = index &- integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            fractionDigits = index &- fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        guard integerDigits &+ fractionDigits <= 15 else { return nil }
        // An exponent fails the caller's next check (`,`, ` ` or `}` must follow).
        let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
