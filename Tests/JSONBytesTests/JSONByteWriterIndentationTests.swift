import Foundation
import Testing

@testable import JSONBytes

/// A type that writes itself as an object of two numbers, in member order.
private struct TwoSides: JSONByteEncodable {
    var width: Double
    var height: Double

    func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("width")
        writer.number(width)
        writer.key("height")
        writer.number(height)
        writer.endObject()
    }
}

/// The writer's indented mode (`--pretty`, golden files).
struct JSONByteWriterIndentationTests {
    /// Parsed by JSONSerialization, as a value to compare.
    static func parsed(_ bytes: [UInt8]) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject
    }

    /// Two spaces a level, `"key" : value`, one member or element a line, members sorted by
    /// their keys' bytes (`more` before `more_label`, `page_label` before `pages`) at every
    /// level, empty containers as `[]` and `{}`, escapes as in compact output.
    @Test func exactText() {
        var writer = JSONByteWriter(indented: true)
        writer.beginObject()
        writer.key("pages")
        writer.beginArray()
        writer.number(1.5)
        writer.beginObject()
        writer.key("y")
        writer.null()
        writer.key("x")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
        writer.beginObject()
        writer.endObject()
        writer.endArray()
        writer.key("page_label")
        writer.string("3/9 \"a\"\n")
        writer.key("more_label")
        writer.bool(false)
        writer.key("more")
        writer.number(-2)
        writer.endObject()
        let expected = """
            {
              "more" : -2,
              "more_label" : false,
              "page_label" : "3/9 \\"a\\"\\n",
              "pages" : [
                1.5,
                {
                  "x" : [],
                  "y" : null
                },
                {}
              ]
            }
            """
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
    }

    /// A type writes itself indented through the same calls; a scalar document and an empty
    /// container are written as in compact mode.
    @Test func typesAndScalars() {
        let size = JSONByteWriter.encode(TwoSides(width: 1, height: 2.5), indented: true)
        #expect(String(decoding: size, as: UTF8.self) == "{\n  \"height\" : 2.5,\n  \"width\" : 1\n}")
        var writer = JSONByteWriter(indented: true)
        writer.string("a")
        #expect(writer.bytes == Array(#""a""#.utf8))
        var array = JSONByteWriter(indented: true)
        array.beginArray()
        array.endArray()
        #expect(array.bytes == Array("[]".utf8))
    }

    /// Sorting moves whole members: a member whose value is a long nested object keeps all of
    /// it, and the object's bytes keep their length.
    @Test func sortingKeepsMembersWhole() throws {
        var writer = JSONByteWriter(indented: true)
        writer.beginObject()
        for name in ["d", "c", "b", "a"] {
            writer.dynamicKey(name)
            writer.beginObject()
            for inner in ["z", "y"] {
                writer.dynamicKey(inner)
                writer.string(name + inner)
            }
            writer.endObject()
        }
        writer.endObject()
        let object = try #require(try Self.parsed(writer.bytes) as? [String: [String: String]])
        #expect(
            object == [
                "a": ["y": "ay", "z": "az"], "b": ["y": "by", "z": "bz"], "c": ["y": "cy", "z": "cz"],
                "d": ["y": "dy", "z": "dz"],
            ])
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let keys = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("\"")
        }
        #expect(
            keys.map { String($0.prefix(3)) } == [
                #""a""#, #""y""#, #""z""#, #""b""#, #""y""#, #""z""#, #""c""#, #""y""#, #""z""#, #""d""#, #""y""#,
                #""z""#,
            ])
    }
}
