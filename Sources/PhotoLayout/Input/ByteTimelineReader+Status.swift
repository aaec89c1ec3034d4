/// Statuses, lenient as `FoundationTimelineReader`'s: a field of the wrong type is absent, an
/// array entry of the wrong type is dropped, the first of duplicate keys wins.
extension ByteTimelineReader {
    /// The keys of a status the layout reads; the index is the field's bit in `seen`.
    private static let statusKeys = JSONKeySet([
        "idstr", "id", "pic_urls", "thumbnail_pic", "pic_ids", "pic_infos", "retweeted_status",
    ])

    /// A status object (the scanner is on its `{`).
    static func readStatus(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboStatus {
        var retweeted: WeiboRetweet?
        let (id, media) = try readStatusFields(&scanner) { scanner throws(JSONSyntaxError) in
            if try scanner.peekKind() == .object {
                let (id, media) = try readStatusFields(&scanner, retweet: nil)
                retweeted = WeiboRetweet(id: id, media: media)
            } else {
                try scanner.skipValue()
            }
        }
        return WeiboStatus(id: id, media: media, retweeted: retweeted)
    }

    /// The id and pictures of a status or retweet; `retweet` reads `retweeted_status` (one
    /// level: a retweet passes `nil` and its own is skipped).
    private static func readStatusFields(
        _ scanner: inout JSONScanner,
        retweet: ((inout JSONScanner) throws(JSONSyntaxError) -> Void)?
    ) throws(JSONSyntaxError) -> (id: String?, media: WeiboMedia) {
        var idstr: String?
        var id: String?
        var media = WeiboMedia()
        var seen: UInt8 = 0
        var more = try scanner.enterObject()
        while more {
            let key = try scanner.memberKey()
            let field = statusKeys.index(of: key, in: scanner)
            let bit: UInt8 = 1 << field
            if field == statusKeys.count || seen & bit != 0 {
                try scanner.skipValue()
            } else {
                seen |= bit
                switch field {
                case 0: idstr = try scanner.lenientString()
                case 1: id = try scanner.lenientStatusID()
                case 2: media.picURLs = try readPicURLs(&scanner)
                case 3: media.thumbnailPic = try scanner.lenientString()
                case 4: media.picIDs = try readPicIDs(&scanner)
                case 5: media.picInfos = try readPicInfos(&scanner)
                default:
                    if let retweet { try retweet(&scanner) } else { try scanner.skipValue() }
                }
            }
            more = try scanner.nextMember()
        }
        return (idstr ?? id, media)
    }

    /// `pic_urls`: the `thumbnail_pic` string of each entry that has one.
    private static func readPicURLs(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [String] {
        guard try scanner.peekKind() == .array else {
            try scanner.skipValue()
            return []
        }
        var urls: [String] = []
        var more = try scanner.enterArray()
        while more {
            if try scanner.peekKind() == .object {
                var url: String??
                var members = try scanner.enterObject()
                while members {
                    let key = try scanner.memberKey()
                    if url == nil, scanner.token(key, is: "thumbnail_pic") {
                        url = .some(try scanner.lenientString())
                    } else {
                        try scanner.skipValue()
                    }
                    members = try scanner.nextMember()
                }
                if let url = url ?? nil { urls.append(url) }
            } else {
                try scanner.skipValue()
            }
            more = try scanner.nextElement()
        }
        return urls
    }

    /// `pic_ids`: its string entries, in order.
    private static func readPicIDs(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [String] {
        guard try scanner.peekKind() == .array else {
            try scanner.skipValue()
            return []
        }
        var ids: [String] = []
        var more = try scanner.enterArray()
        while more {
            if let id = try scanner.lenientString() { ids.append(id) }
            more = try scanner.nextElement()
        }
        return ids
    }
}
