/// Resolves Weibo's two picture shapes into `Picture`s (DESIGN §3).
///
/// Precedence: `pic_ids` + `pic_infos` when they yield at least one picture (they carry
/// sizes); else `pic_urls`; else the lone `thumbnail_pic`. Decision where DESIGN is loose:
/// "`thumbnail_pic` counts only when `pic_urls` is empty" is read as "when `pic_urls`
/// yields no picture", so a `pic_urls` of junk entries does not hide a valid
/// `thumbnail_pic`. Empty URL strings are no pictures.
public enum PictureRules {
    public static func pictures(of media: WeiboMedia) -> [Picture] {
        let fromInfos = media.picIDs.compactMap { pid in media.picInfos[pid].flatMap(picture(from:)) }
        if !fromInfos.isEmpty { return fromInfos }
        let fromURLs = media.picURLs.filter { !$0.isEmpty }.map(Picture.init(thumbnailURL:))
        if !fromURLs.isEmpty { return fromURLs }
        if let single = media.thumbnailPic, !single.isEmpty { return [Picture(thumbnailURL: single)] }
        return []
    }

    /// The picture one `pic_infos` entry describes, or `nil` when it carries no URL at all.
    ///
    /// Explicit URLs win: `bmiddle_url` from `bmiddle`, `large_url` from `large`, else
    /// `largest`, else `original`. A missing variant is derived from the thumbnail by the
    /// segment rule; a missing thumbnail from the first URL the info has (decision: DESIGN
    /// does not say, and a picture with any URL is still a picture).
    public static func picture(from info: WeiboPictureInfo) -> Picture? {
        func url(_ variant: PictureVariant) -> String? {
            guard let url = info.variants[variant]?.url, !url.isEmpty else { return nil }
            return url
        }
        let thumbnail: String
        if let explicit = url(.thumbnail) {
            thumbnail = explicit
        } else if let any = [.bmiddle, .large, .largest, .original].lazy.compactMap(url).first {
            thumbnail = URLVariants.replacingSize(of: any, with: .thumbnail)
        } else {
            return nil
        }

        let largestSize = sizeForAspect(of: info)
        return Picture(
            thumbnailURL: thumbnail,
            bmiddleURL: url(.bmiddle) ?? URLVariants.replacingSize(of: thumbnail, with: .bmiddle),
            largeURL: url(.large) ?? url(.largest) ?? url(.original)
                ?? URLVariants.replacingSize(of: thumbnail, with: .large),
            kind: kind(of: info, thumbnailURL: thumbnail),
            isLong: largestSize.map { $0.height / $0.width > 3 } ?? false,
            keepSize: info.keepSize,
            bmiddleSize: info.variants[.bmiddle]?.knownSize,
            largestSize: largestSize
        )
    }

    /// `gif` when any `type` (the info's or a variant's, in any case) is `gif` or the
    /// thumbnail is a `.gif`; else `livephoto` when any `type` is `livephoto`; else `image`.
    static func kind(of info: WeiboPictureInfo, thumbnailURL: String) -> PictureKind {
        let types = ([info.type] + PictureVariant.allCases.map { info.variants[$0]?.type }).compactMap {
            $0?.lowercased()
        }
        if types.contains("gif") || URLVariants.hasGIFExtension(thumbnailURL) { return .gif }
        if types.contains("livephoto") { return .livephoto }
        return .image
    }

    /// The first known size among largest, original, large, bmiddle.
    static func sizeForAspect(of info: WeiboPictureInfo) -> Size? {
        [PictureVariant.largest, .original, .large, .bmiddle].lazy.compactMap { info.variants[$0]?.knownSize }.first
    }
}
