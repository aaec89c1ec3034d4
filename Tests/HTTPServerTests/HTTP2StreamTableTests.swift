import Testing
import TimelineCorpus

@testable import HTTPServer

/// The session's stream table behaves as the dictionary it replaced, through growth and the
/// backward-shift removals.
struct HTTP2StreamTableTests {
    static func stream() -> HTTP2Stream { HTTP2Stream(receivedAt: .now) }

    /// Set, look up, replace and remove; absent, zero and negative ids answer nil.
    @Test func setLookUpRemove() {
        var table = HTTP2StreamTable()
        let one = Self.stream()
        let three = Self.stream()
        table[1] = one
        table[3] = three
        #expect(table[1] === one && table[3] === three)
        #expect(table[5] == nil && table[0] == nil && table[-1] == nil)
        let replaced = Self.stream()
        table[1] = replaced
        #expect(table[1] === replaced && table.count == 2)
        #expect(table.removeValue(forKey: 1) === replaced)
        #expect(table.removeValue(forKey: 1) == nil && table.removeValue(forKey: 7) == nil)
        #expect(table[1] == nil && table[3] === three && table.count == 1)
        table[0] = one  // ignored: stream 0 is the connection
        table[9] = nil  // removing what was never there changes nothing
        #expect(table.count == 1 && table.entries.map(\.id) == [3])
    }

    /// Thousands of ids in and out in a shuffled order, against a dictionary: every lookup,
    /// every count and the entries agree after each step (growth and backward shifts included).
    @Test func agreesWithADictionary() {
        var table = HTTP2StreamTable()
        var reference: [Int32: HTTP2Stream] = [:]
        var generator = SeededGenerator(seed: 14)
        let ids = (0..<3000).map { Int32(2 * $0 + 1) }
        for round in 0..<6 {
            for id in ids.shuffled(using: &generator).prefix(1500) {
                if Bool.random(using: &generator) || round == 0 {
                    let stream = Self.stream()
                    table[id] = stream
                    reference[id] = stream
                } else {
                    #expect(table.removeValue(forKey: id) === reference.removeValue(forKey: id))
                }
            }
            #expect(table.count == reference.count)
            for id in ids { #expect(table[id] === reference[id]) }
            #expect(Set(table.entries.map(\.id)) == Set(reference.keys))
        }
        for id in ids { table[id] = nil }
        #expect(table.isEmpty && table.entries.isEmpty)
    }

    /// `unretained` finds what the subscript finds, and adds no reference; a removed stream
    /// (and one shifted back by the removal) is held by the table no more.
    @Test func unretainedAndRemovedStreamsHoldNothing() {
        var table = HTTP2StreamTable()
        var streams: [Int32: HTTP2Stream] = [:]
        for id: Int32 in stride(from: 1, through: 61, by: 2) {
            streams[id] = Self.stream()
            table[id] = streams[id]
        }
        for (id, stream) in streams { #expect(table.unretained(id)?.takeUnretainedValue() === stream) }
        #expect(table.unretained(2) == nil && table.unretained(0) == nil && table.unretained(-3) == nil)
        weak let removed = streams[29]
        streams[29] = nil
        #expect(removed != nil)
        #expect(table.removeValue(forKey: 29) != nil)
        #expect(removed == nil)  // the table let go of it: no copy left in a slot
        for id in streams.keys.sorted() {
            var held = streams.removeValue(forKey: id)!
            #expect(table[id] === held)
            #expect(!isKnownUniquelyReferenced(&held))  // the table's reference
            table.removeValue(forKey: id)
            #expect(isKnownUniquelyReferenced(&held))
        }
        #expect(table.isEmpty)
    }

    /// `entries` is a snapshot: streams may be removed while it is walked.
    @Test func entriesAreASnapshot() {
        var table = HTTP2StreamTable()
        for id: Int32 in [1, 3, 5, 101] { table[id] = Self.stream() }
        for (id, _) in table.entries { table.removeValue(forKey: id) }
        #expect(table.isEmpty)
    }
}
