import JSONBytes

/// The URL-variant rule of docs/API.md §3: a Weibo picture URL names its size in one path
/// segment (`/thumbnail/`, `/or360/`, `/mw690/`…); the other sizes of the same picture are
/// the same URL with that one segment replaced.
///
/// The rule works on the URL's UTF-8 bytes: for an ASCII URL (every Weibo URL) each byte is
/// one Character, except CR LF, which holds no byte the rule looks for, so the byte search
/// decides exactly what a Character search would. A URL with any other byte takes the
/// Character path of `URLVariants+Unicode.swift`, where grapheme clusters can matter.
package enum URLVariants {
    /// The variant names this rule writes into a URL.
    package enum Target: String, Sendable {
        case thumbnail, bmiddle, large
    }

    /// `url` with its first size segment replaced by `target`; unchanged when it has none.
    ///
    /// Only directory segments of the path count: the scheme, host, file name, query and
    /// fragment are never touched, so `http://thumbnail.example/a/large.jpg?size=thumbnail`
    /// has no size segment at all.
    package static func replacingSize(of url: String, with target: Target) -> String {
        let replaced = withASCII(url) { bytes -> String? in
            guard let segment = sizeSegment(in: bytes) else { return url }
            return splice(bytes, replacing: segment, with: target.rawValue)
        }
        guard let replaced else { return replacingSizeOfUnicode(url, with: target) }
        return replaced
    }

    /// Whether the URL's path (query and fragment ignored) ends in `.gif`, in any case.
    package static func hasGIFExtension(_ url: String) -> Bool {
        withASCII(url) { bytes -> Bool? in hasGIFExtension(ascii: bytes) } ?? hasGIFExtensionOfUnicode(url)
    }

    /// `hasGIFExtension` of an ASCII URL's bytes. The path ends where the query does, so the
    /// four bytes before the query decide most URLs; only a `.gif` there needs the path's
    /// start (it must not lie in the host).
    static func hasGIFExtension(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = queryStart(in: bytes)
        guard end >= 4, bytes[end - 4] == UInt8(ascii: "."), bytes[end - 3] | 0x20 == UInt8(ascii: "g"),
            bytes[end - 2] | 0x20 == UInt8(ascii: "i"), bytes[end - 1] | 0x20 == UInt8(ascii: "f")
        else { return false }
        return pathRange(in: bytes).count >= 4
    }

    /// The offset of the first `?` or `#` (where the path ends), else the count: eight bytes
    /// at a time. The word tests are written out here rather than called from `JSONBytes.SWAR`:
    /// across the module boundary each `SWAR.equal` stayed a call, two per word of every URL.
    @inline(__always)
    static func queryStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let question = ones &* UInt64(UInt8(ascii: "?"))
        let hash = ones &* UInt64(UInt8(ascii: "#"))
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // SWAR "equal" for both bytes: exact for the lowest flagged byte, which is all we read.
            let isQuestion = word ^ question
            let isHash = word ^ hash
            let found = ((isQuestion &- ones) & ~isQuestion | (isHash &- ones) & ~isHash) & (ones &* 0x80)
            if found != 0 { return index &+ (found.trailingZeroBitCount &>> 3) }
            index &+= 8
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index &+= 1
        }
        return index
    }

    /// Runs `body` on `url`'s UTF-8 bytes when they are all ASCII; `nil` otherwise.
    static func withASCII<Result>(
        _ url: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result?
    ) -> Result? {
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result? {
            var union: UInt8 = 0
            for byte in bytes { union |= byte }
            return union < 0x80 ? body(bytes) : nil
        }
        if let result = url.utf8.withContiguousStorageIfAvailable(run) { return result }
        return Array(url.utf8).withUnsafeBufferPointer(run)
    }

    /// The byte range of the first size segment of an ASCII URL's path, if it has one.
    static func sizeSegment(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        sizeSegment(in: bytes, path: pathRange(in: bytes))
    }

    /// `sizeSegment(in:)` when the URL's `path` is known already.
    ///
    /// This and `pathRange` walk the bytes through the buffer's base pointer: no bounds check
    /// or generic index step per byte.
    static func sizeSegment(in bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>) -> Range<Int>? {
        guard let base = bytes.baseAddress, path.upperBound <= bytes.count else { return nil }
        var segmentStart = path.lowerBound
        var index = path.lowerBound
        while index < path.upperBound {
            if base[index] == UInt8(ascii: "/") {
                // A segment ends at a "/": it is a directory, not the file name.
                if segmentStart < index,
                    isSizeSegment(UnsafeBufferPointer(start: base + segmentStart, count: index &- segmentStart))
                {
                    return segmentStart..<index
                }
                segmentStart = index &+ 1
            }
            index &+= 1
        }
        return nil
    }

    /// The path of an ASCII URL: after `scheme://host` (or `//host`), up to `?` or `#`.
    static func pathRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        pathRange(in: bytes, end: queryStart(in: bytes))
    }

    /// `pathRange(in:)` when the query's start, `end` (at most the count), is known already.
    @inline(__always)
    static func pathRange(in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Range<Int> {
        guard let base = bytes.baseAddress, end <= bytes.count else { return 0..<end }
        let slash = UInt8(ascii: "/")
        var hostStart = -1
        // The first "://" anywhere before the query, as the Character rule finds it.
        var index = 0
        while index &+ 3 <= end {
            if base[index] == UInt8(ascii: ":"), base[index &+ 1] == slash, base[index &+ 2] == slash {
                hostStart = index &+ 3
                break
            }
            index &+= 1
        }
        if hostStart < 0, end >= 2, base[0] == slash, base[1] == slash { hostStart = 2 }
        guard hostStart >= 0 else { return 0..<end }
        var start = hostStart
        while start < end, base[start] != slash { start &+= 1 }
        return start..<end
    }

    /// Whether an ASCII path segment names a picture size, exactly and case-sensitively:
    /// one of the named families, or a numbered prefix followed by at least one digit.
    /// The names are compared as static bytes, chosen by the segment's length and first byte;
    /// they are those of `namedSizes` and `numberedPrefixes`, the Character rule's.
    static func isSizeSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = segment.first else { return false }
        switch (segment.count, first) {
        case (5, UInt8(ascii: "l")): if spells(segment, "large") { return true }
        case (5, UInt8(ascii: "s")): if spells(segment, "small") { return true }
        case (6, UInt8(ascii: "s")): if spells(segment, "square") { return true }
        case (6, UInt8(ascii: "m")): if spells(segment, "middle") { return true }
        case (7, UInt8(ascii: "b")): if spells(segment, "bmiddle") { return true }
        case (7, UInt8(ascii: "l")): if spells(segment, "largest") { return true }
        case (8, UInt8(ascii: "o")): if spells(segment, "original") { return true }
        case (9, UInt8(ascii: "t")): if spells(segment, "thumbnail") { return true }
        case (9, UInt8(ascii: "w")): if spells(segment, "woriginal") { return true }
        default: break
        }
        return numbered(segment, "orj") || numbered(segment, "or") || numbered(segment, "wap")
            || numbered(segment, "thumb") || numbered(segment, "mw")
    }

    /// Whether `segment` is exactly `name`.
    @inline(__always)
    private static func spells(_ segment: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        segment.count == name.utf8CodeUnitCount && startsWith(segment, name)
    }

    /// Whether `segment` is `prefix` followed by one digit or more, and nothing else.
    @inline(__always)
    private static func numbered(_ segment: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard segment.count > count, startsWith(segment, prefix) else { return false }
        for index in count..<segment.count where segment[index] &- UInt8(ascii: "0") >= 10 { return false }
        return true
    }

    /// Whether `segment` begins with the bytes of `prefix` (the caller checked the length).
    @inline(__always)
    private static func startsWith(_ segment: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let name = prefix.utf8Start
        for index in 0..<prefix.utf8CodeUnitCount where segment[index] != name[index] { return false }
        return true
    }

    /// `bytes` with `range` replaced by `replacement` (all ASCII), as a new String.
    static func splice(_ bytes: UnsafeBufferPointer<UInt8>, replacing range: Range<Int>, with replacement: String)
        -> String
    {
        var replacement = replacement
        return replacement.withUTF8 { middle in
            let count = bytes.count - range.count + middle.count
            return String(unsafeUninitializedCapacity: count) { buffer in
                var offset = 0
                func append(_ part: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(from: part)
                    offset += part.count
                }
                append(UnsafeBufferPointer(rebasing: bytes[..<range.lowerBound]))
                append(middle)
                append(UnsafeBufferPointer(rebasing: bytes[range.upperBound...]))
                return offset
            }
        }
    }
}
