import JSONBytes

/// m.weibo.cn's `pics`, lenient as `FoundationTimelineReader`'s `DecodedPics`.
extension ByteTimelineReader {
    private static let picKeys = JSONKeySet(["pid", "url", "geo", "large", "type"])
    private static let largeKeys = JSONKeySet(["url", "geo"])
    private static let geoKeys = JSONKeySet(["width", "height"])

    /// `pics`: an array of entries, or an object keyed "0", "1", … whose values are taken in
    /// numeric key order (`WeiboPicOrder`; other keys ignored, the first of duplicates wins).
    /// Entries that are not objects are dropped; any other value is no pictures.
    static func readPics(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [WeiboPic] {
        switch try scanner.peekKind() {
        case .array:
            var pics: [WeiboPic] = []
            try scanner.readArray { scanner throws(JSONSyntaxError) in
                if let pic = try readPic(&scanner) { pics.append(pic) }
            }
            return pics
        case .object:
            var keyed: [(key: String, pic: WeiboPic)] = []
            var seen = SeenKeys()
            var more = try scanner.enterObject()
            while more {
                let key = scanner.string(try scanner.memberKey())
                if WeiboPicOrder.isIndex(key), seen.insert(key) {
                    if let pic = try readPic(&scanner) { keyed.append((key, pic)) }
                } else {
                    try scanner.skipValue()
                }
                more = try scanner.nextMember()
            }
            var comparisons = 0
            keyed.sort {
                comparisons += 1
                return WeiboPicOrder.precedes($0.key, $1.key)
            }
            scanner.work += seen.comparisons + comparisons
            return keyed.map(\.pic)
        default:
            try scanner.skipValue()
            return []
        }
    }

    /// One entry when it is an object (`nil` otherwise, the value skipped).
    private static func readPic(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPic? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return nil
        }
        var pic = WeiboPic()
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let keys = picKeys
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: keys) {
            switch field {
            case 0: pic.pidBytes = try scanner.lenientByteString()
            case 1: pic.thumbnail.urlBytes = try scanner.lenientByteString()
            case 2: (pic.thumbnail.width, pic.thumbnail.height) = try readGeo(&scanner)
            case 3: pic.large = try readLarge(&scanner)
            default: pic.thumbnail.type = try scanner.lenientPictureType()
            }
        }
        return pic
    }

    /// `large`: `{url, geo}` when it is an object, else `nil`.
    private static func readLarge(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureVariant? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return nil
        }
        var large = WeiboPictureVariant()
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let keys = largeKeys
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: keys) {
            if field == 0 {
                large.urlBytes = try scanner.lenientByteString()
            } else {
                (large.width, large.height) = try readGeo(&scanner)
            }
        }
        return large
    }

    /// `geo`: its `width` and `height`, numbers or numeric strings; `nil`s when not an object.
    private static func readGeo(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> (Double?, Double?) {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return (nil, nil)
        }
        var sides: (Double?, Double?) = (nil, nil)
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let keys = geoKeys
        // Two numbers wanted: the object walked once (`members(gathering:)`).
        var members = try scanner.members(gathering: keys)
        while let field = try scanner.nextField(&members, in: keys) {
            if field == 0 {
                sides.0 = try scanner.lenientSide()
            } else {
                sides.1 = try scanner.lenientSide()
            }
        }
        return sides
    }
}
