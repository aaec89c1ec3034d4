import Foundation
import JSONBytes
import Testing
import TimelineCorpus

@testable import PhotoLayout

/// Whether stage 1 passes `bytes` (so that skipping really walks the masks).
private func passesStage1(_ bytes: [UInt8]) -> Bool {
    var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
    return bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeMutableBufferPointer { JSONStructuralIndex.tokens(of: buffer, into: $0.baseAddress!) }
    } == .valid
}

/// Parsed by JSONSerialization, as a value to compare.
private func parsed(_ bytes: [UInt8]) throws -> NSObject? {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject
}

/// What the reader gives for `document` without stage 1's masks: every value read and
/// skipped byte by byte, errors located as `readTimeline` locates them.
private func readByByteLoop(_ document: [UInt8]) -> Result<TimelineRequest, InputError> {
    document.withUnsafeBufferPointer { buffer in
        let read = Result { () throws(JSONSyntaxError) in
            var scanner = try JSONScanner(buffer)
            scanner.retained = document
            let outcome = try ByteTimelineReader.readDocument(&scanner)
            try scanner.finish()
            return outcome
        }
        switch read {
        case .success(let outcome): return outcome
        case .failure(let error): return .failure(error.inputError(in: UnsafeRawBufferPointer(buffer)))
        }
    }
}

/// Expects `text` to be refused by the reader with masks, with the error the byte loop gives
/// (`readByByteLoop`); records an issue, labelled `label`, when it is read.
private func expectRefusedAsTheByteLoop(
    _ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let document = Array(text.utf8)
    let ours = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
    guard case .failure = ours else {
        Issue.record("\(label) was read", sourceLocation: sourceLocation)
        return
    }
    #expect(ours == readByByteLoop(document), "\(label)", sourceLocation: sourceLocation)
}

/// The timeline reader on the JSON module's paths: the token walk and the byte loop give the
/// same request or error, sizes read in place equal the reference's, strings are slices of the
/// caller's array, and indented output means what compact output means.
struct ByteTimelineReaderJSONTests {
    /// Errors inside values the reader skips (a user object, a text) are refused with the
    /// byte loop's message at the byte loop's offset: grammar (trailing comma, missing colon,
    /// a key that is no string, a member or element missing, unclosed or mismatched
    /// brackets), depth past 512, and what stage 1 finds (a bad number, a control character,
    /// a lone surrogate, bad UTF-8).
    @Test(arguments: [
        "{\"user\": {\"a\": 1,}}",
        "{\"user\": {\"a\": 1, 2: 3}}",
        "{\"user\": {\"a\": 1, : 3}}",
        "{\"user\": {\"a\": 1, \"b\" 2}}",
        "{\"user\": {\"a\": 1, \"b\": }}",
        "{\"user\": {\"a\": {}, \"b\": [], \"c\": [,]}}",
        "{\"user\": [1, ]}",
        "{\"user\": [1, , 2]}",
        "{\"user\": [{\"a\": 1]}",
        "{\"user\": {\"a\" 1}}",
        "{\"user\": {1: 2}}",
        "{\"user\": [1, 2}",
        "{\"user\": [1 2]}",
        "{\"user\": {\"a\": [}}",
        "{\"user\": {\"a\": 01}}",
        "{\"text\": \"tab\there\"}",
        "{\"text\": \"\\ud800 alone\"}",
        "{\"user\": {\"a\": tru}}",
        "{\"user\": {\"a\": 1}",
        "{\"user\": {\"a\": \"b\"}}}",
        "{\"user\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
    ])
    func refusesErrorsInsideSkippedValues(document: String) {
        let bytes = Array(document.utf8)
        let fast = skipDocument(bytes, withTokens: true)
        #expect(fast == skipDocument(bytes, withTokens: false))
        guard case .failure = fast else {
            Issue.record("accepted: \(document)")
            return
        }
        // The reader refuses it too, naming the byte loop's offset.
        let statuses = Array("{\"statuses\": [".utf8) + bytes + Array("]}".utf8)
        let expected: InputError
        switch skipDocument(statuses, withTokens: false) {
        case .failure(let error): expected = statuses.withUnsafeBytes { error.inputError(in: $0) }
        case .success: return
        }
        #expect(throws: expected) {
            try ByteTimelineReader().readTimeline(statuses)
        }
    }

    /// The masks are what the reader uses on a valid sample: the same request as without them.
    @Test func readerUsesTokensOnSamples() throws {
        for name in Fixtures.sampleNames {
            let sample = try Fixtures.sample(name)
            #expect(passesStage1(sample))
            let (plain, _) = ByteTimelineReader.readCountingWork(sample)
            #expect(try ByteTimelineReader().readTimeline(sample) == plain.get())
        }
    }

    /// The reader with stage 1's masks (which `nextMember` walks past whitespace) gives what
    /// the byte loop gives on mutated samples: the same request, or the same error at the
    /// same offset.
    @Test func tokenWalkEqualsTheByteLoop() throws {
        let samples = try Fixtures.sampleNames.map(Fixtures.sample)
        var fuzzer = TimelineFuzzer(random: SeededGenerator(seed: 31), seeds: try TimelineFuzzer.seeds(from: samples))
        var walked = 0
        for _ in 0..<1500 {
            let document = fuzzer.next()
            // Byte order marks and UTF-16 are read from an offset or transcoded, without masks.
            guard let first = document.first, first != 0, first < 0x80 else { continue }
            let withTokens = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
            #expect(withTokens == readByByteLoop(document), "\(String(decoding: document.prefix(300), as: UTF8.self))")
            walked += 1
        }
        #expect(walked > 1000)
    }

    /// Strings the reader keeps (pids of a `pic_ids` that does not list its table's keys, its
    /// `pic_urls`' and `thumbnail_pic`'s URLs, `idstr`) with whitespace before them (a space,
    /// a line break and indentation, a tab) are read past it through the token masks: the same
    /// values as without masks and as the reference, escaped entries decoded, other kinds
    /// dropped; a document that ends in that whitespace fails as the byte loop fails.
    @Test func keptStringsAfterWhitespace() throws {
        let gaps = [" ", "\n      ", "\t", "\r\n ", ""]
        for gap in gaps {
            let text = """
                {"statuses": [{"idstr":\(gap)"9", "pic_infos": {"b": {"large": {"url": "u"}}, "a": {}},
                 "pic_ids": [\(gap)"a",\(gap)"b",\(gap)"c\\u0064",\(gap)7,\(gap)"e"],
                 "pic_urls": [{"thumbnail_pic":\(gap)"https://x/1.jpg"}, {"thumbnail_pic":\(gap)"https:\\/\\/x\\/2.jpg"}],
                 "thumbnail_pic":\(gap)"https://x/0.jpg",
                 "retweeted_status": {"pic_ids": [\(gap)"r",\(gap)"s"\(gap)]}}]}
                """
            let document = Array(text.utf8)
            let ours = try ByteTimelineReader().readTimeline(document)
            #expect(Result { () throws(InputError) in ours } == readByByteLoop(document), "\(gap.debugDescription)")
            #expect(ours == (try Fixtures.read(text)), "\(gap.debugDescription)")
            let media = try #require(ours.statuses.first?.media)
            #expect(ours.statuses.first?.id == "9")
            #expect(media.picIDs == ["a", "b", "cd", "e"], "\(gap.debugDescription)")
            #expect(media.picURLs == ["https://x/1.jpg", "https://x/2.jpg"], "\(gap.debugDescription)")
            #expect(media.thumbnailPic == "https://x/0.jpg", "\(gap.debugDescription)")
            #expect(ours.statuses.first?.retweeted?.media.picIDs == ["r", "s"], "\(gap.debugDescription)")
            for end in [#"{"statuses": [{"pic_ids": ["a",\#(gap)"#, #"{"statuses": [{"idstr":\#(gap)"#] {
                expectRefusedAsTheByteLoop(end, "\(end.debugDescription)")
            }
        }
    }

    /// Values whose kind decides how they are read (a status, a `pic_infos` entry, a
    /// `retweeted_status`, a `pic_ids` entry, a card, its `mblog`, a `pics` entry, its `large`
    /// and `geo`: objects and strings found past the whitespace before them by the token
    /// masks), of every kind and after every whitespace: the same request as without masks and
    /// as the reference; a document that ends in that whitespace, or has a byte there that
    /// starts no value, fails as the byte loop fails.
    @Test func valueKindsAfterWhitespace() throws {
        let values = [#"{}"#, #"{"pic_ids": ["a"]}"#, #""s""#, "7", "-1", "null", "true", "false", "[]", #"["a"]"#]
        for gap in ["", " ", "\n    ", "\t\r\n"] {
            for value in values {
                let text = """
                    {"statuses": [\(gap)\(value),\(gap){"pic_infos": {"b":\(gap)\(value), "a":\(gap){"large": {"url": "u"}}},
                     "pic_ids": ["a",\(gap)\(value)], "retweeted_status":\(gap)\(value)}]}
                    """
                let document = Array(text.utf8)
                let ours = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
                #expect(ours == readByByteLoop(document), "\(gap.debugDescription) \(value)")
                #expect(try ours.get() == (try Fixtures.read(text)), "\(gap.debugDescription) \(value)")
            }
            for value in values {
                // m.weibo.cn's cards, their `mblog`s and `card_group`s, `pics`, `large` and
                // `geo`; Open API's `pic_urls`.
                let text = """
                    {"cards": [\(gap)\(value),\(gap){"mblog":\(gap)\(value), "card_group": [\(gap)\(value),
                     {"mblog": {"pics": [\(gap)\(value),\(gap){"url": "v", "large":\(gap)\(value), "geo":\(gap)\(value)}],
                     "pic_urls": [\(gap)\(value),\(gap){"thumbnail_pic": "w"}]}}]}]}
                    """
                let document = Array(text.utf8)
                let ours = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
                #expect(ours == readByByteLoop(document), "\(gap.debugDescription) \(value)")
                #expect(try ours.get() == (try Fixtures.read(text)), "\(gap.debugDescription) \(value)")
            }
            let broken = [
                #"{"statuses": [\#(gap)"#, #"{"statuses": [{"pic_infos": {"b":\#(gap)"#,
                #"{"statuses": [{"retweeted_status":\#(gap)"#, #"{"statuses": [{"pic_ids": ["a",\#(gap)"#,
                #"{"statuses": [\#(gap)}]}"#, #"{"statuses": [{"pic_infos": {"b":\#(gap)]}}]}"#,
                #"{"statuses": [{"retweeted_status":\#(gap):}]}"#, #"{"statuses": [{"pic_ids": ["a",\#(gap)}]}]}"#,
                #"{"cards": [{"mblog":\#(gap)"#, #"{"cards": [{"mblog": {"pics": [{"geo":\#(gap)"#,
                #"{"cards": [{"card_group": [\#(gap):]}]}"#, #"{"cards": [{"mblog": {"pics": [{"large":\#(gap)]}]}}]}"#,
            ]
            for text in broken {
                let document = Array(text.utf8)
                // Stage 1 passes each (its masks are walked): the error is the grammar's.
                #expect(passesStage1(document), "\(text.debugDescription)")
                let ours = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
                guard case .failure(let error) = ours else {
                    Issue.record("\(text.debugDescription) was read")
                    continue
                }
                #expect(error.kind == .malformed, "\(text.debugDescription)")
                #expect(ours == readByByteLoop(document), "\(text.debugDescription)")
            }
        }
    }

    /// Sides of one to sixteen digits, as JSON integers and as strings, followed by each byte
    /// that may end them or continue them (a fraction, an exponent, a letter in a string), in
    /// a gathered variant, a variant read member by member and a `geo`, and at the document's
    /// end: the reference's doubles, and the exact value where the side is a whole number.
    @Test func sidesOfEveryLength() throws {
        let numbers = (1...16).map { length in String((0..<length).map { Array("123456789")[$0 % 9] }) }
        for digits in numbers + ["1000000", "9999999", "10000000", "0"] {
            for spelling in [digits, "\"\(digits)\""] {
                let endings =
                    spelling.hasPrefix("\"") ? [""] : digits == "0" ? ["", ".5", "e2"] : ["", ".5", "e2", "E1", "5"]
                for after in endings {
                    let side = spelling + after
                    let text = #"""
                        {"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": {"large": {"url": "u", "width": \#(side),
                         "height": \#(side)}}}, "pics": [{"url": "v", "geo": {"width":\#(side)}}]},
                         {"pic_ids": ["q"], "pic_infos": {"q": {"\u006beep": 1, "large": {"url": "u", "width": \#(side)}}}}]}
                        """#
                    let ours = try ByteTimelineReader().readTimeline(Array(text.utf8))
                    #expect(ours == (try Fixtures.read(text)), "\(side)")
                    let compact = #"{"statuses":[{"pics":[{"url":"v","geo":{"width":\#(side)}}]}]}"#
                    let atEnd = try ByteTimelineReader().readTimeline(Array(compact.utf8))
                    #expect(atEnd == (try Fixtures.read(compact)), "\(side)")
                    guard after.isEmpty, let whole = Double(digits) else { continue }
                    let large = ours.statuses.first?.media.picInfos["p"]?.slots.large
                    #expect(large?.width == whole, "\(side)")
                    #expect(large?.height == whole, "\(side)")
                    #expect(ours.statuses.last?.media.picInfos["q"]?.slots.large?.width == whole, "\(side)")
                    #expect(atEnd.statuses.first?.media.pics.first?.thumbnail.width == whole, "\(side)")
                }
            }
        }
    }

    /// Sizes read in place (integers of up to 15 digits) and by the number machinery (all
    /// else) are the reference's doubles: `width` of each spelling, in a variant as in `geo`.
    @Test(arguments: [
        "186", "7", "0", "-5", "1.5", "2e2", "1E2", "123456789012345", "1234567890123456", "\"1242\"", "\"1.5\"",
        "null", "true", "[]",
    ])
    func sizesEqualTheReference(spelling: String) throws {
        let document =
            #"{"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": {"large": {"url": "u", "width": "#
            + spelling + #", "height": 9}}}, "pics": [{"url": "v", "geo": {"width": "# + spelling + "}}]}]}"
        let ours = try ByteTimelineReader().readTimeline(Array(document.utf8))
        #expect(ours == (try Fixtures.read(document)))
        let expected: Double? = ["186": 186, "7": 7, "0": 0, "-5": -5, "1.5": 1.5, "2e2": 200, "1E2": 100][spelling]
        if let expected {
            #expect(ours.statuses.first?.media.picInfos["p"]?.slots.large?.width == expected)
            #expect(ours.statuses.first?.media.pics.first?.thumbnail.width == expected)
        }
    }

    /// On every sample and style, indented output is valid JSON meaning exactly what the
    /// compact output means (both parsed by Foundation and compared).
    @Test(arguments: Fixtures.sampleNames)
    func sameMeaningAsCompact(name: String) throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(name))
        for options in [GridOptions(), GridOptions(style: .adaptive, contentWidth: 375, scale: 3)] {
            let layout = TimelineRules.layout(for: request.statuses, options: options)
            let indented = try parsed(JSONByteWriter.encode(layout, indented: true))
            let compact = try parsed(JSONByteWriter.encode(layout))
            #expect(indented != nil && indented == compact, "\(name)")
        }
    }

    /// The fast reader given an array keeps slices of that array: no copy of the document.
    @Test func readerSlicesTheCallersArray() throws {
        let bytes = Array(#"{"statuses": [{"pic_ids": ["p1", "p\u0032"]}]}"#.utf8)
        let request = try ByteTimelineReader().readTimeline(bytes)
        let pids = request.statuses[0].media.pids
        #expect(pids == [ByteString("p1"), ByteString("p2")])
        #expect(pids[0].utf8.startIndex == 28)
        let base = bytes.withUnsafeBufferPointer { $0.baseAddress! }
        #expect(pids[0].utf8.withUnsafeBufferPointer { $0.baseAddress! } == base + 28)
    }
}

/// The reader's token paths of `pic_infos` (its keys, its entries' members, their variants'
/// URLs), held to the byte loop and the reference on the shapes each path takes or leaves.
struct ReaderTokenPathTests {
    /// Reads `text` with token masks, and checks it against the byte loop and the reference.
    private static func agree(_ text: String, _ comment: Comment? = nil) throws -> TimelineRequest {
        let document = Array(text.utf8)
        let ours = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
        #expect(ours == readByByteLoop(document), comment)
        let read = try ours.get()
        #expect(read == (try Fixtures.read(text)), comment)
        return read
    }

    /// `pic_infos` keys bounded through the masks (`plainMemberKey()`): before a `:` after
    /// any whitespace or none, escaped (read by `memberKey()`), not ASCII, repeated (the first
    /// wins, spelled the same or not), sharing their last bytes; and documents that break off
    /// after a key or hold something else than its `:` fail as the byte loop fails.
    @Test func picInfoKeysThroughTheMasks() throws {
        for gap in ["", " ", "\n   ", "\t"] {
            let text = """
                {"statuses": [{"pic_ids": ["a", "p1", "图", "xxxxxxxxABCDEFGH", "yyyyyyyyABCDEFGH"],
                 "pic_infos": {"a"\(gap):\(gap){"large": {"url": "u1"}}, "p\\u0031"\(gap): {"large": {"url": "u2"}},
                 "图"\(gap):{"large": {"url": "u3"}}, "\\u0061": {"large": {"url": "no"}}, "a": {"large": {"url": "no"}},
                 "xxxxxxxxABCDEFGH": {"large": {"url": "u4"}}, "yyyyyyyyABCDEFGH"\(gap):{"large": {"url": "u5"}},
                 "\\u56fe": {"large": {"url": "no"}}}}]}
                """
            let read = try Self.agree(text, "\(gap.debugDescription)")
            let infos = try #require(read.statuses.first?.media.infos)
            #expect(infos.count == 5, "\(gap.debugDescription)")
            for (pid, url) in [
                ("a", "u1"), ("p1", "u2"), ("图", "u3"), ("xxxxxxxxABCDEFGH", "u4"), ("yyyyyyyyABCDEFGH", "u5"),
            ] {
                #expect(infos[pid: ByteString(pid)]?.slots.large?.url == url, "\(pid) \(gap.debugDescription)")
            }
            for broken in [
                #"{"statuses": [{"pic_infos": {"a"\#(gap)"#, #"{"statuses": [{"pic_infos": {"a"\#(gap){}}}]}"#,
                #"{"statuses": [{"pic_infos": {"a"\#(gap),"b": {}}}]}"#,
                #"{"statuses": [{"pic_infos": {"a"\#(gap)1}}]}"#,
            ] {
                expectRefusedAsTheByteLoop(broken, "\(broken.debugDescription)")
            }
        }
        // More keys than are compared one by one, repeats among them and past them.
        let keys = (0..<20).map { "k\($0)" } + ["k3", "k19", "k0"]
        let many = keys.map { #""\#($0)": {"large": {"url": "\#($0)"}}"# }.joined(separator: ", ")
        let read = try Self.agree(#"{"statuses": [{"pic_ids": ["k0"], "pic_infos": {\#(many)}}]}"#)
        #expect(read.statuses.first?.media.infos.count == 20)
    }

    /// An info's members as its walk hands them out, by their numbers (the set's order), in
    /// several orders, with variants the walk gathered next to ones it did not (not an object,
    /// or an object without members), `type` and `keep_size` among them; and an info the walk
    /// leaves to the member loop (an escaped key inside a variant).
    @Test func gatheredInfoMembersByTheirNumbers() throws {
        let set = ByteTimelineReader.InfoField.set
        #expect(set.fields == [.thumbnail, .bmiddle, .large, .largest, .original, .type, .keepSize])
        let orders = [[0, 1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1, 0], [5, 0, 6, 2, 4, 1, 3], [2, 4, 6, 1, 3, 5, 0]]
        for (largest, expected) in [
            ("7", nil), ("{}", WeiboPictureVariant()),
            (#"{"url": "https://a/x.jpg"}"#, WeiboPictureVariant(url: "https://a/x.jpg")),
        ] {
            for escaped in [false, true] {
                let members = [
                    #""thumbnail": {"url": "https://a/t.jpg", "width": 180, "height": 320}"#,
                    #""bmiddle": {"url": "https://a/m.jpg", "type": "WEBP"}"#,
                    #""large": {"\#(escaped ? #"\u0075rl"# : "url")": "https://a/l.jpg", "width": "640", "height": "1136"}"#,
                    #""largest": \#(largest)"#,
                    #""original": {"url": "https:\/\/a\/o.jpg", "type": "gif"}"#,
                    #""type": "livephoto""#,
                    #""keep_size": 1"#,
                ]
                for order in orders {
                    let object =
                        "{" + order.map { members[$0] }.joined(separator: ", ") + #", "middleplus": {"url": "x"}}"#
                    let comment: Comment = "\(order) \(largest) \(escaped)"
                    let read = try Self.agree(
                        #"{"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": \#(object)}}]}"#, comment)
                    let info = try #require(read.statuses.first?.media.infos[pid: "p"])
                    let slots = info.slots
                    #expect(
                        slots.thumbnail == WeiboPictureVariant(url: "https://a/t.jpg", width: 180, height: 320), comment
                    )
                    #expect(slots.bmiddle == WeiboPictureVariant(url: "https://a/m.jpg", type: "webp"), comment)
                    #expect(
                        slots.large == WeiboPictureVariant(url: "https://a/l.jpg", width: 640, height: 1136), comment)
                    #expect(slots.largest == expected, comment)
                    #expect(slots.original == WeiboPictureVariant(url: "https://a/o.jpg", type: "gif"), comment)
                    #expect(info.type == .livephoto, comment)
                    #expect(info.keepSize, comment)
                }
            }
        }
    }

    /// A gathered info's `keep_size` of every kind (one digit before each byte that may follow
    /// it, longer numbers, literals, strings, other values) and a gathered variant's `url` that
    /// is no plain string, read as the byte loop and the reference read them; broken literals
    /// and numbers fail as the byte loop fails.
    @Test func gatheredKeepSizeAndURLOfEveryKind() throws {
        let values = [
            "0", "1", "7", "0 ", "1\n", "0.0", "0.5", "1e0", "0E5", "10", "-1", "-0", "true", "false", "null",
            #""1""#, #""0""#, #""true""#, #""TRUE""#, #""x""#, "[]", "{}", "[1]", #"{"a": 1}"#,
        ]
        for value in values {
            for last in [false, true] {
                let members = [#""keep_size": \#(value)"#, #""large": {"url": "https://a/l.jpg"}"#]
                let object = "{" + (last ? members.reversed() : members).joined(separator: ", ") + "}"
                let text = #"{"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": \#(object)}}]}"#
                _ = try Self.agree(text, "\(value.debugDescription) \(last)")
            }
        }
        for broken in ["tru", "truex", "fals", "falsy", "nul", "01", "1.", "1e", "-", "1x"] {
            let info = #"{"keep_size": \#(broken), "type": "gif"}"#
            let text = #"{"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": \#(info)}}]}"#
            expectRefusedAsTheByteLoop(text, "\(broken)")
        }
        let urls = [
            "7", "null", "[]", "{}", #""""#, #""\u0068ttps://a/x.jpg""#, #""https:\/\/a/x.jpg""#, #""é/x.jpg""#,
        ]
        for url in urls {
            let text = """
                {"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": {"large": {"width": 3, "url": \(url)},
                 "bmiddle": {"url": \(url), "type": "gif"}}}}]}
                """
            _ = try Self.agree(text, "\(url)")
        }
    }

    /// URLs whose bytes lie on both sides of a 4 KiB boundary (their escape blocks in two words
    /// of stage 1's map) or in one word, with an escape in them or in another string of their
    /// blocks, or none: read as the reference reads them.
    @Test func urlsAcrossEscapeWords() throws {
        for padding in stride(from: 3950, through: 4120, by: 13) {
            for url in [#"https://a/b/l.jpg"#, #"https:\/\/a\/b\/l.jpg"#, #"https://a/b/\u006c.jpg"#] {
                let filler = String(repeating: "x", count: padding)
                let text = """
                    {"statuses": [{"text": "\(filler)", "pic_ids": ["p"], "pic_infos": {"p": {"large":
                     {"cut_type": "\\n", "url": "\(url)", "type": "JPEG"}, "bmiddle": {"url": "\(url)"}}}}]}
                    """
                let read = try Self.agree(text, "\(padding) \(url)")
                let slots = try #require(read.statuses.first?.media.infos[pid: "p"]?.slots)
                #expect(slots.large?.url == "https://a/b/l.jpg", "\(padding) \(url)")
                #expect(slots.bmiddle?.url == "https://a/b/l.jpg", "\(padding) \(url)")
            }
        }
    }

    /// Arrays and `pic_infos` read with their brackets and commas passed in the reading module
    /// (`readElements`, `enterArrayByTokens()`, `nextElementByTokens()`,
    /// `nextMemberByTokens()`): empty or not, whitespace or none around each bracket and
    /// comma, values of other kinds in their place; and documents that break off, or hold a
    /// byte that does not belong, after a bracket or a comma fail as the byte loop fails.
    @Test func bracketsAndCommasAfterWhitespace() throws {
        for gap in ["", " ", "\n  ", "\t\r\n"] {
            let g = gap
            let text = """
                {"statuses":\(g)[\(g){"pic_ids":\(g)[\(g)"a"\(g),\(g)"b"\(g)],\(g)"pic_urls":\(g)[\(g)]\(g),
                 "pic_infos":\(g){\(g)"a"\(g):\(g){"large": {"url": "u"}}\(g),\(g)"b"\(g):\(g)7\(g)}},\(g)5\(g),
                 {"pic_ids":\(g)[\(g)]\(g), "pic_urls":\(g)[\(g){"thumbnail_pic": "https://x/1.jpg"}\(g),\(g)3\(g)]},
                 {"pic_ids": "a", "pic_urls": {}}\(g)]\(g)}
                """
            let read = try Self.agree(text, "\(gap.debugDescription)")
            #expect(read.statuses.count == 3, "\(gap.debugDescription)")
            #expect(read.statuses.first?.media.picIDs == ["a", "b"], "\(gap.debugDescription)")
            #expect(read.statuses.dropFirst().first?.media.picURLs == ["https://x/1.jpg"], "\(gap.debugDescription)")
            for broken in [
                #"{"statuses": [\#(g)"#, #"{"statuses": [{}\#(g),\#(g)"#, #"{"statuses": [{"pic_ids": [\#(g)"#,
                #"{"statuses": [{"pic_ids": ["a"\#(g),\#(g)"#, #"{"statuses": [{"pic_ids": ["a"\#(g)}]}"#,
                #"{"statuses": [{"pic_ids": ["a"\#(g):\#(g)"b"]}]}"#, #"{"statuses": [{"pic_ids": [\#(g),"a"]}]}"#,
                #"{"statuses": [{"pic_infos": {"a": {}\#(g),\#(g)}}]}"#,
                #"{"statuses": [{"pic_infos": {"a": {}\#(g)]}]}"#,
                #"{"statuses": [{"pic_infos": {"a": {}\#(g),\#(g)7}}]}"#, #"{"statuses": [{"pic_infos": {"a": {}\#(g)"#,
            ] {
                expectRefusedAsTheByteLoop(broken, "\(broken.debugDescription)")
            }
        }
    }

    /// Timelines of no, one, and more statuses than room is made for at once, in documents of
    /// a few bytes a status and of many: every status read, in order.
    @Test func timelinesOfEverySize() throws {
        for count in [0, 1, 2, ByteTimelineReader.reservedStatuses, ByteTimelineReader.reservedStatuses + 3, 150] {
            for filler in ["", String(repeating: "y", count: 3000)] {
                let statuses = (0..<count).map { #"{"idstr": "\#($0)", "text": "\#(filler)"}"# }
                let read = try Self.agree(#"{"statuses": [\#(statuses.joined(separator: ", "))]}"#, "\(count)")
                #expect(read.statuses.map(\.id) == (0..<count).map { "\($0)" }, "\(count)")
            }
        }
    }
}
