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

    /// What the rules derive from a thumbnail URL: its `bmiddle` and `large` variants (splices
    /// of one size segment) and whether its path ends in `.gif`.
    package struct Derived {
        package var bmiddle: PictureURL
        package var large: PictureURL
        package var isGIF: Bool
    }

    /// `sizeReplaced(of: url, with: .bmiddle)`, `sizeReplaced(of: url, with: .large)` and
    /// `hasGIFExtension(url)` from one scan of an ASCII URL: the query, the path and the size
    /// segment are found once, not three times.
    package static func derived(from url: ByteString) -> Derived {
        guard url.isASCII else {
            return Derived(
                bmiddle: sizeReplaced(of: url, with: .bmiddle), large: sizeReplaced(of: url, with: .large),
                isGIF: hasGIFExtension(url))
        }
        let (segment, isGIF) = url.utf8.withUnsafeBufferPointer { bytes -> (Range<Int>?, Bool) in
            let path = pathRange(in: bytes)
            let end = path.upperBound
            let isGIF =
                path.count >= 4 && bytes[end - 4] == UInt8(ascii: ".") && bytes[end - 3] | 0x20 == UInt8(ascii: "g")
                && bytes[end - 2] | 0x20 == UInt8(ascii: "i") && bytes[end - 1] | 0x20 == UInt8(ascii: "f")
            return (sizeSegment(in: bytes, path: path), isGIF)
        }
        guard let segment else { return Derived(bmiddle: PictureURL(url), large: PictureURL(url), isGIF: isGIF) }
        let base = url.utf8.startIndex
        let range = (base + segment.lowerBound)..<(base + segment.upperBound)
        return Derived(
            bmiddle: PictureURL(source: url, segment: range, target: .bmiddle),
            large: PictureURL(source: url, segment: range, target: .large), isGIF: isGIF)
    }
}
