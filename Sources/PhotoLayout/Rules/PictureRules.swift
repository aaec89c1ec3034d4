import JSONBytes

/// Resolves Weibo's picture shapes into `Picture`s (docs/API.md §3), value by value.
///
/// Decisions where docs/API.md is loose: "`thumbnail_pic` counts only when `pic_urls` is empty" is
/// read as "when `pic_urls` yields no picture", so a `pic_urls` of junk entries does not hide a
/// valid `thumbnail_pic`; empty URL strings and empty pids are no pictures. The timeline applies
/// these rules in place (`FastPath/PictureRules+InPlace.swift`), held equal to these.
public enum PictureRules {
    /// The pictures of `media`, from the first shape that yields one: `pic_ids` + `pic_infos`
    /// (they carry sizes; a pid without an info is skipped), m.weibo.cn's `pics`, Open API's
    /// `pic_urls`, the lone `thumbnail_pic`, and last the pids of `pic_ids` alone.
    public static func pictures(of media: WeiboMedia) -> [Picture] {
        let infos = PicInfoLookup(media.infos)
        let fromInfos = media.pids.enumerated().compactMap { position, pid in
            infos.info(of: pid, at: position).flatMap { picture(from: $0, pid: pid) }
        }
        if !fromInfos.isEmpty { return fromInfos }
        let fromPics = media.pics.compactMap(picture(from:))
        if !fromPics.isEmpty { return fromPics }
        let fromURLs = media.picURLBytes.filter { !$0.isEmpty }.map { Picture(thumbnail: $0) }
        if !fromURLs.isEmpty { return fromURLs }
        if let single = media.thumbnailPicBytes, !single.isEmpty { return [Picture(thumbnail: single)] }
        return media.pids.filter { !$0.isEmpty }.map { PidURLs.picture(pid: $0) }
    }

    /// The picture one `pic_infos` entry describes, or `nil` when it carries no URL at all.
    ///
    /// Explicit URLs win: `bmiddle_url` from `bmiddle`, `large_url` from `large`, else
    /// `largest`, else `original`. A missing variant is derived from the thumbnail by the
    /// segment rule; a missing thumbnail from the first URL the info has (decision: docs/API.md
    /// does not say, and a picture with any URL is still a picture). `pid`, its key, makes
    /// it a GIF when it has `g` at index 21.
    package static func picture(from info: WeiboPictureInfo, pid: String? = nil) -> Picture? {
        picture(from: info, pid: pid.map { ByteString($0) })
    }

    /// `picture(from:pid:)` with the pid as bytes.
    package static func picture(from info: WeiboPictureInfo, pid: ByteString?) -> Picture? {
        let variants = info.slots
        let bmiddleURL = url(of: variants.bmiddle)
        let largeURL = url(of: variants.large) ?? url(of: variants.largest) ?? url(of: variants.original)
        let explicitThumbnail = url(of: variants.thumbnail)
        guard
            let thumbnail = explicitThumbnail
                ?? (bmiddleURL ?? largeURL).map({ URLVariants.replacingSize(of: $0, with: .thumbnail) })
        else { return nil }
        let derived = URLVariants.derived(from: thumbnail)
        let types = [
            info.type, variants.thumbnail?.type, variants.bmiddle?.type, variants.large?.type,
            variants.largest?.type, variants.original?.type,
        ]
        let isGIF = pid.map(PidURLs.isGIF) == true || types.contains(WeiboPictureType.gif) || derived.isGIF
        let bmiddleSize = variants.bmiddle?.knownSize
        // `is_long` is judged by the first known size among largest, original, large, bmiddle.
        let largestSize =
            variants.largest?.knownSize ?? variants.original?.knownSize ?? variants.large?.knownSize ?? bmiddleSize
        return Picture(
            thumbnail: thumbnail, bmiddle: bmiddleURL.map { PictureURL($0) } ?? derived.bmiddle,
            large: largeURL.map { PictureURL($0) } ?? derived.large,
            kind: isGIF ? .gif : types.contains(WeiboPictureType.livephoto) ? .livephoto : .image,
            isLong: isLong(largestSize), keepSize: info.keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize,
            aspectSize: bmiddleSize ?? variants.thumbnail?.knownSize ?? largestSize)
    }

    /// The picture one m.weibo.cn `pics` entry describes, or `nil` without a `url`.
    ///
    /// `thumbnail_url` is `url`, `bmiddle_url` derived from it, `large_url` is `large.url`
    /// (else derived); its size, for `is_long` and the browser, is `large.geo`, else `geo`;
    /// its aspect, for the adaptive single picture, is `geo`'s (the thumbnail's), else that size.
    package static func picture(from pic: WeiboPic) -> Picture? {
        guard let thumbnail = url(of: pic.thumbnail) else { return nil }
        let derived = URLVariants.derived(from: thumbnail)
        let size = pic.large?.knownSize ?? pic.thumbnail.knownSize
        let type = pic.thumbnail.type
        let isGIF = type == .gif || pic.pidBytes.map(PidURLs.isGIF) == true || derived.isGIF
        return Picture(
            thumbnail: thumbnail, bmiddle: derived.bmiddle,
            large: url(of: pic.large).map { PictureURL($0) } ?? derived.large,
            kind: isGIF ? .gif : type == .livephoto ? .livephoto : .image, isLong: isLong(size), keepSize: false,
            bmiddleSize: size, largestSize: size,
            aspectSize: pic.thumbnail.knownSize ?? size)
    }

    /// How many pictures the status has (docs/API.md §4 `total`): the `count` read, or `pic_num`
    /// when it is larger. `pic_num` counts when it is a whole number (a JSON number or a
    /// numeric string) up to 2³¹ − 1 (decision: a bound docs/API.md leaves open; Weibo allows 18).
    package static func total(of media: WeiboMedia, read count: Int) -> Int {
        total(picNum: media.picNum, read: count)
    }

    /// `total(of:read:)` given `pic_num` alone.
    static func total(picNum: Double?, read count: Int) -> Int {
        guard let number = picNum, number.rounded() == number, number >= 0, number <= Double(Int32.max) else {
            return count
        }
        return max(count, Int(number))
    }

    /// Long: height/width > 3 for the size `is_long` is judged by; never without one.
    static func isLong(_ size: Size?) -> Bool {
        size.map { $0.height / $0.width > 3 } ?? false
    }

    /// The variant's URL, when it has one that is not empty.
    private static func url(of variant: WeiboPictureVariant?) -> ByteString? {
        guard let url = variant?.urlBytes, !url.isEmpty else { return nil }
        return url
    }
}

/// How a pid of `pic_ids` finds its `pic_infos` entry: the entry at the pid's own position when
/// its key is the pid, else the first whose key is. A table of more entries than Weibo ever sends
/// (32) is looked up in a dictionary of each key's first entry, so that hostile input stays linear.
struct PicInfoLookup {
    let infos: WeiboPictureInfos
    private let firstByPid: [ByteString: WeiboPictureInfo]?

    init(_ infos: WeiboPictureInfos) {
        self.infos = infos
        firstByPid =
            infos.count > 32 ? Dictionary(zip(infos.pids, infos.infos), uniquingKeysWith: { first, _ in first }) : nil
    }

    /// The entry of `pid`, the `position`-th of `pic_ids`.
    func info(of pid: ByteString, at position: Int) -> WeiboPictureInfo? {
        if let firstByPid { return firstByPid[pid] }
        return infos.index(of: pid, guess: position).map { infos.infos[$0] }
    }
}
