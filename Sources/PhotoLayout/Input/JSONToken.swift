/// A string the scanner has validated: the bytes between its quotes, as offsets into the
/// document, and whether they hold escapes (else they are the string's UTF-8 as is).
struct JSONStringToken: Hashable, Sendable {
    var start: Int
    var end: Int
    var hasEscapes: Bool

    var byteCount: Int { end - start }
}

/// A number the scanner has validated against the JSON grammar: its text as offsets into the
/// document, and its shape.
struct JSONNumberToken: Hashable, Sendable {
    var start: Int
    var end: Int
    /// `-?digits`: no fraction, no exponent.
    var isInteger: Bool
    /// Digits of the integer and fraction parts together.
    var digitCount: Int
    var hasExponent: Bool
}

/// The JSON type of the value at the scanner's position, told by its first byte.
enum JSONValueKind: Hashable, Sendable {
    case object, array, string, number, bool, null
}
