/// Indented output, for people (`timeline-layout layout --pretty`, golden files): the bytes
/// JSONEncoder writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` — two
/// spaces per level, `"key" : value`, each member and element on a line of its own, an
/// object's members sorted by the UTF-8 bytes of their keys — except that an empty array or
/// object is written `[]` or `{}`. The values, numbers and escapes are the compact ones.
///
/// Members are written in the caller's order and sorted when their object closes: the writer
/// keeps where each member starts and moves whole members (an inner object is sorted before
/// its outer one, and sorting keeps a member's length, so recorded offsets stay valid).
extension JSONByteWriter {
    /// What indented output keeps while writing.
    struct Indentation: Sendable {
        /// One member of an open object: where it starts (its comma, else its line break) and
        /// where its quoted key is.
        struct Member: Sendable {
            var start: Int
            var keyStart: Int
            var keyEnd: Int
        }

        /// Open containers.
        var depth = 0
        /// A key was just written: its value follows on the same line.
        var afterKey = false
        /// For each open container, its members so far (none for an array).
        var members: [[Member]] = []
    }

    /// Before a key, or a value that is not a member's: the comma that is due, a line break
    /// and the indentation (nothing for the document's value, nor after a key).
    @usableFromInline
    mutating func breakLine() {
        guard let state = indentation else { return }
        if state.afterKey {
            indentation?.afterKey = false
            return
        }
        guard state.depth > 0 else { return }
        let comma = needsComma
        needsComma = false
        newLine(depth: state.depth, comma: comma)
    }

    /// A key and ` : `, its member recorded for sorting.
    @usableFromInline
    mutating func writeIndentedKey(_ utf8: UnsafeBufferPointer<UInt8>) {
        let start = length
        breakLine()
        let keyStart = length
        write(reserving: utf8.count &* 6 &+ 5, separated: false) { output in
            var written = Self.quote(utf8, into: output)
            for byte in [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")] {
                output[written] = byte
                written &+= 1
            }
            return written
        }
        needsComma = false
        indentation?.afterKey = true
        // Keys are written inside objects only, each of which has its entry (mutated in place).
        if let open = indentation?.members.indices.last {
            indentation?.members[open].append(Indentation.Member(start: start, keyStart: keyStart, keyEnd: length - 3))
        }
    }

    /// After an opening bracket.
    @usableFromInline
    mutating func openLevel() {
        indentation?.depth += 1
        indentation?.members.append([])
    }

    /// Before a closing bracket: the object's members sorted, then the line break and
    /// indentation of the bracket (none in an empty container).
    @usableFromInline
    mutating func closeLevel() {
        guard let members = indentation?.members.popLast() else { return }
        indentation?.depth -= 1
        indentation?.afterKey = false
        sort(members)
        if needsComma { newLine(depth: indentation?.depth ?? 0, comma: false) }
    }

    /// Puts the members of the object being closed in the order of their keys' bytes.
    private mutating func sort(_ members: [Indentation.Member]) {
        guard members.count > 1, let first = members.first else { return }
        let text = UnsafeBufferPointer(start: base, count: length)
        func key(_ member: Indentation.Member) -> Slice<UnsafeBufferPointer<UInt8>> {
            text[(member.keyStart + 1)..<(member.keyEnd - 1)]
        }
        let order = members.indices.sorted { key(members[$0]).lexicographicallyPrecedes(key(members[$1])) }
        guard order != Array(members.indices) else { return }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(length - first.start)
        for index in order {
            // A member after the first starts with its comma: the sorted ones get theirs anew.
            let start = members[index].start + (index == 0 ? 0 : 1)
            let end = index + 1 < members.count ? members[index + 1].start : length
            if !sorted.isEmpty { sorted.append(UInt8(ascii: ",")) }
            sorted += text[start..<end]
        }
        // The members keep their lengths and one comma between each two: the same bytes, moved.
        assert(sorted.count == length - first.start, "sorting changed an object's length")
        sorted.withUnsafeBufferPointer { moved in
            // Not nil: an object of two members or more holds bytes.
            guard let source = moved.baseAddress else { return }
            (base + first.start).update(from: source, count: moved.count)
        }
    }

    /// A comma when `comma`, a line break, and the indentation of `depth` levels.
    private mutating func newLine(depth: Int, comma: Bool) {
        let spaces = 2 &* depth
        reserve(spaces &+ 2)
        if comma { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\n"))
        for _ in 0..<spaces { append(UInt8(ascii: " ")) }
    }

    /// Room for `count` more bytes.
    private mutating func reserve(_ count: Int) {
        if length &+ count > capacity { grow(toHold: count) }
    }

    /// One byte, in room already reserved.
    private mutating func append(_ byte: UInt8) {
        base[length] = byte
        length &+= 1
    }
}
