import Foundation
import JSONBytes

/// A status id read as bytes of the request (docs/API.md §3: `id`'s literal digits, never through a
/// `Double`), so that a 16-digit id is no heap `String` from the reader to the writer.
extension JSONScanner {
    /// A status id as a `ByteString`: a string's bytes, or a number's own digits when
    /// they are what `statusID(_:)` writes (an integer of at most 18 digits other than `-0`,
    /// which it writes `0`); any other number (`-0`, 19 digits, a fraction or an exponent)
    /// takes `statusID(_:)`'s path and its `String`. `nil` for any other value, skipped.
    package mutating func lenientStatusIDBytes() throws(JSONSyntaxError) -> ByteString? {
        switch try peekKind() {
        case .string:
            return byteString(try scanString())
        case .number:
            let token = try scanNumber()
            let negative = bytes[token.start] == UInt8(ascii: "-")
            let negativeZero = negative && token.end &- token.start == 2 && bytes[token.end &- 1] == UInt8(ascii: "0")
            guard token.isInteger, token.digitCount <= 18, !negativeZero else {
                return statusID(token).map { ByteString($0) }
            }
            return keptSlice(token.start..<token.end)
        default:
            try skipValue()
            return nil
        }
    }

    /// A status id given as a number: its literal digits, as `FoundationTimelineReader` reads
    /// them (`UInt64`, else `Int64`, else `Decimal`). Plain integers up to 19 digits are read
    /// here; other shapes (fractions, exponents, more digits) are handed to JSONDecoder.
    func statusID(_ token: JSONNumberToken) -> String? {
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
}

/// JSONDecoder's reading of a numeric status id, for the shapes `statusID` does not read
/// itself: the same sequence of attempts as the reference reader.
private struct DecodedNumberID: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
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
