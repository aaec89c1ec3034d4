import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// Skips the whole of `bytes` as one value and checks that nothing follows: with stage 1's
/// token masks, or byte by byte.
private func skipDocument(_ bytes: [UInt8], withTokens: Bool) -> Result<Int, JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) -> Int in
            func skip(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int {
                try scanner.skipValue()
                try scanner.finish()
                return scanner.position
            }
            if withTokens {
                return try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in try skip(&scanner) }
            }
            var scanner = try JSONScanner(buffer)
            return try skip(&scanner)
        }
    }
}

/// Whether stage 1 passes `bytes` (so that skipping really walks the masks).
private func passesStage1(_ bytes: [UInt8]) -> Bool {
    var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
    return bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeMutableBufferPointer { JSONStructuralIndex.tokens(of: buffer, into: $0.baseAddress!) }
    } == .valid
}

struct JSONScannerTokenSkipTests {
    /// Skipping by tokens accepts and refuses exactly what the byte loop does, with the same
    /// error (message and offset), on thousands of mutated samples and random documents.
    @Test func sameOutcomeAsTheByteLoop() throws {
        let samples = try Fixtures.sampleNames.map(Fixtures.sample)
        var fuzzer = TimelineFuzzer(random: SeededGenerator(seed: 21), seeds: try TimelineFuzzer.seeds(from: samples))
        var random = SeededGenerator(seed: 22)
        var walked = 0
        var documents = samples
        for _ in 0..<3000 { documents.append(fuzzer.next()) }
        for _ in 0..<1000 {
            var document = Array(RandomJSON.value(depth: 5, random: &random).utf8)
            // One byte replaced by a grammar character, half the time: broken structure.
            if random.next() % 2 == 0, !document.isEmpty {
                let grammar = Array("{}[]:,\" 1".utf8)
                document[Int(random.next() % UInt64(document.count))] = grammar[Int(random.next() % 9)]
            }
            documents.append(document)
        }
        for document in documents where !document.isEmpty {
            if passesStage1(document) { walked += 1 }
            let fast = skipDocument(document, withTokens: true)
            let plain = skipDocument(document, withTokens: false)
            #expect(fast == plain, "\(String(decoding: document.prefix(300), as: UTF8.self))")
        }
        // Most documents did pass stage 1, so the token walk was what decided.
        #expect(walked > documents.count / 3)
    }

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
        let expected: String
        switch skipDocument(statuses, withTokens: false) {
        case .failure(let error): expected = statuses.withUnsafeBytes { error.inputError(in: $0).detail }
        case .success: return
        }
        #expect(throws: InputError(kind: .malformed, detail: expected)) {
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
}
