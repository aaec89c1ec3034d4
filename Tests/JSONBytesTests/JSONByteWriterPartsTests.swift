import Foundation
import JSONBytes
import Testing

/// `JSONByteWriter.string(prefix:middle:suffix:)`: one string written from three parts.
struct JSONByteWriterPartsTests {
    private static func written(_ build: (inout JSONByteWriter) -> Void) -> String {
        var writer = JSONByteWriter()
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// An array of `text` written twice by `write`, as the writer gives it.
    private static func arrayOfTwo(
        _ text: [UInt8], _ write: (inout JSONByteWriter, UnsafeBufferPointer<UInt8>) -> Void
    ) -> String {
        text.withUnsafeBufferPointer { utf8 in
            written { writer in
                writer.beginArray()
                write(&writer, utf8)
                write(&writer, utf8)
                writer.endArray()
            }
        }
    }

    /// A URL with its size segment replaced: the parts of a slice of a longer document, the
    /// new segment between them, one quoted string, commas as for any value.
    @Test func spliceOfASlice() {
        let document = Array(#"x"http://wx4.sinaimg.cn/orj360/p1.jpg?a=1"y"#.utf8)
        let url = document[2..<41]
        let segment = 24..<30  // "orj360", offsets into `document`
        let json = Self.written { writer in
            writer.beginArray()
            writer.string(
                prefix: ByteString(utf8: url[..<segment.lowerBound]), middle: "bmiddle",
                suffix: ByteString(utf8: url[segment.upperBound...]))
            writer.string(prefix: "", middle: "m", suffix: "")
            writer.endArray()
        }
        #expect(json == #"["http://wx4.sinaimg.cn/bmiddle/p1.jpg?a=1","m"]"#)
    }

    /// Each part is escaped as `string(_:)` escapes, at any position (parts shorter and
    /// longer than a word, escapes at their edges), so the result equals writing the joined text.
    @Test func partsEscapeAsTheWhole() {
        let pieces = ["", "a", "\"", "\\/\n", "01234567\u{1}", "é😀\"abcdefgh", "abcdefghijklmnop\t"]
        for prefix in pieces {
            for suffix in pieces {
                let parts = Self.written { writer in
                    writer.string(prefix: ByteString(prefix), middle: "large\u{8}", suffix: ByteString(suffix))
                }
                let whole = Self.written { writer in writer.string(prefix + "large\u{8}" + suffix) }
                #expect(parts == whole, "\(prefix.debugDescription) + \(suffix.debugDescription)")
            }
        }
        #expect(Self.written { $0.string(prefix: "a\"", middle: "b", suffix: "\nc") } == #""a\"b\nc""#)
    }

    /// `string(plain:)` writes what `string(utf8:)` writes for text that needs no escape, at
    /// every length around a word and a block, after a value (a comma) and first in an array.
    @Test func plainTextIsWrittenAsEscapedTextWouldBe() {
        let alphabet = Array("http://wx1.sinaimg.cn/orj360/é😀-0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        for length in 0...alphabet.count {
            let text = Array(alphabet.prefix(length))
            let plain = Self.arrayOfTwo(text) { $0.string(plain: $1) }
            let escaped = Self.arrayOfTwo(text) { $0.string(utf8: $1) }
            #expect(plain == escaped, "length \(length)")
        }
        let id = Array("3885105414216212".utf8)
        let json = id.withUnsafeBufferPointer { utf8 in Self.written { $0.string(plain: utf8) } }
        #expect(json == #""3885105414216212""#)
    }
}
