/// An `Accept` header's media ranges (RFC 9110 §12.5.1), to tell whether a response's media
/// type is acceptable. Linear in the header's length.
struct MediaRanges {
    struct Range {
        var type: Substring
        var subtype: Substring
        var quality: Double
    }

    var ranges: [Range]

    init(_ accept: String) {
        ranges = accept.split(separator: ",").compactMap { item in
            let parts = item.split(separator: ";")
            guard let mediaRange = parts.first else { return nil }
            let name = mediaRange.trimmingSpaces.lowercased()
            guard let slash = name.firstIndex(of: "/") else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" {
                    quality = Double(pair[1].trimmingSpaces) ?? 1
                }
            }
            return Range(
                type: Substring(name[..<slash]), subtype: Substring(name[name.index(after: slash)...]),
                quality: quality)
        }
    }

    /// Whether `mediaType` (`application/json`, lower case, no parameters) is acceptable: the
    /// most specific range that matches it has a quality above 0. An empty or unreadable
    /// header accepts everything, as a missing one does.
    func admits(_ mediaType: String) -> Bool {
        guard !ranges.isEmpty, let slash = mediaType.firstIndex(of: "/") else { return true }
        let type = mediaType[..<slash]
        let subtype = mediaType[mediaType.index(after: slash)...]
        var best: (specificity: Int, quality: Double)?
        for range in ranges {
            let specificity: Int
            if range.type == type && range.subtype == subtype {
                specificity = 2
            } else if range.type == type && range.subtype == "*" {
                specificity = 1
            } else if range.type == "*" && range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if let current = best,
                specificity < current.specificity
                    || (specificity == current.specificity && range.quality <= current.quality)
            {
                continue
            }
            best = (specificity, range.quality)
        }
        return (best?.quality ?? 0) > 0
    }
}
