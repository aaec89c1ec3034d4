import Foundation

/// The Character path of the URL-variant rule, for URLs with non-ASCII bytes: grapheme
/// clusters (a combining mark after `/`, a prepended mark before `.`) and Foundation's
/// `range(of:)` decide there, as they always have. Weibo's URLs never come here.
extension URLVariants {
    /// Size families named in full.
    static let namedSizes: Set<Substring> = [
        "thumbnail", "bmiddle", "large", "largest", "original", "woriginal", "square", "small", "middle",
    ]
    /// Size families written as a prefix and digits (`or360`, `orj180`, `wap720`, `thumb150`, `mw2000`).
    static let numberedPrefixes: [Substring] = ["orj", "or", "wap", "thumb", "mw"]

    /// Whether `segment` names a picture size, exactly and case-sensitively.
    package static func isSizeSegment(_ segment: Substring) -> Bool {
        if namedSizes.contains(segment) { return true }
        for prefix in numberedPrefixes where segment.hasPrefix(prefix) {
            let digits = segment.dropFirst(prefix.count)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        }
        return false
    }

    /// `url` with its first size segment replaced by `target`; unchanged when it has none.
    static func replacingSizeOfUnicode(_ url: String, with target: Target) -> String {
        guard let range = sizeSegmentRange(in: url) else { return url }
        var result = url
        result.replaceSubrange(range, with: target.rawValue)
        return result
    }

    /// The range of the first size segment of `url`'s path, if it has one.
    package static func sizeSegmentRange(in url: String) -> Range<String.Index>? {
        let path = pathRange(in: url)
        var segmentStart = path.lowerBound
        var index = path.lowerBound
        while index < path.upperBound {
            if url[index] == "/" {
                // A segment ends at a "/": it is a directory, not the file name.
                if segmentStart < index, isSizeSegment(url[segmentStart..<index]) {
                    return segmentStart..<index
                }
                segmentStart = url.index(after: index)
            }
            index = url.index(after: index)
        }
        return nil
    }

    /// Whether the URL's path (query and fragment ignored) ends in `.gif`, in any case.
    static func hasGIFExtensionOfUnicode(_ url: String) -> Bool {
        let path = url[pathRange(in: url)]
        return path.count >= 4 && path.suffix(4).lowercased() == ".gif"
    }

    /// The path of `url`: after `scheme://host` (or `//host`), up to `?` or `#`.
    static func pathRange(in url: String) -> Range<String.Index> {
        let end = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        let beforeQuery = url[..<end]
        var start = url.startIndex
        if let scheme = beforeQuery.range(of: "://") {
            start = beforeQuery[scheme.upperBound...].firstIndex(of: "/") ?? end
        } else if beforeQuery.hasPrefix("//") {
            let host = url.index(url.startIndex, offsetBy: 2)
            start = beforeQuery[host...].firstIndex(of: "/") ?? end
        }
        return start..<end
    }
}
