/// Byte classes of RFC 9110/9112 used by the parser, the serializer and header lookup.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// tchar (RFC 9110 §5.6.2): the characters of methods and header names.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        tokenTable[Int(byte)]
    }

    /// field-vchar, SP or HTAB: what a header value may hold (obs-text included).
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 32 && byte != 127)
    }

    /// VCHAR: printable ASCII, no space.
    static func isVisible(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    static func isWhitespaceCharacter(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }

    static func isToken<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    private static let tokenTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case 48...57, 65...90, 97...122: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
