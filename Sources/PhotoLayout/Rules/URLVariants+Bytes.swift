import JSONBytes

/// The URL-variant rule on `ByteString`s, the timeline's path: the same decisions as the
/// `String` entry points (ASCII URLs on their bytes, others by the Character rule), without
/// building a `String` for an ASCII URL. A URL with no size segment is returned as is (the
/// same slice of the request); a replaced one is a `PictureURL` splice (`sizeReplaced`), or
/// one new byte array when asked for bytes.
extension URLVariants {
    /// `url` with its first size segment replaced by `target`; unchanged when it has none.
    package static func replacingSize(of url: ByteString, with target: Target) -> ByteString {
        sizeReplaced(of: url, with: target).bytes
    }

    /// `replacingSize(of:with:)` left unspliced: the URL, its segment's range and `target`
    /// (`PictureURL`), so the writer writes the parts and no new array is made. A non-ASCII
    /// URL takes the Character rule and is spliced at once.
    package static func sizeReplaced(of url: ByteString, with target: Target) -> PictureURL {
        guard url.isASCII else { return PictureURL(ByteString(replacingSizeOfUnicode(url.description, with: target))) }
        guard let segment = url.utf8.withUnsafeBufferPointer(sizeSegment(in:)) else { return PictureURL(url) }
        let base = url.utf8.startIndex
        return PictureURL(
            source: url, segment: (base + segment.lowerBound)..<(base + segment.upperBound), target: target)
    }

    /// Whether the URL's path (query and fragment ignored) ends in `.gif`, in any case.
    package static func hasGIFExtension(_ url: ByteString) -> Bool {
        guard url.isASCII else { return hasGIFExtensionOfUnicode(url.description) }
        return url.utf8.withUnsafeBufferPointer(hasGIFExtension(ascii:))
    }
}
