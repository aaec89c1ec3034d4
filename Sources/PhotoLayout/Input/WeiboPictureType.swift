/// What a picture's `type` field says, as far as the rules ask (docs/API.md §3, kinds): `gif` or
/// `livephoto` in any case, or some other name (`"WEBP"`, `"JPEG"`, …). Readers classify the
/// name as they read it, so no `String` is kept for it.
public enum WeiboPictureType: Hashable, Sendable {
    case gif
    case livephoto
    case other

    /// The type `name` says: what `name.lowercased() == "gif"` (or `"livephoto"`) decides.
    public init(_ name: String) {
        var name = name
        self = name.withUTF8 { Self(utf8: $0) }
    }

    /// The type named by these UTF-8 bytes. ASCII case folding is exact here: no non-ASCII
    /// Character lowercases to the ASCII letters of `gif` or `livephoto`.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if Self.spells(bytes, "gif") {
            self = .gif
        } else if Self.spells(bytes, "livephoto") {
            self = .livephoto
        } else {
            self = .other
        }
    }

    /// Whether `bytes` spell `name` (lowercase ASCII letters) in any case.
    @inline(__always)
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let letters = name.utf8Start
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let letter = letters[index]
            guard byte == letter || (byte | 0x20 == letter && letter &- UInt8(ascii: "a") < 26) else { return false }
        }
        return true
    }
}
