import Foundation
import Testing
import TimelineCorpus

@testable import JSONBytes

/// The keys the walk tests read: short ones, one of exactly 16 bytes, keys sharing lengths.
private let walkKeys = JSONKeySet(["url", "width", "height", "type", "thumbnail", "retweeted_status", "pic_infos"])

/// The keys of Weibo timelines down to the picture variants, for the fuzzed samples.
private let timelineKeys = JSONKeySet([
    "statuses", "data", "list", "cards", "mblog", "card_group", "retweeted_status", "pic_infos", "pics", "thumbnail",
    "bmiddle", "large", "largest", "original", "url", "width", "height", "type", "geo", "pic_ids",
])

/// The keys of picture variants and a few containers: a set of at most 8, which
/// `members(gathering:)` walks whole.
private let gatheredKeys = JSONKeySet([
    "url", "width", "height", "type", "thumbnail", "pic_infos", "retweeted_status", "statuses",
])

/// What `nextField` gives for the value at the scanner's position, read recursively: for an
/// object, each field's number and what the same read gives for its value; for an array, the
/// same read of each element; else the value's bytes as the scanner consumed them (skipped by
/// `skipValue`). With `gathering`, objects are entered by `members(gathering:)`.
private func walk(
    _ scanner: inout JSONScanner, _ keys: JSONKeySet, gathering: Bool = false
) throws(JSONSyntaxError) -> String {
    if try scanner.peekKind() == .array {
        var elements: [String] = []
        if try scanner.enterArray() {
            repeat { elements.append(try walk(&scanner, keys, gathering: gathering)) } while try scanner.nextElement()
        }
        return "[" + elements.joined(separator: ",") + "]"
    }
    guard try scanner.peekKind() == .object else { return try scanner.skippedValueText() }
    var found: [String] = []
    var members = try gathering ? scanner.members(gathering: keys) : scanner.members()
    while let field = try scanner.nextField(&members, in: keys) {
        found.append("\(field)=" + (try walk(&scanner, keys, gathering: gathering)))
    }
    return "{" + found.joined(separator: ",") + "}"
}

/// `walk` of the whole of `bytes` (then nothing may follow), with stage 1's token masks (so
/// `nextField` runs the C member walk) or byte by byte; with the values skipped by tokens.
private func walkDocument(
    _ bytes: [UInt8], _ keys: JSONKeySet = walkKeys, withTokens: Bool, gathering: Bool = false
) -> ScannerRun {
    ScannerRun(bytes, withTokens: withTokens) { scanner throws(JSONSyntaxError) in
        try walk(&scanner, keys, gathering: gathering)
    }
}

/// Whether `walkDocument` reads `text` alike with and without token masks (fields, values,
/// error message and offset), and with the objects gathered (`members(gathering:)`) too, the
/// gathered walk skipping as many values by tokens as the member-by-member one.
private func readsAlike(_ text: String, _ keys: JSONKeySet = walkKeys) -> Bool {
    readsAlike(bytes: Array(text.utf8), keys)
}

/// `readsAlike` of a document's bytes (which need not be UTF-8).
private func readsAlike(bytes: [UInt8], _ keys: JSONKeySet) -> Bool {
    let byTokens = walkDocument(bytes, keys, withTokens: true)
    let gathered = walkDocument(bytes, keys, withTokens: true, gathering: true)
    return byTokens.read == walkDocument(bytes, keys, withTokens: false).read && gathered.read == byTokens.read
        && (gathered.skippedByTokens == byTokens.skippedByTokens || (try? byTokens.read.get()) == nil)
}

struct JSONMemberWalkTests {
    /// The member walk finds the fields the byte loop finds, skips the rest, and takes the
    /// first of duplicate keys: nested objects read by their own cursors, containers skipped.
    @Test func findsTheFieldsTheByteLoopFinds() throws {
        let text =
            #"{"cut_type": 1, "url": "http://a/b.jpg", "photo": {"width": [1, {"x": 2}]}, "width": 360, "#
            + #""thumbnail": {"type": "WEBP", "height": "1136", "object_id": "1:2", "url": "u"}, "width": 1, "#
            + #""retweeted_status": null, "keep_size": 0, "pic_infos": {}, "height": -1.5e3}"#
        let bytes = Array(text.utf8)
        let walked = walkDocument(bytes, withTokens: true)
        #expect(
            try walked.read.get()
                == #"{0="http://a/b.jpg",1=360,4={3="WEBP",2="1136",0="u"},5=null,6={},2=-1.5e3}"#)
        #expect(walked.read == walkDocument(bytes, withTokens: false).read)
        #expect(readsAlike(text))
        // Skipped by the member walk: cut_type, photo, the second width, keep_size (top level)
        // and object_id (in thumbnail); by `skipValue` on the masks, the 7 fields read here as
        // bytes (url, width, retweeted_status, height; thumbnail's type, height, url).
        #expect(walked.skippedByTokens == 5 + 7)
        #expect(walkDocument(bytes, withTokens: false).skippedByTokens == 0)
    }

    /// Keys the walk leaves to the byte loop are still matched: escaped spellings (short, and
    /// longer than 16 bytes), keys within the last 16 bytes of the document, and a set with a
    /// key longer than 16 bytes (read member by member).
    @Test func keysLeftToTheByteLoop() throws {
        let escaped = #"{"\u0075rl": 1, "x": 2, "\u0072etweeted_\u0073tatus": 3, "w\"": 4, "type": 5}"#
        #expect(try walkDocument(Array(escaped.utf8), withTokens: true).read.get() == "{0=1,5=3,3=5}")
        #expect(readsAlike(escaped))
        #expect(try walkDocument(Array(#"{"a":1,"url":2}"#.utf8), withTokens: true).read.get() == "{0=2}")
        let long = JSONKeySet(["url", "a_key_longer_than_sixteen"])
        #expect(long.walkTable.isEmpty)
        #expect(walkKeys.walkTable.count == 1 + 32 + 1 + 3 * walkKeys.count)
        let text = #"{"a_key_longer_than_sixteen": 1, "b": 2, "url": 3}"#
        #expect(try walkDocument(Array(text.utf8), long, withTokens: true).read.get() == "{1=1,0=3}")
    }

    /// Keys of every length from 1 to 17 bytes around the wanted ones: those whose length no
    /// wanted key has (the table's length bits) and those that share a length with one (the
    /// hashed slot) are skipped alike, the wanted ones found, and an escaped key whose raw
    /// length is no wanted key's (`\u0075rl`, 8 bytes) still decodes to `url`.
    @Test func keysOfEveryLengthAreToldApart() throws {
        let filler = (1...17).map { length in "\"" + String(repeating: "k", count: length) + "\": \(length)" }
        let text =
            "{" + filler.joined(separator: ", ") + #", "type": "T", "widtk": 0, "\u0075rl": "u", "heigh": 1, "#
            + filler.joined(separator: ", ") + #", "width": 2, "pic_infox": 3, "thumbnail": {"url": 4}}"#
        let bytes = Array(text.utf8)
        let walked = walkDocument(bytes, withTokens: true)
        #expect(try walked.read.get() == #"{3="T",0="u",1=2,4={0=4}}"#)
        #expect(walked.read == walkDocument(bytes, withTokens: false).read)
        // Skipped by the walk: the 34 fillers, widtk, heigh and pic_infox; by `skipValue` on
        // the masks, the four scalars read here as bytes (type, url, width, thumbnail's url).
        #expect(walked.skippedByTokens == 34 + 3 + 4)
    }

    /// A key of at most fifteen bytes is read from the sixteen bytes after its opening quote:
    /// what follows its closing quote there (a value with escapes, a quote after a backslash,
    /// another string) changes neither the key nor whether the walk reads it, and a key with a
    /// backslash before its closing quote (an escaped backslash or quote) is left to the byte
    /// loop, which decodes it. Objects walked whole (`gathered`) are those the walk read itself.
    @Test func shortKeysReadFromTheSixteenBytesAfterTheirQuote() throws {
        let plain =
            #"{"ab": "\"\\", "url": "\u0041", "c":"\\", "type":3, "x": "url", "height": "\"", "tiny":"width"}"#
        let bytes = Array(plain.utf8)
        let walked = walkDocument(bytes, gatheredKeys, withTokens: true)
        #expect(try walked.read.get() == #"{0="\u0041",3=3,2="\""}"#)
        #expect(readsAlike(plain, gatheredKeys))
        // Skipped by the walk: ab, c, x and tiny; by `skipValue` on the masks, the three
        // values read here as bytes.
        #expect(walked.skippedByTokens == 4 + 3)
        #expect(walkDocument(bytes, gatheredKeys, withTokens: true, gathering: true).gathered == 1)
        let escaped = #"{"w\\": 1, "\\": 2, "ur\"": 3, "width\\": 4, "t\u0079pe": 5, "\\\"url": 6}"#
        let escapedBytes = Array(escaped.utf8)
        #expect(try walkDocument(escapedBytes, gatheredKeys, withTokens: true).read.get() == "{3=5}")
        #expect(readsAlike(escaped, gatheredKeys))
        #expect(walkDocument(escapedBytes, gatheredKeys, withTokens: true, gathering: true).gathered == 0)
        for key in [#"w\\"#, #"\\"#, #"ur\""#, #"width\\"#, #"\\\"url"#] {
            let one = Array(("{\"" + key + #"": 1, "url": 2}"#).utf8)
            #expect(walkDocument(one, gatheredKeys, withTokens: true, gathering: true).gathered == 0, "\(key)")
            #expect(try walkDocument(one, gatheredKeys, withTokens: true).read.get() == "{0=2}", "\(key)")
        }
    }

    /// Grammar errors in or after members the walk skips are refused with the byte loop's
    /// message at its offset: a missing or doubled comma, a trailing comma, a key that is no
    /// string, a missing colon, a missing value, a bracket that does not match, nesting past
    /// the depth limit inside a skipped member, the document ending after a value.
    @Test(arguments: [
        #"{"a": 1 "url": 2}"#, #"{"a": 1,, "url": 2}"#, #"{"a": 1,}"#, #"{"a": 1, 2: 3}"#, #"{"a" 1}"#,
        #"{"a": , "b": 1}"#, #"{"a": [1, 2}, "url": 1}"#, #"{"a": {"b": 1]}"#, #"{"a": 1"#, #"{"a": [1]"#,
        #"{"a": 1, "url": 2 "b": 3}"#, #"{"a": 1, "url"}"#, #"{"a": 1]"#, #"{"a": }"#, #"{"a": :}"#,
        #"{"url": 1, "a": 2, "#, #"{"a": ]}"#, #"{"a": ], "url": 1}"#, #"{"b": 1, "a": }, "url": 1}"#,
    ])
    func refusesWhatTheByteLoopRefuses(text: String) {
        let bytes = Array(text.utf8)
        let fast = walkDocument(bytes, withTokens: true).read
        #expect(fast == walkDocument(bytes, withTokens: false).read)
        #expect(fast == walkDocument(bytes, withTokens: true, gathering: true).read)
        #expect(throws: JSONSyntaxError.self) { try fast.get() }
    }

    /// The depth limit holds in skipped members: 512 levels in all pass, 513 do not.
    @Test func depthLimitInSkippedMembers() throws {
        func nested(_ levels: Int) -> String {
            // The outer object is one level; `a`'s value opens the rest.
            #"{"a": "# + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1)
                + #", "url": 1}"#
        }
        #expect(try walkDocument(Array(nested(512).utf8), withTokens: true).read.get() == "{0=1}")
        #expect(readsAlike(nested(513)))
        #expect(throws: JSONSyntaxError.self) { try walkDocument(Array(nested(513).utf8), withTokens: true).read.get() }
    }

    /// Objects whose tokens cross many mask words, members and keys straddling 64-byte
    /// blocks: every alignment of a short document read alike.
    @Test func membersAcrossBlockBoundaries() throws {
        for padding in 0..<130 {
            let text =
                "{" + String(repeating: " ", count: padding) + #""object_id": "1042018:4f527ee5", "url" :  "u","#
                + String(repeating: "\n", count: padding % 7)
                + #" "widths": [360, 639], "width": 180, "h\u0065ight": 1}"#
            #expect(readsAlike(text), "padding \(padding)")
            #expect(try walkDocument(Array(text.utf8), withTokens: true).read.get() == "{0=\"u\",1=180,2=1}")
        }
    }

    /// On thousands of mutated samples and random documents, the walk and the byte loop read
    /// the same fields and refuse the same documents with the same error.
    @Test func sameOutcomeOnFuzzedDocuments() throws {
        let samples = try Samples.names.map(Samples.bytes)
        let documents = try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 31, randomSeed: 32, mutated: 2000, random: 1000)
        var walked = 0
        for document in documents where !document.isEmpty {
            let fast = walkDocument(document, timelineKeys, withTokens: true)
            if fast.skippedByTokens > 0 { walked += 1 }
            #expect(
                fast.read == walkDocument(document, timelineKeys, withTokens: false).read,
                "\(String(decoding: document.prefix(300), as: UTF8.self))")
        }
        #expect(walked > documents.count / 3)
    }

    /// Objects walked whole (`members(gathering:)`) read as member by member: duplicates (the
    /// first wins), wanted values that are containers (read by their own gathered walk),
    /// escaped keys, errors after a wanted value, on mutated samples and random documents.
    @Test func gatheredObjectsReadAsMemberByMember() throws {
        let texts = [
            #"{"cut_type": 1, "type": "WEBP", "url": "http://a/b.jpg", "width": 180, "height": "319"}"#,
            #"{"url": 1, "url": 2, "x": [1, {"url": 3}], "thumbnail": {"url": 4, "width": [5]}, "type": null}"#,
            #"{"\u0075rl": 1, "width": 2}"#, #"{"width": 2, "w\u0069dth": 3, "height": {}}"#,
            #"{"url": 1 "width": 2}"#, #"{"url": [1,], "width": 2}"#, #"{"url": {"a" 1}}"#, #"{"url": 1,}"#,
            #"{"url": ]}"#, #"{"url": 1"#, #"{"width": 1, "height": 2, "url": 3, "type": 4}"#, "{}", #"{"a": {}}"#,
        ]
        for text in texts { #expect(readsAlike(text, gatheredKeys), "\(text)") }
        // Walked whole: the first object, and the second with its `thumbnail`; left to the
        // member-by-member walk: an escaped key, an error.
        let walked = walkDocument(Array(texts[1].utf8), gatheredKeys, withTokens: true, gathering: true)
        #expect(try walked.read.get() == #"{0=1,4={0=4,1=[5]},3=null}"#)
        #expect(walked.gathered == 2)
        #expect(walkDocument(Array(texts[0].utf8), gatheredKeys, withTokens: true, gathering: true).gathered == 1)
        #expect(walkDocument(Array(texts[2].utf8), gatheredKeys, withTokens: true, gathering: true).gathered == 0)
        #expect(walkDocument(Array(texts[4].utf8), gatheredKeys, withTokens: true, gathering: true).gathered == 0)
        let samples = try Samples.names.map(Samples.bytes)
        let documents = try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 33, randomSeed: 34, mutated: 1000, random: 1000)
        for document in documents where !document.isEmpty {
            #expect(
                readsAlike(bytes: document, gatheredKeys), "\(String(decoding: document.prefix(300), as: UTF8.self))")
        }
    }
}
