import Foundation
import ReferenceTimelineReader
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
        #expect([20, 27, 11].contains(fast.statuses.count))
    }

    /// The client-API sample's pictures come through with their sizes and ids as digits.
    @Test func clientSampleKeepsSizesAndIDs() throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        #expect(request.statuses.count == 27)
        let pictures = request.statuses.flatMap { [$0.media] + ($0.retweeted.map { [$0.media] } ?? []) }
        #expect(pictures.reduce(0) { $0 + $1.picIDs.count } == 43)
        #expect(request.statuses.allSatisfy { $0.id?.allSatisfy(\.isNumber) == true })
    }

    /// The pointer of a syntax error is the value the offending byte falls in: the member
    /// being read (its key decoded), the array element at its index, the object itself while
    /// a key is expected, `#` at the top.
    @Test(arguments: [
        (#"{"statuses": [{"pic_urls": [{"thumbnail_pic": tru}]}]}"#, "#/statuses/0/pic_urls/0/thumbnail_pic"),
        (#"{"statuses": [1, {"a": 1, 2: 3}]}"#, "#/statuses/1"),
        (#"{"stat\u0075ses": [1, 2,]}"#, "#/statuses/2"),
        (#"{"a/b": {"c~d": [[1 2]]}}"#, "#/a~1b/c~0d/0/0"),
        (#"[1, 2] x"#, "#"),
        ("", "#"),
    ])
    func syntaxErrorPointer(document: String, pointer: String) throws {
        let error = try #require(throws: InputError.self) {
            try ByteTimelineReader().readTimeline(Array(document.utf8))
        }
        #expect(error.kind == .malformed)
        #expect(error.problems.map(\.pointer) == [pointer])
    }

    /// Malformed JSON names the byte offset, line and column of the offending byte, and the
    /// pointer of the value it falls in.
    @Test func malformedNamesPosition() {
        let result = both("{\"statuses\": [\n  1, 2,, 3]}")
        let detail = "malformed JSON at byte 22 (line 2, column 8): expected a value"
        #expect(
            error(result.fast)
                == InputError(
                    kind: .malformed, detail: detail,
                    problems: [InputError.Problem(pointer: "#/statuses/2", detail: detail)]))
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

    /// With duplicate keys the first wins, as in JSONDecoder, even when it has the wrong type;
    /// an option given twice is also kept as a repeated name (for `GridOptions.validated` to
    /// refuse), which the reference finds by its own scan.
    @Test func firstDuplicateKeyWins() throws {
        let text =
            #"{"statuses": [{"idstr": 5, "idstr": "b", "id": "c"}], "statuses": 3, "options": {"scale": 3, "scale": "x"}}"#
        let (fast, reference) = both(text)
        let first = WeiboStatus(id: "c", source: StatusSource(envelope: .statuses, index: 0))
        let options = RawGridOptions(scale: 3, repeatedNames: ["scale"])
        #expect(try fast.get() == TimelineRequest(statuses: [first], options: options))
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

    /// Sides given as strings read as the reference reads them, the digit strings that
    /// `lenientSide` reads in place (1 to 15 digits) and every string it leaves to
    /// `lenientFlexibleNumber` alike: leading zeros, 15 and 16 digits, empty, signs,
    /// fractions, exponents, spaces, escapes, letters.
    @Test(arguments: [
        "640", "0640", "0", "123456789012345", "1234567890123456", "", "-5", "+5", "1.5", "1e3", " 12", "12 ",
        #"1\u0032"#, "12a", "0x10", "٣",
    ])
    func sidesAsStrings(side: String) throws {
        let text =
            #"{"statuses": [{"pic_infos": {"p": {"large": {"url": "u", "width": ""# + side
            + #"", "height": "7"}}}}]}"#
        let (fast, reference) = both(text)
        #expect(fast == reference)
        #expect(try fast.get().statuses[0].media.picInfos["p"]?.slots.large?.height == 7)
    }

    /// The request's own fields are strict, with the reference's errors and precedence: no
    /// envelope is a 422 at the root naming the four and the keys found, an envelope key of
    /// the wrong type a 400 at its pointer, an entry that is not a status is skipped.
    @Test(arguments: [
        (#"{"options": {"scale": "2"}}"#, TimelineEnvelope.notFound(topLevelKeys: ["options"])),
        (#"{"statuses": null}"#, TimelineEnvelope.notFound(topLevelKeys: ["statuses"])),
        (#"{}"#, TimelineEnvelope.notFound(topLevelKeys: [])),
        (#"{"ok": 0, "msg": "x", "ok": 1}"#, TimelineEnvelope.notFound(topLevelKeys: ["ok", "msg"])),
        (#"{"statuses": {}}"#, .at("#/statuses", .wrongType, "must be an array of statuses")),
        (
            #"{"data": 5, "cards": []}"#,
            .at("#/data", .wrongType, #"must be an object with "list", "statuses" or "cards""#)
        ),
        (
            #"{"cards": [], "data": {"statuses": true}}"#,
            .at("#/data/statuses", .wrongType, "must be an array of statuses")
        ),
        (#"{"data": {"cards": 1, "list": null}}"#, .at("#/data/cards", .wrongType, "must be an array of cards")),
        (#"{"statuses": [{}, 3], "options": 1}"#, .at("#/options", .wrongType, "must be an object")),
        (
            #"{"statuses": [], "options": {"badge_size": {"width": 1}, "scale": "2"}}"#,
            .at("#/options/scale", .wrongType, "must be a number")
        ),
        (#""statuses""#, TimelineEnvelope.notAnEnvelope),
    ])
    func strictRequestFields(text: String, expected: InputError) {
        let (fast, reference) = both(text)
        #expect(error(fast) == expected)
        #expect(error(reference) == expected)
    }

    /// The 422 without an envelope names the four and the body's keys, sorted, at most 20.
    @Test func notFoundNamesEnvelopesAndKeys() {
        let error = TimelineEnvelope.notFound(topLevelKeys: ["ok", "msg"])
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == ["#"])
        #expect(
            error.detail
                == #"no statuses found (its top-level keys: "msg", "ok"); expected one of: {"statuses": [...]}; "#
                + #"a bare array [...]; {"data": {"list": [...]}} or {"data": {"statuses": [...]}}; "#
                + #"{"data": {"cards": [...]}} or {"cards": [...]}"#)
        let many = TimelineEnvelope.notFound(
            topLevelKeys: (0..<25).map { "k\($0)" } + [String(repeating: "x", count: 50)])
        #expect(many.detail.contains("\"k4\", and 6 more"))
        #expect(!many.detail.contains("xxxxxxxxxx"))
    }

    /// Every envelope gives the same statuses, in order; cards give their `mblog`, then those
    /// of their `card_group`; entries that are not objects are skipped.
    @Test func envelopes() throws {
        let statuses = #"[{"idstr": "a"}, 3, {"idstr": "b"}]"#
        let cards = #"""
            [{"card_type": 11, "card_group": [{"mblog": {"idstr": "b"}}, {"card_type": 58}, 7, {"mblog": 1}]},
             {"card_type": 9, "card_group": [{"mblog": {"idstr": "c"}}], "mblog": {"idstr": "a"}}, "x", {"mblog": []}]
            """#
        let expected = ["a", "b"]
        let documents = [
            (#"{"statuses": \#(statuses), "options": {"scale": 3}}"#, expected),
            (statuses, expected),
            (#"{"ok": 1, "data": {"list": \#(statuses), "total": 2}}"#, expected),
            (#"{"data": {"statuses": \#(statuses)}, "options": {"scale": 3}}"#, expected),
            (#"{"ok": 1, "data": {"cards": \#(cards)}}"#, ["b", "a", "c"]),
            (#"{"cards": \#(cards), "statuses": null}"#, ["b", "a", "c"]),
            (#"{"cards": [], "data": {"list": null, "statuses": [{"idstr": "d"}]}}"#, ["d"]),
            (#"{"data": {"cards": [], "list": [{"idstr": "e"}]}, "statuses": [{"idstr": "f"}]}"#, ["f"]),
        ]
        for (text, ids) in documents {
            let (fast, reference) = both(text)
            #expect(try fast.get().statuses.map(\.id) == ids, "\(text)")
            #expect(fast == reference, "\(text)")
        }
        #expect(try both(documents[0].0).fast.get().options == RawGridOptions(scale: 3))
        #expect(try both(documents[3].0).fast.get().options == RawGridOptions(scale: 3))
    }

    /// Option names that are no option are kept, sorted and once, for the 422.
    @Test func unknownOptionNames() throws {
        let (fast, reference) = both(
            #"{"statuses": [], "options": {"maxItems": 1, "itemsize": 10, "scale": 3, "maxItems": 2}}"#)
        #expect(try fast.get().options == RawGridOptions(scale: 3, unknownNames: ["itemsize", "maxItems"]))
        #expect(fast == reference)
    }

    /// m.weibo.cn `pics`: an array, or an index-keyed object in numeric key order, sizes as
    /// numbers or strings, `pic_num` as a number or a numeric string.
    @Test func picsAndPicNum() throws {
        let pic = { (pid: String) in
            #"{"pid": "\#(pid)", "url": "https://wx1.sinaimg.cn/orj360/\#(pid).jpg", "geo": {"width": 360, "height": "1755"}, "#
                + #""large": {"url": "https://wx1.sinaimg.cn/large/\#(pid).jpg", "geo": {"width": "1001", "height": 4881}}}"#
        }
        let text = #"""
            [{"pic_num": "13", "pics": {"10": \#(pic("c")), "2": \#(pic("b")), "x": \#(pic("y")), "02": \#(pic("d")), "0": 5, "2": \#(pic("e"))}},
             {"pic_num": 2, "pics": [\#(pic("a")), 7, {"type": "gif"}]}]
            """#
        let (fast, reference) = both(text)
        let statuses = try fast.get().statuses
        // Numeric order, "02" (value 2) before "2" by the key itself; the first "2" wins.
        #expect(statuses[0].media.pics.map(\.pid) == ["d", "b", "c"])
        #expect(statuses[0].media.picNum == 13)
        #expect(
            statuses[1].media.pics
                == [
                    WeiboPic(
                        pid: "a",
                        thumbnail: WeiboPictureVariant(
                            url: "https://wx1.sinaimg.cn/orj360/a.jpg", width: 360, height: 1755),
                        large: WeiboPictureVariant(url: "https://wx1.sinaimg.cn/large/a.jpg", width: 1001, height: 4881)
                    ),
                    WeiboPic(thumbnail: WeiboPictureVariant(type: "gif")),
                ])
        #expect(statuses[1].media.picNum == 2)
        #expect(fast == reference)
    }

    /// Nesting: 512 levels are JSON (here arrays that are no statuses, skipped), 513 are
    /// malformed, as in JSONDecoder.
    @Test func nestingBound() throws {
        let deep = { (levels: Int) in String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        let (fast512, reference512) = both(deep(512))
        #expect(try fast512.get().statuses.isEmpty)
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
        #expect(
            fast.statuses == [
                WeiboStatus(
                    id: "é1", media: WeiboMedia(picIDs: ["a"]), source: StatusSource(envelope: .statuses, index: 0))
            ])
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
