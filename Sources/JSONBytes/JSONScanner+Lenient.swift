/// Lenient reads for the fields inside a status (docs/API.md §3): a value of the wrong type is
/// skipped (still validated) and counts as absent, exactly where `FoundationTimelineReader`'s
/// `Lenient` wrappers give `nil`.
extension JSONScanner {
    /// A string, else `nil`.
    package mutating func lenientString() throws(JSONSyntaxError) -> String? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        return string(try scanString())
    }

    /// A number, or a string that reads as a finite number (`"640"`), else `nil`.
    package mutating func lenientFlexibleNumber() throws(JSONSyntaxError) -> Double? {
        switch try peekKind() {
        case .number:
            return double(try scanNumber())
        case .string:
            let token = try scanString()
            if let digits = plainDigits(token) { return digits }
            return Double(string(token)).flatMap { $0.isFinite ? $0 : nil }
        default:
            try skipValue()
            return nil
        }
    }

    /// `keep_size`: `true`, a non-zero number, a non-zero numeric string or `"true"` (any
    /// case); anything else, `false`.
    package mutating func lenientTruthy() throws(JSONSyntaxError) -> Bool {
        switch try peekKind() {
        case .bool:
            return try scanBool()
        case .number:
            return double(try scanNumber()).map { $0 != 0 } ?? false
        case .string:
            let text = string(try scanString())
            return Double(text).map { $0 != 0 } ?? (text.lowercased() == "true")
        default:
            try skipValue()
            return false
        }
    }

    /// The value of a string of 1 to 15 ASCII digits (exact as a double), else `nil`.
    private func plainDigits(_ token: JSONStringToken) -> Double? {
        guard !token.hasEscapes, (1...15).contains(token.byteCount) else { return nil }
        var value: UInt64 = 0
        for index in token.start..<token.end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return Double(value)
    }
}
