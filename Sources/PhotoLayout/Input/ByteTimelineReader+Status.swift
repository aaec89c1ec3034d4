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
    ///
    /// The fields are read into the status being returned (`readStatusFields` writes through
    /// `inout`): returned in a tuple and then stored, each status's media was copied and the
    /// original destroyed (a retain and a release per array it holds), twice for a retweet.
    package static func readStatus(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboStatus {
        var status = WeiboStatus(idBytes: nil, media: WeiboMedia(), retweeted: nil)
        try readStatusFields(
            &scanner, id: &status.idBytes, media: &status.media, retweeted: &status.retweeted, readsRetweet: true)
        return status
    }

    /// The id and pictures of a status or retweet into `id` and `media` (both as made by
    /// `WeiboMedia()` and `nil` on entry), and with `readsRetweet` its `retweeted_status` into
    /// `retweeted` (one level: a retweet is read without, and its own is skipped).
    private static func readStatusFields(
        _ scanner: inout JSONScanner, id statusID: inout ByteString?, media: inout WeiboMedia,
        retweeted: inout WeiboRetweet?, readsRetweet: Bool
    ) throws(JSONSyntaxError) {
        var idstr: ByteString?
        var id: ByteString?
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
                    var retweet = WeiboRetweet(idBytes: nil, media: WeiboMedia())
                    var none: WeiboRetweet?
                    try readStatusFields(
                        &scanner, id: &retweet.idBytes, media: &retweet.media, retweeted: &none, readsRetweet: false)
                    retweeted = consume retweet
                } else {
                    try scanner.skipValue()
                }
            }
        }
        statusID = idstr ?? id
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
