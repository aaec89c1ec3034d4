import JSONBytes

/// m.weibo.cn's `pics`, lenient as `FoundationTimelineReader`'s `DecodedPics`.
extension ByteTimelineReader {
    /// The members of a `pics` entry the layout reads.
    enum PicField: String, JSONField {
        case pid, url, geo, large, type

        static let set = JSONFieldSet<Self>()
    }

    /// The members of a `pics` entry's `large`.
    enum LargeField: String, JSONField {
        case url, geo

        static let set = JSONFieldSet<Self>()
    }

    /// The members of a `geo`.
    enum GeoField: String, JSONField {
        case width, height

        static let set = JSONFieldSet<Self>()
    }

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
        guard try scanner.peekIsObject() else {
            try scanner.skipValue()
            return nil
        }
        var pic = WeiboPic()
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let fields = PicField.set
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            case .pid: pic.pidBytes = try scanner.keptString()
            case .url: pic.thumbnail.urlBytes = try scanner.keptString()
            case .geo: (pic.thumbnail.width, pic.thumbnail.height) = try readGeo(&scanner)
            case .large: pic.large = try readLarge(&scanner)
            case .type: pic.thumbnail.type = try scanner.lenientPictureType()
            }
        }
        return pic
    }

    /// `large`: `{url, geo}` when it is an object, else `nil`.
    private static func readLarge(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureVariant? {
        guard try scanner.peekIsObject() else {
            try scanner.skipValue()
            return nil
        }
        var large = WeiboPictureVariant()
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let fields = LargeField.set
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            case .url: large.urlBytes = try scanner.keptString()
            case .geo: (large.width, large.height) = try readGeo(&scanner)
            }
        }
        return large
    }

    /// `geo`: its `width` and `height`, numbers or numeric strings; `nil`s when not an object.
    private static func readGeo(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> (Double?, Double?) {
        guard try scanner.peekIsObject() else {
            try scanner.skipValue()
            return (nil, nil)
        }
        var sides: (Double?, Double?) = (nil, nil)
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let fields = GeoField.set
        // Two numbers wanted: the object walked once (`members(gathering:)`).
        var members = try scanner.members(gathering: fields)
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            case .width: sides.0 = try scanner.lenientSide()
            case .height: sides.1 = try scanner.lenientSide()
            }
        }
        return sides
    }
}
