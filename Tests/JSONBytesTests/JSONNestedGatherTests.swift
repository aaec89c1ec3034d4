import Testing

@testable import JSONBytes

/// A picture info's keys (five variants, `type`, `keep_size`) and a variant's, as the reader
/// has them: the variants (fields 0–4) are the nested fields.
private let infoKeys = JSONKeySet(["thumbnail", "bmiddle", "large", "largest", "original", "type", "keep_size"])
private let variantKeys = JSONKeySet(["url", "width", "height", "type"])
private let variantFields: UInt64 = 0b1_1111

/// The value at the position: for an object, each field of `keys` and what the same read
/// gives for its value (`keys` again, with `inner` for the object values of nested fields);
/// for anything else, its bytes as the scanner consumed them. With `nesting`, objects read for
/// `keys` are entered by `members(gathering:nesting:inner:storage:)` and their nested fields'
/// objects from the walk's slots (`nestedMembers`), when the walk gathered them.
private func read(
    _ scanner: inout JSONScanner, _ keys: JSONKeySet, inner: JSONKeySet?, nesting: Bool
) throws(JSONSyntaxError) -> String {
    guard try scanner.peekKind() == .object else { return try scanner.skippedValueText() }
    let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: 9 * keys.count)
    defer { storage.deallocate() }
    var members =
        try nesting && inner != nil
        ? scanner.members(gathering: keys, nesting: variantFields, inner: inner!, storage: storage)
        : scanner.members()
    var found: [String] = []
    while let field = try scanner.nextField(&members, in: keys) {
        guard let inner, variantFields >> UInt64(field) & 1 != 0 else {
            found.append("\(field)=" + (try read(&scanner, keys, inner: inner, nesting: nesting)))
            continue
        }
        if nesting, var gathered = try scanner.nestedMembers(of: members, storage: storage) {
            var fields: [String] = []
            while let innerField = try scanner.nextField(&gathered, in: inner) {
                fields.append("\(innerField)=" + (try read(&scanner, inner, inner: nil, nesting: false)))
            }
            found.append("\(field)={" + fields.joined(separator: ",") + "}")
        } else {
            found.append("\(field)=" + (try read(&scanner, inner, inner: nil, nesting: false)))
        }
    }
    return "{" + found.joined(separator: ",") + "}"
}

extension JSONScanner {
    /// When the value at the position is an object that the walk of `cursor`
    /// (`members(gathering:nesting:inner:storage:)`, the member it gave last) gathered: enters
    /// it and returns a cursor holding the entries of its slot, whose members `nextField` then
    /// gives without walking it again. Otherwise `nil`, nothing changed.
    fileprivate mutating func nestedMembers(
        of cursor: JSONMemberCursor, storage: UnsafePointer<UInt64>
    ) throws(JSONSyntaxError) -> JSONMemberCursor? {
        guard cursor.gathered >= 0, cursor.taken > 0 else { return nil }
        let slot = storage + 9 &* (cursor.taken &- 1)
        let head = slot[0]
        guard head != JSONStructuralIndex.notGathered else { return nil }
        var inner = JSONMemberCursor(firstPending: try enterObject())
        let found = Int(truncatingIfNeeded: head & 0xFF)
        inner.gathered = found
        inner.end = Int(truncatingIfNeeded: head &>> 8)
        withUnsafeMutableBytes(of: &inner.entries) { entries in
            entries.baseAddress.unsafelyUnwrapped.copyMemory(from: slot + 1, byteCount: found &* 8)
        }
        objectsGathered &+= 1
        return inner
    }
}

/// `read` of the whole of `text` as an info, with token masks or byte by byte; the values
/// skipped by tokens and the objects gathered.
private func readInfo(_ text: String, withTokens: Bool, nesting: Bool) -> ScannerRun {
    ScannerRun(Array(text.utf8), withTokens: withTokens) { scanner throws(JSONSyntaxError) in
        try read(&scanner, infoKeys, inner: variantKeys, nesting: nesting)
    }
}

/// Whether the nested walk reads `text` as the member-by-member walk with token masks and as
/// the byte loop (fields, values, error message and offset), skipping as many values by tokens.
private func readsAlike(_ text: String) -> Bool {
    let nested = readInfo(text, withTokens: true, nesting: true)
    let byMembers = readInfo(text, withTokens: true, nesting: false)
    return nested.read == byMembers.read && nested.read == readInfo(text, withTokens: false, nesting: false).read
        && (nested.skippedByTokens == byMembers.skippedByTokens || (try? byMembers.read.get()) == nil)
}

struct JSONNestedGatherTests {
    /// An info with its variants gathered in one walk: each variant's members found without
    /// walking it again, duplicates (the first wins), a variant that is no object or is empty
    /// read as the member-by-member walk reads it, containers inside a variant skipped.
    @Test func variantsAreGatheredInTheInfosWalk() throws {
        let text =
            #"{"thumbnail": {"cut_type": 1, "type": "WEBP", "url": "u1", "width": 186, "height": 150}, "#
            + #""pic_id": "x", "bmiddle": {}, "large": "no object", "object_id": {"a": [1, {"b": 2}]}, "#
            + #""largest": {"url": "u2", "w": [1, {"a": 2}], "url": "dup", "height": "1136"}, "type": "pic", "#
            + #""original": {"width": null}, "thumbnail": {"url": "second"}, "keep_size": false}"#
        let nested = readInfo(text, withTokens: true, nesting: true)
        #expect(
            try nested.read.get()
                == #"{0={3="WEBP",0="u1",1=186,2=150},1={},2="no object",3={0="u2",2="1136"},5="pic","#
                + #"4={1=null},6=false}"#)
        #expect(readsAlike(text))
        // Gathered: the info and the three variants with members (thumbnail, largest, original).
        #expect(nested.gathered == 4)
        // Skipped by tokens: pic_id, object_id, the second thumbnail (in the info); cut_type
        // (thumbnail), w and the second url (largest); and the ten values read here as bytes
        // (thumbnail's four, large, largest's url and height, type, original's width, keep_size).
        #expect(nested.skippedByTokens == 3 + 3 + 10)
    }

    /// What the walk leaves to the caller, inside a variant or in the info, makes it read the
    /// info member by member as before: an escaped key, a grammar error (the byte loop's
    /// message at its offset), nesting past the depth limit.
    @Test(arguments: [
        #"{"thumbnail": {"\u0075rl": "u", "width": 1}, "type": "t"}"#,
        #"{"thumbnail": {"url": "u"}, "\u0074ype": "t"}"#,
        #"{"thumbnail": {"url": "u" "width": 1}}"#, #"{"thumbnail": {"url": "u",}}"#,
        #"{"thumbnail": {"url": [1}, "type": 1}"#, #"{"thumbnail": {"url": "u"}, "type": 1,}"#,
        #"{"thumbnail": {"url": "u"}, "large": {"url": }}"#, #"{"thumbnail": {"url": "u"}"#,
        #"{"large": {"width": 1, "url": {"a" 1}}}"#, #"{"thumbnail": {"url": "u"}, "x": [1, 2}"#,
        #"{"thumbnail": {"cut_type": ], "url": "u"}}"#, #"{"thumbnail": {"cut_type": :, "url": "u"}}"#,
        #"{"thumbnail": {"url": "u", "cut_type": ,}}"#, #"{"thumbnail": {"url": "u"}, "pic_id": }"#,
        #"{"thumbnail": {"url": "#
            + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}}",
        #"{"thumbnail": {"url": "#
            + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}}",
    ])
    func whatTheWalkLeavesIsReadAsBefore(text: String) {
        #expect(readsAlike(text))
    }

    /// Infos whose tokens cross mask words anywhere: every alignment read alike.
    @Test func infosAcrossBlockBoundaries() throws {
        for padding in 0..<130 {
            let text =
                "{" + String(repeating: " ", count: padding) + #""thumbnail" : { "url" : "u", "cut_type": 1,"#
                + String(repeating: "\n", count: padding % 7) + #" "width": 180}, "large": {"height": 2},"#
                + String(repeating: " ", count: padding % 13) + #""type": "t"}"#
            #expect(readsAlike(text), "padding \(padding)")
            let nested = readInfo(text, withTokens: true, nesting: true)
            #expect(try nested.read.get() == #"{0={0="u",1=180},2={2=2},5="t"}"#)
            #expect(nested.gathered == 3)
        }
    }

    /// A misspelled number or literal (which stage 1 passes) anywhere the walks pass it: a
    /// wanted member's value, a skipped member's, inside a gathered variant, wanted or not,
    /// inside a container skipped there, one block edge or another. Every read is the byte
    /// loop's (the same error, at the same offset), and the document is refused; with a
    /// valid number or literal in its place, read.
    @Test func misspelledScalarsAreReadAsBefore() throws {
        let templates = [
            #"{"type": X, "large": {"url": "u", "width": 1}}"#, #"{"junk": X, "large": {"url": "u", "width": 1}}"#,
            #"{"large": {"url": "u", "width": X, "height": 2}}"#, #"{"large": {"url": "u", "cut": X, "height": 2}}"#,
            #"{"large": {"url": "u", "cut": [1, X], "height": 2}, "type": 1}"#,
            #"{"large": {"url": "u"}, "junk": {"a": [true, X]}, "type": 1}"#,
        ]
        for scalar in ["01", "1.", "-", "tru", "nulls", "1x", "12345678901234567a", "\u{00e9}", "truefalse"] {
            for template in templates {
                for padding in [0, 20, 40, 50] {
                    let text =
                        String(repeating: " ", count: padding) + template.replacingOccurrences(of: "X", with: scalar)
                    #expect(readsAlike(text), "\(text)")
                    #expect((try? readInfo(text, withTokens: true, nesting: true).read.get()) == nil, "\(text)")
                    let valid =
                        String(repeating: " ", count: padding) + template.replacingOccurrences(of: "X", with: "-1.5e3")
                    #expect(readsAlike(valid), "\(valid)")
                    #expect((try? readInfo(valid, withTokens: true, nesting: true).read.get()) != nil, "\(valid)")
                }
            }
        }
    }
}
