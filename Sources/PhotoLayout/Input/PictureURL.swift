import JSONBytes

/// One URL of a picture as the rules leave it: bytes as they are (usually a slice of the
/// request), or a source URL whose size segment is replaced by a target name (Open API and
/// m.weibo.cn pictures: `/orj360/` → `/bmiddle/`), kept as the source slice, the segment's
/// range and the target, and spliced only when written (`JSONByteWriter.string(_: PictureURL)`
/// writes the three parts) or read as bytes. Equality and hashing are those of the URL's text.
public struct PictureURL: Hashable, Sendable, CustomStringConvertible {
    /// The URL as it is, or the source of the splice.
    package var source: ByteString
    /// The indices in `source.utf8` of the segment `target` replaces; `nil`: no splice.
    package var segment: Range<Int>?
    /// The size name that replaces `segment`.
    package var target: URLVariants.Target

    /// A URL taken as it is.
    package init(_ bytes: ByteString) {
        self.init(source: bytes, segment: nil, target: .thumbnail)
    }

    /// `source` with `segment` (indices of `source.utf8`) replaced by `target`.
    package init(source: ByteString, segment: Range<Int>?, target: URLVariants.Target) {
        self.source = source
        self.segment = segment
        self.target = target
    }

    /// The URL's bytes: `source` itself, or the splice as a new array.
    package var bytes: ByteString {
        guard let segment else { return source }
        let name = target.rawValue.utf8
        var spliced: [UInt8] = []
        spliced.reserveCapacity(source.utf8.count - segment.count + name.count)
        spliced.append(contentsOf: source.utf8[..<segment.lowerBound])
        spliced.append(contentsOf: name)
        spliced.append(contentsOf: source.utf8[segment.upperBound...])
        return ByteString(utf8: spliced[...])
    }

    /// The URL as a `String` (built on each read).
    public var description: String { bytes.description }

    public static func == (lhs: PictureURL, rhs: PictureURL) -> Bool {
        lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }
}
