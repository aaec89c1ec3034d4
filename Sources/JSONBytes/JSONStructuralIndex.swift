internal import CJSONStructural

/// Stage 1 of the scanner (`CJSONStructural`, after simdjson): one pass, 64 bytes at a time,
/// that marks where every token outside strings starts (`{ } [ ] : ,`, a string's opening
/// quote, a number's or literal's first byte) and checks what is inside strings: UTF-8,
/// control characters and escapes, closed strings (and no control character outside them).
/// `JSONScanner` then skips values by walking those marks (`skipValue`), checking the grammar
/// and the spelling of each number and literal it passes, instead of reading their bytes.
package enum JSONStructuralIndex {
    /// The implementations of the classification step.
    package enum Path: Int, CaseIterable, Sendable {
        case scalar, sse2, avx2, neon, avx512

        fileprivate var cValue: cjs_path {
            switch self {
            case .scalar: CJS_PATH_SCALAR
            case .sse2: CJS_PATH_SSE2
            case .avx2: CJS_PATH_AVX2
            case .neon: CJS_PATH_NEON
            case .avx512: CJS_PATH_AVX512
            }
        }

        /// Whether this path is built into the binary and runs on this CPU.
        package var isAvailable: Bool { cjs_path_available(cValue) != 0 }
    }

    /// What stage 1 found: `valid`, or of the problems it found the first in this order.
    package enum Outcome: Int32, Sendable {
        case valid = 0
        case invalidUTF8 = 1
        case controlCharacter = 2
        case invalidEscape = 3
        case unterminatedString = 4
        /// A control character outside strings other than whitespace (numbers and literals
        /// are checked by the walks over the masks, not here).
        case invalidScalar = 5
        case unavailable = -1
    }

    /// The fastest path this CPU runs (AVX-512, AVX2 or SSE2 on x86-64, NEON on arm64).
    package static let bestPath: Path = Path(rawValue: Int(cjs_best_path().rawValue)) ?? .scalar

    /// The deepest nesting `skipValue` follows (the scanner's `maximumDepth`).
    package static let maximumDepth = Int(CJS_MAXIMUM_DEPTH)

    /// Skips the value whose first token starts at `offset` (no whitespace before it) in the
    /// `count` bytes at `bytes`, which passed stage 1 with masks `tokens`: the grammar is
    /// checked from token to token, with at most `room` containers open at once. Returns the
    /// offset of the next token after the value (`count` when none is left), or `nil` where the
    /// grammar breaks.
    @inline(__always)
    package static func skipValue(
        in bytes: UnsafePointer<UInt8>, count: Int, tokens: UnsafePointer<UInt64>, from offset: Int, room: Int
    ) -> Int? {
        let end = cjs_skip_value(bytes, count, tokens, offset, room)
        return end < 0 ? nil : end
    }

    /// Whether the token at `offset` (a number's or literal's first byte) is a number, `true`,
    /// `false` or `null` as RFC 8259 spells it, ended by the document's end, whitespace or
    /// punctuation: what stage 1 leaves to the walks over its masks.
    @inline(__always)
    package static func isValidScalar(in bytes: UnsafePointer<UInt8>, count: Int, at offset: Int) -> Bool {
        cjs_valid_scalar_at(bytes, count, offset) != 0
    }

    /// The offset of the first token at or after `offset`, or `count` when none is left (also
    /// when `offset` is `count` or more: no mask word is read past the last).
    @inline(__always)
    package static func nextToken(in tokens: UnsafePointer<UInt64>, count: Int, from offset: Int) -> Int {
        guard offset < count else { return count }
        var word = offset &>> 6
        var bits = tokens[word] & (~0 << UInt64(offset & 63))
        let words = wordCount(for: count)
        while bits == 0 {
            word &+= 1
            guard word < words else { return count }
            bits = tokens[word]
        }
        return word &<< 6 | bits.trailingZeroBitCount
    }

    /// Where `nextMember` stopped.
    package enum MemberStop: Sendable, Equatable {
        /// A member to read: the position is its value, `field` its key's index in the set.
        case field(Int)
        /// The object's `}`: the position is on it.
        case end
        /// A member left to the caller's byte loop (a key with escapes, or a grammar error in
        /// the member): the position is its key's opening quote.
        case key
        /// The grammar breaks after a value: the position is where the caller's "after a
        /// member" step (`nextMember()`) resumes to find how.
        case afterValue
    }

    /// Walks the members of an object by the token masks of a document that passed stage 1,
    /// from a key's opening quote at `position` (or, with `afterValue`, from right after a
    /// member's value), skipping the members whose key is not in `table` (see
    /// `JSONKeySet.walkTable`) or is in `seen`, until a member to read, the object's end, or
    /// something left to the caller (`MemberStop`). `position`, `seen` (the field found added)
    /// and `skipped` (values skipped, added) are updated; skipped containers may open at most
    /// `room` levels.
    @inline(__always)
    package static func nextMember(
        in bytes: UnsafePointer<UInt8>, count: Int, tokens: UnsafePointer<UInt64>, table: UnsafePointer<UInt64>,
        keyCount: Int, room: Int, afterValue: Bool, position: inout Int, seen: inout UInt64, skipped: inout Int
    ) -> MemberStop {
        var state = cjs_members(position: position, seen: seen, skipped: skipped, field: 0)
        // Without the stack protector Swift puts on a function that passes a local's address
        // (a canary stored and checked on every call, once per member read): the walk writes
        // only the fields of `state`.
        let stop = _withUnprotectedUnsafeMutablePointer(to: &state) { state in
            cjs_next_member(bytes, count, tokens, table, keyCount, room, afterValue ? 1 : 0, state)
        }
        position = state.position
        seen = state.seen
        skipped = state.skipped
        switch stop {
        case CJS_MEMBER_FIELD: return .field(state.field)
        case CJS_MEMBER_END: return .end
        case CJS_MEMBER_KEY: return .key
        default: return .afterValue
        }
    }

    /// Walks the object whose first key's opening quote is at `offset` as `nextMember` would
    /// member after member, passing over the wanted values too (`cjs_gather_members`): writes
    /// each wanted member's `value << 8 | field` to `entries` (room for `keyCount`), and
    /// returns their number, the offset of the object's `}` and the values skipped; `nil`
    /// where `nextMember` would stop on a key or after a value.
    @inline(__always)
    package static func gatherMembers(
        in bytes: UnsafePointer<UInt8>, count: Int, tokens: UnsafePointer<UInt64>, table: UnsafePointer<UInt64>,
        keyCount: Int, room: Int, from offset: Int, into entries: UnsafeMutablePointer<UInt64>
    ) -> (found: Int, end: Int, skipped: Int)? {
        var end = 0
        var skipped = 0
        // Without the stack protector (see `nextMember`): the walk writes only these two.
        let found = _withUnprotectedUnsafeMutablePointer(to: &end) { end in
            _withUnprotectedUnsafeMutablePointer(to: &skipped) { skipped in
                cjs_gather_members(bytes, count, tokens, table, keyCount, room, offset, entries, end, skipped)
            }
        }
        return found < 0 ? nil : (found, end, skipped)
    }

    /// `gatherMembers` that also gathers, in the same walk, the wanted values of the fields in
    /// `nestedFields` (bit n for field n) that are objects with a member, for the keys of
    /// `innerTable` (`cjs_gather_nested`): for entry i, word 9·i of `inner` is
    /// `closing << 8 | found` (that object's `}` and its number of entries, which follow in
    /// words 9·i + 1 …) or `notGathered`. `nil` where `gatherMembers` would give `nil` or the
    /// inner walk would.
    @inline(__always)
    package static func gatherMembers(
        in bytes: UnsafePointer<UInt8>, count: Int, tokens: UnsafePointer<UInt64>, table: UnsafePointer<UInt64>,
        keyCount: Int, room: Int, from offset: Int, into entries: UnsafeMutablePointer<UInt64>,
        nesting nestedFields: UInt64, innerTable: UnsafePointer<UInt64>, innerKeyCount: Int,
        inner: UnsafeMutablePointer<UInt64>
    ) -> (found: Int, end: Int, skipped: Int)? {
        var end = 0
        var skipped = 0
        var nested = cjs_nested(fields: nestedFields, table: innerTable, key_count: innerKeyCount, inner: inner)
        // Without the stack protector (see `nextMember`): the walk writes only these two.
        let found = _withUnprotectedUnsafeMutablePointer(to: &end) { end in
            _withUnprotectedUnsafeMutablePointer(to: &skipped) { skipped in
                _withUnprotectedUnsafeMutablePointer(to: &nested) { nested in
                    cjs_gather_nested(
                        bytes, count, tokens, table, keyCount, room, offset, nested, entries, end, skipped)
                }
            }
        }
        return found < 0 ? nil : (found, end, skipped)
    }

    /// Runs the baseline build of the grammar walks (`skipValue`, `nextMember`, `gatherMembers`)
    /// from now on when `baseline`, else the build the CPU allows (on x86-64 with BMI1 and
    /// BMI2, the one compiled for them): both give the same results, which tests compare.
    package static func useBaselineWalks(_ baseline: Bool) {
        cjs_walks_choose(baseline ? 1 : 0)
    }

    /// What `gatherMembers(…nesting:…)` writes for an entry whose value it did not gather.
    package static var notGathered: UInt64 { .max }

    /// The number of 64-bit mask words for a document of `count` bytes.
    package static func wordCount(for count: Int) -> Int { cjs_token_words(count) }

    /// Runs stage 1 over `bytes`, writing `wordCount(for: bytes.count)` words to `tokens`
    /// (bit i of word w: byte 64·w + i starts a token); the bytes before `start` (a byte order
    /// mark) are read as spaces. The masks are complete only when the outcome is `.valid`; an
    /// invalid document's outcome is the first of its problems in the order of `Outcome`, the
    /// same on every path.
    /// With `escapes`, also writes `escapeWordCount(for: bytes.count)` words there: bit b of
    /// word w set when block 64·w + b holds a byte escaped inside a string (a string in blocks
    /// without one has no escapes; `cjs_structural_tokens_marking`).
    package static func tokens(
        of bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, into tokens: UnsafeMutablePointer<UInt64>,
        escapes: UnsafeMutablePointer<UInt64>? = nil, path: Path = bestPath
    ) -> Outcome {
        guard let base = bytes.baseAddress else { return .valid }
        let status = cjs_structural_tokens_marking(base, bytes.count, start, tokens, escapes, path.cValue)
        return Outcome(rawValue: status.rawValue) ?? .unavailable
    }

    /// The number of words of the escape map for a document of `count` bytes.
    package static func escapeWordCount(for count: Int) -> Int { cjs_escape_words(count) }
}
