import JSONBytes

/// Statuses, lenient as `FoundationTimelineReader`'s: a field of the wrong type is absent, an
/// array entry of the wrong type is dropped, the first of duplicate keys wins.
extension ByteTimelineReader {
    /// The members of a status the layout reads.
    enum StatusField: String, JSONField {
        case idstr, id
        case picURLs = "pic_urls"
        case thumbnailPic = "thumbnail_pic"
        case picIDs = "pic_ids"
        case picInfos = "pic_infos"
        case retweetedStatus = "retweeted_status"
        case pics
        case picNum = "pic_num"
        case pageInfo = "page_info"

        static let set = JSONFieldSet<Self>()
    }

    /// The one member of a `pic_urls` entry the layout reads.
    enum PicURLField: String, JSONField {
        case thumbnailPic = "thumbnail_pic"

        static let set = JSONFieldSet<Self>()
    }

    /// A status object (the scanner is on its `{`), with its retweet, read at `source` in a
    /// timeline request (`nil`: read alone). Also what reads the photo browser's `status`, so
    /// a status gives the browser the pictures it gives the grid.
    ///
    /// The fields are read into the status being returned (`readStatusFields` writes through
    /// `inout`): returned in a tuple and then stored, each status's media was copied and the
    /// original destroyed (a retain and a release per array it holds), twice for a retweet.
    package static func readStatus(
        _ scanner: inout JSONScanner, source: StatusSource? = nil
    ) throws(JSONSyntaxError) -> WeiboStatus {
        var status = WeiboStatus(idBytes: nil, media: emptyMedia(), retweeted: nil, source: source)
        try readStatusFields(
            &scanner, id: &status.idBytes, media: &status.media, retweeted: &status.retweeted, readsRetweet: true)
        return status
    }

    /// A media of no picture field and no page (as `WeiboMedia()`), made by the members'
    /// initializer where it is used: the statuses and retweets the reader fills in start from it.
    @inline(__always)
    private static func emptyMedia() -> WeiboMedia {
        WeiboMedia(
            picURLBytes: [], thumbnailPicBytes: nil, pids: [], infos: WeiboPictureInfos(), pics: [], picNum: nil,
            pageInfoStorage: .absent)
    }

    /// The status object at the position (as `readStatus` reads it, at `source`) appended to
    /// `statuses`: an empty status is appended and its fields are read where it lies in the
    /// array's storage, so the status is neither copied into the array nor destroyed after.
    /// When reading throws, the array holds the status as far as it was read.
    static func appendStatus(
        _ scanner: inout JSONScanner, source: StatusSource, to statuses: inout [WeiboStatus]
    ) throws(JSONSyntaxError) {
        statuses.append(WeiboStatus(idBytes: nil, media: emptyMedia(), retweeted: nil, source: source))
        try statuses.withUnsafeMutableBufferPointer { buffer throws(JSONSyntaxError) in
            let status = buffer.baseAddress.unsafelyUnwrapped + (buffer.count &- 1)
            try readStatusFields(
                &scanner, id: &status.pointee.idBytes, media: &status.pointee.media,
                retweeted: &status.pointee.retweeted, readsRetweet: true)
        }
    }

    /// The id and pictures of a status or retweet into `id` and `media` (both as made by
    /// `WeiboMedia()` and `nil` on entry), and with `readsRetweet` its `retweeted_status` into
    /// `retweeted` (one level: a retweet is read without, and its own is skipped).
    private static func readStatusFields(
        _ scanner: inout JSONScanner, id statusID: inout ByteString?, media: inout WeiboMedia,
        retweeted: inout WeiboRetweet?, readsRetweet: Bool
    ) throws(JSONSyntaxError) {
        // Where `id`'s value starts, and the depth there: read at the end only when `idstr` is
        // no string (most statuses have both, in either order).
        var idAt: (start: Int, depth: Int)?
        // Where `page_info`'s object starts, and the depth there.
        var pageAt: (start: Int, depth: Int)?
        // The set read once (a `static let` costs its lazy-initialisation check per access).
        let fields = StatusField.set
        var members = try scanner.members()
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            // Straight into the status (which holds none yet): kept in a local and copied in
            // at the end, it was retained once more and the local released.
            case .idstr: statusID = try scanner.keptString()
            case .id:
                idAt = (scanner.position, scanner.depth)
                try scanner.skipValue()
            case .picURLs: media.picURLBytes = try readPicURLs(&scanner)
            case .thumbnailPic: media.thumbnailPicBytes = try scanner.keptString()
            case .picIDs: media.pids = try readPicIDs(&scanner, sharing: media.infos.pids)
            case .picInfos: media.infos = try readPicInfos(&scanner)
            case .pics: media.pics = try readPics(&scanner)
            case .picNum: media.picNum = try scanner.lenientFlexibleNumber()
            case .pageInfo:
                if let object = try scanner.lenientObjectBytes() {
                    media.pageInfoStorage = .bytes(object)
                    pageAt = (object.utf8.startIndex, scanner.depth)
                }
            case .retweetedStatus:
                if readsRetweet, try scanner.peekIsObject() {
                    // Read where it lies: made in a local and moved in, the retweet was copied
                    // and the local destroyed.
                    retweeted = WeiboRetweet(idBytes: nil, media: emptyMedia())
                    try withUnsafeMutablePointer(to: &retweeted) { retweet throws(JSONSyntaxError) in
                        var none: WeiboRetweet?
                        try readStatusFields(
                            &scanner, id: &retweet.pointee!.idBytes, media: &retweet.pointee!.media, retweeted: &none,
                            readsRetweet: false)
                    }
                } else {
                    try scanner.skipValue()
                }
            }
        }
        if case .none = statusID, let idAt {
            let end = (position: scanner.position, depth: scanner.depth)
            scanner.position = idAt.start
            scanner.depth = idAt.depth
            statusID = try scanner.lenientStatusIDBytes()
            scanner.position = end.position
            scanner.depth = end.depth
        }
        // A status or retweet with no picture field and no retweet shows its card: its page is
        // read now, through the request's token masks (a copy of the scanner, put back on the
        // object). Any other keeps the bytes, read only if its pictures make no grid.
        // `case .none`, not `== nil`, which copies the retweet to compare it.
        if let pageAt, case .none = retweeted, !media.hasPictureFields {
            var page = scanner
            page.position = pageAt.start
            page.depth = pageAt.depth
            media.pageInfoStorage = .value(try readPageInfo(&page))
        }
    }

    /// `pic_urls`: the `thumbnail_pic` string of each entry that has one, as bytes of the request.
    private static func readPicURLs(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [ByteString] {
        var urls: [ByteString] = []
        try scanner.readElements { scanner throws(JSONSyntaxError) in
            guard try scanner.peekIsObject() else { return try scanner.skipValue() }
            var url: ByteString?
            try scanner.readObject(PicURLField.set) { _, scanner throws(JSONSyntaxError) in
                url = try scanner.keptString()
            }
            if let url { urls.append(url) }
        }
        return urls
    }

    /// `pic_ids`: its string entries, in order, as bytes of the request. Room for nine (a
    /// status's pictures) is made at the first, rather than growing the array by doubling.
    ///
    /// `keys` are the pids of a `pic_infos` read before (else empty): while the entries are
    /// plain strings (`plainString()`) of the same bytes as the keys at their places, none is
    /// kept; when every key is matched and nothing follows, `keys` itself is returned (the
    /// same values, one array for both fields). Otherwise the matched keys start the array
    /// and the rest is read as without them.
    private static func readPicIDs(
        _ scanner: inout JSONScanner, sharing keys: [ByteString]
    ) throws(JSONSyntaxError) -> [ByteString] {
        var ids: [ByteString] = []
        var sharing = !keys.isEmpty
        var matched = 0
        try scanner.readElements { scanner throws(JSONSyntaxError) in
            if sharing {
                // Past the whitespace before the entry, where `plainString()` looks for its quote.
                var plain: Range<Int>?
                if try scanner.peekIsString() { plain = scanner.plainString() }
                if let plain, matched < keys.count, scanner.hasBytes(plain, of: keys[matched]) {
                    matched &+= 1
                    return
                }
                sharing = false
                if matched > 0 {
                    ids.reserveCapacity(Swift.max(9, matched &+ 1))
                    ids.append(contentsOf: keys[0..<matched])
                }
                if let plain {
                    if ids.capacity == 0 { ids.reserveCapacity(9) }
                    return ids.append(scanner.keptSlice(plain))
                }
            }
            if let id = try scanner.keptString() {
                if ids.capacity == 0 { ids.reserveCapacity(9) }
                ids.append(id)
            }
        }
        guard sharing else { return ids }
        if matched == keys.count { return keys }
        if matched > 0 {
            ids.reserveCapacity(Swift.max(9, matched))
            ids.append(contentsOf: keys[0..<matched])
        }
        return ids
    }
}
