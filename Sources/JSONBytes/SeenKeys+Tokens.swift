/// Keys inserted as the scanner's tokens: the first `linearTokens` are compared with each
/// other on their bytes (a bounded number of comparisons, no `String`, no hashing), later ones
/// go through the `String` table, one insertion each, so a hostile object of many keys stays
/// linear. Equality is `String`'s (what JSONDecoder's dictionaries use): two keys of plain
/// ASCII bytes are equal exactly when their bytes are; any other pair is compared as `String`s.
extension SeenKeys {
    /// How many keys are compared one by one before the table takes over.
    package static let linearTokens = 16

    /// Inserts the key `token` spells (escapes resolved); `true` when it was not there yet.
    package mutating func insert(_ token: JSONStringToken, in scanner: JSONScanner) -> Bool {
        guard let first = firstToken else {
            if count > 0 { return insert(scanner.string(token)) }
            let bytes = UnsafeBufferPointer(start: scanner.bytes + token.start, count: token.byteCount)
            firstToken = (token, !token.hasEscapes && ByteString.isASCII(bytes))
            return true
        }
        if count == 0, firstTokens.count &+ 1 < Self.linearTokens {
            comparisons += firstTokens.count &+ 1
            let bytes = UnsafeBufferPointer(start: scanner.bytes + token.start, count: token.byteCount)
            let isPlainASCII = !token.hasEscapes && ByteString.isASCII(bytes)
            if Self.same(first, (token, isPlainASCII), in: scanner) { return false }
            for other in firstTokens where Self.same(other, (token, isPlainASCII), in: scanner) {
                return false
            }
            // Room for all of them at the second, rather than growing the array by doubling.
            if firstTokens.capacity == 0 { firstTokens.reserveCapacity(Self.linearTokens &- 1) }
            firstTokens.append((token, isPlainASCII))
            return true
        }
        _ = insert(scanner.string(first.token))
        for other in firstTokens { _ = insert(scanner.string(other.token)) }
        firstToken = nil
        firstTokens = []
        return insert(scanner.string(token))
    }

    /// Whether two keys are equal `String`s, on their bytes when that decides.
    private static func same(
        _ left: (token: JSONStringToken, isPlainASCII: Bool), _ right: (token: JSONStringToken, isPlainASCII: Bool),
        in scanner: JSONScanner
    ) -> Bool {
        let a = left.token
        let b = right.token
        if !a.hasEscapes, !b.hasEscapes {
            let sameBytes = ByteString.sameBytes(
                UnsafeBufferPointer(start: scanner.bytes + a.start, count: a.byteCount),
                UnsafeBufferPointer(start: scanner.bytes + b.start, count: b.byteCount))
            if sameBytes { return true }
            if left.isPlainASCII && right.isPlainASCII { return false }
        }
        return scanner.string(a) == scanner.string(b)
    }
}
