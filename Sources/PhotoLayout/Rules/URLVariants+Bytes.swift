internal import CJSONStructural
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
        withUnsafePointer(to: url) { hasGIFExtension(at: $0) }
    }

    /// `hasGIFExtension` of the URL at `url`, read in place (not retained).
    ///
    /// One pass over the words finds both whether the URL is ASCII and where its query starts.
    @inline(__always)
    static func hasGIFExtension(at url: UnsafePointer<ByteString>) -> Bool {
        let verdict = url.pointee.utf8.span.withUnsafeBufferPointer { bytes -> Bool? in
            guard let end = asciiQueryStart(in: bytes) else { return nil }
            guard end >= 4, bytes[end - 4] == UInt8(ascii: "."), bytes[end - 3] | 0x20 == UInt8(ascii: "g"),
                bytes[end - 2] | 0x20 == UInt8(ascii: "i"), bytes[end - 1] | 0x20 == UInt8(ascii: "f")
            else { return false }
            return pathRange(in: bytes, end: end).count >= 4
        }
        return verdict ?? hasGIFExtensionOfUnicode(url.pointee.description)
    }

    /// What the segment rule finds in an ASCII URL: its first size segment (indices of the
    /// string's `utf8`), if any, and whether its path ends in `.gif`.
    struct Lookup {
        var segment: Range<Int>?
        var isGIF: Bool
    }

    /// The `Lookup` of the URL at `url`, read in place, from one scan for the query, the path
    /// and the size segment; `nil` when the URL is not ASCII (the Character rule decides it).
    @inline(__always)
    static func lookup(at url: UnsafePointer<ByteString>) -> Lookup? {
        let start = url.pointee.utf8.startIndex
        return url.pointee.utf8.span.withUnsafeBufferPointer { bytes -> Lookup? in
            // One pass finds both whether the URL is ASCII and where its query starts.
            guard let query = asciiQueryStart(in: bytes) else { return nil }
            let path = pathRange(in: bytes, end: query)
            let end = path.upperBound
            let isGIF =
                path.count >= 4 && bytes[end - 4] == UInt8(ascii: ".") && bytes[end - 3] | 0x20 == UInt8(ascii: "g")
                && bytes[end - 2] | 0x20 == UInt8(ascii: "i") && bytes[end - 1] | 0x20 == UInt8(ascii: "f")
            let segment = sizeSegment(in: bytes, path: path).map { (start + $0.lowerBound)..<(start + $0.upperBound) }
            return Lookup(segment: segment, isGIF: isGIF)
        }
    }

    /// Runs `body` on a reference to `url`'s `target` variant: the URL with its size segment
    /// marked, read in place when it is ASCII; a non-ASCII URL takes the Character rule, its
    /// variant spliced into a string of its own for the call.
    @inline(__always)
    static func withVariant<Result>(
        of url: UnsafePointer<ByteString>, _ target: Target, _ body: (URLReference) -> Result
    ) -> Result {
        if let lookup = lookup(at: url) { return body(URLReference(url, segment: lookup.segment, target: target)) }
        return URLReference.with(sizeReplaced(of: url.pointee, with: target), body)
    }

    /// `queryStart(in:)` of an ASCII URL, or `nil` when any byte of the URL is not ASCII: one
    /// pass of 16-byte compares (`cjs_find_either_ascii`, inlined from the C target's header).
    @inline(__always)
    static func asciiQueryStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return 0 }
        var query = 0
        let isASCII = cjs_find_either_ascii(base, bytes.count, UInt8(ascii: "?"), UInt8(ascii: "#"), &query)
        return isASCII != 0 ? query : nil
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
