/// A string the scanner has validated: the bytes between its quotes, as offsets into the
/// document, and whether they hold escapes (else they are the string's UTF-8 as is).
package struct JSONStringToken: Hashable, Sendable {
    package var start: Int
    package var end: Int
    package var hasEscapes: Bool

    /// The string between offsets `start` and `end` (its quotes excluded).
    @inlinable
    package init(start: Int, end: Int, hasEscapes: Bool) {
        self.start = start
        self.end = end
        self.hasEscapes = hasEscapes
    }

    package var byteCount: Int { end - start }
}

/// A number the scanner has validated against the JSON grammar: its text as offsets into the
/// document, and its shape.
package struct JSONNumberToken: Hashable, Sendable {
    package var start: Int
    package var end: Int
    /// `-?digits`: no fraction, no exponent.
    package var isInteger: Bool
    /// Digits of the integer and fraction parts together.
    package var digitCount: Int
    package var hasExponent: Bool
}

/// The JSON type of the value at the scanner's position, told by its first byte.
package enum JSONValueKind: UInt8, Hashable, Sendable {
    case object, array, string, number, bool, null

    /// Equal kinds, compared inline: the synthesized `==` is reached from other modules through
    /// `Equatable`'s dispatch thunk and witness (three calls per `peekKind() == .object`).
    @inlinable @inline(__always)
    package static func == (lhs: JSONValueKind, rhs: JSONValueKind) -> Bool {
        lhs.rawValue == rhs.rawValue
    }
}
