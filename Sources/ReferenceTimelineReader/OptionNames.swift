import Foundation
import PhotoLayout

/// The member names of a document's `options` object (or `variants` and each of its option
/// sets), and of the size options inside it, in document order, repeats included: what
/// `JSONDecoder` cannot tell (its containers keep one value per name), found by a scan of its
/// own.
///
/// Only the structure is followed (strings with their escapes, nesting); each name is decoded
/// by `JSONSerialization`. The first top-level `options` member is the one read (the first
/// `variants`, and the first member of each name in it), and the first of each size option in
/// it, as `JSONDecoder` and the byte reader read the first. The scan stays within the bytes
/// whatever they hold; its answer is meaningful for a document `JSONDecoder` accepts.
enum OptionNames {
    /// The names of the top-level object's first `options` member when it is an object;
    /// empty otherwise.
    static func names(in data: Data) -> [String] {
        names(in: data, at: ["options"]) ?? []
    }

    /// The names of the object at `path` (each step the first member of that name), in
    /// document order; `nil` when there is no object there.
    static func names(in data: Data, at path: [String]) -> [String]? {
        let bytes = [UInt8](data)
        guard let object = object(bytes, at: path) else { return nil }
        return members(bytes, objectAt: object).map(\.name)
    }

    /// For each size option (`RawGridOptions.sizeNames`) whose first occurrence in the options
    /// object at `path` is an object, the names of that object's members.
    static func sizeMembers(in data: Data, at path: [String] = ["options"]) -> [String: [String]] {
        let bytes = [UInt8](data)
        guard let options = object(bytes, at: path) else { return [:] }
        var result: [String: [String]] = [:]
        for (name, value) in members(bytes, objectAt: options)
        where RawGridOptions.sizeNames.contains(name) && result[name] == nil {
            result[name] =
                value < bytes.count && bytes[value] == UInt8(ascii: "{")
                ? members(bytes, objectAt: value).map(\.name) : []
        }
        return result.filter { !$0.value.isEmpty }
    }

    /// Where the `{` of the object at `path` is: from the top-level object, each step the
    /// first member of that name, which must be an object.
    private static func object(_ bytes: [UInt8], at path: [String]) -> Int? {
        let index = skipSpace(bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var object = index
        for step in path {
            guard let value = members(bytes, objectAt: object).first(where: { $0.name == step })?.value,
                value < bytes.count, bytes[value] == UInt8(ascii: "{")
            else { return nil }
            object = value
        }
        return object
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

    /// Past the string whose `"` is at `start` (at most the end of the bytes).
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }
}
