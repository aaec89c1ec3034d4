import Foundation
import JSONBytes
import Testing
import TimelineCorpus

/// The token starts of `bytes` found one byte at a time, as a mask per 64 bytes: the reference
/// every path of stage 1 is compared with (for documents that pass stage 1).
private func referenceTokens(_ bytes: [UInt8]) -> [UInt64] {
    var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
    var inString = false
    var escaped = false
    var inScalar = false
    for (offset, byte) in bytes.enumerated() {
        let bit: UInt64 = 1 << UInt64(offset % 64)
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""):
            masks[offset / 64] |= bit
            inString = true
            inScalar = false
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
            UInt8(ascii: ","):
            masks[offset / 64] |= bit
            inScalar = false
        case 0x20, 0x0A, 0x0D, 0x09:
            inScalar = false
        default:
            if !inScalar { masks[offset / 64] |= bit }
            inScalar = true
        }
    }
    return masks
}

/// The escape map of a valid document, byte by byte: bit b for a block holding a backslash.
private func referenceEscapes(_ bytes: [UInt8]) -> [UInt64] {
    var map = [UInt64](repeating: 0, count: JSONStructuralIndex.escapeWordCount(for: bytes.count))
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\\") {
        map[offset / 4096] |= 1 << UInt64(offset / 64 % 64)
    }
    return map
}

/// Stage 1 of `bytes` on `path`: its outcome and masks (the escape map after them).
private func stage1(_ bytes: [UInt8], _ path: JSONStructuralIndex.Path) -> (JSONStructuralIndex.Outcome, [UInt64]) {
    let wordCount = JSONStructuralIndex.wordCount(for: bytes.count)
    var masks = [UInt64](repeating: 0, count: wordCount + JSONStructuralIndex.escapeWordCount(for: bytes.count))
    let outcome = bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeMutableBufferPointer { words in
            let base = words.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!
            return JSONStructuralIndex.tokens(of: buffer, into: base, escapes: base + wordCount, path: path)
        }
    }
    return (outcome, masks)
}

/// Stage 1 of `bytes` on `path`, then, when it passes, the grammar walk over its masks from the
/// root value (`skipValue`, which checks each number and literal it passes): `.invalidScalar`
/// when the walk refuses the document or ends before its end (here: a misspelled number or
/// literal, which stage 1 does not check), else stage 1's outcome.
private func walked(_ bytes: [UInt8], _ path: JSONStructuralIndex.Path) -> JSONStructuralIndex.Outcome {
    let (outcome, masks) = stage1(bytes, path)
    guard outcome == .valid else { return outcome }
    let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
    guard let root = bytes.firstIndex(where: { !whitespace.contains($0) }) else { return outcome }
    let end = bytes.withUnsafeBufferPointer { buffer in
        masks.withUnsafeBufferPointer { words in
            JSONStructuralIndex.skipValue(
                in: buffer.baseAddress!, count: bytes.count, tokens: words.baseAddress!, from: root,
                room: JSONStructuralIndex.maximumDepth)
        }
    }
    return end == bytes.count ? .valid : .invalidScalar
}

/// Every path this CPU runs, the scalar one first.
private let paths = JSONStructuralIndex.Path.allCases.filter(\.isAvailable)

/// Checks every path against the scalar one (outcome, and masks when valid) and, when the
/// document passes, against the byte-by-byte reference. (Not where the document has a backslash
/// and the walk refuses it: a backslash outside strings, which only a misspelled scalar holds,
/// escapes a quote after it in stage 1's masks, not in the reference's.)
private func checkPaths(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let (outcome, masks) = stage1(bytes, .scalar)
    if outcome == .valid, !bytes.contains(UInt8(ascii: "\\")) || walked(bytes, .scalar) == .valid {
        #expect(
            masks == referenceTokens(bytes) + referenceEscapes(bytes), "scalar path vs reference",
            sourceLocation: sourceLocation)
    }
    for path in paths where path != .scalar {
        let (pathOutcome, pathMasks) = stage1(bytes, path)
        #expect(pathOutcome == outcome, "\(path) outcome", sourceLocation: sourceLocation)
        if outcome == .valid {
            #expect(pathMasks == masks, "\(path) masks", sourceLocation: sourceLocation)
        }
    }
}

struct JSONStructuralIndexTests {
    /// This machine runs more than the scalar path (x86-64: SSE2 at least), so the SIMD code
    /// is what the comparisons below exercise, and the best path is one of them.
    @Test func simdPathsRunHere() {
        #if arch(x86_64) || arch(arm64)
            #expect(paths.count >= 2)
            #expect(JSONStructuralIndex.bestPath.isAvailable)
            #expect(JSONStructuralIndex.bestPath != .scalar)
        #endif
    }

    /// Each stage-1 problem is named: control character, escape, surrogate, unclosed string,
    /// UTF-8 (overlong, surrogate, truncated, stray continuation); a misspelled number or
    /// literal passes stage 1 and is refused by the walk.
    @Test(arguments: [
        ("[\"a\u{01}b\"]", JSONStructuralIndex.Outcome.controlCharacter),
        ("[\"a\tb\"]", .controlCharacter),
        ("[\"\\x\"]", .invalidEscape),
        ("[\"\\u12G4\"]", .invalidEscape),
        ("[\"\\ud800\"]", .invalidEscape),
        ("[\"\\udc00\"]", .invalidEscape),
        ("[\"\\ud800\\u0041\"]", .invalidEscape),
        ("[\"abc]", .unterminatedString),
        ("[01]", .invalidScalar),
        ("[1.]", .invalidScalar),
        ("[1e]", .invalidScalar),
        ("[-]", .invalidScalar),
        ("[tru]", .invalidScalar),
        ("[nulls]", .invalidScalar),
        ("[1x]", .invalidScalar),
        ("[@]", .invalidScalar),
        ("[\"\\ud83d\\ude00\", -0.5e+3, true, false, null, \"/\\\\\\\"\\b\\f\\n\\r\\t\"]", .valid),
    ])
    func namesEachProblem(document: String, expected: JSONStructuralIndex.Outcome) {
        let bytes = Array(document.utf8)
        for path in paths {
            #expect(walked(bytes, path) == expected, "\(path)")
            #expect(stage1(bytes, path).0 == (expected == .invalidScalar ? .valid : expected), "\(path) stage 1")
        }
        checkPaths(bytes)
    }

    /// Invalid UTF-8 anywhere (inside a string or out) fails stage 1 on every path.
    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0xB8], [0x80], [0xFF]])
    func refusesInvalidUTF8(sequence: [UInt8]) {
        let bytes = Array("[\"".utf8) + sequence + Array("\"]".utf8)
        for path in paths { #expect(stage1(bytes, path).0 == .invalidUTF8, "\(path)") }
    }

    /// Every class of invalid UTF-8 (overlong 2-, 3- and 4-byte forms, surrogates, above
    /// U+10FFFF, a lead byte JSON never has, sequences cut short by ASCII or by another lead, a
    /// stray or extra continuation) at every offset of the first three blocks, so across both
    /// edges: every path refuses it as UTF-8, and the valid forms next to them pass.
    @Test func everyUTF8ErrorAtEveryOffset() {
        let invalid: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x98],
            [0xE4, 0xE4, 0xB8, 0xAD], [0x80], [0xBF], [0xC3, 0xA9, 0x80], [0xE4, 0xB8, 0xAD, 0x80],
            [0xF0, 0x9F, 0x98, 0x80, 0x80],
        ]
        let valid: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xE4, 0xB8, 0xAD, 0xC3, 0xA9],
        ]
        for offset in 0..<140 {
            let before = Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: offset)
            for sequence in invalid + valid {
                let bytes = before + sequence + Array("b\"]".utf8)
                let expected: JSONStructuralIndex.Outcome = valid.contains(sequence) ? .valid : .invalidUTF8
                for path in paths {
                    #expect(stage1(bytes, path).0 == expected, "\(path) \(sequence) after \(offset + 2) bytes")
                }
                checkPaths(bytes)
            }
        }
    }

    /// A sequence cut short by the document's end, the end falling anywhere around the block
    /// edges (a block of exactly 64 bytes included): UTF-8 is the problem named, before the
    /// string left open.
    @Test func utf8CutByTheDocumentEnd() {
        for length in 60...132 {
            for sequence: [UInt8] in [[0xC3], [0xE4], [0xE4, 0xB8], [0xF0], [0xF0, 0x9F], [0xF0, 0x9F, 0x98]]
            where length > sequence.count + 1 {
                let bytes =
                    Array("\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: length - sequence.count - 1)
                    + sequence
                #expect(bytes.count == length)
                for path in paths {
                    #expect(stage1(bytes, path).0 == .invalidUTF8, "\(path) \(sequence) ending \(length)")
                }
                checkPaths(bytes)
            }
        }
    }

    /// UTF-8 deep in a document: valid and broken sequences around the edges of blocks 64, 65
    /// and 128 (where the AVX2 pass's rounds of kept checks end) and around the 16-byte lanes
    /// of the block after them, with an earlier block of non-ASCII text ending in a complete
    /// sequence, then ASCII blocks or none: the state a block's check carries to the next
    /// non-ASCII block (its last bytes) is the right one on every path, and every path names
    /// the expected outcome and agrees with the scalar path.
    @Test func utf8DeepInTheDocumentAfterASCIIBlocks() {
        let sequences: [(bytes: [UInt8], valid: Bool)] = [
            ([0xE4, 0xB8, 0xAD], true), ([0xF0, 0x9F, 0x98, 0x80], true), ([0xC3, 0xA9], true),
            ([0x80], false), ([0xBF, 0xBF], false), ([0xE4, 0xB8], false), ([0xF0, 0x9F, 0x98], false),
            ([0xED, 0xA0, 0x80], false), ([0xE0, 0x80, 0x80], false), ([0xC3, 0xA9, 0x80], false),
        ]
        for edge in [64 * 64, 65 * 64, 128 * 64] {
            for gap in [-60, 0, 200] {
                // A string's start, `…中文中`, ending `64 + gap` bytes before the edge: in the
                // block before it (four bytes before the edge), or one or four ASCII blocks
                // earlier.
                let text = Array("\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 30) + Array("中文中".utf8)
                let start = edge - 64 - gap - text.count
                for offset in [-3, -2, -1, 0, 1, 2, 13, 14, 15, 16, 17, 31, 32, 33, 47, 48, 49, 61, 62, 63, 64, 65] {
                    for (sequence, valid) in sequences {
                        var bytes = Array("[".utf8) + [UInt8](repeating: 0x20, count: start - 1) + text
                        bytes += [UInt8](repeating: UInt8(ascii: "b"), count: edge + offset - bytes.count)
                        bytes += sequence + Array("c\"]".utf8)
                        let expected: JSONStructuralIndex.Outcome = valid ? .valid : .invalidUTF8
                        for path in paths {
                            #expect(
                                stage1(bytes, path).0 == expected,
                                "\(path) \(sequence) at \(edge) + \(offset), ASCII gap \(gap)")
                        }
                        checkPaths(bytes)
                    }
                }
            }
        }
    }

    /// A document with several problems names the same one on every path: the first in the
    /// order of `Outcome` (UTF-8, control, escape, unclosed string, control outside strings),
    /// wherever each lies, since every path checks every block to the end; a misspelled number
    /// among them changes nothing in stage 1.
    @Test func severalProblemsNameTheSameOneOnEveryPath() {
        let problems: [[UInt8]] = [
            Array("[01]".utf8), Array("[\"\\x\"]".utf8), Array("[\"\u{01}\"]".utf8), [0x5B, 0x22, 0xE4, 0x22, 0x5D],
            Array("[\u{0C}]".utf8), Array("[\u{1A}]".utf8),
        ]
        for first in problems {
            for second in problems {
                for padding in [0, 40, 61, 62, 63, 64, 65, 130] {
                    let bytes =
                        Array("[".utf8) + first + Array(",".utf8) + [UInt8](repeating: 0x20, count: padding) + second
                        + Array(",\"open]".utf8)
                    checkPaths(bytes)
                }
            }
        }
        #expect(stage1(Array("[\"\\x\", 01, \"\u{01}\"]".utf8), JSONStructuralIndex.bestPath).0 == .controlCharacter)
        #expect(stage1(Array("[01, \"a".utf8), JSONStructuralIndex.bestPath).0 == .unterminatedString)
        #expect(stage1([0x5B, 0x30, 0x31, 0x2C, 0xFF, 0x5D], JSONStructuralIndex.bestPath).0 == .invalidUTF8)
    }

    /// Controls outside strings other than whitespace (form feed and 0x1A look like `,` and `:`
    /// to the AVX2 classification) are refused as what they are there: no number or literal.
    @Test func controlsOutsideStrings() {
        for control in (UInt8(0)..<0x20) where ![0x09, 0x0A, 0x0D].contains(control) {
            for padding in [0, 62, 63, 64] {
                let bytes = Array("[1,".utf8) + [UInt8](repeating: 0x20, count: padding) + [control] + Array("2]".utf8)
                for path in paths { #expect(stage1(bytes, path).0 == .invalidScalar, "\(path) \(control)") }
                #expect(stage1(bytes.map { $0 == control ? 0x20 : $0 }, .scalar).0 == .valid)
            }
        }
    }

    /// Numbers at every offset around the block edges, leading zeros and signs, fractions and
    /// exponents, digits cut by an edge: every one passes stage 1 (on every path, with the same
    /// masks), and the walk's quick checks (one digit before the next token, sixteen bytes of
    /// digits) agree with the full one.
    @Test func numbersAtBlockEdges() {
        let numbers = [
            "0", "7", "00", "01", "10", "-0", "-01", "0.5", "0e1", "12345678901234567890", "1.", "1e", "1.5e+3", "-",
            "1-", "0x1", "1e5.5", "123abc",
        ]
        for number in numbers {
            for padding in 48...140 {
                let bytes =
                    Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + Array(number.utf8) + Array("]".utf8)
                checkPaths(bytes)
                let valid = ["0", "7", "10", "-0", "0.5", "0e1", "12345678901234567890", "1.5e+3"].contains(number)
                #expect(stage1(bytes, JSONStructuralIndex.bestPath).0 == .valid, "\(number) at \(padding + 1)")
                #expect(
                    walked(bytes, JSONStructuralIndex.bestPath) == (valid ? .valid : .invalidScalar),
                    "\(number) at \(padding + 1)")
            }
        }
    }

    /// Every printable byte at each of the four places of a `\u` escape (the others `0041`,
    /// which no byte there makes a surrogate): a hex digit of either case passes, any other byte
    /// is an invalid escape, on every path.
    @Test func everyByteInAUnicodeEscape() {
        let hex = Set(Array("0123456789abcdefABCDEF".utf8))
        for place in 0..<4 {
            for byte in UInt8(0x20)..<0x7F where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                var digits = Array("0041".utf8)
                digits[place] = byte
                let bytes = Array("[\"a\\u".utf8) + digits + Array("b\"]".utf8)
                for path in paths {
                    #expect(
                        stage1(bytes, path).0 == (hex.contains(byte) ? .valid : .invalidEscape),
                        "\(path) \(byte) at \(place)")
                }
            }
        }
    }

    /// `true`, `false` and `null`, and tokens that begin like them, at every offset around the
    /// block edges, followed by `]` or ending the document (fewer than seventeen bytes after
    /// their start): the walk's quick check of literals agrees with the full one.
    @Test func literalsAtBlockEdges() {
        let valid = ["true", "false", "null"]
        let invalid = [
            "t", "tru", "truee", "trUe", "true1", "truefalse", "f", "fals", "falsee", "fAlse", "n", "nul", "nulll",
            "nuLl", "x", "True", "-true",
        ]
        for literal in valid + invalid {
            for padding in 48...140 {
                let spaces = [UInt8](repeating: 0x20, count: padding)
                let inArray = Array("[".utf8) + spaces + Array(literal.utf8) + Array("]".utf8)
                let atTheEnd = spaces + Array(literal.utf8)
                for bytes in [inArray, atTheEnd] {
                    checkPaths(bytes)
                    for path in paths {
                        #expect(
                            walked(bytes, path) == (valid.contains(literal) ? .valid : .invalidScalar),
                            "\(path) \(literal) at \(padding + 1)")
                    }
                }
            }
        }
    }

    /// What may follow a literal (whitespace, `,` `:` `]` `}` `"`, the end) ends it; any other
    /// byte is part of it, which then is no literal (refused by the walks' check of the token,
    /// `isValidScalar`; a control there by stage 1): on every path, inside one block and across
    /// an edge.
    @Test func whatEndsALiteral() {
        let enders: [(String, JSONStructuralIndex.Outcome)] = [
            (" ", .valid), ("\n", .valid), ("\t", .valid), ("\r", .valid), (",", .valid), (":", .valid), ("]", .valid),
            ("}", .valid), ("\"x\"", .valid), ("a", .invalidScalar), ("0", .invalidScalar), ("-", .invalidScalar),
            ("\u{0C}", .invalidScalar), ("\u{1A}", .invalidScalar), ("\u{01}", .invalidScalar),
        ]
        for literal in ["true", "false", "null"] {
            for (ender, expected) in enders {
                for padding in [0, 50, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65] {
                    let bytes =
                        Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + Array((literal + ender).utf8)
                        + Array(" ]".utf8)
                    checkPaths(bytes)
                    let control = ender.utf8.first! < 0x20 && !["\n", "\t", "\r"].contains(ender)
                    for path in paths {
                        #expect(
                            stage1(bytes, path).0 == (control ? .invalidScalar : .valid),
                            "\(path) \(literal) then \(ender) at \(padding + 1)")
                    }
                    let valid = bytes.withUnsafeBufferPointer {
                        JSONStructuralIndex.isValidScalar(in: $0.baseAddress!, count: bytes.count, at: padding + 1)
                    }
                    #expect(valid == (expected == .valid), "\(literal) then \(ender) at \(padding + 1)")
                }
            }
        }
    }

    /// Two scalars in one block, every pair of plain integers, other numbers, literals and
    /// misspellings: every path gives the same masks, and the walk over them refuses the
    /// document unless both are valid.
    @Test func pairsOfScalarsInOneBlock() {
        let valid = ["0", "7", "10", "-0", "0.5", "0e1", "123", "1.5e+3", "true", "false", "null"]
        let invalid = ["00", "01", "-01", "1.", "1e", "-", "1-", "0x1", "123abc", "tru", "nulls", "1true"]
        for first in valid + invalid {
            for second in valid + invalid {
                for padding in [0, 30, 50] {
                    let bytes =
                        Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + Array("\(first), \(second)]".utf8)
                    checkPaths(bytes)
                    let expected: JSONStructuralIndex.Outcome =
                        valid.contains(first) && valid.contains(second) ? .valid : .invalidScalar
                    for path in paths {
                        #expect(walked(bytes, path) == expected, "\(path) \(first), \(second) at \(padding + 1)")
                    }
                }
            }
        }
    }

    /// The best path is the widest this CPU runs: AVX-512 where it has AVX-512 F and BW, else
    /// AVX2, on x86-64.
    @Test func bestPathIsTheWidest() {
        #if arch(x86_64)
            let expected: JSONStructuralIndex.Path =
                JSONStructuralIndex.Path.avx512.isAvailable
                ? .avx512 : JSONStructuralIndex.Path.avx2.isAvailable ? .avx2 : .sse2
            #expect(JSONStructuralIndex.bestPath == expected)
            #expect(!JSONStructuralIndex.Path.neon.isAvailable)
        #endif
    }

    /// A document after a UTF-8 byte order mark: stage 1 from offset 3 reads the mark as
    /// spaces, and finds the tokens after it, on every path.
    @Test func startsAfterAByteOrderMark() {
        for padding in [0, 58, 61, 62, 63, 64, 130] {
            let body = Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + Array("\"中\", 1]".utf8)
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + body
            let expected = referenceTokens([0x20, 0x20, 0x20] + body)
            for path in paths {
                var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
                let outcome = bytes.withUnsafeBufferPointer { buffer in
                    masks.withUnsafeMutableBufferPointer {
                        JSONStructuralIndex.tokens(of: buffer, from: 3, into: $0.baseAddress!, path: path)
                    }
                }
                #expect(outcome == .valid, "\(path)")
                #expect(masks == expected, "\(path)")
                // From 0 the mark is text outside strings: no value, which the walk refuses.
                #expect(stage1(bytes, path).0 == .valid)
                #expect(walked(bytes, path) == .invalidScalar)
            }
        }
    }

    /// Backslash runs of every length from 1 to 130, ending on each side of the first and
    /// second 64-byte edges, before two quotes: odd runs escape the first, even runs leave it
    /// closing the string. Every path agrees with the reference.
    @Test func backslashRunsAcrossBlockEdges() {
        for length in 1...130 {
            for end in [60, 61, 62, 63, 64, 65, 66, 126, 127, 128, 129, 130] where end - length >= 2 {
                var bytes = Array("[\"".utf8)
                bytes += [UInt8](repeating: UInt8(ascii: "a"), count: end - length - 2)
                bytes += [UInt8](repeating: UInt8(ascii: "\\"), count: length)
                bytes += Array("\"\"]".utf8)
                checkPaths(bytes)
                let outcome = stage1(bytes, JSONStructuralIndex.bestPath).0
                // An odd run escapes the first quote, and the second closes the string; after
                // an even run the first closes it, and the second opens one left unclosed.
                #expect(outcome == (length % 2 == 1 ? .valid : .unterminatedString), "run \(length) ending at \(end)")
            }
        }
    }

    /// Backslash runs of every length from 1 to 130, ending on each side of the first and
    /// second 64-byte edges, before a letter: after an odd run the letter is escaped (`x` is no
    /// escape, `n` is one), after an even run it is text. Every path names the outcome and
    /// agrees with the scalar path.
    @Test func lettersAfterBackslashRunsAcrossBlockEdges() {
        for length in 1...130 {
            for end in [60, 61, 62, 63, 64, 65, 66, 126, 127, 128, 129, 130] where end - length >= 2 {
                for letter in [UInt8(ascii: "x"), UInt8(ascii: "n")] {
                    var bytes = Array("[\"".utf8)
                    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: end - length - 2)
                    bytes += [UInt8](repeating: UInt8(ascii: "\\"), count: length)
                    bytes += [letter] + Array("\"]".utf8)
                    checkPaths(bytes)
                    let escapesX = length % 2 == 1 && letter == UInt8(ascii: "x")
                    #expect(
                        stage1(bytes, JSONStructuralIndex.bestPath).0 == (escapesX ? .invalidEscape : .valid),
                        "run \(length) ending at \(end) before \(letter)")
                }
            }
        }
    }

    /// Quotes, structural characters and numbers at every offset around the block edges, and
    /// multi-byte UTF-8 (2, 3 and 4 bytes) straddling them, valid and cut short.
    @Test func tokensAndUTF8AtBlockEdges() {
        let pieces: [[UInt8]] = [
            Array("\"\"".utf8), Array("{}".utf8), Array("[1]".utf8), Array("\"é\"".utf8), Array("\"中\"".utf8),
            Array("\"😀\"".utf8), Array("\"\\\"\"".utf8), Array("12345".utf8), Array("true".utf8),
        ]
        for piece in pieces {
            for padding in 50...140 {
                var bytes = Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + piece + Array("]".utf8)
                checkPaths(bytes)
                #expect(stage1(bytes, JSONStructuralIndex.bestPath).0 == .valid)
                // The same with the piece's last byte dropped: a cut sequence or an open string.
                if piece.count > 2 {
                    bytes.remove(at: bytes.count - 3)
                    checkPaths(bytes)
                }
            }
        }
        for length in 1...2 {
            for padding in 56...70 {
                // A string of 3-byte characters cut `length` bytes before its end, across an edge.
                let text = Array(String(repeating: "中", count: 10).utf8)
                let cut = Array(text.dropLast(length))
                let bytes = Array("[\"".utf8) + [UInt8](repeating: 0x61, count: padding) + cut + Array("\"]".utf8)
                checkPaths(bytes)
                #expect(stage1(bytes, JSONStructuralIndex.bestPath).0 == .invalidUTF8)
            }
        }
    }

    /// Escapes, surrogate pairs, non-ASCII text and numbers straddling the 4,096- and
    /// 8,192-byte edges (where the x86 passes run the byte-level checks of the blocks before),
    /// valid and broken, from offset 0 and after a byte order mark: every path names the
    /// expected outcome (a misspelled number or literal through the walk: stage 1 passes it)
    /// and agrees with the scalar path.
    @Test func checksAcrossCheckRoundEdges() {
        let pieces: [(text: String, outcome: JSONStructuralIndex.Outcome)] = [
            ("\"\\uD83D\\uDE00\"", .valid), ("\"\\uD83D\\u0041\"", .invalidEscape),
            ("\"\\uD83D\"", .invalidEscape), ("\"a\\\"b\\n\"", .valid), ("\"a\\qb\"", .invalidEscape),
            ("\"中文😀é\"", .valid), ("-12.5e+3", .valid), ("01", .invalidScalar), ("truex", .invalidScalar),
            ("null", .valid), ("\"a\u{01}b\"", .controlCharacter),
        ]
        for (text, outcome) in pieces {
            for edge in [4096, 8192] {
                for before in 0...9 {
                    let head = Array("[".utf8) + [UInt8](repeating: 0x20, count: edge - 1 - before)
                    let bytes = head + Array(text.utf8) + Array(", 1]".utf8)
                    checkPaths(bytes)
                    for path in paths {
                        #expect(walked(bytes, path) == outcome, "\(path) \(text) \(before) before \(edge)")
                    }
                    // A second, earlier problem in the first round: the first in status order wins.
                    var broken = bytes
                    broken[40] = 0xFF
                    checkPaths(broken)
                    for path in paths {
                        #expect(stage1(broken, path).0 == .invalidUTF8, "\(path) \(text) \(before) before \(edge)")
                    }
                    // The same after a byte order mark: the rounds start one block later.
                    let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes
                    for path in paths {
                        let result = marked.withUnsafeBufferPointer { buffer in
                            var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: marked.count))
                            return masks.withUnsafeMutableBufferPointer {
                                JSONStructuralIndex.tokens(of: buffer, from: 3, into: $0.baseAddress!, path: path)
                            }
                        }
                        #expect(
                            result == (outcome == .invalidScalar ? .valid : outcome),
                            "\(path) \(text) \(before) before \(edge) after a mark")
                    }
                }
            }
        }
    }

    /// Thousands of random buffers over an alphabet dense in what stage 1 looks at (quotes,
    /// backslashes, brackets, UTF-8 lead and continuation bytes, controls, digits, letters of
    /// literals): every SIMD path gives the scalar path's outcome and masks.
    @Test func randomBuffersAgreeOnEveryPath() {
        var random = SeededGenerator(seed: 15)
        let alphabet: [UInt8] =
            Array("\"\"\"\\\\\\{}[]:,  \n\t01-.eE+tfnrulase\\u00e9".utf8) + [
                0xE4, 0xB8, 0xAD, 0xC3, 0xA9, 0x80, 0x01, 0xF0,
            ]
        for _ in 0..<3000 {
            let length = Int(random.next() % 300)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            checkPaths(bytes)
        }
    }

    /// Random valid JSON (nested values, escaped and non-ASCII strings, numbers) and the
    /// samples pass stage 1 on every path, with the reference's masks.
    @Test func validDocumentsPassWithReferenceMasks() throws {
        var random = SeededGenerator(seed: 16)
        for _ in 0..<500 {
            let document = Array(RandomJSON.value(depth: 4, random: &random).utf8)
            #expect(
                stage1(document, JSONStructuralIndex.bestPath).0 == .valid,
                "\(String(decoding: document, as: UTF8.self))")
            checkPaths(document)
        }
        for name in Samples.names {
            let sample = try Samples.bytes(name)
            #expect(stage1(sample, JSONStructuralIndex.bestPath).0 == .valid)
            checkPaths(sample)
        }
    }

    /// The fuzz corpus (the samples, mutated timelines, random JSON with broken structure):
    /// every path gives the scalar path's outcome, and its masks where the document passes, and
    /// both outcomes occur.
    @Test func fuzzCorpusAgreesOnEveryPath() throws {
        let samples = try Samples.names.map(Samples.bytes)
        let documents = try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 41, randomSeed: 42, mutated: 1500, random: 500)
        var outcomes: Set<JSONStructuralIndex.Outcome> = []
        for document in documents {
            checkPaths(document)
            outcomes.insert(stage1(document, .scalar).0)
        }
        #expect(outcomes.contains(.valid))
        #expect(outcomes.count >= 3)
    }

    /// `nextToken` from the document's end (or past it) answers the end without reading the
    /// mask word after the last, here a word whose set bit would give 69.
    @Test func nextTokenStopsAtTheLastWord() {
        let masks: [UInt64] = [1 << 3, 1 << 5]
        masks.withUnsafeBufferPointer { words in
            let tokens = words.baseAddress!
            #expect(JSONStructuralIndex.nextToken(in: tokens, count: 64, from: 64) == 64)
            #expect(JSONStructuralIndex.nextToken(in: tokens, count: 64, from: 65) == 64)
            #expect(JSONStructuralIndex.nextToken(in: tokens, count: 64, from: 4) == 64)
            #expect(JSONStructuralIndex.nextToken(in: tokens, count: 64, from: 3) == 3)
            #expect(JSONStructuralIndex.nextToken(in: tokens, count: 70, from: 64) == 69)
        }
    }

    /// `skipValue` over stage 1's masks of `text`, from `offset`, with `room` levels: the offset
    /// of the token after the value, `count` when none, or nil where the grammar breaks.
    private func skip(_ text: String, from offset: Int = 0, room: Int = JSONStructuralIndex.maximumDepth) -> Int? {
        let bytes = Array(text.utf8)
        var masks = [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: bytes.count))
        return bytes.withUnsafeBufferPointer { buffer in
            masks.withUnsafeMutableBufferPointer { words in
                #expect(JSONStructuralIndex.tokens(of: buffer, into: words.baseAddress!) == .valid)
                return JSONStructuralIndex.skipValue(
                    in: buffer.baseAddress!, count: bytes.count, tokens: words.baseAddress!, from: offset, room: room)
            }
        }
    }

    /// The skip moves between objects and arrays nested in each other in every order, closes
    /// each with its own bracket, and refuses a bracket of the other kind, a comma or colon
    /// out of place, and one level more than its room, wherever they come.
    @Test func skipAcrossNestedObjectsAndArrays() {
        let nested = #"[{"a":[1,{"b":[]},[{}]],"c":{"d":{"e":[[]]}}},[[2]],{},"s"] , 7"#
        #expect(skip(nested) == 60)
        #expect(skip(#"{"k":[{"x":1},[2,3]],"m":true}"#) == 30)
        #expect(skip(#"  "text" ,"#, from: 2) == 9)
        #expect(skip("[[[1]]]", room: 3) == 7)
        #expect(skip("[[[1]]]", room: 2) == nil)
        #expect(skip(#"{"a":{"b":{}}}"#, room: 2) == nil)
        #expect(skip(#"{"a":{"b":{}}}"#, room: 3) == 14)
        // Long objects and arrays, so that members and elements cross mask words.
        let members = (0..<40).map { #""key\#($0)":[\#($0),{"v":\#($0)}]"# }.joined(separator: ",")
        #expect(skip("{" + members + "}") == members.utf8.count + 2)
        let elements = (0..<40).map { #"{"e":[\#($0)]}"# }.joined(separator: " , ")
        #expect(skip("[" + elements + "]") == elements.utf8.count + 2)
        for broken in [
            #"[{"a":1]"#, #"{"a":[1}"#, #"[1,]"#, #"{"a":1,}"#, "{,}", "[:]", #"{"a" 1}"#, #"{"a":1 "b":2}"#,
            #"[{"a":[1,2},3]"#, #"{"a":{"b":[}}"#, "[1 2]", #"{1:2}"#, #"[{"a":1},]"#, "[,1]", "{:}", "[}", "{]",
            #"{"a":[[1],[2]]"#, "[[]", #"{"a":,1}"#, #"{"a":}"#, "[[],]",
        ] {
            #expect(skip(broken) == nil, "\(broken)")
        }
        #expect(skip(",") == nil)
        #expect(skip("]") == nil)
    }

    /// Containers nested past the 63 levels the skip keeps in one word, objects and arrays
    /// mixed: each closes with its own bracket after the skip moves from one word of levels to
    /// the next and back (at 63, 64, 126, 127 levels…), the room is counted across words, and a
    /// bracket of the other kind at any level is refused.
    @Test func skipDeepNestingAcrossLevelWords() {
        /// `depth` containers, level n an object when `objects(n)`, each with a member or
        /// element after the inner one, the innermost holding `1`; with `wrong`, the closing
        /// bracket of that level is the other kind's.
        func nested(_ depth: Int, objects: (Int) -> Bool, wrong: Int? = nil) -> String {
            var text = ""
            for level in 0..<depth { text += objects(level) ? #"{"k":"# : "[" }
            text += "1"
            for level in (0..<depth).reversed() {
                let object = objects(level) != (level == wrong)
                text += object ? #","z":2}"# : ",3]"
            }
            return text
        }
        let patterns: [(Int) -> Bool] = [
            { _ in true }, { _ in false }, { $0 % 2 == 0 }, { $0 % 3 == 1 }, { $0 / 63 % 2 == 0 },
        ]
        for objects in patterns {
            for depth in [1, 2, 62, 63, 64, 65, 125, 126, 127, 128, 189, 190, 300, 511, 512] {
                let text = nested(depth, objects: objects)
                #expect(skip(text) == text.utf8.count, "\(depth)")
                #expect(skip(text, room: depth) == text.utf8.count, "\(depth) with room for it")
                #expect(skip(text, room: depth - 1) == nil, "\(depth) with a level less room")
                for wrong in Set([0, depth / 2, 62, 63, 64, 125, 126, 127, depth - 1]) where wrong < depth {
                    #expect(skip(nested(depth, objects: objects, wrong: wrong)) == nil, "\(depth), wrong at \(wrong)")
                }
            }
            #expect(skip(nested(513, objects: objects)) == nil)
        }
    }

    /// Every number and literal the skip passes is checked, wherever it lies (an element, a
    /// member's value, the root, at the document's end, cut by a block edge): the misspelled
    /// ones are refused, the valid ones (up to and past sixteen digits, signs, fractions,
    /// exponents, literals before every byte that ends them) pass; `isValidScalar` agrees.
    @Test func skipChecksEveryScalar() {
        let valid = [
            "0", "7", "10", "-0", "0.5", "0e1", "1E+2", "-12.5e-3", "123456789012345", "1234567890123456",
            "12345678901234567", "99999999999999999999", "true", "false", "null",
        ]
        let invalid = [
            "00", "01", "-01", "1.", ".5", "1e", "1e+", "-", "+1", "1-", "0x1", "123abc", "12345678901234567a", "tru",
            "nul", "nulls", "falsey", "True", "1true", "é", "@", "1\u{00e9}",
        ]
        for scalar in valid + invalid {
            let good = valid.contains(scalar)
            for padding in [0, 40, 47, 48, 55, 60, 62, 63] {
                let spaces = String(repeating: " ", count: padding)
                for text in [
                    "[" + spaces + scalar + "]", "[" + spaces + scalar + " ,1]", #"{"a":"# + spaces + scalar + "}",
                    #"{"a":[1,{"b":"# + spaces + scalar + #"}],"c":2}"#, spaces + scalar, "[" + spaces + scalar + "\n]",
                ] {
                    let bytes = Array(text.utf8)
                    #expect(walked(bytes, .scalar) == (good ? .valid : .invalidScalar), "\(text)")
                    #expect(walked(bytes, JSONStructuralIndex.bestPath) == (good ? .valid : .invalidScalar), "\(text)")
                    let start = text.utf8.count - scalar.utf8.count - (text.hasSuffix("]") ? 1 : 0)
                    if text.hasPrefix("[" + spaces + scalar + "]") || text == spaces + scalar {
                        #expect(
                            bytes.withUnsafeBufferPointer {
                                JSONStructuralIndex.isValidScalar(in: $0.baseAddress!, count: bytes.count, at: start)
                            } == good, "\(text)")
                    }
                }
            }
        }
    }
}
