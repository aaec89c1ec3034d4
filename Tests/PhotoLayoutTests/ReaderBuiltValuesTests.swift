import JSONBytes
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// The values the byte reader builds as it reads: the empty ones it starts from, the strings
/// it slices from one copy of the request, and the arrays it fills.
struct ReaderBuiltValuesTests {
    /// The reader's empty media, info and variant are the public initializers' defaults.
    @Test func emptyValuesAreThePublicDefaults() {
        #expect(WeiboMedia() == WeiboMedia(picURLs: []))
        #expect(!WeiboMedia().hasPictureFields)
        #expect(!WeiboMedia().hasPageInfo)
        #expect(WeiboPictureInfo() == WeiboPictureInfo(type: nil))
        #expect(WeiboPictureInfo().slots == PictureVariantSlots())
        #expect(WeiboPictureVariant() == WeiboPictureVariant(url: nil))
        #expect(WeiboPictureVariant().knownSize == nil)
    }

    /// The members' initializer the reader makes variants with keeps each member as given,
    /// as the public initializer does from a `String` URL and type name.
    @Test func variantMembersInitializerKeepsEachMember() {
        let made = WeiboPictureVariant(
            urlBytes: ByteString("https://wx1.sinaimg.cn/large/a.jpg"), width: 440, height: 660.5, type: .gif)
        #expect(made.url == "https://wx1.sinaimg.cn/large/a.jpg")
        #expect(made.width == 440)
        #expect(made.height == 660.5)
        #expect(made.type == .gif)
        #expect(made.knownSize == Size(width: 440, height: 660.5))
        #expect(
            made
                == WeiboPictureVariant(
                    url: "https://wx1.sinaimg.cn/large/a.jpg", width: 440, height: 660.5, type: "GIF"))
        let partial = WeiboPictureVariant(urlBytes: nil, width: 12, height: nil, type: .other)
        #expect(partial.url == nil)
        #expect(partial.width == 12)
        #expect(partial.height == nil)
        #expect(partial.type == .other)
        #expect(partial.knownSize == nil)
        #expect(WeiboPictureVariant(urlBytes: nil, width: nil, height: nil, type: nil) == WeiboPictureVariant())
    }

    /// The members' initializers of a status, a retweet and a media (what the reader makes
    /// them with) keep each member as given, as the public initializers do from `String`s.
    @Test func statusMembersInitializersKeepEachMember() {
        let source = StatusSource(envelope: .dataList, index: 3)
        let media = WeiboMedia(
            picURLBytes: [ByteString("https://a/thumbnail/u.jpg")], thumbnailPicBytes: ByteString("https://a/t.jpg"),
            pids: [ByteString("p1"), ByteString("p2")], infos: WeiboPictureInfos(["p1": WeiboPictureInfo(type: "gif")]),
            pics: [WeiboPic(pid: "q")], picNum: 2, pageInfoStorage: .value(WeiboPageInfo(title: "card")))
        #expect(media.picURLs == ["https://a/thumbnail/u.jpg"])
        #expect(media.thumbnailPic == "https://a/t.jpg")
        #expect(media.picIDs == ["p1", "p2"])
        #expect(media.picInfos == ["p1": WeiboPictureInfo(type: "gif")])
        #expect(media.pics == [WeiboPic(pid: "q")])
        #expect(media.picNum == 2)
        #expect(media.pageInfo == WeiboPageInfo(title: "card"))
        #expect(
            media
                == WeiboMedia(
                    picURLs: ["https://a/thumbnail/u.jpg"], thumbnailPic: "https://a/t.jpg", picIDs: ["p1", "p2"],
                    picInfos: ["p1": WeiboPictureInfo(type: "gif")], pics: [WeiboPic(pid: "q")], picNum: 2,
                    pageInfo: WeiboPageInfo(title: "card")))
        let empty = WeiboMedia(
            picURLBytes: [], thumbnailPicBytes: nil, pids: [], infos: WeiboPictureInfos(), pics: [], picNum: nil,
            pageInfoStorage: .absent)
        #expect(empty == WeiboMedia())
        #expect(!empty.hasPictureFields)
        #expect(!empty.hasPageInfo)

        let retweet = WeiboRetweet(idBytes: ByteString("9"), media: media)
        #expect(retweet.id == "9")
        #expect(retweet.media == media)
        #expect(retweet == WeiboRetweet(id: "9", media: media))
        #expect(WeiboRetweet(idBytes: nil, media: empty) == WeiboRetweet())

        let status = WeiboStatus(idBytes: ByteString("41"), media: media, retweeted: retweet, source: source)
        #expect(status.id == "41")
        #expect(status.media == media)
        #expect(status.retweeted == retweet)
        #expect(status.source == source)
        #expect(status == WeiboStatus(id: "41", media: media, retweeted: retweet, source: source))
        #expect(
            WeiboStatus(idBytes: ByteString("41"), media: media, retweeted: retweet)
                == WeiboStatus(id: "41", media: media, retweeted: retweet))
        #expect(WeiboStatus(idBytes: nil, media: empty, retweeted: nil, source: nil) == WeiboStatus())
    }

    /// A status and a retweet of no field the layout reads come out as the public
    /// initializers' empty ones (the reader starts each from an empty media it makes), in a
    /// timeline at their sources and read alone at none.
    @Test func statusesOfNoFieldAreTheEmptyValues() throws {
        let text = #"{"statuses": [{}, {"retweeted_status": {"text": "x"}}, {"idstr": "7", "pic_num": 3}, {}]}"#
        let request = try Array(text.utf8).withUnsafeBytes { buffer in try ByteTimelineReader().readTimeline(buffer) }
        func at(_ index: Int) -> StatusSource { StatusSource(envelope: .statuses, index: index) }
        #expect(
            request.statuses == [
                WeiboStatus(source: at(0)),
                WeiboStatus(retweeted: WeiboRetweet(), source: at(1)),
                WeiboStatus(id: "7", media: WeiboMedia(picNum: 3), source: at(2)),
                WeiboStatus(source: at(3)),
            ])
        #expect(request.statuses.map(\.media.hasPageInfo) == [false, false, false, false])
        #expect(request.statuses[1].retweeted?.media.hasPictureFields == false)

        let alone = Array(#"{"retweeted_status": {}}"#.utf8)
        let status = try alone.withUnsafeBufferPointer { buffer in
            var scanner = try JSONScanner(buffer)
            scanner.retained = alone
            return try ByteTimelineReader.readStatus(&scanner)
        }
        #expect(status == WeiboStatus(retweeted: WeiboRetweet()))
        #expect(status.source == nil)
    }

    /// Read from a buffer (no array to share), ids, pids and URLs are slices of one copy of
    /// the request, made at the first string kept.
    @Test func keptStringsShareOneCopy() throws {
        let text = """
            {"statuses": [{"idstr": "41", "pic_ids": ["p1"], "pic_infos": {"p1": {"large":
             {"url": "https://a/large/p1.jpg", "width": 8, "height": 6}}}}, {"id": 42}]}
            """
        let bytes = Array(text.utf8)
        let request = try bytes.withUnsafeBytes { buffer in try ByteTimelineReader().readTimeline(buffer) }
        let first = request.statuses[0]
        let id = try #require(first.idBytes)
        let pid = try #require(first.media.pids.first)
        let url = try #require(first.media.infos[pid: pid]?.slots.large?.urlBytes)
        let number = try #require(request.statuses[1].idBytes)
        #expect(id.description == "41")
        #expect(pid.description == "p1")
        #expect(url.description == "https://a/large/p1.jpg")
        #expect(number.description == "42")
        // Each slice's storage starts where the document does: one copy for all four.
        func documentStart(_ string: ByteString) -> UnsafePointer<UInt8>? {
            string.utf8.withUnsafeBufferPointer { $0.baseAddress.map { $0 - string.utf8.startIndex } }
        }
        let start = try #require(documentStart(id))
        #expect(documentStart(pid) == start)
        #expect(documentStart(url) == start)
        #expect(documentStart(number) == start)
        #expect(request.source?.count == bytes.count)
    }

    /// A variant that is not an object leaves its slot empty, and the variants around it are
    /// read in full; a variant's members are its first occurrences.
    @Test func variantsBuiltWhole() throws {
        let text = """
            {"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": {"thumbnail": "none",
             "bmiddle": {"url": "b", "width": "30", "height": 20, "type": "GIF", "url": "x"},
             "large": null, "original": {"width": 4, "height": 3}}}}]}
            """
        let request = try ByteTimelineReader().readTimeline(Array(text.utf8))
        let slots = try #require(request.statuses[0].media.infos[pid: "p"]?.slots)
        #expect(slots.thumbnail == nil)
        #expect(slots.large == nil)
        #expect(slots.largest == nil)
        #expect(slots.bmiddle == WeiboPictureVariant(url: "b", width: 30, height: 20, type: "GIF"))
        #expect(slots.original == WeiboPictureVariant(width: 4, height: 3))
    }

    /// A variant's URL at every alignment to the 64-byte blocks of the escape map, and across
    /// two words of it (byte 4,096): plain, it is read as it lies in the request; with an
    /// escape in its first, a middle or its last block, it is decoded.
    @Test func urlsReadAtEveryAlignment() throws {
        let plain = String(repeating: "a", count: 150)
        for padding in Array(0..<130) + Array(3_900..<4_100) {
            for escape in [nil, 0, 70, 149] {
                var url = plain
                var expected = plain
                if let escape {
                    let index = url.index(url.startIndex, offsetBy: escape)
                    url.replaceSubrange(index...index, with: #"\/"#)
                    expected.replaceSubrange(index...index, with: "/")
                }
                let text =
                    #"{"statuses": [{"pic_infos": {"p": {"large": {"#
                    + String(repeating: " ", count: padding) + #""url": ""# + url + #"", "width": 2}}}}]}"#
                let request = try ByteTimelineReader().readTimeline(Array(text.utf8))
                let large = request.statuses[0].media.infos[pid: "p"]?.slots.large
                #expect(
                    large?.urlBytes?.description == expected, "padding \(padding), escape \(String(describing: escape))"
                )
                #expect(large?.width == 2)
            }
        }
    }

    /// `pic_ids` past the nine the array is first made for, and `pic_infos` of more pids than
    /// are compared one by one, keep every entry in order, the first of duplicates winning.
    @Test func longPictureListsKeepEveryEntry() throws {
        let pids = (0..<20).map { "p\($0)" }
        let infos = (pids + ["p3"]).enumerated().map { index, pid in
            #""\#(pid)": {"large": {"url": "u\#(index)", "width": 2, "height": 1}}"#
        }
        let text = #"""
            {"statuses": [{"pic_ids": [\#(pids.map { #""\#($0)""# }.joined(separator: ", ")), 7],
             "pic_infos": {\#(infos.joined(separator: ", "))}}]}
            """#
        let request = try ByteTimelineReader().readTimeline(Array(text.utf8))
        let media = request.statuses[0].media
        #expect(media.picIDs == pids)
        #expect(media.infos.count == 20)
        #expect(media.infos[pid: "p3"]?.slots.large?.url == "u3")
        #expect(media.infos[pid: "p19"]?.slots.large?.url == "u19")
    }

    /// Statuses are read where they lie in the array (appended empty, then filled) and
    /// retweets where they lie in their status: forty statuses, past several of the array's
    /// growths, entries that are not objects skipped and counted in the sources, retweets that
    /// are objects, not objects, repeated (the first wins) or with a retweet of their own
    /// (skipped); with and without token masks, and as the reference reads them.
    @Test func statusesAndRetweetsReadInPlace() throws {
        let entries = (0..<40).map { index -> String in
            switch index % 5 {
            case 0:
                return
                    #"{"idstr": "s\#(index)", "pic_ids": ["p\#(index)"], "retweeted_status": {"idstr": "r\#(index)", "#
                    + #""pic_ids": ["q\#(index)"], "retweeted_status": {"idstr": "deeper"}}}"#
            case 1: return #"{"idstr": "s\#(index)", "retweeted_status": "not an object"}"#
            case 2:
                return #"{"retweeted_status": {"idstr": "r\#(index)"}, "idstr": "s\#(index)", "#
                    + #""retweeted_status": {"idstr": "second"}}"#
            case 3: return "null"
            default: return #"{"idstr": "s\#(index)", "thumbnail_pic": "https://a/\#(index).jpg"}"#
            }
        }
        let bytes = Array(#"{"statuses": [\#(entries.joined(separator: ", "))]}"#.utf8)
        let fast = try ByteTimelineReader().readTimeline(bytes).statuses
        let plain = try ByteTimelineReader.readCountingWork(bytes).request.get().statuses
        let reference = try FoundationTimelineReader().readTimeline(bytes).statuses
        let indices = (0..<40).filter { $0 % 5 != 3 }
        #expect(fast.count == 32)
        #expect(fast.map(\.id) == indices.map { "s\($0)" })
        #expect(fast.map(\.source?.index) == indices)
        #expect(fast.map(\.retweeted?.id) == indices.map { $0 % 5 == 0 || $0 % 5 == 2 ? "r\($0)" : nil })
        #expect(fast[0].media.picIDs == ["p0"])
        #expect(fast[0].retweeted?.media.picIDs == ["q0"])
        #expect(fast[3].media.thumbnailPic == "https://a/4.jpg")
        #expect(fast == plain)
        #expect(fast == reference)
        // A document that breaks off inside a status still throws (the status read so far is
        // dropped with the array).
        let broken = Array(#"{"statuses": [{"idstr": "1"}, {"idstr": "2", "retweeted_status": {"idstr": "3",]}"#.utf8)
        #expect(throws: (any Error).self) { try ByteTimelineReader().readTimeline(broken) }
    }

    /// The info of `text` (a `pic_infos` entry for pid `p`) as the byte reader reads it, read
    /// also without token masks (`readCountingWork`), and as the reference reads it.
    private static func info(_ text: String) throws -> (
        fast: WeiboPictureInfo?, plain: WeiboPictureInfo?, reference: WeiboPictureInfo?
    ) {
        let bytes = Array(#"{"statuses": [{"pic_ids": ["p"], "pic_infos": {"p": \#(text)}}]}"#.utf8)
        let fast = try ByteTimelineReader().readTimeline(bytes).statuses[0].media.infos[pid: "p"]
        let plain = try ByteTimelineReader.readCountingWork(bytes).request.get().statuses[0].media.infos[pid: "p"]
        let reference = try FoundationTimelineReader().readTimeline(bytes).statuses[0].media.infos[pid: "p"]
        return (fast, plain, reference)
    }

    /// A variant is read the same whether the info's walk gathered it (plain keys), the info was
    /// read member by member (an escaped key in the info, outside the variant), or the variant
    /// itself was (an escaped key inside it, before its `url`, which is then reached by the
    /// byte loop, whitespace before it); with and without token masks, and as the reference.
    @Test func gatheredAndWalkedVariantsAgree() throws {
        let expected = WeiboPictureVariant(url: "https://a/l.jpg", width: 640, height: 1136, type: "gif")
        let shapes = [
            #"{"large": {"cut_type": 1, "type": "GIF", "url": "https://a/l.jpg", "width": 640, "height": "1136"}}"#,
            #"{"\u006beep_size": 0, "large": {"type": "GIF", "url": "https://a/l.jpg", "width": 640, "height": "1136"}}"#,
            #"{"large": {"\u0063ut_type": 1, "type": "GIF", "url" :  "https://a/l.jpg", "width": "640", "height": 1136}}"#,
            #"{"large": {"width": 640, "height": 1136, "url": "https://a/l.jpg", "type": "GIF", "url": "https://b"}}"#,
        ]
        for shape in shapes {
            let (fast, plain, reference) = try Self.info(shape)
            #expect(fast?.slots.large == expected, "\(shape)")
            #expect(plain == fast, "\(shape)")
            #expect(reference == fast, "\(shape)")
        }
    }

    /// Strings with escapes are decoded (a URL, a type), values of other kinds are absent, and
    /// a variant object with no member the layout reads is an empty variant.
    @Test func variantMembersOfEveryShape() throws {
        let (fast, plain, reference) = try Self.info(
            #"""
            {"thumbnail": {"url": "https:\/\/a\/t.jpg", "type": "G\u0049F", "width": 2.5, "height": -1},
             "bmiddle": {"url": 7, "type": ["GIF"], "width": {"w": 1}, "height": null},
             "large": {"cut_type": 1}, "largest": {}, "original": {"url": "", "type": "livephoto"}}
            """#)
        let slots = try #require(fast?.slots)
        #expect(slots.thumbnail == WeiboPictureVariant(url: "https://a/t.jpg", width: 2.5, height: -1, type: "gif"))
        #expect(slots.bmiddle == WeiboPictureVariant())
        #expect(slots.large == WeiboPictureVariant())
        #expect(slots.largest == WeiboPictureVariant())
        #expect(slots.original == WeiboPictureVariant(url: "", type: "livephoto"))
        #expect(plain == fast)
        #expect(reference == fast)
    }

    /// A pid spelled with an escape is decoded, one without is a slice of the request; both
    /// find their info, and a repeated pid (escaped or not) keeps the first.
    @Test func pidsWithAndWithoutEscapes() throws {
        let text = #"""
            {"statuses": [{"pic_ids": ["p1", "p2"], "pic_infos": {"p\u0031": {"large": {"url": "a"}},
             "p2": {"large": {"url": "b"}}, "p1": {"large": {"url": "c"}}, "p\u0032": {"large": {"url": "d"}}}}]}
            """#
        let media = try ByteTimelineReader().readTimeline(Array(text.utf8)).statuses[0].media
        #expect(media.infos.count == 2)
        #expect(media.infos[pid: "p1"]?.slots.large?.url == "a")
        #expect(media.infos[pid: "p2"]?.slots.large?.url == "b")
    }

    /// `pic_ids` read after a `pic_infos` whose keys it lists in the same order, as the same
    /// strings, is that table's array of keys (one array for both); any other `pic_ids` (an
    /// entry more or fewer, another order, an entry that is not a string or has an escape, a
    /// repeat, read before the table, past nine entries) is read as before. Every value as
    /// without token masks and as the reference reads it; a retweet the same.
    @Test func picIDsShareTheTableKeysWhenTheyAgree() throws {
        func table(_ keys: [String]) -> String {
            "{" + keys.map { #""\#($0)": {"large": {"url": "u"}}"# }.joined(separator: ", ") + "}"
        }
        func list(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }
        let twelve = (1...12).map { "p\($0)" }
        // (pic_infos' keys, pic_ids' entries as JSON, pic_ids read, shared)
        let cases: [(keys: [String], ids: String, expected: [String], shared: Bool)] = [
            (["p1", "p2", "p3"], #"["p1", "p2", "p3"]"#, ["p1", "p2", "p3"], true),
            (["p1"], #"[ "p1" ]"#, ["p1"], true),
            (["p\\u0031", "p2"], #"["p1", "p2"]"#, ["p1", "p2"], true),
            (twelve, list(twelve.map { #""\#($0)""# }), twelve, true),
            (["p1", "p2"], #"["p1", "p2", "p3"]"#, ["p1", "p2", "p3"], false),
            (["p1", "p2", "p3"], #"["p1", "p2"]"#, ["p1", "p2"], false),
            (["p1", "p2"], #"["p2", "p1"]"#, ["p2", "p1"], false),
            (["p1", "p2"], #"["p1", 7, "p2"]"#, ["p1", "p2"], false),
            (["p1", "p2"], #"[7, "p1", "p2"]"#, ["p1", "p2"], false),
            (["p1", "p2"], #"["p1", "p\u0032"]"#, ["p1", "p2"], false),
            (["p1"], #"["p1", "p1"]"#, ["p1", "p1"], false),
            (["p1", "p2"], "[]", [], false),
            (["p1", "p2"], #""p1""#, [], false),
            (
                twelve, list(twelve.dropLast().map { #""\#($0)""# } + [#""x""#, #""y""#]),
                Array(twelve.dropLast()) + ["x", "y"],
                false
            ),
            (twelve, list(twelve.dropLast().map { #""\#($0)""# }), Array(twelve.dropLast()), false),
        ]
        for (keys, ids, expected, shared) in cases {
            let infos = table(keys)
            let text = #"""
                {"statuses": [{"pic_infos": \#(infos), "pic_ids": \#(ids),
                 "retweeted_status": {"pic_infos": \#(infos), "pic_ids": \#(ids)}},
                 {"pic_ids": \#(ids), "pic_infos": \#(infos)}]}
                """#
            let bytes = Array(text.utf8)
            let fast = try ByteTimelineReader().readTimeline(bytes).statuses
            let plain = try ByteTimelineReader.readCountingWork(bytes).request.get().statuses
            let reference = try FoundationTimelineReader().readTimeline(bytes).statuses
            #expect(fast == plain, "\(ids)")
            #expect(fast == reference, "\(ids)")
            let medias = [fast[0].media, try #require(fast[0].retweeted?.media), fast[1].media]
            for (index, media) in medias.enumerated() {
                #expect(media.picIDs == expected, "\(ids)")
                #expect(media.pids.map(\.description) == expected, "\(ids)")
                // The table is read after `pic_ids` in the second status: never shared there.
                let storage = media.pids.withUnsafeBufferPointer { $0.baseAddress }
                let keyStorage = media.infos.pids.withUnsafeBufferPointer { $0.baseAddress }
                #expect((storage != nil && storage == keyStorage) == (shared && index < 2), "\(ids) \(index)")
            }
            // Without token masks no entry is a plain string: nothing is shared.
            let plainMedia = plain[0].media
            #expect(
                plainMedia.pids.isEmpty
                    || plainMedia.pids.withUnsafeBufferPointer { $0.baseAddress }
                        != plainMedia.infos.pids.withUnsafeBufferPointer { $0.baseAddress },
                "\(ids)")
        }
    }

    /// A gathered variant's `type` whose closing quote lies within the eight bytes after its
    /// opening one, with no backslash before it, is classified on those bytes; a longer name,
    /// one with an escape (before its closing quote or right after it, in the next member), a
    /// name that is not ASCII, and values of other kinds are read as before. Every value as
    /// without token masks and as the reference reads it.
    @Test func gatheredTypesWithinEightBytes() throws {
        let cases: [(type: String, expected: WeiboPictureType?)] = [
            (#""gif""#, .gif), (#""GiF""#, .gif), (#""WEBP""#, .other), (#""""#, .other), (#""abcdefg""#, .other),
            (#""livephoto""#, .livephoto), (#""LIVEPHOTO""#, .livephoto), (#""gifgifgif""#, .other),
            (#""g\u0069f""#, .gif), (#""gi\"f""#, .other), (#""\\gif""#, .other), (#""gïf""#, .other),
            (#""g","":"\n""#, .other), (#""","w":"\\""#, .other), (#""gif","":"\"""#, .gif),
            ("7", nil), ("null", nil), (#"["gif"]"#, nil), (#"{"gif": 1}"#, nil),
        ]
        for (type, expected) in cases {
            let (fast, plain, reference) = try Self.info(
                #"{"large": {"url": "https://a/l.jpg", "type": \#(type), "width": 640}, "thumbnail": {"type": \#(type)}}"#
            )
            #expect(
                fast?.slots.large
                    == WeiboPictureVariant(urlBytes: "https://a/l.jpg", width: 640, height: nil, type: expected),
                "\(type)")
            #expect(fast?.slots.thumbnail?.type == expected, "\(type)")
            #expect(plain == fast, "\(type)")
            #expect(reference == fast, "\(type)")
        }
    }

    /// An info appended to its table is filled where it lies in the table's storage; when the
    /// filling throws, the entry stays as far as it was filled.
    @Test func infoFilledWhereItLiesInTheTable() throws {
        struct Stop: Error {}
        var table = WeiboPictureInfos()
        table.reserveCapacity(9)
        for index in 0..<12 {
            table.append(pid: ByteString("p\(index)")) { (info: inout WeiboPictureInfo) in
                #expect(info == WeiboPictureInfo())
                info.keepSize = index.isMultiple(of: 2)
                info.slots.large = WeiboPictureVariant(url: "u\(index)", width: Double(index), height: 1)
            }
        }
        #expect(throws: Stop.self) {
            try table.append(pid: ByteString("p12")) { (info: inout WeiboPictureInfo) throws(Stop) in
                info.type = .gif
                throw Stop()
            }
        }
        #expect(table.count == 13)
        #expect(table.pids.map(\.description) == (0..<13).map { "p\($0)" })
        for index in 0..<12 {
            let expected = WeiboPictureInfo(
                keepSize: index.isMultiple(of: 2),
                variants: [.large: WeiboPictureVariant(url: "u\(index)", width: Double(index), height: 1)])
            #expect(table[pid: ByteString("p\(index)")] == expected)
        }
        #expect(table[pid: "p12"] == WeiboPictureInfo(type: "gif"))
    }

    /// A gathered variant's members are read by their numbers in the walk's set, which are
    /// their indices in `VariantField.allCases`: url 0, width 1, height 2, type 3. A variant
    /// gathered with its members in every order gives each member to its own field.
    @Test func gatheredVariantMembersByTheirNumbers() throws {
        let set = ByteTimelineReader.VariantField.set
        #expect(set.fields == [.url, .width, .height, .type])
        #expect(set.names == ["url", "width", "height", "type"])
        let members = [#""url": "https://a/l.jpg""#, #""width": 640"#, #""height": "1136""#, #""type": "gif""#]
        let orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]]
        for order in orders {
            let object = "{" + order.map { members[$0] }.joined(separator: ", ") + "}"
            let (fast, plain, reference) = try Self.info(#"{"large": \#(object)}"#)
            #expect(
                fast?.slots.large == WeiboPictureVariant(url: "https://a/l.jpg", width: 640, height: 1136, type: "gif"))
            #expect(plain == fast, "\(order)")
            #expect(reference == fast, "\(order)")
        }
    }
}
