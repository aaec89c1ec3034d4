import Testing

@testable import JSONBytes

/// The `ByteString`s the scanner keeps for each string of `json` (an array of strings).
private func byteStrings(_ json: String) throws -> [ByteString] {
    let bytes = Array(json.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
        var scanner = try JSONScanner(buffer)
        var strings: [ByteString] = []
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            if let string = try scanner.lenientByteString() { strings.append(string) }
        }
        try scanner.finish()
        return strings
    }
}

struct ByteStringTests {
    /// Strings without escapes are slices of one copy of the document, at their offsets.
    @Test func plainStringsAreSlicesOfTheDocument() throws {
        let strings = try byteStrings(#"["http://h/a.jpg", 5, "é€😀"]"#)
        #expect(strings.map(\.description) == ["http://h/a.jpg", "é€😀"])
        #expect(strings[0].utf8.startIndex == 2)
        #expect(strings[1].utf8.startIndex == 23)
        // One copy shared by both slices.
        #expect(
            strings[0].utf8.withUnsafeBufferPointer { $0.baseAddress! - 2 }
                == strings[1].utf8.withUnsafeBufferPointer { $0.baseAddress! - 23 })
    }

    /// A string with escapes holds its decoded value: `\/`, `\u` (BMP and surrogate pairs), `\"`.
    @Test func escapedStringsHoldTheDecodedValue() throws {
        let strings = try byteStrings(#"["http:\/\/h\/a.jpg", "\u00e9\u20AC\ud83d\ude00", "a\"b\\c\n", "\u0067"]"#)
        #expect(strings.map(\.description) == ["http://h/a.jpg", "é€😀", "a\"b\\c\n", "g"])
        #expect(strings[0].utf8.startIndex == 0)
        #expect(strings[1] == ByteString("é€😀"))
    }

    /// Equality and hashing are String's: canonically equivalent spellings are one string.
    @Test func equalityIsStrings() {
        let composed = ByteString("caf\u{E9}")
        let decomposed = ByteString("cafe\u{301}")
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        // KELVIN SIGN is canonically "K": a non-ASCII string equal to an ASCII one.
        #expect(ByteString("\u{212A}") == ByteString("K"))
        #expect(ByteString("K").hashValue == ByteString("\u{212A}").hashValue)
        #expect(ByteString("abc") != ByteString("abd"))
        #expect(ByteString("abc") != ByteString("ab"))
        #expect(ByteString("") == ByteString(utf8: []))
        #expect(ByteString("a\u{301}") != ByteString("a"))
    }

    /// `isASCII` looks at every byte.
    @Test func asciiTest() {
        #expect(ByteString("http://h/a.jpg").isASCII)
        #expect(ByteString("").isASCII)
        #expect(!ByteString("http://h/é.jpg").isASCII)
        // One high byte at every position of strings of 1 to 20 bytes: no byte is left unread.
        for length in 1...20 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                #expect(ByteString(utf8: bytes[...]).isASCII)
                bytes[position] = 0x80
                #expect(!ByteString(utf8: bytes[...]).isASCII, "length \(length), position \(position)")
            }
        }
    }

    /// The writer writes a ByteString exactly as the String of the same text.
    @Test(arguments: ["http://h/a.jpg", "a\"b\\c", "tab\there\u{01}", "é€😀", "", "\u{2028}"])
    func writerWritesBytesAsStrings(text: String) {
        var fromString = JSONByteWriter()
        fromString.beginArray()
        fromString.string(text)
        fromString.string(text)
        fromString.endArray()
        var fromBytes = JSONByteWriter()
        fromBytes.beginArray()
        fromBytes.string(ByteString(text))
        fromBytes.string(ByteString(text))
        fromBytes.endArray()
        #expect(fromBytes.bytes == fromString.bytes)
    }
}
