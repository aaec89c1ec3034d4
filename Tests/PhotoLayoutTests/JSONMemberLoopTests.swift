import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// Runs `body` on a scanner over `text`, with stage 1's token masks when it passes.
private func scan<T>(
    _ text: String, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> T
) -> Result<T, JSONSyntaxError> {
    Array(text.utf8).withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) in try JSONScanner.withTokens(buffer, body) }
    }
}

/// The field numbers `nextField` gives for the object `text` (each value consumed as a string
/// or skipped), in document order.
private func fields(_ text: String, _ keys: JSONKeySet) -> Result<[Int], JSONSyntaxError> {
    scan(text) { scanner throws(JSONSyntaxError) in
        var found: [Int] = []
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: keys) {
            found.append(field)
            try scanner.skipValue()
        }
        try scanner.finish()
        return found
    }
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

struct JSONMemberLoopTests {
    /// Every key of a set is found by its table slot, and nothing else is: keys of the same
    /// length, prefixes, a key one byte longer, the empty key.
    @Test func keySetFindsItsKeysOnly() {
        let keys = JSONKeySet(["url", "width", "height", "type", "thumbnail", "retweeted_status", "pic_infos"])
        let text =
            #"{"url": 1, "width": 2, "height": 3, "type": 4, "thumbnail": 5, "retweeted_status": 6, "pic_infos": 7, "#
            + #""urls": 0, "widt": 0, "weight": 0, "tipe": 0, "": 0, "retweeted_statuses": 0, "pic_info": 0, "#
            + #""padding": "to keep the last keys more than 16 bytes from the end"}"#
        #expect(fields(text, keys) == .success([0, 1, 2, 3, 4, 5, 6]))
    }

    /// Keys the table does not hash are still matched: escaped spellings, keys longer than 16
    /// bytes, and keys within the last 16 bytes of the document (compared byte by byte).
    @Test func keySetMatchesEscapesLongKeysAndTheDocumentsEnd() {
        let keys = JSONKeySet(["url", "a_key_longer_than_sixteen", "type"])
        #expect(fields(#"{"\u0075rl": 1, "a_key_longer_than_sixteen": 2, "type": 3}"#, keys) == .success([0, 1, 2]))
        #expect(fields(#"{"type":1}"#, keys) == .success([2]))
        #expect(fields(#"{"typ\u0065":1,"x":2}"#, keys) == .success([2]))
    }

    /// A set of 40 keys of mixed lengths still gives every key a slot of its own.
    @Test func largeKeySetHashesEveryKey() {
        let names: [String] = [
            "a", "b", "c", "id", "idstr", "pic_ids", "pic_infos", "pic_urls", "thumbnail_pic", "pics", "pic_num",
            "retweeted_status", "url", "width", "height", "type", "keep_size", "thumbnail", "bmiddle", "large",
            "largest", "original", "statuses", "options", "data", "cards", "list", "mblog", "card_group", "pid",
            "geo", "style", "item_size", "spacing", "max_items", "content_width", "scale", "badge_size", "x", "y",
        ]
        let keys = JSONKeySet(names)
        let text =
            "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + ", \"padding\": \"........\"}"
        #expect(fields(text, keys) == .success(Array(0..<names.count)))
    }

    /// JSONDecoder's rule for duplicate keys: the first wins, later ones are skipped; other
    /// keys are skipped whatever their value.
    @Test func nextFieldGivesTheFirstOfDuplicates() {
        let keys = JSONKeySet(["a", "b"])
        #expect(fields(#"{"a": 1, "x": {"a": 2}, "a": [3], "b": "4", "b": 5}"#, keys) == .success([0, 1]))
        #expect(fields("{}", keys) == .success([]))
        #expect(
            fields(#"{"a": 1,}"#, keys)
                == .failure(JSONSyntaxError(offset: 8, message: "expected a string key after ','")))
        #expect(
            fields(#"{"a": 1  "b": 2}"#, keys)
                == .failure(JSONSyntaxError(offset: 9, message: "expected ',' or '}' after an object member")))
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

    /// Pids compared on their bytes are equal exactly when their `String`s are: an escaped
    /// spelling and a canonically equivalent one are the same pid, other bytes are not.
    @Test func seenKeysCompareTokensAsStrings() {
        let text = #"["p1", "p\u0031", "p2", "\u00e9", "e\u0301", "é", "P1"]"#
        let outcome = scan(text) { scanner throws(JSONSyntaxError) in
            var seen = SeenKeys()
            var firsts: [Bool] = []
            var more = try scanner.enterArray()
            while more {
                _ = try scanner.peek()
                firsts.append(seen.insert(try scanner.scanString(), in: scanner))
                more = try scanner.nextElement()
            }
            return firsts
        }
        #expect(outcome == .success([true, false, true, true, false, false, true]))
    }

    /// Past the first sixteen, keys go through the hash table: duplicates are still found,
    /// and the comparisons stay linear in the number of keys.
    @Test func seenKeysStayLinear() {
        for count in [10, 100, 1000] {
            let keys = (0..<count).map { "\"k\($0)\"" } + ["\"k3\"", "\"k\(count - 1)\""]
            let outcome = scan("[" + keys.joined(separator: ",") + "]") { scanner throws(JSONSyntaxError) in
                var seen = SeenKeys()
                var firsts = 0
                var more = try scanner.enterArray()
                while more {
                    _ = try scanner.peek()
                    if seen.insert(try scanner.scanString(), in: scanner) { firsts += 1 }
                    more = try scanner.nextElement()
                }
                return (firsts, seen.comparisons)
            }
            guard case .success(let (firsts, comparisons)) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(firsts == count)
            // 120 for the first sixteen, then a few probes per key of a half-full table.
            #expect(comparisons <= 120 + 4 * count)
        }
    }
}
