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
    /// (the source before the segment, the target name, the rest), never built first. The URL
    /// is borrowed and its parts read as buffers of the source: nothing copied or retained.
    mutating func string(_ url: borrowing PictureURL) {
        guard let segment = url.segment else { return string(url.source) }
        let start = url.source.utf8.startIndex
        let middle = url.target.staticName
        url.source.utf8.withUnsafeBufferPointer { bytes in
            string(
                prefix: UnsafeBufferPointer(rebasing: bytes[..<(segment.lowerBound &- start)]), middle: middle,
                suffix: UnsafeBufferPointer(rebasing: bytes[(segment.upperBound &- start)...]))
        }
    }
}
