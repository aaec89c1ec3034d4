import Foundation
import ReferenceTimelineReader
import Testing
import TimelineCorpus

@testable import PhotoLayout

/// Whether `bytes` is JSON by RFC 8259, judged without the code under test: JSONSerialization
/// (which checks strings, escapes, UTF-8 and numbers) and no trailing comma (which it allows).
private func isStrictJSON(_ bytes: [UInt8]) -> Bool {
    guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
        return false
    }
    var inString = false
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if inString {
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: ",") {
            let next = bytes[(index + 1)...].first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
            if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { return false }
        }
        index += 1
    }
    return true
}

struct ByteTimelineReaderFuzzTests {
    /// On thousands of seeded mutations of the samples the fast reader equals the reference,
    /// except that it also rejects, as malformed, documents that are not RFC 8259 JSON.
    /// (`FUZZ_SEED` and `FUZZ_ITERATIONS` run it longer: 30,000 with seed 99 pass.)
    @Test func matchesReferenceOnMutatedSamples() throws {
        let samples = try Fixtures.sampleNames.map(Fixtures.sample)
        var fuzzer = TimelineFuzzer(
            random: SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 7),
            seeds: try TimelineFuzzer.seeds(from: samples))
        var outcomes: [String: Int] = [:]
        for iteration in 0..<(Int(ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"] ?? "") ?? 2000) {
            let document = fuzzer.next()
            let fast = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(document) }
            let reference = Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(document) }
            let text = String(decoding: document.prefix(400), as: UTF8.self)
            switch (fast, reference) {
            case (.success(let ours), .success(let theirs)):
                #expect(ours == theirs, "iteration \(iteration): \(text)")
                outcomes["equal request", default: 0] += 1
            case (.failure(let ours), .failure(let theirs)) where ours.kind != .malformed || theirs.kind == .malformed:
                if ours.kind == .malformed {
                    #expect(theirs.kind == .malformed, "iteration \(iteration): \(text)")
                } else {
                    #expect(ours == theirs, "iteration \(iteration): \(text)")
                }
                outcomes["equal \(ours.kind) error", default: 0] += 1
            case (.failure(let ours), _) where ours.kind == .malformed:
                #expect(!isStrictJSON(document), "iteration \(iteration): \(ours.detail): \(text)")
                outcomes["stricter: not RFC 8259", default: 0] += 1
            default:
                Issue.record("iteration \(iteration): ours \(fast), reference \(reference): \(text)")
            }
        }
        #expect(outcomes["equal request", default: 0] > 700)
        #expect(outcomes["equal malformed error", default: 0] > 100)
        #expect(outcomes["equal wrongType error", default: 0] > 20)
        print("differential fuzz outcomes: \(outcomes.sorted { $0.key < $1.key })")
    }
}
