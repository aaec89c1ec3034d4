import JSONBytes

/// Statuses, lenient as `FoundationTimelineReader`'s: a field of the wrong type is absent, an
/// array entry of the wrong type is dropped, the first of duplicate keys wins.
extension ByteTimelineReader {
    /// The keys of a status the layout reads, by field number.
    private static let statusKeys = JSONKeySet([
        "idstr", "id", "pic_urls", "thumbnail_pic", "pic_ids", "pic_infos", "retweeted_status", "pics", "pic_num",
    ])
    private static let picURLKeys = JSONKeySet(["thumbnail_pic"])

    /// A status object (the scanner is on its `{`), with its retweet. Also what reads the photo
    /// browser's `status`, so a status gives the browser the pictures it gives the grid.
    package static func readStatus(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboStatus {
        let (id, media, retweeted) = try readStatusFields(&scanner, readsRetweet: true)
        return WeiboStatus(idBytes: id, media: media, retweeted: retweeted)
    }

    /// The id and pictures of a status or retweet, and with `readsRetweet` its
    /// `retweeted_status` (one level: a retweet is read without, and its own is skipped).
    private static func readStatusFields(
        _ scanner: inout JSONScanner, readsRetweet: Bool
    ) throws(JSONSyntaxError) -> (id: ByteString?, media: WeiboMedia, retweeted: WeiboRetweet?) {
        var retweeted: WeiboRetweet?
        var idstr: ByteString?
        var id: ByteString?
        var media = WeiboMedia()
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let keys = statusKeys
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: keys) {
            switch field {
            case 0: idstr = try scanner.lenientByteString()
            case 1: id = try scanner.lenientStatusIDBytes()
            case 2: media.picURLBytes = try readPicURLs(&scanner)
            case 3: media.thumbnailPicBytes = try scanner.lenientByteString()
            case 4: media.pids = try readPicIDs(&scanner)
            case 5: media.infos = try readPicInfos(&scanner)
            case 7: media.pics = try readPics(&scanner)
            case 8: media.picNum = try scanner.lenientFlexibleNumber()
            default:
                if readsRetweet, try scanner.peekKind() == .object {
                    let (id, media, _) = try readStatusFields(&scanner, readsRetweet: false)
                    retweeted = WeiboRetweet(idBytes: id, media: media)
                } else {
                    try scanner.skipValue()
                }
            }
        }
        return (idstr ?? id, media, retweeted)
    }

    /// `pic_urls`: the `thumbnail_pic` string of each entry that has one, as bytes of the request.
    private static func readPicURLs(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [ByteString] {
        var urls: [ByteString] = []
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            guard try scanner.peekKind() == .object else { return try scanner.skipValue() }
            var url: ByteString?
            try scanner.readObject(picURLKeys) { _, scanner throws(JSONSyntaxError) in
                url = try scanner.lenientByteString()
            }
            if let url { urls.append(url) }
        }
        return urls
    }

    /// `pic_ids`: its string entries, in order, as bytes of the request.
    private static func readPicIDs(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [ByteString] {
        var ids: [ByteString] = []
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            if let id = try scanner.lenientByteString() { ids.append(id) }
        }
        return ids
    }
}
