import Testing

@testable import PhotoLayout

/// `URLVariants.asciiQueryStart` (the C header's inlined `cjs_find_either_ascii`: 16-byte
/// compares) against a plain byte loop, at every length around the vector width (the last chunk
/// overlaps the one before it) and with a `?`, a `#` and a non-ASCII byte at every position.
struct URLQueryScanTests {
    /// What the search must answer, one byte at a time.
    static func reference(_ bytes: [UInt8], _ first: UInt8, _ second: UInt8) -> (Int, Bool) {
        (bytes.firstIndex { $0 == first || $0 == second } ?? bytes.count, bytes.allSatisfy { $0 < 0x80 })
    }

    /// The query's start and whether the bytes are ASCII, as `reference` answers: the query is
    /// only meaningful for ASCII bytes, so a non-ASCII answer is `(count, false)`.
    static func search(_ bytes: [UInt8]) -> (Int, Bool) {
        guard let query = bytes.withUnsafeBufferPointer(URLVariants.asciiQueryStart(in:)) else {
            return (bytes.count, false)
        }
        return (query, true)
    }

    /// `reference`, with the index dropped when the bytes are not ASCII (what `search` gives).
    static func expected(_ bytes: [UInt8]) -> (Int, Bool) {
        let (index, isASCII) = reference(bytes, UInt8(ascii: "?"), UInt8(ascii: "#"))
        return isASCII ? (index, true) : (bytes.count, false)
    }

    @Test func matchesAndNonASCIIAtEveryPosition() {
        for count in [0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 48, 90, 129] {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: count)
            #expect(Self.search(plain) == (count, true), "\(count)")
            for position in 0..<count {
                for byte in [UInt8(ascii: "?"), UInt8(ascii: "#"), 0x80, 0xE5] {
                    var bytes = plain
                    bytes[position] = byte
                    #expect(Self.search(bytes) == Self.expected(bytes), "\(count) \(position) \(byte)")
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
        #expect(Self.search(bytes) == (40, false))
        bytes[38] = UInt8(ascii: "b")
        #expect(Self.search(bytes) == (5, true))
    }
}
