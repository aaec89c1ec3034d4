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
    /// even when it is not an object and is dropped). Linear: one hash-set insertion per key.
    static func readPicInfos(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> [String: WeiboPictureInfo] {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return [:]
        }
        var infos: [String: WeiboPictureInfo] = [:]
        var seen = SeenKeys()
        var more = try scanner.enterObject()
        while more {
            let pid = scanner.string(try scanner.memberKey())
            if seen.insert(pid), try scanner.peekKind() == .object {
                infos[pid] = try readPictureInfo(&scanner)
            } else {
                try scanner.skipValue()
            }
            more = try scanner.nextMember()
        }
        scanner.work += seen.comparisons
        return infos
    }

    private static func readPictureInfo(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureInfo {
        var info = WeiboPictureInfo()
        // Room for every variant at once: growing the table one variant at a time rehashes.
        var variants = [PictureVariant: WeiboPictureVariant](minimumCapacity: variantsByField.count)
        try scanner.readObject(infoKeys) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case 5: info.type = try scanner.lenientString()
            case 6: info.keepSize = try scanner.lenientTruthy()
            default:
                if let variant = try readVariant(&scanner) {
                    variants[variantsByField[field]] = variant
                }
            }
        }
        info.variants = variants
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
            case 0: variant.url = try scanner.lenientString()
            case 1: variant.width = try scanner.lenientFlexibleNumber()
            case 2: variant.height = try scanner.lenientFlexibleNumber()
            default: variant.type = try scanner.lenientString()
            }
        }
        return variant
    }
}
