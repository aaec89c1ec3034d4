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

    private static let exactPowersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

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

    /// A status id given as a number: its literal digits, as `FoundationTimelineReader` reads
    /// them (`UInt64`, else `Int64`, else `Decimal`). Plain integers up to 19 digits are read
    /// here; other shapes (fractions, exponents, more digits) are handed to JSONDecoder.
    package func statusID(_ token: JSONNumberToken) -> String? {
        if token.isInteger, token.digitCount <= 19 {
            var magnitude: UInt64 = 0
            var index = token.start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            while index < token.end {
                magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            if !negative || magnitude == 0 { return String(magnitude) }
            if magnitude <= UInt64(Int64.max) { return String(-Int64(magnitude)) }
        }
        return (try? JSONDecoder().decode(DecodedNumberID.self, from: literal(token)))?.text
    }

    private func literal(_ token: JSONNumberToken) -> Data {
        Data(UnsafeBufferPointer(start: bytes + token.start, count: token.end - token.start))
    }
}

/// JSONDecoder's reading of a numeric status id, for the shapes `statusID` does not read
/// itself: the same sequence of attempts as the reference reader.
private struct DecodedNumberID: Decodable {
    package var text: String

    package init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let number = try? single.decode(UInt64.self) {
            text = String(number)
        } else if let number = try? single.decode(Int64.self) {
            text = String(number)
        } else {
            text = "\(try single.decode(Decimal.self))"
        }
    }
}
