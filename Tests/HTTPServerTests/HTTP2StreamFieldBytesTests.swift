import Testing

@testable import HTTPServer

/// A stream's values are written in place into its field buffer, which is lengthened when a
/// value does not fit and kept, with its old bytes, by `reset`.
struct HTTP2StreamFieldBytesTests {
    private static func add(_ stream: HTTP2Stream, _ name: String, _ value: String) {
        var name = name
        var value = value
        name.withUTF8 { name in value.withUTF8 { stream.addField(named: name, value: $0) } }
    }

    private static func pseudo(_ stream: HTTP2Stream, _ value: String) -> Range<Int> {
        var value = value
        return value.withUTF8 { stream.addPseudoValue($0) }
    }

    /// The first value makes `initialFieldBytes` of room; values that do not fit double it (or
    /// make exactly the room needed); every value stays where its range says.
    @Test func lengthenedAsValuesCome() {
        let stream = HTTP2Stream(receivedAt: Moment(.now))
        #expect(stream.fieldBytes.isEmpty && stream.fieldByteCount == 0)
        let path = Self.pseudo(stream, "/a")
        #expect(path == 0..<2 && stream.fieldBytes.count == HTTP2Stream.initialFieldBytes)
        let a = String(repeating: "a", count: 200)
        let b = String(repeating: "b", count: 300)
        Self.add(stream, "x-a", a)
        #expect(stream.fieldByteCount == 202 && stream.fieldBytes.count == 256)
        Self.add(stream, "x-b", b)
        #expect(stream.fieldByteCount == 502 && stream.fieldBytes.count == 512)
        let c = String(repeating: "c", count: 2000)
        Self.add(stream, "user-agent", c)
        #expect(stream.fieldByteCount == 2502 && stream.fieldBytes.count == 2502)
        #expect(stream.userAgentRange == 502..<2502)
        #expect(String(decoding: stream.fieldBytes[path], as: UTF8.self) == "/a")
        let headers = stream.receivedHeaders()
        #expect(headers["x-a"] == a && headers["x-b"] == b && headers["User-Agent"] == c)
        #expect(headers.count == 3)
    }

    /// `reset` keeps a buffer of at most `keptFieldBytes` (its old bytes overwritten by the next
    /// request's values, which alone are in range); headers still held keep their own values.
    @Test func resetKeepsTheBufferAndHeldHeadersTheirValues() {
        let stream = HTTP2Stream(receivedAt: Moment(.now))
        Self.add(stream, "x-a", "first-value")
        let held = stream.receivedHeaders()
        let capacity = stream.fieldBytes.capacity
        stream.reset(receivedAt: Moment(.now))
        #expect(stream.fieldByteCount == 0 && stream.fieldBytes.capacity == capacity)
        #expect(stream.fieldBytes.count == HTTP2Stream.initialFieldBytes)
        Self.add(stream, "x-b", "second")
        #expect(stream.fieldByteCount == 6)
        let headers = stream.receivedHeaders()
        #expect(headers["x-b"] == "second" && headers["x-a"] == nil && headers.count == 1)
        #expect(held["x-a"] == "first-value" && held.count == 1)
    }
}
