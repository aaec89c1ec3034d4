import Foundation

extension JSONScanner {
    /// Scans the number at the position against RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    package mutating func scanNumber() throws(JSONSyntaxError) -> JSONNumberToken {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard position < count, isDigit(bytes[position]) else { throw error("expected a digit in a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(bytes[position]) { throw error("leading zero in a number") }
        } else {
            skipDigits()
        }
        var digitCount = position - integerStart
        var isInteger = true
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            guard position < count, isDigit(bytes[position]) else { throw error("expected a digit after '.'") }
            skipDigits()
            digitCount += position - fractionStart
            isInteger = false
        }
        var hasExponent = false
        if position < count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(bytes[position]) else { throw error("expected a digit in an exponent") }
            skipDigits()
            isInteger = false
            hasExponent = true
        }
        return JSONNumberToken(
            start: start, end: position, isInteger: isInteger, digitCount: digitCount, hasExponent: hasExponent)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private mutating func skipDigits() {
        while position < count, isDigit(bytes[position]) { position += 1 }
    }

    // MARK: Values, exactly as JSONDecoder gives them

    /// 10^0 … 10^15, each exact in a double.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// The number as JSONDecoder decodes a `Double`: `nil` where it throws (a result that
    /// overflows to infinity, or that underflows to zero from non-zero digits).
    ///
    /// Up to 15 digits without an exponent, the mantissa and its power of ten are both exact
    /// doubles, so one division is correctly rounded, as strtod is (Clinger's fast path).
    /// Anything else, rare in requests, is handed to JSONDecoder itself.
    package func double(_ token: JSONNumberToken) -> Double? {
        guard token.hasExponent || token.digitCount > 15 else {
            var mantissa: UInt64 = 0
            var fractionDigits = 0
            var seenPoint = false
            var index = token.start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            while index < token.end {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    seenPoint = true
                } else {
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    if seenPoint { fractionDigits += 1 }
                }
                index += 1
            }
            let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        return try? JSONDecoder().decode(Double.self, from: literal(token))
    }

    /// The number's text, as JSONDecoder is given it for what this reader does not read itself.
    package func literal(_ token: JSONNumberToken) -> Data {
        Data(UnsafeBufferPointer(start: bytes + token.start, count: token.end - token.start))
    }
}
