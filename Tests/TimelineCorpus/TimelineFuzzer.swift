import Foundation

/// SplitMix64: a small, seeded, reproducible generator for the differential fuzz test.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutated timelines for the differential test: small documents cut from the samples and
/// wrapped in each of the four envelopes (`TimelineEnvelope`), with byte flips, truncations,
/// type swaps of the fields the readers know, random statuses (every picture shape), cards,
/// options and variants, and duplicate keys.
package struct TimelineFuzzer {
    package var random: SeededGenerator
    package let seeds: [[UInt8]]

    package init(random: SeededGenerator, seeds: [[UInt8]]) {
        self.random = random
        self.seeds = seeds
    }

    static let knownKeys = [
        "id", "idstr", "pic_urls", "thumbnail_pic", "pic_ids", "pic_infos", "retweeted_status", "url", "width",
        "height", "type", "keep_size", "thumbnail", "bmiddle", "large", "largest", "original", "statuses", "options",
        "data", "list", "cards", "card_group", "mblog", "pics", "pic_num", "pid", "geo", "ok", "variants",
    ]
    static let replacements = [
        "null", "true", "false", "0", "-0", "-1", "1.5", "440", "1e400", "1e-400", "0e5", "2.5E+2", "\"0\"",
        "\"440\"", "\" 12\"", "\"1e3\"", "\"true\"", "\"TRUE\"", "\"abc\"", "\"\"", "[]", "[1,\"a\",null,{}]", "{}",
        "{\"thumbnail_pic\":\"http://wx1.sinaimg.cn/thumbnail/a.gif\"}", "12345678901234567890123", "1.0",
        "18446744073709551615", "-9223372036854775808", "\"\\u0041\\/\"", "[\"p1\",\"p2\"]",
        "{\"p1\":{\"bmiddle\":{\"url\":\"http://x/bmiddle/p1.jpg\",\"width\":\"300\",\"height\":1000}},\"p1\":3}",
        "{\"bmiddle\":{\"url\":\"u\",\"width\":3,\"height\":10},\"keep_size\":1}",
        "[{\"pid\":\"0123456789abcdefghijkg\",\"url\":\"http://x/orj360/a.jpg\",\"geo\":{\"width\":\"3\",\"height\":10}}]",
        "{\"1\":{\"url\":\"http://x/orj360/b.jpg\",\"large\":{\"url\":\"l\",\"geo\":{\"width\":1,\"height\":\"5\"}}},"
            + "\"0\":{\"url\":\"a\",\"type\":\"GIF\"},\"x\":{}}",
        "{\"mblog\":{\"idstr\":\"m\",\"pic_ids\":[\"p\"]}}", "[{\"card_group\":[{\"mblog\":{\"id\":5}},3]}]",
        "\"13\"", "13", "9.0",
    ]

    /// Documents of one to three statuses from each sample (wherever its envelope keeps
    /// them), in each envelope in turn, compact or pretty-printed.
    package static func seeds(from samples: [[UInt8]]) throws -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        for sample in samples {
            let top = try JSONSerialization.jsonObject(with: Data(sample)) as? [String: Any] ?? [:]
            let data = top["data"] as? [String: Any] ?? [:]
            let cards = data["cards"] as? [[String: Any]] ?? []
            let statuses =
                top["statuses"] as? [Any] ?? data["list"] as? [Any] ?? cards.compactMap { $0["mblog"] }
            for start in stride(from: 0, to: statuses.count, by: 3) {
                let slice = Array(statuses[start..<min(start + 1 + start % 3, statuses.count)])
                let wrapped = slice.map { ["card_type": 9, "mblog": $0] as [String: Any] }
                let document: Any =
                    switch start % 6 {
                    case 0: ["statuses": slice, "total_number": 3]
                    case 1: slice
                    case 2: ["ok": 1, "data": ["list": slice, "total": 3]]
                    case 3: ["data": ["statuses": slice], "options": ["scale": 3]]
                    case 4: ["ok": 1, "data": ["cards": wrapped + [["card_type": 58]]]]
                    default: ["cards": [["card_type": 11, "card_group": wrapped]]]
                    }
                let options: JSONSerialization.WritingOptions = start % 2 == 0 ? [.prettyPrinted] : []
                seeds.append(Array(try JSONSerialization.data(withJSONObject: document, options: options)))
            }
        }
        return seeds
    }

    package mutating func next() -> [UInt8] {
        var document = seeds[Int.random(in: 0..<seeds.count, using: &random)]
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2: flipBytes(&document)
        case 3: document = Array(document.prefix(Int.random(in: 0...document.count, using: &random)))
        case 4...6: for _ in 0...Int.random(in: 0...2, using: &random) { swapType(&document) }
        case 7: document = randomTimeline()
        case 8:
            let timeline = String(decoding: randomTimeline(), as: UTF8.self)
            let envelope = pick([
                "\"statuses\":\(timeline)", "\"data\":{\"list\":\(timeline)}", "\"data\":{\"statuses\":\(timeline)}",
                "\"data\":{\"cards\":[{\"mblog\":\(timeline)}]}", "\"cards\":\(timeline)", "\"ok\":0,\"msg\":\"x\"",
            ])
            // `options`, `variants` (now and then with `options` too: a 422 both readers must see).
            let beside =
                switch Int.random(in: 0..<4, using: &random) {
                case 0: "\"variants\":\(randomVariants())"
                case 1: "\"options\":\(randomOptions()),\"variants\":\(randomVariants())"
                default: "\"options\":\(randomOptions())"
                }
            document = Array("{\(envelope),\(beside)}".utf8)
        default: duplicateKey(&document)
        }
        return document
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &random)]
    }

    private mutating func flipBytes(_ document: inout [UInt8]) {
        let palette = Array("{}[]\",:0123456789-.eE \\tfnu".utf8)
        for _ in 0...Int.random(in: 0...2, using: &random) where !document.isEmpty {
            let byte = Bool.random(using: &random) ? pick(palette) : UInt8.random(in: 0...255, using: &random)
            document[Int.random(in: 0..<document.count, using: &random)] = byte
        }
    }

    /// Replaces the value of one occurrence of a known key by a value of another type.
    private mutating func swapType(_ document: inout [UInt8]) {
        let key = Array("\"\(pick(Self.knownKeys))\"".utf8)
        var starts: [Int] = []
        var index = 0
        while index + key.count <= document.count {
            if document[index..<index + key.count].elementsEqual(key) { starts.append(index + key.count) }
            index += 1
        }
        guard !starts.isEmpty else { return }
        var start = pick(starts)
        while start < document.count, document[start] == 0x20 || document[start] == 0x0A { start += 1 }
        guard start < document.count, document[start] == UInt8(ascii: ":") else { return }
        start += 1
        while start < document.count, document[start] == 0x20 || document[start] == 0x0A { start += 1 }
        let end = Self.valueEnd(document, from: start)
        document.replaceSubrange(start..<end, with: Array(pick(Self.replacements).utf8))
    }

    /// Where the value at `start` ends: strings to their closing quote, containers to their
    /// matching bracket (strings inside skipped), scalars to the next delimiter.
    static func valueEnd(_ document: [UInt8], from start: Int) -> Int {
        var index = start
        var depth = 0
        var inString = false
        while index < document.count {
            let byte = document[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                if !inString, depth == 0 { return index + 1 }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if depth == 0, byte == UInt8(ascii: ",") || byte == 0x20 || byte == 0x0A {
                return index
            }
            index += 1
        }
        return index
    }

    /// Puts a `"key": value` member, with another value, before the first occurrence of a key.
    private mutating func duplicateKey(_ document: inout [UInt8]) {
        let key = "\"\(pick(Self.knownKeys))\""
        guard let range = String(decoding: document, as: UTF8.self).range(of: key) else { return }
        let offset = String(decoding: document, as: UTF8.self)[..<range.lowerBound].utf8.count
        let member = Array("\(key):\(pick(Self.replacements)),".utf8)
        document.insert(contentsOf: member, at: offset)
    }

    private mutating func randomTimeline() -> [UInt8] {
        let statuses = (0..<Int.random(in: 0...3, using: &random)).map { _ in randomStatus(depth: 0) }
        return Array("[\(statuses.joined(separator: ","))]".utf8)
    }

    private mutating func randomStatus(depth: Int) -> String {
        var members: [String] = []
        for key in ["id", "idstr", "pic_urls", "thumbnail_pic", "pic_ids", "pic_infos", "pics", "pic_num", "text"]
        where Bool.random(using: &random) {
            members.append("\"\(key)\":\(pick(Self.replacements))")
        }
        if depth == 0, Bool.random(using: &random) {
            members.append("\"retweeted_status\":\(randomStatus(depth: 1))")
        }
        return "{\(members.shuffled(using: &random).joined(separator: ","))}"
    }

    /// `variants`: mostly an object of zero to ten option sets (names good, bad, escaped or
    /// repeated), now and then a value of another type.
    private mutating func randomVariants() -> String {
        if Int.random(in: 0..<8, using: &random) == 0 { return pick(["null", "[]", "3", "\"a\""]) }
        let names = [
            "ios3x", "web", "android", "a b", "", "ios@2x.v-1_", "n\\u0031", "n1", String(repeating: "x", count: 33),
            "a/b~c",
        ]
        let members = (0..<Int.random(in: 0...10, using: &random)).map { _ in
            "\"\(pick(names))\":\(randomOptions())"
        }
        return "{\(members.joined(separator: ","))}"
    }

    private mutating func randomOptions() -> String {
        let values = [
            "null", "\"classic\"", "\"adaptive\"", "3", "2.5", "-1", "1e400", "\"2\"", "{}", "[]", "true",
            "{\"width\":28,\"height\":18}", "{\"width\":\"28\",\"height\":18}", "{\"width\":28}",
            // Stray names inside a size: unknown, a side given twice, both.
            "{\"width\":28,\"heigth\":18}", "{\"width\":28,\"width\":18}", "{\"h\":1,\"height\":2,\"height\":\"x\"}",
        ]
        let keys = [
            "style", "item_size", "spacing", "max_items", "content_width", "scale", "badge_size", "play_badge_size",
            "other", "maxItems",
        ]
        if Int.random(in: 0..<8, using: &random) == 0 { return pick(values) }
        var members = keys.filter { _ in Bool.random(using: &random) }.map { "\"\($0)\":\(pick(values))" }
        // A name given twice, now and then (the readers must both see it).
        if !members.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
            let repeated = pick(members)
            members.append(String(repeated.prefix { $0 != ":" }) + ":" + pick(values))
        }
        return "{\(members.joined(separator: ","))}"
    }
}

extension TimelineFuzzer {
    /// The corpus the byte-loop-against-tokens tests share: the samples, `mutated` documents of a
    /// fuzzer seeded with `fuzzerSeed`, and `random` random JSON values (`randomSeed`), half of
    /// them with one byte replaced by a grammar character (broken structure).
    package static func corpus(
        samples: [[UInt8]], fuzzerSeed: UInt64, randomSeed: UInt64, mutated: Int, random count: Int
    )
        throws -> [[UInt8]]
    {
        var fuzzer = TimelineFuzzer(random: SeededGenerator(seed: fuzzerSeed), seeds: try seeds(from: samples))
        var random = SeededGenerator(seed: randomSeed)
        var documents = samples
        for _ in 0..<mutated { documents.append(fuzzer.next()) }
        for _ in 0..<count {
            var document = Array(RandomJSON.value(depth: 5, random: &random).utf8)
            if random.next() % 2 == 0, !document.isEmpty {
                let grammar = Array("{}[]:,\" 1".utf8)
                document[Int(random.next() % UInt64(document.count))] = grammar[Int(random.next() % 9)]
            }
            documents.append(document)
        }
        return documents
    }
}
