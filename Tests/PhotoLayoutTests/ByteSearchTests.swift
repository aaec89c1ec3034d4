import JSONBytes
import Testing

/// `ByteSearch.firstOfEither`: the C target's 16-byte compares against a plain byte loop, at
/// every length around the vector width (the last chunk overlaps the one before it) and with
/// the match and a non-ASCII byte at every position.
struct ByteSearchTests {
    /// What the search must answer, one byte at a time.
    static func reference(_ bytes: [UInt8], _ first: UInt8, _ second: UInt8) -> (Int, Bool) {
        (bytes.firstIndex { $0 == first || $0 == second } ?? bytes.count, bytes.allSatisfy { $0 < 0x80 })
    }

    static func search(_ bytes: [UInt8]) -> (Int, Bool) {
        let found = bytes.withUnsafeBufferPointer {
            ByteSearch.firstOfEither(UInt8(ascii: "?"), UInt8(ascii: "#"), in: $0)
        }
        return (found.index, found.isASCII)
    }

    @Test func matchesAndNonASCIIAtEveryPosition() {
        for count in [0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 48, 90, 129] {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: count)
            #expect(Self.search(plain) == (count, true), "\(count)")
            for position in 0..<count {
                for byte in [UInt8(ascii: "?"), UInt8(ascii: "#"), 0x80, 0xE5] {
                    var bytes = plain
                    bytes[position] = byte
                    let expected = Self.reference(bytes, UInt8(ascii: "?"), UInt8(ascii: "#"))
                    #expect(Self.search(bytes) == expected, "\(count) \(position) \(byte)")
                }
            }
        }
    }

    /// The first of several matches, with a non-ASCII byte after it (still seen).
    @Test func firstMatchWinsAndLaterBytesAreSeen() {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[20] = UInt8(ascii: "#")
        bytes[5] = UInt8(ascii: "?")
        bytes[38] = 0xC3
        #expect(Self.search(bytes) == (5, false))
        bytes[38] = UInt8(ascii: "b")
        #expect(Self.search(bytes) == (5, true))
    }
}
