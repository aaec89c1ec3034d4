/// A validating cursor over the bytes of one JSON document (RFC 8259), for readers that take
/// a few fields and skip the rest.
///
/// Everything it passes over is checked, skipped values too: structure, string escapes
/// (surrogates paired), UTF-8 (RFC 3629: no overlongs, no surrogates, nothing above
/// U+10FFFF), control characters, the number grammar, and nesting up to `maximumDepth`
/// (JSONDecoder's bound: 512 levels pass, 513 fail), so that hostile input is an error and
/// never a stack overflow. Errors carry the byte offset (`JSONSyntaxError`).
///
/// The scanner never allocates while skipping: strings are scanned eight bytes at a time
/// (SWAR) and returned as offsets (`JSONStringToken`); only the caller's `string(_:)` makes a
/// `String`. With stage 1's token masks (`withTokens`), a skipped value is passed over from
/// token to token without reading its bytes, the masks' pass having checked them. The bytes
/// must outlive the scanner (it is used inside `withUnsafeBytes`).
package struct JSONScanner {
    package static let maximumDepth = 512

    package let bytes: UnsafePointer<UInt8>
    package let count: Int
    package var position: Int
    package var depth = 0
    /// Comparisons made by the reader's own bookkeeping beyond the one pass over the bytes
    /// (duplicate-key sets, ordering index-keyed objects): what a quadratic lookup would
    /// make grow faster than the input. Tests read it; nothing else depends on it.
    package var work = 0
    /// Stage 1's token masks of the whole document (`JSONStructuralIndex`), when it passed
    /// stage 1: `skipValue` then walks them. `nil`: every value is skipped byte by byte.
    package var tokens: UnsafePointer<UInt64>?
    /// With `tokens`: stage 1's map of the 64-byte blocks that hold an escape inside a string
    /// (`JSONStructuralIndex.tokens(of:from:into:escapes:path:)`), which `lenientByteString`
    /// reads to take a string's bytes without looking for backslashes.
    package var escapeBlocks: UnsafePointer<UInt64>?
    /// Values `skipValue` passed over by stage 1's token masks rather than byte by byte: what
    /// tests read to know the token path was taken. Nothing else depends on it.
    package var valuesSkippedByTokens = 0
    /// Objects `members(gathering:)` walked whole: what tests read to know that walk was
    /// taken. Nothing else depends on it.
    package var objectsGathered = 0
    /// The document as an array, the storage `byteString(_:)` slices share: the caller's array
    /// (the same bytes as `bytes`), else a copy made by the first `byteString(_:)`.
    package var retained: [UInt8]?

    package init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) throws(JSONSyntaxError) {
        guard let base = buffer.baseAddress, start < buffer.count else {
            throw JSONSyntaxError(offset: start, message: "the document is empty")
        }
        bytes = base
        count = buffer.count
        position = start
    }

    package func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    // MARK: Whitespace and peeking

    /// Skips spaces, tabs and line breaks, eight bytes at a time (a line break and the next
    /// line's indentation in one step).
    @inline(__always)
    package mutating func skipWhitespace() {
        while position < count {
            let byte = bytes[position]
            if byte > 0x20 { return }
            if byte == 0x20, position &+ 1 < count, bytes[position &+ 1] > 0x20 {
                // A lone space, as around `:` in pretty-printed JSON.
                position &+= 1
                return
            }
            if position &+ 8 <= count {
                let other = ~SWAR.whitespace(SWAR.load(bytes + position)) & SWAR.highBits
                position &+= SWAR.lowestIndex(other)
                if other != 0 { return }
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position &+= 1
            } else {
                return
            }
        }
    }

    /// The next byte that is not whitespace, not consumed.
    @inline(__always)
    package mutating func peek() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard position < count else { throw error("unexpected end of the document") }
        return bytes[position]
    }

    /// `peek()` through the token masks when there are some: the position moves to the next
    /// token, and stage 1 having passed, only whitespace lies before it (every other byte
    /// outside strings starts or continues a token), so the byte and the error offsets are
    /// those `peek()` finds.
    @inline(__always)
    package mutating func peekToken() throws(JSONSyntaxError) -> UInt8 {
        guard let tokens, position < count else { return try peek() }
        if bytes[position] > 0x20 { return bytes[position] }
        position = Self.nextToken(in: tokens, count: count, from: position)
        guard position < count else { throw error("unexpected end of the document") }
        return bytes[position]
    }

    /// Skips the value of a member a reader does not want: the same path as `skipValue`
    /// (strings and scalars by the token masks in `skipValueByTokens`, containers by the C
    /// walk, everything else by the byte loop), under the name the member loops call.
    @inline(__always)
    package mutating func skipMemberValue() throws(JSONSyntaxError) {
        try skipValue()
    }

    /// The offset of the first token at or after `offset` in `tokens`, else `count`.
    @inline(__always)
    static func nextToken(in tokens: UnsafePointer<UInt64>, count: Int, from offset: Int) -> Int {
        guard offset < count else { return count }
        var word = offset &>> 6
        var bits = tokens[word] & (~0 << UInt64(offset & 63))
        let words = (count &+ 63) &>> 6
        while bits == 0 {
            word &+= 1
            guard word < words else { return count }
            bits = tokens[word]
        }
        return word &<< 6 | bits.trailingZeroBitCount
    }

    /// The kind of the next value, or an error when no value can start there.
    @inline(__always)
    package mutating func peekKind() throws(JSONSyntaxError) -> JSONValueKind {
        switch try peek() {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: throw error("expected a value")
        }
    }

    /// After the document's value: only whitespace may follow.
    package mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position == count else { throw error("unexpected data after the document's value") }
    }

    // MARK: Containers

    /// Consumes `{` (the next byte) and tells whether a member follows (else consumes `}`).
    /// The whitespace after the `{` (a line break and indentation in pretty-printed JSON) is
    /// passed by the token masks when there are some (`peekToken`).
    @inline(__always)
    package mutating func enterObject() throws(JSONSyntaxError) -> Bool {
        try enter()
        if try peekToken() == UInt8(ascii: "}") {
            leave()
            return false
        }
        guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key or '}'") }
        return true
    }

    /// Reads a member's key and its `:`, leaving the scanner on the member's value.
    @inline(__always)
    package mutating func memberKey() throws(JSONSyntaxError) -> JSONStringToken {
        let key = try scanString()
        guard try peek() == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
        position += 1
        return key
    }

    /// After a member's value: consumes `,` and tells that a member follows, or consumes `}`.
    ///
    /// With token masks the whitespace around the `,` (a line break and the indentation of
    /// pretty-printed JSON) is passed by the masks, not byte by byte.
    @inline(__always)
    package mutating func nextMember() throws(JSONSyntaxError) -> Bool {
        switch try peekToken() {
        case UInt8(ascii: ","):
            position += 1
            guard try peekToken() == UInt8(ascii: "\"") else { throw error("expected a string key after ','") }
            return true
        case UInt8(ascii: "}"):
            leave()
            return false
        default:
            throw error("expected ',' or '}' after an object member")
        }
    }

    /// Consumes `[` (the next byte) and tells whether an element follows (else consumes `]`),
    /// as `enterObject` passing the whitespace after it by the token masks.
    @inline(__always)
    package mutating func enterArray() throws(JSONSyntaxError) -> Bool {
        try enter()
        if try peekToken() == UInt8(ascii: "]") {
            leave()
            return false
        }
        return true
    }

    /// After an element: consumes `,` and tells that an element follows, or consumes `]`
    /// (the whitespace before them passed by the token masks when there are some).
    @inline(__always)
    package mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        switch try peekToken() {
        case UInt8(ascii: ","):
            position += 1
            return true
        case UInt8(ascii: "]"):
            leave()
            return false
        default:
            throw error("expected ',' or ']' after an array element")
        }
    }

    @inline(__always)
    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) arrays and objects")
        }
        position += 1
    }

    @inline(__always)
    mutating func leave() {
        depth -= 1
        position += 1
    }

    // MARK: Literals

    package mutating func scanBool() throws(JSONSyntaxError) -> Bool {
        if bytes[position] == UInt8(ascii: "t") {
            try scanLiteral(0x6575_7274, length: 4)  // "true", little-endian
            return true
        }
        guard position + 5 <= count, bytes[position + 4] == UInt8(ascii: "e") else {
            throw error("expected 'false'")
        }
        try scanLiteral(0x736C_6166, length: 5)  // "fals"
        return false
    }

    package mutating func scanNull() throws(JSONSyntaxError) {
        try scanLiteral(0x6C6C_756E, length: 4)  // "null"
    }

    /// Checks the first four bytes against `pattern` (little-endian) and consumes `length`.
    private mutating func scanLiteral(_ pattern: UInt32, length: Int) throws(JSONSyntaxError) {
        guard position + 4 <= count,
            UInt32(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self)) == pattern
        else {
            throw error("invalid literal: expected true, false or null")
        }
        position += length
    }
}
