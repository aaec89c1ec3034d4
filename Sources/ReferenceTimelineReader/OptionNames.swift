import Foundation

/// The member names of a document's `options` object, in document order, repeats included:
/// what `JSONDecoder` cannot tell (its containers keep one value per name), found by a scan
/// of its own over a document `JSONDecoder` has already accepted.
///
/// Only the structure is followed (strings with their escapes, nesting); each name is decoded
/// by `JSONSerialization`. The first top-level `options` member is the one read, as the
/// byte reader reads the first.
enum OptionNames {
    /// The names of the top-level object's first `options` member when it is an object;
    /// empty otherwise.
    static func names(in data: Data) -> [String] {
        let bytes = [UInt8](data)
        let index = skipSpace(bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return [] }
        for (name, value) in members(bytes, objectAt: index) where name == "options" {
            guard bytes[value] == UInt8(ascii: "{") else { return [] }
            return members(bytes, objectAt: value).map(\.name)
        }
        return []
    }

    /// Each member of the object whose `{` is at `start`: its decoded name and where its value
    /// starts.
    private static func members(_ bytes: [UInt8], objectAt start: Int) -> [(name: String, value: Int)] {
        var result: [(name: String, value: Int)] = []
        var index = skipSpace(bytes, from: start + 1)
        while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(bytes, from: index)
            let name =
                (try? JSONSerialization.jsonObject(with: Data(bytes[index..<keyEnd]), options: [.fragmentsAllowed]))
                as? String ?? ""
            index = skipSpace(bytes, from: keyEnd)
            index = skipSpace(bytes, from: index + 1)  // the `:`
            result.append((name, index))
            index = skipSpace(bytes, from: valueEnd(bytes, from: index))
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index = skipSpace(bytes, from: index + 1) }
        }
        return result
    }

    /// Past the value starting at `start` (at the `,` or `}` after it).
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = stringEnd(bytes, from: index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return index
    }

    /// Past the string whose `"` is at `start`.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index + 1
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }
}
