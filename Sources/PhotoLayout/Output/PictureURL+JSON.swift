import JSONBytes

extension URLVariants.Target {
    /// The size name as a static string, for `JSONByteWriter.string(prefix:middle:suffix:)`.
    var staticName: StaticString {
        switch self {
        case .thumbnail: "thumbnail"
        case .bmiddle: "bmiddle"
        case .large: "large"
        }
    }
}

extension JSONByteWriter {
    /// `url` as one JSON string: its bytes as they are, or a splice written as its three parts
    /// (the source before the segment, the target name, the rest), never built first.
    mutating func string(_ url: PictureURL) {
        guard let segment = url.segment else { return string(url.source) }
        string(
            prefix: ByteString(utf8: url.source.utf8[..<segment.lowerBound]), middle: url.target.staticName,
            suffix: ByteString(utf8: url.source.utf8[segment.upperBound...]))
    }
}
