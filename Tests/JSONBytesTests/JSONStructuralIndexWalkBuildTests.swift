import JSONBytes
import Testing
import TimelineCorpus

/// The keys the walks look up below: a timeline's, a picture info's (its five variants nested)
/// and a variant's.
private let statusKeys = JSONKeySet([
    "id", "idstr", "text", "user", "pic_ids", "pic_infos", "retweeted_status", "created_at", "page_info",
    "url_struct", "reposts_count",
])
private let infoKeys = JSONKeySet(["thumbnail", "bmiddle", "large", "largest", "original", "type", "keep_size"])
private let variantKeys = JSONKeySet(["url", "width", "height", "type"])

/// What every walk gives on `bytes` (which passed stage 1 with `masks`), as text: the skip from
/// the root and from the first tokens, and, from each of the first objects' first key, the
/// member walk member by member (the wanted values skipped by the caller), the gather, and the
/// nested gather with its inner entries.
private func walks(_ bytes: [UInt8], _ masks: [UInt64]) -> [String] {
    var results: [String] = []
    bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeBufferPointer { words in
            let base = buffer.baseAddress!
            let tokens = words.baseAddress!
            let room = JSONStructuralIndex.maximumDepth
            var starts: [Int] = []
            var offset = JSONStructuralIndex.nextToken(in: tokens, count: bytes.count, from: 0)
            while offset < bytes.count, starts.count < 600 {
                starts.append(offset)
                offset = JSONStructuralIndex.nextToken(in: tokens, count: bytes.count, from: offset + 1)
            }
            for start in starts.prefix(200) {
                let end = JSONStructuralIndex.skipValue(
                    in: base, count: bytes.count, tokens: tokens, from: start, room: room)
                results.append("skip \(start): \(end.map(String.init) ?? "nil")")
            }
            let objects = starts.enumerated().filter { bytes[$0.element] == UInt8(ascii: "{") }.prefix(60)
            for (index, object) in objects where index + 1 < starts.count {
                let key = starts[index + 1]
                for keys in [statusKeys, infoKeys, variantKeys] {
                    keys.walkTable.withUnsafeBufferPointer { table in
                        guard let table = table.baseAddress else { return }
                        var position = key
                        var seen: UInt64 = 0
                        var skipped = 0
                        var afterValue = false
                        var stops: [String] = []
                        while stops.count < 100 {
                            let stop = JSONStructuralIndex.nextMember(
                                in: base, count: bytes.count, tokens: tokens, table: table, keyCount: keys.count,
                                room: room, afterValue: afterValue, position: &position, seen: &seen, skipped: &skipped)
                            stops.append("\(stop)@\(position)/\(seen)/\(skipped)")
                            guard case .field = stop,
                                let next = JSONStructuralIndex.skipValue(
                                    in: base, count: bytes.count, tokens: tokens, from: position, room: room)
                            else { break }
                            position = next
                            afterValue = true
                        }
                        results.append("members \(object): " + stops.joined(separator: " "))
                        var entries = [UInt64](repeating: 0, count: keys.count)
                        let gathered = entries.withUnsafeMutableBufferPointer { entries in
                            JSONStructuralIndex.gatherMembers(
                                in: base, count: bytes.count, tokens: tokens, table: table, keyCount: keys.count,
                                room: room, from: key, into: entries.baseAddress!)
                        }
                        results.append("gather \(object): \(String(describing: gathered)) \(entries)")
                        var inner = [UInt64](repeating: 0, count: 9 * keys.count)
                        let nested = variantKeys.walkTable.withUnsafeBufferPointer { innerTable in
                            entries.withUnsafeMutableBufferPointer { entries in
                                inner.withUnsafeMutableBufferPointer { inner in
                                    JSONStructuralIndex.gatherMembers(
                                        in: base, count: bytes.count, tokens: tokens, table: table,
                                        keyCount: keys.count, room: room, from: key, into: entries.baseAddress!,
                                        nesting: 0b1_1111, innerTable: innerTable.baseAddress!,
                                        innerKeyCount: variantKeys.count, inner: inner.baseAddress!)
                                }
                            }
                        }
                        results.append("nested \(object): \(String(describing: nested)) \(entries) \(inner)")
                    }
                }
            }
        }
    }
    return results
}

/// Serialized: it switches the build the walks run for the whole process (which changes no
/// other test's results, the builds giving the same ones).
@Suite(.serialized)
struct JSONStructuralIndexWalkBuildTests {
    /// The baseline build of the walks and the one the CPU allows (on x86-64 with BMI1 and
    /// BMI2) agree on every walk over random JSON, the samples and the fuzz corpus (valid
    /// documents, and documents whose grammar or scalars break where stage 1 passes them).
    @Test func baselineAndBestBuildsAgree() throws {
        var random = SeededGenerator(seed: 29)
        var documents = (0..<200).map { _ in Array(RandomJSON.value(depth: 5, random: &random).utf8) }
        let samples = try Samples.names.map(Samples.bytes)
        documents += samples
        documents += try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 43, randomSeed: 44, mutated: 400, random: 400)
        var compared = 0
        defer { JSONStructuralIndex.useBaselineWalks(false) }
        for document in documents {
            var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: document.count))
            let outcome = document.withUnsafeBufferPointer { buffer in
                masks.withUnsafeMutableBufferPointer { words in
                    JSONStructuralIndex.tokens(of: buffer, into: words.baseAddress!)
                }
            }
            guard outcome == .valid, !document.isEmpty else { continue }
            JSONStructuralIndex.useBaselineWalks(true)
            let baseline = walks(document, masks)
            JSONStructuralIndex.useBaselineWalks(false)
            let best = walks(document, masks)
            #expect(baseline == best, "\(String(decoding: document.prefix(200), as: UTF8.self))")
            compared += 1
        }
        #expect(compared > 400)
    }
}
