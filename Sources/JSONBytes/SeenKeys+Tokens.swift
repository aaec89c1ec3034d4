/// Keys inserted as the scanner's tokens: the first `linearTokens` are compared with each
/// other on their bytes (a bounded number of comparisons, no `String`, no hashing), later ones
/// go through the `String` table, one insertion each, so a hostile object of many keys stays
/// linear. Equality is `String`'s (what JSONDecoder's dictionaries use): two keys of plain
/// ASCII bytes are equal exactly when their bytes are; any other pair is compared as `String`s.
extension SeenKeys {
    /// How many keys are compared one by one before the table takes over.
    package static let linearTokens = FirstKeys.capacity

    /// Inserts the key `token` spells (escapes resolved); `true` when it was not there yet.
    ///
    /// Among the first keys, a key of plain ASCII is told apart from another such key by its
    /// last eight bytes (`FirstKeys.tail`) before its bytes are compared: pids of one status
    /// share their first bytes (the user's) and differ in their last ones.
    package mutating func insert(_ token: JSONStringToken, in scanner: JSONScanner) -> Bool {
        let held = firstKeys.count
        if count > 0 { return insert(scanner.string(token)) }
        guard held < Self.linearTokens else {
            // The table takes over: the first keys go into it, then this one.
            for index in 0..<held { _ = insert(scanner.string(firstKeys.withKeys { $0.token(at: index) })) }
            firstKeys.count = 0
            return insert(scanner.string(token))
        }
        let bytes = UnsafeBufferPointer(start: scanner.bytes + token.start, count: token.byteCount)
        let isPlainASCII = !token.hasEscapes && ByteString.isASCII(bytes)
        let tail = FirstKeys.tail(of: token, in: scanner)
        comparisons &+= held
        let repeated = firstKeys.withKeys { keys -> Bool in
            for index in 0..<held {
                if isPlainASCII, keys.isPlainASCII(at: index) {
                    // Plain ASCII both: equal exactly when their bytes are.
                    guard keys.tails[index] == tail else { continue }
                    let other = keys.token(at: index)
                    let otherBytes = UnsafeBufferPointer(start: scanner.bytes + other.start, count: other.byteCount)
                    if ByteString.sameBytes(bytes, otherBytes) { return true }
                } else if Self.same(keys.token(at: index), token, in: scanner) {
                    return true
                }
            }
            keys.set(token, isPlainASCII: isPlainASCII, tail: tail, at: held)
            return false
        }
        if repeated { return false }
        firstKeys.count = held &+ 1
        return true
    }

    /// Whether two keys, one of which is not plain ASCII, are equal `String`s (on their bytes
    /// when those are the same and hold no escape).
    private static func same(_ a: JSONStringToken, _ b: JSONStringToken, in scanner: JSONScanner) -> Bool {
        if !a.hasEscapes, !b.hasEscapes,
            ByteString.sameBytes(
                UnsafeBufferPointer(start: scanner.bytes + a.start, count: a.byteCount),
                UnsafeBufferPointer(start: scanner.bytes + b.start, count: b.byteCount))
        {
            return true
        }
        return scanner.string(a) == scanner.string(b)
    }
}

/// `SeenKeys`' first keys, held inline (no allocation): each key's bounds in the document,
/// whether it has escapes or is plain ASCII, and its tail (`tail(of:in:)`).
struct FirstKeys {
    /// How many keys it holds at most.
    static let capacity = 16

    /// How many keys it holds.
    var count = 0
    private var starts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var ends: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var tails:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// Bit n: key n has escapes.
    private var escapes: UInt32 = 0
    /// Bit n: key n is plain ASCII (no escape, every byte below 0x80).
    private var plainASCII: UInt32 = 0

    /// The keys' storage, through pointers (the tuples laid out as arrays).
    struct Keys {
        let starts: UnsafeMutablePointer<Int>
        let ends: UnsafeMutablePointer<Int>
        let tails: UnsafeMutablePointer<UInt64>
        let escapes: UnsafeMutablePointer<UInt32>
        let plainASCII: UnsafeMutablePointer<UInt32>

        @inline(__always)
        func token(at index: Int) -> JSONStringToken {
            JSONStringToken(start: starts[index], end: ends[index], hasEscapes: escapes.pointee & 1 << index != 0)
        }

        @inline(__always)
        func isPlainASCII(at index: Int) -> Bool {
            plainASCII.pointee & 1 << index != 0
        }

        @inline(__always)
        func set(_ token: JSONStringToken, isPlainASCII: Bool, tail: UInt64, at index: Int) {
            starts[index] = token.start
            ends[index] = token.end
            tails[index] = tail
            let bit: UInt32 = 1 << index
            escapes.pointee = token.hasEscapes ? escapes.pointee | bit : escapes.pointee & ~bit
            plainASCII.pointee = isPlainASCII ? plainASCII.pointee | bit : plainASCII.pointee & ~bit
        }
    }

    /// Calls `body` with the keys' storage.
    @inline(__always)
    mutating func withKeys<Result>(_ body: (Keys) -> Result) -> Result {
        withUnsafeMutablePointer(to: &starts.0) { starts in
            withUnsafeMutablePointer(to: &ends.0) { ends in
                withUnsafeMutablePointer(to: &tails.0) { tails in
                    withUnsafeMutablePointer(to: &escapes) { escapes in
                        withUnsafeMutablePointer(to: &plainASCII) { plainASCII in
                            body(
                                Keys(
                                    starts: starts, ends: ends, tails: tails, escapes: escapes,
                                    plainASCII: plainASCII))
                        }
                    }
                }
            }
        }
    }

    /// The last eight bytes of the key `token` spells as they are (fewer for a shorter key, the
    /// word's high bytes then zero): keys with the same bytes have the same tail.
    @inline(__always)
    static func tail(of token: JSONStringToken, in scanner: JSONScanner) -> UInt64 {
        let length = token.byteCount
        // The eight bytes that end where the key ends lie in the document when it ends eight or
        // more bytes in; for a shorter key, the bytes before it are shifted out of them.
        if token.end >= 8 {
            let word = SWAR.load(scanner.bytes + (token.end &- 8))
            return length >= 8 ? word : length == 0 ? 0 : word &>> UInt64((8 &- length) &* 8)
        }
        // Near the document's start (a key of at most six bytes): the same word, byte by byte.
        var word: UInt64 = 0
        for index in token.start..<token.end {
            word |= UInt64(scanner.bytes[index]) &<< UInt64((index &- token.start) &* 8)
        }
        return word
    }
}
