import JSONBytes

/// Numbers of requests read straight to a `Double`: one pass over the digits that both checks
/// the grammar and accumulates the value, where `double(scanNumber())` makes two.
extension JSONScanner {
    /// 10^0 … 10^15, each exact in a double.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// The number at the position (its first byte is `-` or a digit), consumed, as
    /// `double(scanNumber())` gives it: the same value, the same errors, `nil` where
    /// JSONDecoder would throw.
    ///
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?` of at most 15 digits (every number of a browser
    /// request) is read here, as one division of two exact doubles, correctly rounded (as
    /// `double(_:)` reads it). Anything else (an exponent, more digits, a grammar error) goes
    /// back to its first byte and through `scanNumber()` and `double(_:)`, which read it or
    /// throw the error they always threw.
    @inline(__always)
    mutating func scanDouble() throws(JSONSyntaxError) -> Double? {
        var index = position
        if let value = plainNumber(at: &index), index == count || bytes[index] | 0x20 != UInt8(ascii: "e") {
            position = index
            return value
        }
        return double(try scanNumber())
    }
}
