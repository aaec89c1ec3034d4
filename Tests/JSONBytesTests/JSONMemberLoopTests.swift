import Foundation
import Testing

@testable import JSONBytes

/// Runs `body` on a scanner over `text`, with stage 1's token masks when it passes.
private func scan<T>(
    _ text: String, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> T
) -> Result<T, JSONSyntaxError> {
    Array(text.utf8).withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) in try JSONScanner.withTokens(buffer, body) }
    }
}

/// Each string of the array `text` inserted into one `SeenKeys`: whether each was new, in order,
/// and the comparisons the set made.
private func insertedKeys(_ text: String) -> Result<([Bool], Int), JSONSyntaxError> {
    scan(text) { scanner throws(JSONSyntaxError) in
        var seen = SeenKeys()
        var firsts: [Bool] = []
        var more = try scanner.enterArray()
        while more {
            _ = try scanner.peek()
            firsts.append(seen.insert(try scanner.scanString(), in: scanner))
            more = try scanner.nextElement()
        }
        return (firsts, seen.comparisons)
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

/// Members named as a reader names them: the JSON names are the raw values.
private enum Member: String, JSONField {
    case url
    case picIDs = "pic_ids"
    case width
}

struct JSONMemberLoopTests {
    /// A field set's keys are its cases' names in case order, and a key's index gives its
    /// case: members come as cases in document order, unknown names and later duplicates
    /// skipped.
    @Test func fieldSetNamesEachKeyByItsCase() {
        let set = JSONFieldSet<Member>()
        #expect(set.names == ["url", "pic_ids", "width"])
        let text = #"{"width": 1, "other": 2, "pic_ids": [], "url": "u", "width": 3}"#
        #expect(fields(text, set.keys).map { $0.map { set.fields[$0] } } == .success([.width, .picIDs, .url]))
    }

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

    /// Pids compared on their bytes are equal exactly when their `String`s are: an escaped
    /// spelling and a canonically equivalent one are the same pid, other bytes are not.
    @Test func seenKeysCompareTokensAsStrings() throws {
        let text = #"["p1", "p\u0031", "p2", "\u00e9", "e\u0301", "é", "P1"]"#
        #expect(try insertedKeys(text).get().0 == [true, false, true, true, false, false, true])
    }

    /// The first key, kept apart from the ones after it, is compared with each of them, and
    /// goes into the hash table with them: a repeat of it is found while the keys are compared
    /// one by one (one comparison for the second key, two for the third, fifteen for the
    /// sixteenth) and once the table has taken over (past sixteen keys).
    @Test func seenKeysKeepTheFirstKeyApart() throws {
        func inserted(_ keys: [String]) -> Result<([Bool], Int), JSONSyntaxError> {
            insertedKeys("[" + keys.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        }
        #expect(try inserted(["a"]).get() == ([true], 0))
        #expect(try inserted(["a", "a"]).get() == ([true, false], 1))
        #expect(try inserted(["a", "b", "a"]).get() == ([true, true, false], 1 + 2))
        #expect(try inserted(["a", "b", "\\u0061"]).get() == ([true, true, false], 1 + 2))
        let many = (0..<17).map { "k\($0)" }
        #expect(
            try inserted(many + ["k0", "k16", "k17"]).get().0 == Array(repeating: true, count: 17) + [
                false, false, true,
            ])
        #expect(
            try inserted(Array(many.prefix(15)) + ["k0"]).get() == (
                Array(repeating: true, count: 15) + [false], 105 + 15
            ))
    }

    /// The first keys are told apart by their last eight bytes before their bytes are
    /// compared: keys that share those bytes but differ before them are distinct, keys of any
    /// length spelled the same are repeats wherever they lie (a short key near the document's
    /// start, whose tail is read byte by byte, equals the same key further on), and a key that
    /// is not plain ASCII is compared as a `String` (escapes resolved, canonically equivalent
    /// spellings equal).
    @Test func seenKeysTellKeysApartByTheirTails() throws {
        func inserted(_ keys: [String]) throws -> [Bool] {
            try insertedKeys("[" + keys.map { "\"\($0)\"" }.joined(separator: ",") + "]").get().0
        }
        #expect(try inserted(["xxxxxxxxABCDEFGH", "yyyyyyyyABCDEFGH", "xxxxxxxxABCDEFGH"]) == [true, true, false])
        #expect(try inserted(["ab", "cd", "ab", "b", "", "", "cd"]) == [true, true, false, true, true, false, false])
        for length in 0...17 {
            let key = String(repeating: "k", count: length)
            let other = String(repeating: "k", count: length + 1)
            #expect(try inserted([key, other, key, other]) == [true, true, false, false], "\(length)")
            #expect(
                try inserted(["q", key + "z", "z" + key, key + "z"]) == [true, true, length == 0 ? false : true, false])
        }
        #expect(try inserted(["é", #"\u00e9"#, "e\u{301}"]) == [true, false, false])
        #expect(try inserted(["a\\nb", #"a\nb"#, "a\\u006eb"]) == [true, false, true])
        #expect(try inserted(["xé", "x\u{301}"]) == [true, true])
    }

    /// Past the first sixteen, keys go through the hash table: duplicates are still found,
    /// and the comparisons stay linear in the number of keys.
    @Test func seenKeysStayLinear() {
        for count in [10, 100, 1000] {
            let keys = (0..<count).map { "\"k\($0)\"" } + ["\"k3\"", "\"k\(count - 1)\""]
            let outcome = insertedKeys("[" + keys.joined(separator: ",") + "]")
            guard case .success(let (firsts, comparisons)) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(firsts.filter { $0 }.count == count)
            // 120 for the first sixteen, then a few probes per key of a half-full table.
            #expect(comparisons <= 120 + 4 * count)
        }
    }
}
