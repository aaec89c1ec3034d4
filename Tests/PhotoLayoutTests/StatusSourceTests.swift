import Foundation
import JSONBytes
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// `source` (docs/API.md §3): each status of a timeline's answer, and its retweet, names the status
/// object it was laid out from by its JSON pointer in the request.
struct StatusSourceTests {
    /// The answer to `json` (compact, as the service writes it) decoded, with the sources the
    /// fast reader read; the reference reader must read the same statuses, sources included.
    private func answer(_ json: String) throws -> [[String: Any]] {
        let bytes = Array(json.utf8)
        let request = try ByteTimelineReader().readTimeline(bytes)
        #expect(try FoundationTimelineReader().readTimeline(bytes) == request)
        let written = TimelineRules.layout(for: request, options: GridOptions()).jsonBytes()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        return try #require(object["statuses"] as? [[String: Any]])
    }

    private func sources(_ json: String) throws -> [String] {
        try answer(json).map { $0["source"] as? String ?? "missing" }
    }

    private func retweetSources(_ json: String) throws -> [String?] {
        try answer(json).map { ($0["retweeted"] as? [String: Any])?["source"] as? String }
    }

    /// The issue's example: skipped entries keep the request's indices, a missing id does not matter.
    @Test func skippedEntriesKeepTheirIndices() throws {
        let statuses = try answer(#"[1, null, {"pic_ids":["a"]}, {"idstr":"b"}]"#)
        #expect(statuses.map { $0["source"] as? String } == ["/2", "/3"])
        #expect(statuses[0]["id"] is NSNull)
        #expect(statuses[1]["id"] as? String == "b")
        #expect(try sources(#"{"statuses": [[], "x", {"id": 7}, 5, {"id": 8}]}"#) == ["/statuses/2", "/statuses/4"])
    }

    /// Every envelope's pointer.
    @Test func everyEnvelope() throws {
        #expect(try sources(#"{"statuses": [{"idstr": "a"}, {"idstr": "b"}]}"#) == ["/statuses/0", "/statuses/1"])
        #expect(try sources(#"[{"idstr": "a"}]"#) == ["/0"])
        #expect(try sources(#"{"ok": 1, "data": {"list": [null, {"idstr": "a"}]}}"#) == ["/data/list/1"])
        #expect(try sources(#"{"data": {"statuses": [{}, {}]}}"#) == ["/data/statuses/0", "/data/statuses/1"])
        #expect(try sources(#"{"data": {"cards": [{"card_type": 11}, {"mblog": {}}]}}"#) == ["/data/cards/1/mblog"])
        #expect(try sources(#"{"cards": [{"mblog": {"id": 1}}]}"#) == ["/cards/0/mblog"])
        // The winning envelope names the pointer, whatever the document's order.
        #expect(try sources(#"{"cards": [{"mblog": {}}], "statuses": [{}]}"#) == ["/statuses/0"])
        #expect(try sources(#"{"data": {"cards": [{"mblog": {}}], "list": [5, {}]}}"#) == ["/data/list/1"])
    }

    /// A card's own `mblog` comes before those of its `card_group`, whatever their order in the
    /// card; cards and inner cards without an object `mblog` are skipped and keep their indices.
    @Test func cardGroups() throws {
        let json = #"""
            {"ok": 1, "data": {"cards": [
              "not a card",
              {"card_type": 11, "card_group": [{"card_type": 4}, {"mblog": {"idstr": "g1"}}, 3, {"mblog": {"idstr": "g3"}}],
               "mblog": {"idstr": "own"}},
              {"card_group": [{"mblog": "text"}, {"mblog": {"idstr": "h1", "retweeted_status": {"idstr": "r"}}}]},
              {"mblog": null, "card_group": []}
            ]}}
            """#
        let statuses = try answer(json)
        #expect(statuses.map { $0["id"] as? String } == ["own", "g1", "g3", "h1"])
        #expect(
            statuses.map { $0["source"] as? String } == [
                "/data/cards/1/mblog", "/data/cards/1/card_group/1/mblog", "/data/cards/1/card_group/3/mblog",
                "/data/cards/2/card_group/1/mblog",
            ])
        #expect(try retweetSources(json) == [nil, nil, nil, "/data/cards/2/card_group/1/mblog/retweeted_status"])
        #expect(try sources(#"{"cards": [{"card_group": [{"mblog": {}}]}]}"#) == ["/cards/0/card_group/0/mblog"])
    }

    /// A retweet's pointer is its status's followed by `/retweeted_status`, with or without
    /// pictures or an id; a `retweeted_status` that is not an object gives no retweet.
    @Test func retweets() throws {
        let json = #"""
            {"statuses": [{"idstr": "1", "retweeted_status": {"idstr": "2", "pic_ids": ["p"]}},
                          {"idstr": "3", "retweeted_status": 5}, 0, {"retweeted_status": {}}]}
            """#
        #expect(try retweetSources(json) == ["/statuses/0/retweeted_status", nil, "/statuses/3/retweeted_status"])
        #expect(try sources(json) == ["/statuses/0", "/statuses/1", "/statuses/3"])
    }

    /// An envelope key written with escapes names the key it decodes to; the envelopes' keys
    /// hold no `~` or `/`, so no segment of a source needs RFC 6901's `~0`/`~1`.
    @Test func escapedKeySpelling() throws {
        #expect(try sources(#"{"st\u0061tuses": [{"idstr": "a"}]}"#) == ["/statuses/0"])
        #expect(try sources(#"{"data": {"c\u0061rds": [{"m\u0062log": {}}]}}"#) == ["/data/cards/0/mblog"])
    }

    /// The pointer text of each envelope, as `StatusSource` writes it for the library's values.
    @Test func pointerText() {
        #expect(StatusSource(envelope: .statuses, index: 3).pointer() == "/statuses/3")
        #expect(StatusSource(envelope: .array, index: 0).pointer(retweet: true) == "/0/retweeted_status")
        #expect(StatusSource(envelope: .dataList, index: 12).pointer() == "/data/list/12")
        #expect(StatusSource(envelope: .dataStatuses, index: 1).description == "/data/statuses/1")
        #expect(
            StatusSource(envelope: .dataCards, index: 2, group: 0).pointer(retweet: true)
                == "/data/cards/2/card_group/0/mblog/retweeted_status")
        #expect(StatusSource(envelope: .cards, index: 4).pointer() == "/cards/4/mblog")
        // Only card envelopes have groups.
        #expect(StatusSource(envelope: .statuses, index: 1, group: 2).pointer() == "/statuses/1")
    }

    /// Statuses made as values (no source) are written at their index, as a bare array's; one
    /// with a source keeps it. Indented output writes the same pointers.
    @Test func statusesMadeAsValues() throws {
        let statuses = [
            WeiboStatus(id: "a", retweeted: WeiboRetweet(id: "r")),
            WeiboStatus(id: "b", source: StatusSource(envelope: .cards, index: 9, group: 1)),
            WeiboStatus(id: "c"),
        ]
        let layout = TimelineRules.layout(for: statuses, options: GridOptions())
        #expect(layout.statuses.map(\.source) == [nil, StatusSource(envelope: .cards, index: 9, group: 1), nil])
        for indented in [false, true] {
            let written = JSONByteWriter.encode(layout, indented: indented)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
            let rows = try #require(object["statuses"] as? [[String: Any]])
            #expect(rows.map { $0["source"] as? String } == ["/0", "/cards/9/card_group/1/mblog", "/2"])
            #expect((rows[0]["retweeted"] as? [String: Any])?["source"] as? String == "/0/retweeted_status")
        }
    }

    /// The key's place: `{"id", "source", "photos", "card", "retweeted"}` and `{"id", "source",
    /// "photos", "card"}`.
    @Test func keyOrder() throws {
        let json = #"{"statuses": [{"idstr": "1", "retweeted_status": {"idstr": "2"}}]}"#
        let request = try ByteTimelineReader().readTimeline(Array(json.utf8))
        let written = String(
            decoding: TimelineRules.layout(for: request, options: GridOptions()).jsonBytes(), as: UTF8.self)
        #expect(
            written
                == #"{"statuses":[{"id":"1","source":"/statuses/0","photos":null,"card":null,"#
                + #""retweeted":{"id":"2","source":"/statuses/0/retweeted_status","photos":null,"card":null}}]}"#)
    }

    /// Each sample: every answer's source (and its retweet's) resolves in the request to an
    /// object whose id is the answer's id; the sources are distinct and in the request's order.
    @Test(arguments: Fixtures.sampleNames)
    func samplesResolve(sample: String) throws {
        let bytes = try Fixtures.sample(sample)
        let request = try ByteTimelineReader().readTimeline(bytes)
        #expect(try FoundationTimelineReader().readTimeline(bytes) == request)
        let document = try JSONSerialization.jsonObject(with: Data(bytes))
        let written = TimelineRules.layout(for: request, options: GridOptions()).jsonBytes()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        let statuses = try #require(object["statuses"] as? [[String: Any]])
        #expect(statuses.count == request.statuses.count && !statuses.isEmpty)
        var retweets = 0
        for status in statuses {
            let source = try #require(status["source"] as? String)
            try expectResolves(source, in: document, toIDOf: status)
            if let retweet = status["retweeted"] as? [String: Any] {
                let retweetSource = try #require(retweet["source"] as? String)
                #expect(retweetSource == source + "/retweeted_status")
                try expectResolves(retweetSource, in: document, toIDOf: retweet)
                retweets += 1
            }
        }
        let sources = statuses.compactMap { $0["source"] as? String }
        #expect(Set(sources).count == sources.count)
        #expect(request.statuses.map { $0.source?.pointer() } == sources)
        if sample == "client-api-timeline" { #expect(retweets > 0) }
    }

    /// The value at `pointer` in `document` is an object whose id (`idstr`, else `id`'s digits,
    /// else none) is the answer's.
    private func expectResolves(
        _ pointer: String, in document: Any, toIDOf answer: [String: Any],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let target = try #require(
            Self.resolve(pointer, in: document) as? [String: Any], "\(pointer) is not an object",
            sourceLocation: sourceLocation)
        let expected: String? =
            (target["idstr"] as? String)
            ?? (target["id"] as? String)
            ?? (target["id"] as? NSNumber).map { "\($0.int64Value)" }
        #expect(answer["id"] as? String == expected, "\(pointer)", sourceLocation: sourceLocation)
    }

    /// RFC 6901, written out again: `~1` is `/`, `~0` is `~`; an array's segment is its index.
    static func resolve(_ pointer: String, in document: Any) -> Any? {
        guard pointer.hasPrefix("/") else { return pointer.isEmpty ? document : nil }
        var value: Any? = document
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let segment = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let array = value as? [Any] {
                guard let index = Int(segment), array.indices.contains(index) else { return nil }
                value = array[index]
            } else if let object = value as? [String: Any] {
                value = object[segment]
            } else {
                return nil
            }
        }
        return value
    }
}
