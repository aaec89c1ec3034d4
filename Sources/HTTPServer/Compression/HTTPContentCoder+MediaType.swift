extension HTTPContentCoder {
    /// Text-like media types: text/*, JSON and XML (with their `+json`/`+xml` kinds), YAML, JavaScript.
    /// Read on the value's bytes (parameters after `;` ignored, ASCII case ignored): no String is made.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { isCompressible(mediaTypeOf: $0) }
    }

    private static let compressibleTypes: [[UInt8]] = [
        "application/json", "application/xml", "application/yaml", "application/x-yaml", "application/javascript",
    ].map { Array($0.utf8) }

    /// `value` up to its first `;`, without OWS, compared in lower case.
    private static func isCompressible(mediaTypeOf value: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = value.firstIndex(of: UInt8(ascii: ";")) ?? value.count
        var start = 0
        while start < end, ASCII.isWhitespace(value[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(value[end - 1]) { end -= 1 }
        let type = UnsafeBufferPointer(rebasing: value[start..<end])
        return hasPrefix(type, "text/") || hasSuffix(type, "+json") || hasSuffix(type, "+xml")
            || compressibleTypes.contains { equalsLowercased(type, $0) }
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let wanted = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return equalsLowercased(UnsafeBufferPointer(rebasing: bytes[..<wanted.count]), wanted)
    }

    private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        guard bytes.count >= suffix.utf8CodeUnitCount else { return false }
        let wanted = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return equalsLowercased(UnsafeBufferPointer(rebasing: bytes[(bytes.count - wanted.count)...]), wanted)
    }

    /// Whether `bytes`, lower-cased, equal `lowercased`.
    private static func equalsLowercased<C: Collection>(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercased: C) -> Bool
    where C.Element == UInt8 {
        guard bytes.count == lowercased.count else { return false }
        return zip(bytes, lowercased).allSatisfy { ASCII.lowercased($0) == $1 }
    }
}
