/// Random JSON text: valid by construction.
package enum RandomJSON {
    package static func value(depth: Int, random: inout SeededGenerator) -> String {
        let kind = random.next() % (depth > 0 ? 7 : 4)
        switch kind {
        case 0: return string(random: &random)
        case 1: return ["0", "-12", "3.25", "1e9", "-0.5E-3", "4503599627370496", "7"][Int(random.next() % 7)]
        case 2: return ["true", "false", "null"][Int(random.next() % 3)]
        case 3: return string(random: &random)
        case 4, 5:
            let members = (0..<Int(random.next() % 5)).map { _ in
                string(random: &random) + (random.next() % 2 == 0 ? ":" : " : ")
                    + value(depth: depth - 1, random: &random)
            }
            return "{" + members.joined(separator: random.next() % 2 == 0 ? "," : ",\n  ") + "}"
        default:
            let elements = (0..<Int(random.next() % 5)).map { _ in value(depth: depth - 1, random: &random) }
            return "[" + elements.joined(separator: ", ") + "]"
        }
    }

    package static func string(random: inout SeededGenerator) -> String {
        let parts = [
            "a", "bc", "中文", "é", "😀", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "/", " ", "http://x/y",
        ]
        let count = Int(random.next() % 8)
        return "\"" + (0..<count).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined() + "\""
    }
}
