import Foundation
import Testing

@testable import PhotoLayout

/// Reads `text` with both readers.
private func both(_ text: String) -> (
    fast: Result<TimelineRequest, InputError>, reference: Result<TimelineRequest, InputError>
) {
    let bytes = Array(text.utf8)
    return (
        Result { () throws(InputError) in try ByteTimelineReader().readTimeline(bytes) },
        Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
    )
}

private func error(_ result: Result<TimelineRequest, InputError>) -> InputError? {
    if case .failure(let error) = result { return error }
    return nil
}

struct ByteTimelineReaderTests {
    /// On every sample timeline the fast reader gives exactly the reference's request.
    @Test(arguments: Fixtures.sampleNames)
    func samplesEqualReference(name: String) throws {
        let bytes = try Fixtures.sample(name)
        let fast = try ByteTimelineReader().readTimeline(bytes)
        let reference = try FoundationTimelineReader().readTimeline(bytes)
        #expect(fast == reference)
        #expect(fast.statuses.count == 20 || fast.statuses.count == 27)
    }

    /// The client-API sample's pictures come through with their sizes and ids as digits.
    @Test func clientSampleKeepsSizesAndIDs() throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        #expect(request.statuses.count == 27)
        let pictures = request.statuses.flatMap { [$0.media] + ($0.retweeted.map { [$0.media] } ?? []) }
        #expect(pictures.reduce(0) { $0 + $1.picIDs.count } == 43)
        #expect(request.statuses.allSatisfy { $0.id?.allSatisfy(\.isNumber) == true })
    }

    /// Malformed JSON names the byte offset, line and column of the offending byte.
    @Test func malformedNamesPosition() {
        let result = both("{\"statuses\": [\n  1, 2,, 3]}")
        #expect(
            error(result.fast)
                == InputError(
                    kind: .malformed, detail: "malformed JSON at byte 22 (line 2, column 8): expected a value"))
        #expect(error(result.reference)?.kind == .malformed)
    }

    /// Ids: `idstr` first, else `id`'s literal digits beyond 2^53 and beyond 64 bits.
    @Test func idsKeepTheirDigits() throws {
        let text = """
            [{"id": 4567890123456789013}, {"id": 123456789012345678901234567890}, {"id": -42},
             {"idstr": 7, "id": "9"}, {"idstr": "a", "id": 1}, {"id": 1.5e3}, {"id": true}]
            """
        let (fast, reference) = both(text)
        #expect(
            try fast.get().statuses.map(\.id) == [
                "4567890123456789013", "123456789012345678901234567890", "-42", "9", "a", "1500", nil,
            ])
        #expect(fast == reference)
    }

    /// With duplicate keys the first wins, as in JSONDecoder, even when it has the wrong type.
    @Test func firstDuplicateKeyWins() throws {
        let text =
            #"{"statuses": [{"idstr": 5, "idstr": "b", "id": "c"}], "statuses": 3, "options": {"scale": 3, "scale": "x"}}"#
        let (fast, reference) = both(text)
        #expect(try fast.get() == TimelineRequest(statuses: [WeiboStatus(id: "c")], options: RawGridOptions(scale: 3)))
        #expect(fast == reference)
    }

    /// Sizes as numbers or numeric strings, `keep_size` truthiness, wrong types as absent.
    @Test func lenientPictureInfo() throws {
        let text = """
            {"statuses": [{"pic_ids": ["p", 3, "q"], "pic_infos": {
              "p": {"bmiddle": {"url": "u", "width": "440", "height": 660.5, "type": 1}, "keep_size": "true", "large": 7},
              "q": {"thumbnail": {"width": "abc", "height": 1e400}, "keep_size": 0, "type": "gif"}}}]}
            """
        let (fast, reference) = both(text)
        let infos = try fast.get().statuses[0].media.picInfos
        #expect(
            infos["p"]
                == WeiboPictureInfo(
                    keepSize: true, variants: [.bmiddle: WeiboPictureVariant(url: "u", width: 440, height: 660.5)]))
        #expect(infos["q"] == WeiboPictureInfo(type: "gif", variants: [.thumbnail: WeiboPictureVariant()]))
        #expect(fast == reference)
    }

    /// The request's own fields are strict, with the reference's errors and precedence.
    @Test(arguments: [
        (
            #"{"options": {"scale": "2"}}"#,
            InputError.at("#/statuses", .invalidValue, "is required: an array of statuses")
        ),
        (#"{"statuses": null}"#, .at("#/statuses", .invalidValue, "is required: an array of statuses")),
        (#"{"statuses": {}}"#, .at("#/statuses", .wrongType, "must be an array of statuses")),
        (#"{"statuses": [{}, 3], "options": 1}"#, .at("#/statuses/1", .wrongType, "must be a status object")),
        (#"{"statuses": [], "options": 1}"#, .at("#/options", .wrongType, "must be an object")),
        (
            #"{"statuses": [], "options": {"badge_size": {"width": 1}, "scale": "2"}}"#,
            .at("#/options/scale", .wrongType, "must be a number")
        ),
        (#""statuses""#, .at("#", .wrongType, "expected an object with \"statuses\", or an array of statuses")),
    ])
    func strictRequestFields(text: String, expected: InputError) {
        let (fast, reference) = both(text)
        #expect(error(fast) == expected)
        #expect(error(reference) == expected)
    }

    /// Nesting: 512 levels are JSON (here a wrong type), 513 are malformed, as in JSONDecoder.
    @Test func nestingBound() {
        let deep = { (levels: Int) in String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        let (fast512, reference512) = both(deep(512))
        #expect(error(fast512) == .at("#/statuses/0", .wrongType, "must be a status object"))
        #expect(fast512 == reference512)
        #expect(error(both(deep(513)).fast)?.kind == .malformed)
        #expect(error(both(deep(100_000)).fast)?.kind == .malformed)
    }

    /// Invalid JSON is malformed even inside skipped values, where JSONDecoder lets it pass.
    @Test(arguments: [
        "[{\"text\": \"\u{01}\"}]", #"[{"text": "\ud800"}]"#, #"[{"text": "\x"}]"#, #"[{"n": 01}]"#,
        #"[{"n": 1.}]"#, #"[{"n": -}]"#, #"[{"a": 1,}]"#, #"[{}, ]"#, "[] x", "", " ",
    ])
    func strictSyntaxInSkippedValues(text: String) {
        #expect(error(both(text).fast)?.kind == .malformed)
    }

    /// Invalid UTF-8 (a stray continuation, an overlong form, an encoded surrogate) is malformed.
    @Test(arguments: [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0xB8]])
    func invalidUTF8(sequence: [UInt8]) {
        let bytes = Array(#"[{"text": ""#.utf8) + sequence + Array(#""}]"#.utf8)
        #expect(throws: InputError.self) { try ByteTimelineReader().readTimeline(bytes) }
    }

    /// A UTF-8 byte order mark is skipped, escapes in kept strings are resolved.
    @Test func bomAndEscapes() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(#"[{"idstr": "a\"\u00e9\ud83d\ude00\/\n"}]"#.utf8)
        #expect(try ByteTimelineReader().readTimeline(bytes).statuses[0].id == "a\"é😀/\n")
        #expect(try ByteTimelineReader().readTimeline(bytes) == FoundationTimelineReader().readTimeline(bytes))
    }

    /// A UTF-16 document with a byte order mark is read as JSONDecoder reads it.
    @Test func utf16WithBOM() throws {
        let text = #"{"statuses": [{"idstr": "é1", "pic_ids": ["a"]}]}"#
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let fast = try ByteTimelineReader().readTimeline(bytes)
        #expect(fast.statuses == [WeiboStatus(id: "é1", media: WeiboMedia(picIDs: ["a"]))])
        #expect(fast == (try FoundationTimelineReader().readTimeline(bytes)))
    }

    /// A second byte order mark after a UTF-16 one is malformed, as for the reference (a fuzz
    /// reproducer: the transcoded text's U+FEFF was skipped as a UTF-8 mark, and `""` read as 400 wrong type).
    @Test func utf16WithTwoBOMsIsMalformed() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFE, 0x22, 0x00, 0x22, 0x00]
        let fast = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(bytes) }
        let reference = Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
        #expect(error(fast)?.kind == .malformed)
        #expect(error(reference)?.kind == .malformed)
    }
}
