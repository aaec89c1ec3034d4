import Foundation
import JSONBytes

extension JSONSyntaxError {
    /// The 400-class `InputError` for this position: the byte offset, and the 1-based line and
    /// column (in bytes) counted in `bytes`, the document the offset refers to; its one
    /// problem is at the JSON pointer of the value the offset falls in (`syntaxPointer`).
    package func inputError(in bytes: UnsafeRawBufferPointer) -> InputError {
        let (line, column) = lineAndColumn(in: bytes)
        let place = "byte \(offset) (line \(line), column \(column))"
        return InputError(
            kind: .malformed,
            detail: "malformed JSON at \(place): \(message)",
            problems: [
                InputError.Problem(
                    pointer: Self.syntaxPointer(at: offset, in: bytes), detail: "malformed JSON at \(place): \(message)"
                )
            ]
        )
    }

    /// The JSON pointer of the value whose bytes hold `offset`, as far as the document before
    /// it tells: each open object gives the key whose value is being read (none while its
    /// key is being read), each open array the index of its current element; `#` at the top.
    /// Found by one walk over `bytes[..<offset]` that follows only strings and brackets, so it
    /// holds whatever the syntax error is.
    static func syntaxPointer(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        struct Level {
            var isObject: Bool
            var key: String?
            var index = 0
        }
        var levels: [Level] = []
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                var close = index + 1
                while close < end, bytes[close] != UInt8(ascii: "\"") {
                    close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                if close < end, let last = levels.indices.last, levels[last].isObject, levels[last].key == nil {
                    levels[last].key = Self.key(bytes[index...close])
                }
                index = close
            case UInt8(ascii: "{"): levels.append(Level(isObject: true))
            case UInt8(ascii: "["): levels.append(Level(isObject: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !levels.isEmpty { levels.removeLast() }
            case UInt8(ascii: ","):
                if let last = levels.indices.last {
                    if levels[last].isObject { levels[last].key = nil } else { levels[last].index += 1 }
                }
            default: break
            }
            index += 1
        }
        return JSONPointer.fragment(
            levels.compactMap { level in level.isObject ? level.key : String(level.index) })
    }

    /// A key's text from its quoted bytes (escapes decoded when they are valid JSON).
    private static func key(_ quoted: Slice<UnsafeRawBufferPointer>) -> String {
        let data = Data(quoted)
        if quoted.contains(UInt8(ascii: "\\")),
            let text = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? String
        {
            return text
        }
        return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
    }
}
