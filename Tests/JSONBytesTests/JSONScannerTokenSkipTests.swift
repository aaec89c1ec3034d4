import Foundation
import Testing
import TimelineCorpus

@testable import JSONBytes

/// Every value of the document at the scanner's position, read through the scanner's own
/// calls (strings as their decoded text, numbers as their bytes), as a description to compare.
private func readAll(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String {
    switch try scanner.peekKind() {
    case .string:
        let token = try scanner.scanString()
        return "s(\(scanner.string(token)), \(token.hasEscapes))"
    case .number:
        let token = try scanner.scanNumber()
        return
            "n(\(String(decoding: UnsafeBufferPointer(start: scanner.bytes + token.start, count: token.end - token.start), as: UTF8.self)))"
    case .bool: return "b(\(try scanner.scanBool()))"
    case .null:
        try scanner.scanNull()
        return "null"
    case .object:
        var members: [String] = []
        if try scanner.enterObject() {
            repeat {
                let key = scanner.string(try scanner.memberKey())
                members.append(key + ":" + (try readAll(&scanner)))
            } while try scanner.nextMember()
        }
        return "{" + members.joined(separator: ",") + "}"
    case .array:
        var elements: [String] = []
        if try scanner.enterArray() {
            repeat { elements.append(try readAll(&scanner)) } while try scanner.nextElement()
        }
        return "[" + elements.joined(separator: ",") + "]"
    }
}

/// `readAll` of the whole of `bytes`, with stage 1's token masks or without.
private func readDocument(_ bytes: [UInt8], withTokens: Bool) -> Result<String, JSONSyntaxError> {
    ScannerRun(bytes, withTokens: withTokens, readAll).read
}

/// How many values `skipValue` passed over by tokens while skipping each member of the
/// top-level object of `bytes` (read from `start`), or nil when that failed.
private func membersSkippedByTokens(_ bytes: [UInt8], from start: Int = 0, withTokens: Bool = true) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
        func skipMembers(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int {
            if try scanner.enterObject() {
                repeat {
                    _ = try scanner.memberKey()
                    try scanner.skipValue()
                } while try scanner.nextMember()
            }
            try scanner.finish()
            return scanner.valuesSkippedByTokens
        }
        if withTokens {
            return try? JSONScanner.withTokens(buffer, from: start) { scanner throws(JSONSyntaxError) in
                try skipMembers(&scanner)
            }
        }
        guard var scanner = try? JSONScanner(buffer, from: start) else { return nil }
        return try? skipMembers(&scanner)
    }
}

/// Whether stage 1 passes `bytes` (so that skipping really walks the masks).
private func passesStage1(_ bytes: [UInt8]) -> Bool {
    var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
    return bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeMutableBufferPointer { JSONStructuralIndex.tokens(of: buffer, into: $0.baseAddress!) }
    } == .valid
}

/// The strings of a JSON array read by `lenientByteString` (the other elements skipped),
/// with stage 1's masks or byte by byte; with the masks, whether they were there.
private func byteStrings(_ bytes: [UInt8], withTokens: Bool) -> (strings: [String]?, hadTokens: Bool) {
    bytes.withUnsafeBufferPointer { buffer in
        func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [String] {
            var strings: [String] = []
            try scanner.readArray { scanner throws(JSONSyntaxError) in
                strings.append(try scanner.lenientByteString()?.description ?? "-")
            }
            try scanner.finish()
            return strings
        }
        if withTokens {
            var hadTokens = false
            let strings = try? JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in
                hadTokens = scanner.tokens != nil && scanner.escapeBlocks != nil
                return try read(&scanner)
            }
            return (strings, hadTokens)
        }
        guard var scanner = try? JSONScanner(buffer) else { return (nil, false) }
        return (try? read(&scanner), false)
    }
}

struct JSONScannerTokenSkipTests {
    /// Strings kept as `ByteString`s are the same taken by the token masks and the escape map
    /// (`stringByTokens`) as scanned byte by byte: escapes before, on and after block edges,
    /// long plain strings, non-ASCII text, strings ending the document.
    @Test func byteStringsByTokens() {
        let bodies = [
            #"http:\/\/ww2.sinaimg.cn\/large\/a.jpg"#,
            "http://ww2.sinaimg.cn/or360/6fc6f04egw1evuciu6zqlj20hs0vkab3.jpg",
            #"a\"b"#, #"\u00e9t\u00e9 \ud83d\ude00"#, "été", "", #"\\"#, "x",
        ]
        for padding in 0..<140 {
            for body in bodies {
                let text = "[" + String(repeating: " ", count: padding) + "\"" + body + "\", 1, \"" + body + "y\"]"
                let bytes = Array(text.utf8)
                let fast = byteStrings(bytes, withTokens: true)
                #expect(fast.hadTokens)
                #expect(fast.strings != nil)
                #expect(fast.strings == byteStrings(bytes, withTokens: false).strings, "\(padding) \(body)")
            }
        }
    }

    /// Skipping by tokens accepts and refuses exactly what the byte loop does, with the same
    /// error (message and offset), on thousands of mutated samples and random documents.
    @Test func sameOutcomeAsTheByteLoop() throws {
        let samples = try Samples.names.map(Samples.bytes)
        let documents = try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 21, randomSeed: 22, mutated: 3000, random: 1000)
        var walked = 0
        for document in documents where !document.isEmpty {
            if passesStage1(document) { walked += 1 }
            let fast = skipDocument(document, withTokens: true)
            let plain = skipDocument(document, withTokens: false)
            #expect(fast == plain, "\(String(decoding: document.prefix(300), as: UTF8.self))")
        }
        // Most documents did pass stage 1, so the token walk was what decided.
        #expect(walked > documents.count / 3)
    }

    /// The token path is taken where it should be: every member of a sample's top-level
    /// object is skipped by tokens (the count equals the members), after a byte order mark
    /// too; never without masks, nor for a document stage 1 refuses (a control character in a
    /// string), which the byte loop refuses alike.
    @Test func tokenPathIsTaken() throws {
        for name in Samples.names {
            let sample = try Samples.bytes(name)
            guard sample.first == UInt8(ascii: "{") else { continue }
            let members = try #require(try JSONSerialization.jsonObject(with: Data(sample)) as? [String: Any]).count
            #expect(members > 0)
            #expect(membersSkippedByTokens(sample) == members, "\(name)")
            #expect(membersSkippedByTokens([0xEF, 0xBB, 0xBF] + sample, from: 3) == members, "\(name) after a BOM")
            #expect(membersSkippedByTokens(sample, withTokens: false) == 0)
        }
        let refused = Array("{\"a\": [1, 2], \"b\": \"tab\there\"}".utf8)
        #expect(membersSkippedByTokens(refused) == nil)
        let accepted = Array("{\"a\": [1, 2], \"b\": \"no tab\"}".utf8)
        #expect(membersSkippedByTokens(accepted) == 2)
        let plain = Array("{\"a\": [1, 2], \"b\": \"tab\there\", \"c\": 1}".utf8)
        #expect(
            plain.withUnsafeBufferPointer { buffer in
                try? JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in
                    _ = try scanner.enterObject()
                    _ = try scanner.memberKey()
                    try scanner.skipValue()
                    return scanner.valuesSkippedByTokens
                }
            } == 0)
    }

    /// Strings read with token masks (their end and escapes taken from the masks, not
    /// validated again) and numbers, literals and containers read by the scanner's calls are
    /// the same as without them, on random documents rich in escapes and non-ASCII text, and
    /// on the samples.
    @Test func readsAlikeWithTokens() throws {
        var random = SeededGenerator(seed: 23)
        var documents = try Samples.names.map(Samples.bytes)
        for _ in 0..<1500 {
            var document = Array(RandomJSON.value(depth: 4, random: &random).utf8)
            // Some with whitespace after every string, so that the next token lies further on.
            if random.next() % 3 == 0 {
                document = Array(
                    String(decoding: document, as: UTF8.self).replacingOccurrences(of: "\",", with: "\" \n ,").utf8)
            }
            documents.append(document)
        }
        for document in documents {
            let plain = readDocument(document, withTokens: false)
            #expect(
                readDocument(document, withTokens: true) == plain,
                "\(String(decoding: document.prefix(200), as: UTF8.self))")
        }
        // What the comparison reads: escapes, non-ASCII, surrogate pairs.
        let document = Array("{\"k\\u00e9\": [\"a\\\"b\", \"中文\" , \"\\ud83d\\ude00\"], \"n\": -1.5e3}".utf8)
        #expect(
            try readDocument(document, withTokens: true).get()
                == "{ké:[s(a\"b, true),s(中文, false),s(😀, true)],n:n(-1.5e3)}")
    }

    /// The C walk follows as many levels as the scanner allows, no more.
    @Test func depthLimitsAgree() {
        #expect(JSONStructuralIndex.maximumDepth == JSONScanner.maximumDepth)
    }

    /// `skipMemberValue` is `skipValue`'s path: strings, scalars and containers are skipped by
    /// the masks (each counted once), a scalar ending the document at a block's last byte
    /// included, and a broken member still falls back to the byte loop's error.
    @Test func memberValuesShareTheTokenPath() throws {
        func skipMembers(_ text: String) -> Result<Int, JSONSyntaxError> {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONSyntaxError) -> Int in
                    try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in
                        if try scanner.enterObject() {
                            repeat {
                                _ = try scanner.memberKey()
                                try scanner.skipMemberValue()
                            } while try scanner.nextMember()
                        }
                        try scanner.finish()
                        return scanner.valuesSkippedByTokens
                    }
                }
            }
        }
        let members = #"{"a": "x", "b": -1.5e3, "c": true, "d": null, "e": [1, {"f": 2}], "g": {}}"#
        #expect(try skipMembers(members).get() == 6)
        let padded = "{\"a\": " + String(repeating: " ", count: 57) + "7}"
        #expect(padded.utf8.count == 65)
        #expect(try skipMembers(padded).get() == 1)
        guard case .failure(let error) = skipMembers(#"{"a": [1, 2,], "b": 1}"#) else {
            Issue.record("a trailing comma passed")
            return
        }
        #expect(error.offset == 12)
    }

    /// A misspelled number or literal passes stage 1: wherever the scanner passes it by the
    /// masks (a skipped value, an element or member inside one, the root), the byte loop takes
    /// over and throws its own error (same message, same offset) as without masks, and a read
    /// of the document throws what the read without masks throws.
    @Test func misspelledScalarsFallBackToTheByteLoop() {
        for scalar in ["01", "1.", ".5", "-", "tru", "nulls", "1x", "12345678901234567a", "\u{00e9}", "-true"] {
            for template in [
                #"{"a": X, "b": 1}"#, #"{"a": [1, X], "b": 1}"#, #"{"a": {"b": X}}"#, "[X]", "X", #"[1, "s", X ]"#,
                #"{"a": {"b": [{"c": 2}, X]}}"#,
            ] {
                for padding in [0, 30, 58, 62] {
                    let text =
                        String(repeating: " ", count: padding) + template.replacingOccurrences(of: "X", with: scalar)
                    let bytes = Array(text.utf8)
                    #expect(passesStage1(bytes), "\(text)")
                    let fast = skipDocument(bytes, withTokens: true)
                    #expect(fast == skipDocument(bytes, withTokens: false), "\(text)")
                    #expect((try? fast.get()) == nil, "\(text)")
                    #expect(readDocument(bytes, withTokens: true) == readDocument(bytes, withTokens: false), "\(text)")
                }
            }
        }
    }
}
