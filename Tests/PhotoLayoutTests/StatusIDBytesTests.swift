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

    /// `id` is passed over where it stands and read at the status's end only when `idstr` is no
    /// string: before or after `idstr`, a string, a number, another value, the first of two, in
    /// a retweet, beside a `page_info` read at the end too; with and without token masks, and
    /// as the reference reads them.
    @Test func idReadOnlyWithoutAStringIdstr() throws {
        let statuses = """
            [{"id": 11, "idstr": "12"}, {"idstr": "21", "id": 22}, {"id": 31, "idstr": 32},
             {"id": "41", "idstr": null}, {"id": {"x": [1]}, "idstr": {"y": 2}}, {"id": 61, "id": 62},
             {"idstr": "71", "idstr": "72", "id": 73}, {"id": 12345678901234567890},
             {"id": 81, "page_info": {"type": "video", "page_pic": {"url": "https://a/p.jpg"}}},
             {"retweeted_status": {"id": 91, "idstr": true}, "id": "92"}, {"idstr": [], "id": -0}, {}]
            """
        let text = #"{"statuses": \#(statuses)}"#
        let bytes = Array(text.utf8)
        let fast = try ByteTimelineReader().readTimeline(bytes).statuses
        let plain = try ByteTimelineReader.readCountingWork(bytes).request.get().statuses
        let reference = try FoundationTimelineReader().readTimeline(bytes).statuses
        let expected: [String?] = [
            "12", "21", "31", "41", nil, "61", "71", "12345678901234567890", "81", "92", "0", nil,
        ]
        #expect(fast.map(\.id) == expected)
        #expect(plain.map(\.id) == expected)
        #expect(reference.map(\.id) == expected)
        #expect(fast[9].retweeted?.id == "91")
        #expect(plain[9].retweeted?.id == "91")
        #expect(fast == reference)
        #expect(plain == reference)
        // The card read at the end of the status whose id is read there too.
        #expect(fast[8].media.pageInfo?.cover?.url == "https://a/p.jpg")
        #expect(plain[8].media.pageInfo?.cover?.url == "https://a/p.jpg")
        // An id read at the end is still the slice of the request where it stands.
        let start = try #require(text.range(of: #""id": 81"#)).upperBound
        let id = try #require(fast[8].idBytes)
        #expect(id.utf8.startIndex == text.utf8.distance(from: text.startIndex, to: start) - 2)
        #expect(Array(id.utf8) == Array("81".utf8))
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
