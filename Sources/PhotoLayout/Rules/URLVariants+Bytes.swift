import JSONBytes

/// The URL-variant rule on `ByteString`s, the timeline's path: the same decisions as the
/// `String` entry points (ASCII URLs on their bytes, others by the Character rule), without
/// building a `String` for an ASCII URL. A URL with no size segment is returned as is (the
/// same slice of the request); a replaced one is one new byte array.
extension URLVariants {
    /// `url` with its first size segment replaced by `target`; unchanged when it has none.
    package static func replacingSize(of url: ByteString, with target: Target) -> ByteString {
        guard url.isASCII else { return ByteString(replacingSizeOfUnicode(url.description, with: target)) }
        let spliced = url.utf8.withUnsafeBufferPointer { bytes -> [UInt8]? in
            guard let segment = sizeSegment(in: bytes) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count - segment.count + 9)
            result.append(contentsOf: bytes[..<segment.lowerBound])
            result.append(contentsOf: target.rawValue.utf8)
            result.append(contentsOf: bytes[segment.upperBound...])
            return result
        }
        guard let spliced else { return url }
        return ByteString(utf8: spliced[...])
    }

    /// Whether the URL's path (query and fragment ignored) ends in `.gif`, in any case.
    package static func hasGIFExtension(_ url: ByteString) -> Bool {
        guard url.isASCII else { return hasGIFExtensionOfUnicode(url.description) }
        return url.utf8.withUnsafeBufferPointer(hasGIFExtension(ascii:))
    }
}
