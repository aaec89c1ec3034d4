import Foundation
import Testing
import TimelineCorpus

@testable import JSONBytes

private func text(_ build: (inout JSONByteWriter) -> Void) -> String {
    var writer = JSONByteWriter()
    build(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}

struct JSONByteWriterTests {
    /// A writer that starts with 64 bytes grows many times over (fragments, numbers, strings of
    /// every length) and keeps every byte written before each growth.
    @Test func growsKeepingWhatWasWritten() {
        var writer = JSONByteWriter(capacity: 1)
        writer.beginArray()
        var expected = "["
        for index in 0..<2000 {
            if index != 0 { expected += "," }
            switch index % 3 {
            case 0:
                writer.fragment(reserving: 2 * JSONByteWriter.numberMaximumLength + 16) { fragment in
                    fragment.text(#"{"x":"#)
                    fragment.number(Double(index) + 1 / 3)
                    fragment.text(#","y":"#)
                    fragment.number(index)
                    fragment.text("}")
                }
                expected += #"{"x":\#((Double(index) + 1 / 3).description),"y":\#(index)}"#
            case 1:
                writer.string(String(repeating: "é", count: index % 97))
                expected += "\"" + String(repeating: "é", count: index % 97) + "\""
            default:
                writer.number(Double(index) + 0.25)
                expected += "\(index).25"
            }
        }
        writer.endArray()
        expected += "]"
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
    }

    /// `encode` writes into the room of the array it returns; a value that outgrows that room
    /// (64 bytes here) moves to the writer's own buffer and comes out whole, compact or indented.
    @Test func encodeOutgrowingItsRoomKeepsEveryByte() {
        let value = NumberList(count: 500)
        let compact = JSONByteWriter.encode(value, capacity: 1)
        let roomy = JSONByteWriter.encode(value, capacity: 1 << 16)
        #expect(compact == roomy)
        #expect(
            String(decoding: compact, as: UTF8.self) == "[" + (0..<500).map { "\($0).5" }.joined(separator: ",") + "]")
        let indented = JSONByteWriter.encode(value, capacity: 1, indented: true)
        #expect(indented == JSONByteWriter.encode(value, capacity: 1 << 16, indented: true))
        #expect(String(decoding: indented, as: UTF8.self).hasPrefix("[\n  0.5,\n  1.5,"))
    }

    /// Commas go between members and elements only, at every level.
    @Test func structureAndCommas() {
        let json = text { writer in
            writer.beginObject()
            writer.key("a")
            writer.beginArray()
            writer.number(1)
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.endArray()
            writer.null()
            writer.endArray()
            writer.key("b")
            writer.bool(true)
            writer.key("c")
            writer.bool(false)
            writer.key("d")
            writer.string(nil)
            writer.endObject()
        }
        #expect(json == #"{"a":[1,{},[],null],"b":true,"c":false,"d":null}"#)
    }

    /// RFC 8259 escapes: `"`, `\`, short forms for common controls, `\u00XX` for the rest;
    /// `/` and non-ASCII pass as is.
    @Test func stringEscapes() {
        let json = text { $0.string("a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}é😀") }
        #expect(json == #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀""#)
        let key = text { writer in
            writer.beginObject()
            writer.dynamicKey("k\"" + "ey")
            writer.number(-7)
            writer.endObject()
        }
        #expect(key == #"{"k\"ey":-7}"#)
    }

    /// Integers and halves by the integer path, the rest in Swift's shortest round-trip form.
    @Test(arguments: [
        (70.0, "70"), (0.0, "0"), (-0.0, "-0"), (35.5, "35.5"), (-0.5, "-0.5"), (-12.0, "-12"),
        (114.33333333333333, "114.33333333333333"), (0.1, "0.1"), (1e-5, "1e-05"), (1e16, "1e+16"),
        (9_007_199_254_740_991, "9007199254740991"), (Double.nan, "null"), (-Double.infinity, "null"),
    ])
    func doubles(value: Double, expected: String) {
        #expect(text { $0.number(value) } == expected)
    }

    /// Integers across the whole range.
    @Test(arguments: [0, 7, 10, -10, 1_234_567_890, Int.max, Int.min])
    func integers(value: Int) {
        #expect(text { $0.number(value) } == String(value))
    }

    /// A character that needs escaping is escaped wherever it stands in strings of every
    /// length around the writer's eight-byte steps (the whole word, the overlapping tail, the
    /// bytes after it), and only it.
    @Test func escapesAtEveryPosition() throws {
        for length in 1..<26 {
            for position in 0..<length {
                for special in ["\"", "\\", "\n", "\u{1}"] {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = special
                    let value = characters.joined()
                    let written = text { $0.string(value) }
                    let escaped =
                        special == "\"" ? "\\\"" : special == "\\" ? "\\\\" : special == "\n" ? "\\n" : "\\u0001"
                    #expect(written == "\"" + value.replacingOccurrences(of: special, with: escaped) + "\"")
                    #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == value)
                }
            }
        }
    }

    /// Seeded random doubles read back exactly, never longer than `description`.
    @Test func doublesRoundTrip() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<20_000 {
            let value: Double =
                switch Int.random(in: 0..<3, using: &random) {
                case 0: Double(bitPattern: random.next())
                case 1: (Double(Int.random(in: -100_000...100_000, using: &random)) / 6).rounded() / 2
                default: Double(Int.random(in: -10_000...10_000, using: &random)) / 3
                }
            let written = text { $0.number(value) }
            guard value.isFinite else {
                #expect(written == "null")
                continue
            }
            #expect(Double(written) == value, "\(value) written as \(written)")
            #expect(written.count <= value.description.count)
            if (2 * value).rounded() != 2 * value || value.magnitude >= 0x1p53 {
                // Neither a whole number nor a half: Swift's own shortest form, byte for byte.
                #expect(written == value.description)
            }
        }
    }
}

/// `[0.5, 1.5, …]`: a value whose text is longer than the room it is encoded into.
private struct NumberList: JSONByteEncodable {
    var count: Int

    func write(to writer: inout JSONByteWriter) {
        writer.beginArray()
        for index in 0..<count { writer.number(Double(index) + 0.5) }
        writer.endArray()
    }

    var writtenLengthEstimate: Int { 64 }
}
