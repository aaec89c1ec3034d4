/// Strong entity tags for responses that depend on their request only.
enum ETag {
    /// `"…"`: the FNV-1a 64-bit hash of the body, in hex. Equal bodies, equal tags.
    static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`); weak tags compare weakly,
    /// as RFC 9110 §13.1.2 says for If-None-Match.
    static func matches(_ condition: String, _ etag: String) -> Bool {
        for candidate in condition.split(separator: ",") {
            var tag = candidate.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == etag { return true }
        }
        return false
    }
}
