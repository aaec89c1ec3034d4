extension JSONScanner {
    /// Passes over one value, validating all of it.
    ///
    /// One loop rather than a recursion through `enterObject`/`nextMember`: skipped values
    /// are most of a timeline's bytes (user objects, texts), so this is the reader's hot path.
    /// Which containers are open is kept as one bit per level (1 for an object).
    ///
    /// With token masks, the value is skipped by `skipValueByTokens`; when that finds the
    /// grammar broken it changes nothing, and the byte-by-byte loop below runs from the same
    /// place to throw the error it always has (same message, same offset).
    package mutating func skipValue() throws(JSONSyntaxError) {
        if let tokens, skipValueByTokens(tokens) { return }
        try skipValueByBytes()
    }

    /// The byte-by-byte loop, out of line: the token path above, taken for most values of a
    /// document that passed stage 1, then pays no prologue for this loop's registers and
    /// temporary allocation.
    @inline(never)
    private mutating func skipValueByBytes() throws(JSONSyntaxError) {
        let words = (Self.maximumDepth + 63) / 64
        try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) {
            (open: UnsafeMutableBufferPointer<UInt64>) throws(JSONSyntaxError) in
            try skipValue(open: open)
        }
    }

    private mutating func skipValue(open: UnsafeMutableBufferPointer<UInt64>) throws(JSONSyntaxError) {
        let base = depth
        func isObject(_ level: Int) -> Bool { open[level &>> 6] & (1 << UInt64(level & 63)) != 0 }
        func push(_ object: Bool) throws(JSONSyntaxError) {
            guard depth < Self.maximumDepth else {
                throw error("nesting deeper than \(Self.maximumDepth) arrays and objects")
            }
            let level = depth - base
            let bit: UInt64 = 1 << UInt64(level & 63)
            if object { open[level &>> 6] |= bit } else { open[level &>> 6] &= ~bit }
            depth &+= 1
            position &+= 1
        }
        while true {
            // A value starts here.
            switch try peek() {
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                _ = try scanBool()
            case UInt8(ascii: "n"):
                try scanNull()
            case UInt8(ascii: "{"):
                try push(true)
                if try peek() == UInt8(ascii: "}") {
                    depth &-= 1
                    position &+= 1
                } else {
                    try skipKey()
                    continue
                }
            case UInt8(ascii: "["):
                try push(false)
                if try peek() == UInt8(ascii: "]") {
                    depth &-= 1
                    position &+= 1
                } else {
                    continue
                }
            default:
                throw error("expected a value")
            }
            // After a value: close containers, or move to the next member or element.
            while true {
                if depth == base { return }
                let object = isObject(depth &- base &- 1)
                let byte = try peek()
                if byte == UInt8(ascii: ",") {
                    position &+= 1
                    if object { try skipKey() }
                    break
                }
                guard byte == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(
                        object
                            ? "expected ',' or '}' after an object member"
                            : "expected ',' or ']' after an array element")
                }
                depth &-= 1
                position &+= 1
            }
        }
    }

    /// A member's key and its `:`.
    @inline(__always)
    private mutating func skipKey() throws(JSONSyntaxError) {
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
        _ = try memberKey()
    }
}
