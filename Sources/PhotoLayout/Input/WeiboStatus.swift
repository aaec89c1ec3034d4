import JSONBytes

/// A status as Weibo sends it, reduced to the fields the layout reads (docs/API.md §3).
///
/// These are the core's typed inputs: readers (`TimelineReader`) produce them from JSON,
/// and rules (`PictureRules`, `GridRules`) consume them. Nothing here is validated or
/// normalised yet: that is what the rules do, so that every reader gets the same answers.
public struct WeiboStatus: Hashable, Sendable {
    /// `idstr`, else `id`'s literal digits, else `nil`: bytes of the request until the writer
    /// copies them (`id` is the `String` form).
    // swift-format-ignore: UseShorthandTypeNames
    package var idBytes: Optional<ByteString>
    public var media: WeiboMedia
    /// `retweeted_status`, one level deep: its own `retweeted_status` is not read.
    // swift-format-ignore: UseShorthandTypeNames
    public var retweeted: Optional<WeiboRetweet>
    /// Where the status was read in its timeline request (the answer's `source`); `nil` for a
    /// status made as a value or read alone (the photo browser's `status`).
    // swift-format-ignore: UseShorthandTypeNames
    public var source: Optional<StatusSource>

    // The members' initializer, `init(idBytes:media:retweeted:source:)` (what the reader
    // makes), is the one Swift gives a struct with no initializer in its body: it builds the
    // value directly, without a copy of it made and destroyed on the way. The other
    // initializers are in the extension below; the members' types are spelled `Optional<…>`
    // so that they have no implicit `nil` default (as `WeiboPictureVariant`'s).

    /// `idstr`, else `id`'s literal digits, else `nil` (a `String` built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}

extension WeiboStatus {
    public init(
        id: String? = nil, media: WeiboMedia = WeiboMedia(picURLs: []), retweeted: WeiboRetweet? = nil,
        source: StatusSource? = nil
    ) {
        self.init(idBytes: id.map { ByteString($0) }, media: media, retweeted: retweeted, source: source)
    }

    /// A status whose id is bytes already, read at no `source`.
    package init(idBytes: ByteString?, media: WeiboMedia, retweeted: WeiboRetweet?) {
        self.init(idBytes: idBytes, media: media, retweeted: retweeted, source: nil)
    }
}

/// The status a retweet quotes: an id and pictures, nothing deeper.
public struct WeiboRetweet: Hashable, Sendable {
    /// As `WeiboStatus.idBytes`.
    // swift-format-ignore: UseShorthandTypeNames
    package var idBytes: Optional<ByteString>
    public var media: WeiboMedia

    // The members' initializer, `init(idBytes:media:)`, is Swift's (as `WeiboStatus`'s); the
    // public one is in the extension below.

    /// The id as a `String` (built on each read).
    public var id: String? {
        get { idBytes?.description }
        set { idBytes = newValue.map { ByteString($0) } }
    }
}

extension WeiboRetweet {
    public init(id: String? = nil, media: WeiboMedia = WeiboMedia(picURLs: [])) {
        self.init(idBytes: id.map { ByteString($0) }, media: media)
    }
}

/// The picture fields of a status, in each of Weibo's shapes, exactly as sent.
public struct WeiboMedia: Hashable, Sendable {
    /// Open API v2: `pic_urls[].thumbnail_pic`, in order; entries without a string are dropped.
    /// Held as bytes of the request (`picURLs` is their `String` form).
    package var picURLBytes: [ByteString]
    /// Open API: `thumbnail_pic`, the first (in 2012-era statuses the only) picture, as bytes
    /// (`thumbnailPic` is its `String` form).
    // swift-format-ignore: UseShorthandTypeNames
    package var thumbnailPicBytes: Optional<ByteString>
    /// Client API: `pic_ids`, the order of the pictures; entries that are not strings are
    /// dropped. Held as bytes of the request (`picIDs` is their `String` form).
    package var pids: [ByteString]
    /// Client API: `pic_infos`, by pid (`picInfos` is its `Dictionary` form).
    package var infos: WeiboPictureInfos
    /// m.weibo.cn: `pics`, in order (an index-keyed object already put in numeric key order);
    /// entries that are not objects are dropped.
    public var pics: [WeiboPic]
    /// `pic_num` when it is a number or a numeric string, as sent (the rules decide whether it counts).
    // swift-format-ignore: UseShorthandTypeNames
    public var picNum: Optional<Double>
    /// `page_info` as held: absent, its object's bytes (read only when asked for, by
    /// `pageInfo`), or a value.
    package var pageInfoStorage: PageInfoStorage

    // The members' initializer, `init(picURLBytes:thumbnailPicBytes:pids:infos:pics:picNum:
    // pageInfoStorage:)`, is Swift's (as `WeiboStatus`'s); the others are in the extension
    // below.

    /// `page_info` when it is an object, read leniently (docs/API.md §4, "Cards"): the card a
    /// status without pictures shows. Held as its bytes by `ByteTimelineReader`, which reads
    /// them on each get (only a status that shows a card asks).
    public var pageInfo: WeiboPageInfo? {
        get {
            switch pageInfoStorage {
            case .absent: nil
            case .bytes(let object): ByteTimelineReader.readPageInfo(object)
            case .value(let page): page
            }
        }
        set { pageInfoStorage = newValue.map { .value($0) } ?? .absent }
    }

    /// Whether `page_info` is an object (without reading it).
    var hasPageInfo: Bool {
        if case .absent = pageInfoStorage { return false }
        return true
    }

    /// Equal when every field is, `page_info` compared as read (`pageInfo`): a page held as
    /// bytes equals the same page held as a value.
    public static func == (lhs: WeiboMedia, rhs: WeiboMedia) -> Bool {
        lhs.picURLBytes == rhs.picURLBytes && lhs.thumbnailPicBytes == rhs.thumbnailPicBytes && lhs.pids == rhs.pids
            && lhs.infos == rhs.infos && lhs.pics == rhs.pics && lhs.picNum == rhs.picNum
            && lhs.pageInfo == rhs.pageInfo
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(picURLBytes)
        hasher.combine(thumbnailPicBytes)
        hasher.combine(pids)
        hasher.combine(infos)
        hasher.combine(pics)
        hasher.combine(picNum)
        hasher.combine(pageInfo)
    }

    /// `pic_urls[].thumbnail_pic` as `String`s (built on each read).
    public var picURLs: [String] {
        get { picURLBytes.map(\.description) }
        set { picURLBytes = newValue.map { ByteString($0) } }
    }

    /// `thumbnail_pic` as a `String` (built on each read).
    public var thumbnailPic: String? {
        get { thumbnailPicBytes?.description }
        set { thumbnailPicBytes = newValue.map { ByteString($0) } }
    }

    /// `pic_ids` as `String`s (built on each read).
    public var picIDs: [String] {
        get { pids.map(\.description) }
        set { pids = newValue.map { ByteString($0) } }
    }

    /// `pic_infos` as a `Dictionary` (built on each read).
    /// Whether any field a picture comes from holds something (`PictureRules` decides whether
    /// it yields one): `false` is a media of no pictures, found without reading a field's items.
    @inline(__always)
    var hasPictureFields: Bool {
        !pids.isEmpty || !pics.isEmpty || !picURLBytes.isEmpty || thumbnailPicBytes != nil
    }

    public var picInfos: [String: WeiboPictureInfo] {
        get { infos.dictionary }
        set { infos = WeiboPictureInfos(newValue) }
    }
}

extension WeiboMedia {
    /// No picture field and no page: what a reader fills in (built without the public
    /// initializer's conversions).
    package init() {
        picURLBytes = []
        thumbnailPicBytes = nil
        pids = []
        infos = WeiboPictureInfos()
        pics = []
        picNum = nil
        pageInfoStorage = .absent
    }

    public init(
        picURLs: [String] = [],
        thumbnailPic: String? = nil,
        picIDs: [String] = [],
        picInfos: [String: WeiboPictureInfo] = [:],
        pics: [WeiboPic] = [],
        picNum: Double? = nil,
        pageInfo: WeiboPageInfo? = nil
    ) {
        self.picURLBytes = picURLs.map { ByteString($0) }
        self.thumbnailPicBytes = thumbnailPic.map { ByteString($0) }
        self.pids = picIDs.map { ByteString($0) }
        self.infos = WeiboPictureInfos(picInfos)
        self.pics = pics
        self.picNum = picNum
        self.pageInfoStorage = pageInfo.map { .value($0) } ?? .absent
    }
}

/// How a media holds `page_info`: absent (or not an object), the bytes of its object as
/// `ByteTimelineReader` found them (a slice of the request, read when asked for), or a value
/// (made as one, or read by a reader). A value is boxed (one reference in every media, most
/// of which have none); the bytes are held as they are, so that a status with a page costs no
/// allocation of its own.
package enum PageInfoStorage: Sendable {
    case absent
    case bytes(ByteString)
    indirect case value(WeiboPageInfo)
}

/// One entry of m.weibo.cn's `pics`: `{"pid", "url", "geo": {"width", "height"}, "type"?,
/// "large": {"url", "geo"}}`, each field possibly absent.
public struct WeiboPic: Hashable, Sendable {
    /// `pid`, as bytes of the request (`pid` is its `String` form).
    package var pidBytes: ByteString?
    /// `url` (the thumbnail, e.g. `orj360`), `geo`'s sides and the entry's `type`.
    public var thumbnail: WeiboPictureVariant
    /// `large.url` and `large.geo`'s sides, when `large` is an object.
    public var large: WeiboPictureVariant?

    public init(
        pid: String? = nil, thumbnail: WeiboPictureVariant = WeiboPictureVariant(url: nil),
        large: WeiboPictureVariant? = nil
    ) {
        self.pidBytes = pid.map { ByteString($0) }
        self.thumbnail = thumbnail
        self.large = large
    }

    /// `pid` as a `String` (built on each read).
    public var pid: String? {
        get { pidBytes?.description }
        set { pidBytes = newValue.map { ByteString($0) } }
    }
}

/// One entry of `pic_infos`.
public struct WeiboPictureInfo: Hashable, Sendable {
    /// What the info's own `type` (`"gif"`, `"livephoto"`, …) says, when it has a string one.
    public var type: WeiboPictureType?
    /// `keep_size` was truthy: a non-zero number, `true`, or a non-zero numeric string.
    public var keepSize: Bool
    /// The variants, one slot each (`variants` is their `Dictionary` form).
    package var slots: PictureVariantSlots

    /// No type, no variant: what a reader fills in (built without the public initializer's
    /// dictionary).
    package init() {
        type = nil
        keepSize = false
        slots = PictureVariantSlots()
    }

    public init(type: String? = nil, keepSize: Bool = false, variants: [PictureVariant: WeiboPictureVariant] = [:]) {
        self.type = type.map(WeiboPictureType.init)
        self.keepSize = keepSize
        self.slots = PictureVariantSlots(variants)
    }

    /// The variants as a `Dictionary` (built on each read).
    public var variants: [PictureVariant: WeiboPictureVariant] {
        get { slots.dictionary }
        set { slots = PictureVariantSlots(newValue) }
    }
}

/// The variants a `pic_infos` entry may carry, by their JSON key.
public enum PictureVariant: String, CaseIterable, Hashable, Sendable {
    case thumbnail, bmiddle, large, largest, original
}

/// One variant of a picture: `{url, width, height, type}`, each possibly absent.
public struct WeiboPictureVariant: Hashable, Sendable {
    /// `url`, as bytes of the request (`url` is its `String` form).
    // swift-format-ignore: UseShorthandTypeNames
    package var urlBytes: Optional<ByteString>
    /// Numbers or numeric strings, read as numbers; anything else is `nil`.
    // swift-format-ignore: UseShorthandTypeNames
    public var width: Optional<Double>
    // swift-format-ignore: UseShorthandTypeNames
    public var height: Optional<Double>
    /// What `type` says, when it is a string.
    // swift-format-ignore: UseShorthandTypeNames
    public var type: Optional<WeiboPictureType>

    // The members' initializer, `init(urlBytes:width:height:type:)` (what the reader makes),
    // is the one Swift gives a struct with no initializer in its body: it builds the value
    // directly, without a copy of it made and destroyed on the way. The other initializers
    // are in the extension below. The members' types are spelled `Optional<…>` so that they
    // have no implicit `nil` default: with one, that initializer would take default
    // arguments and a second `init()` would be made, both ambiguous with the extension's.

    /// `url` as a `String` (built on each read).
    public var url: String? {
        get { urlBytes?.description }
        set { urlBytes = newValue.map { ByteString($0) } }
    }

    /// The variant's size when both sides are positive numbers, else `nil`.
    public var knownSize: Size? {
        guard let width, let height else { return nil }
        let size = Size(width: width, height: height)
        return size.isPositive ? size : nil
    }
}

extension WeiboPictureVariant {
    /// Every member absent: what a reader fills in.
    package init() {
        urlBytes = nil
        width = nil
        height = nil
        type = nil
    }

    public init(url: String? = nil, width: Double? = nil, height: Double? = nil, type: String? = nil) {
        self.urlBytes = url.map { ByteString($0) }
        self.width = width
        self.height = height
        self.type = type.map(WeiboPictureType.init)
    }
}
