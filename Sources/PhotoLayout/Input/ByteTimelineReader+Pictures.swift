import JSONBytes

/// `pic_infos` and its variants, lenient as `FoundationTimelineReader`'s `DecodedPictureInfo`.
extension ByteTimelineReader {
    /// The keys of an info: its variants (`PictureVariant.allCases` order), then `type` and
    /// `keep_size`.
    private static let infoKeys = JSONKeySet([
        "thumbnail", "bmiddle", "large", "largest", "original", "type", "keep_size",
    ])
    private static let variantKeys = JSONKeySet(["url", "width", "height", "type"])
    /// `PictureVariant.allCases` once: the computed property builds an array on every use.
    private static let variantsByField = PictureVariant.allCases

    /// `pic_infos`: each entry that is an object, by pid (the first of duplicate pids wins,
    /// even when it is not an object and is dropped), pids as bytes of the request.
    /// Linear: the first `linearKeys` keys are compared with each other (a bounded count),
    /// later ones go through a hash set of `String`s, one insertion per key.
    static func readPicInfos(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureInfos {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return WeiboPictureInfos()
        }
        var infos = WeiboPictureInfos()
        var keys: [ByteString] = []
        var seen: SeenKeys?
        var more = try scanner.enterObject()
        while more {
            let pid = scanner.byteString(try scanner.memberKey())
            if isFirst(pid, among: &keys, seen: &seen, work: &scanner.work), try scanner.peekKind() == .object {
                infos.append(pid: pid, info: try readPictureInfo(&scanner))
            } else {
                try scanner.skipValue()
            }
            more = try scanner.nextMember()
        }
        if let seen { scanner.work += seen.comparisons }
        return infos
    }

    /// How many keys `isFirst` compares one by one before it takes a hash set.
    private static let linearKeys = 16

    /// Whether `pid` is not among the keys met before it (`String` equality), and records it.
    private static func isFirst(
        _ pid: ByteString, among keys: inout [ByteString], seen: inout SeenKeys?, work: inout Int
    ) -> Bool {
        if seen == nil, keys.count < linearKeys {
            work += keys.count
            guard !keys.contains(pid) else { return false }
            keys.append(pid)
            return true
        }
        if seen == nil {
            var set = SeenKeys()
            for key in keys { _ = set.insert(key.description) }
            seen = set
        }
        return seen?.insert(pid.description) ?? true
    }

    private static func readPictureInfo(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureInfo {
        var info = WeiboPictureInfo()
        try scanner.readObject(infoKeys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case 5: info.type = try scanner.lenientString()
            case 6: info.keepSize = try scanner.lenientTruthy()
            default:
                if let variant = try readVariant(&scanner) {
                    info.slots[variantsByField[field]] = variant
                }
            }
        }
        return info
    }

    /// `{url, width, height, type}` when it is an object, else `nil`.
    private static func readVariant(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureVariant? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return nil
        }
        var variant = WeiboPictureVariant()
        try scanner.readObject(variantKeys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case 0: variant.urlBytes = try scanner.lenientByteString()
            case 1: variant.width = try scanner.lenientFlexibleNumber()
            case 2: variant.height = try scanner.lenientFlexibleNumber()
            default: variant.type = try scanner.lenientString()
            }
        }
        return variant
    }
}
