import Foundation
import JSONBytes
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// Status ids read as bytes of the request (`lenientStatusIDBytes`) and written from them.
struct StatusIDBytesTests {
    /// The ids of a `{"statuses": [...]}` body as the byte reader and the Foundation reader see them.
    private static func ids(_ statuses: String) throws -> (fast: [String?], reference: [String?]) {
        let bytes = Array(#"{"statuses": \#(statuses)}"#.utf8)
        let fast = try ByteTimelineReader().readTimeline(bytes).statuses.map(\.id)
        let reference = try FoundationTimelineReader().readTimeline(bytes).statuses.map(\.id)
        return (fast, reference)
    }

    /// Numeric ids keep their literal digits (16, 18 and 19 digits, above 2^53), `-0` is `0`,
    /// a negative id keeps its sign, a fraction or exponent goes JSONDecoder's way; the two
    /// readers agree on each.
    @Test func numericIDsKeepTheirDigits() throws {
        let (fast, reference) = try Self.ids(
            """
            [{"id": 4501124306308565}, {"id": 123456789012345678}, {"id": 9223372036854775807},
             {"id": -0}, {"id": -42}, {"id": 0}, {"id": 12.5}, {"id": true}, {"idstr": "7", "id": 8}]
            """)
        let expected: [String?] = [
            "4501124306308565", "123456789012345678", "9223372036854775807", "0", "-42", "0",
            reference[6], nil, "7",
        ]
        #expect(fast == expected)
        #expect(fast == reference)
    }

    /// A 16-digit id is a slice of the request: its bytes are the document's own, no copy.
    @Test func numericIDIsASliceOfTheRequest() throws {
        let bytes = Array(#"[{"id": 4501124306308565, "retweeted_status": {"idstr": "4500848653068681"}}]"#.utf8)
        let status = try ByteTimelineReader().readTimeline(bytes).statuses[0]
        let id = try #require(status.idBytes)
        #expect(Array(id.utf8) == Array("4501124306308565".utf8))
        #expect(id.utf8.startIndex == 8)
        #expect(status.retweeted?.idBytes?.utf8.startIndex == 57)
    }

    /// The writer writes an id from its bytes, escaped, and `null` without one.
    @Test func writerWritesIDBytes() {
        let status = WeiboStatus(
            idBytes: ByteString(utf8: Array(#"x4501"q"#.utf8)[1...]), media: WeiboMedia(),
            retweeted: WeiboRetweet(idBytes: nil, media: WeiboMedia()))
        let layout = TimelineRules.layout(for: [status], options: GridOptions())
        #expect(
            String(decoding: layout.jsonBytes(), as: UTF8.self)
                == #"{"statuses":[{"id":"4501\"q","source":"/0","photos":null,"card":null,"#
                + #""retweeted":{"id":null,"source":"/0/retweeted_status","photos":null,"card":null}}]}"#)
    }
}
