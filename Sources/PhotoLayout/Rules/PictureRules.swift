import JSONBytes

/// Resolves Weibo's picture shapes into `Picture`s (DESIGN §3).
///
/// Precedence: `pic_ids` + `pic_infos` when they yield at least one picture (they carry
/// sizes); else m.weibo.cn's `pics`; else `pic_urls`; else the lone `thumbnail_pic`; else the
/// pids of `pic_ids` alone, with URLs derived from them (`PidURLs`). Decision where DESIGN is
/// loose: "`thumbnail_pic` counts only when `pic_urls` is empty" is read as "when `pic_urls`
/// yields no picture", so a `pic_urls` of junk entries does not hide a valid
/// `thumbnail_pic`. Empty URL strings and empty pids are no pictures.
public enum PictureRules {
    ///
    /// URLs and pids stay bytes of the request (`ByteString`) throughout.
    public static func pictures(of media: WeiboMedia) -> [Picture] {
        var sink = PictureArraySink()
        withUnsafePointer(to: media) { forEachPicture(at: $0, into: &sink) }
        return sink.pictures
    }

    /// Gives `sink` each picture of `media`, in order, from the first shape that yields one
    /// (the precedence above): what `pictures(of:)` returns, without building the array, so
    /// the timeline moves each picture straight into its grid item.
    /// The media is read in place at `media`, one field at a time: passed by value, the
    /// media of a status was copied (a retain and a release for each array it holds).
    static func forEachPicture(at media: UnsafePointer<WeiboMedia>, into sink: inout some PictureSink & ~Copyable) {
        forEachPictureFromInfos(at: media, into: &sink)
        if sink.taken > 0 { return }
        media.pointee.pics.withUnsafeBufferPointer { pics in
            guard let base = pics.baseAddress else { return }
            for index in pics.indices { take(at: base + index, into: &sink) }
        }
        if sink.taken > 0 { return }
        for url in media.pointee.picURLBytes where !url.isEmpty {
            take(thumbnail: url, into: &sink)
        }
        if sink.taken > 0 { return }
        if let single = media.pointee.thumbnailPicBytes, !single.isEmpty {
            return take(thumbnail: single, into: &sink)
        }
        for pid in media.pointee.pids where !pid.isEmpty {
            sink.take(PidURLs.picture(pid: pid))
        }
    }

    /// Gives `sink` the picture an Open API thumbnail URL alone describes, as
    /// `Picture(thumbnail:)` builds it (variants by the segment rule, GIF by the extension, no
    /// sizes), in parts: a `Picture` handed over was taken apart again, its URLs copied.
    @inline(__always)
    static func take(thumbnail: ByteString, into sink: inout some PictureSink & ~Copyable) {
        let derived = URLVariants.derived(from: thumbnail)
        sink.take(
            urls: PictureURLs(thumbnail: thumbnail, bmiddle: derived.bmiddle, large: derived.large),
            kind: derived.isGIF ? .gif : .image, isLong: false, keepSize: false, bmiddleSize: nil, largestSize: nil)
    }

    /// The pictures of `pic_ids` that `pic_infos` describes, in `pic_ids` order. A table of
    /// more entries than Weibo ever sends is looked up through a dictionary, so that hostile
    /// input stays linear.
    static func picturesFromInfos(of media: WeiboMedia) -> [Picture] {
        var sink = PictureArraySink()
        withUnsafePointer(to: media) { forEachPictureFromInfos(at: $0, into: &sink) }
        return sink.pictures
    }

    /// Gives `sink` each picture `picturesFromInfos(of:)` returns, in order.
    static func forEachPictureFromInfos(
        at media: UnsafePointer<WeiboMedia>, into sink: inout some PictureSink & ~Copyable
    ) {
        let pids = media.pointee.pids
        let table = media.pointee.infos
        guard !pids.isEmpty, table.count > 0 else { return }
        if table.count <= 32 {
            // Weibo lists `pic_infos` in `pic_ids` order: the same index is tried first.
            // The info is read in place through a pointer into the array, not copied out of
            // it; the closure captures the two arrays, not `media` (a capture would copy it).
            // The pids are compared in place, byte for byte, at the guessed index first: through
            // `table.index(of:guess:)` each was copied out of its array twice (two retains and
            // two releases) and compared by `ByteString ==`. Different bytes may still be equal
            // strings (Unicode equivalence): those take `index(of:guess:)`.
            pids.withUnsafeBufferPointer { keys in
                table.pids.withUnsafeBufferPointer { tableKeys in
                    table.infos.withUnsafeBufferPointer { infos in
                        guard let key = keys.baseAddress, let tableKey = tableKeys.baseAddress,
                            let base = infos.baseAddress
                        else { return }
                        for guess in keys.indices {
                            let pid = key + guess
                            let index: Int
                            if guess < tableKeys.count, sameBytes(pid, tableKey + guess) {
                                index = guess
                            } else if let found = table.index(of: pid.pointee, guess: guess) {
                                index = found
                            } else {
                                continue
                            }
                            take(at: base + index, pidIsGIF: PidURLs.isGIF(pid.pointee), into: &sink)
                        }
                    }
                }
            }
            return
        }
        let byPid = Dictionary(zip(table.pids, table.infos), uniquingKeysWith: { first, _ in first })
        for pid in pids {
            guard let picture = byPid[pid].flatMap({ picture(from: $0, pid: pid) }) else { continue }
            sink.take(picture)
        }
    }

    /// How many pictures the status has (DESIGN §4 `total`): the `count` read, or `pic_num`
    /// when it is larger. `pic_num` counts when it is a whole number (a JSON number or a
    /// numeric string) up to 2³¹ − 1 (decision: a bound DESIGN leaves open; Weibo allows 18).
    public static func total(of media: WeiboMedia, read count: Int) -> Int {
        total(picNum: media.picNum, read: count)
    }

    /// `total(of:read:)` given `pic_num` alone.
    static func total(picNum: Double?, read count: Int) -> Int {
        guard let number = picNum, number.rounded() == number, number >= 0, number <= Double(Int32.max) else {
            return count
        }
        return max(count, Int(number))
    }

    /// The picture one m.weibo.cn `pics` entry describes, or `nil` without a `url`.
    ///
    /// `thumbnail_url` is `url`, `bmiddle_url` derived from it, `large_url` is `large.url`
    /// (else derived); its size, for `is_long`, the adaptive single picture and the
    /// browser, is `large.geo`, else `geo`.
    public static func picture(from pic: WeiboPic) -> Picture? {
        var sink = PictureArraySink()
        withUnsafePointer(to: pic) { take(at: $0, into: &sink) }
        return sink.pictures.first
    }

    /// Gives `sink` the picture of the `pics` entry at `pointer`, if it has one: read in place
    /// (`large` through `unwrapped()`, not copied) and handed over as it is built.
    @inline(__always)
    static func take(at pointer: UnsafePointer<WeiboPic>, into sink: inout some PictureSink & ~Copyable) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        let small = pointer.pointer(to: \.thumbnail)!
        guard let thumbnail = url(small) else { return }
        let large = pointer.pointer(to: \.large)!.unwrapped()
        let size = large?.pointee.knownSize ?? small.pointee.knownSize
        let largeURL = large.flatMap(url)
        let type = small.pointee.type
        let derived = URLVariants.derived(from: thumbnail)
        let isGIF = type == .gif || derived.isGIF || pointer.pointee.pidBytes.map(PidURLs.isGIF) == true
        sink.take(
            urls: PictureURLs(
                thumbnail: thumbnail, bmiddle: derived.bmiddle, large: largeURL.map { PictureURL($0) } ?? derived.large),
            kind: isGIF ? .gif : type == .livephoto ? .livephoto : .image,
            isLong: size.map { $0.height / $0.width > 3 } ?? false, keepSize: false,
            bmiddleSize: size, largestSize: size)
    }

    /// The picture one `pic_infos` entry describes, or `nil` when it carries no URL at all.
    ///
    /// Explicit URLs win: `bmiddle_url` from `bmiddle`, `large_url` from `large`, else
    /// `largest`, else `original`. A missing variant is derived from the thumbnail by the
    /// segment rule; a missing thumbnail from the first URL the info has (decision: DESIGN
    /// does not say, and a picture with any URL is still a picture). `pid`, its key, makes
    /// it a GIF when it has `g` at index 21.
    public static func picture(from info: WeiboPictureInfo, pid: String? = nil) -> Picture? {
        picture(from: info, pid: pid.map { ByteString($0) })
    }

    /// `picture(from:pid:)` with the pid as bytes: the timeline's path.
    ///
    package static func picture(from info: WeiboPictureInfo, pid: ByteString?) -> Picture? {
        withUnsafePointer(to: info) { picture(at: $0, pid: pid) }
    }

    /// `picture(from:pid:)` on the info at `pointer`, whose fields are read through it (an
    /// info is about 400 bytes: passed by value, each picture copied it and retained its URLs).
    static func picture(at pointer: UnsafePointer<WeiboPictureInfo>, pid: ByteString?) -> Picture? {
        var sink = PictureArraySink()
        take(at: pointer, pidIsGIF: pid.map(PidURLs.isGIF) == true, into: &sink)
        return sink.pictures.first
    }

    /// Gives `sink` the picture of the info at `pointer`, if it describes one: the picture
    /// goes to the sink as it is built, not wrapped in an `Optional` and moved again. Each
    /// variant is read in place through `unwrapped()` (`slots.bmiddle?.urlBytes` copied the
    /// whole variant, through `Optional`'s generic value witness, to read its URL).
    @inline(__always)
    static func take(
        at pointer: UnsafePointer<WeiboPictureInfo>, pidIsGIF: Bool, into sink: inout some PictureSink & ~Copyable
    ) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        let slots = pointer.pointer(to: \.slots)!
        let small = slots.pointer(to: \.thumbnail)!.unwrapped()
        let bmiddle = slots.pointer(to: \.bmiddle)!.unwrapped()
        let large = slots.pointer(to: \.large)!.unwrapped()
        let largest = slots.pointer(to: \.largest)!.unwrapped()
        let original = slots.pointer(to: \.original)!.unwrapped()

        let bmiddleURL = bmiddle.flatMap(url)
        let largeURL = large.flatMap(url) ?? largest.flatMap(url) ?? original.flatMap(url)
        let thumbnail: ByteString
        if let explicit = small.flatMap(url) {
            thumbnail = explicit
        } else if let any = bmiddleURL ?? largeURL {
            thumbnail = URLVariants.replacingSize(of: any, with: .thumbnail)
        } else {
            return
        }

        // The first known size among largest, original, large, bmiddle.
        let bmiddleSize = bmiddle?.pointee.knownSize
        let largestSize =
            largest?.pointee.knownSize ?? original?.pointee.knownSize ?? large?.pointee.knownSize ?? bmiddleSize
        let kind: PictureKind
        if pidIsGIF {
            kind = .gif
        } else {
            // `gif` when any `type` (the info's or a variant's, in any case) is `gif` or the
            // thumbnail is a `.gif`; else `livephoto` when any `type` is `livephoto`; else
            // `image`. The reader classified the types (`WeiboPictureType`): a few compares.
            let flags =
                flag(pointer.pointee.type) | flag(small?.pointee.type) | flag(bmiddle?.pointee.type)
                | flag(large?.pointee.type) | flag(largest?.pointee.type) | flag(original?.pointee.type)
            kind =
                flags & 1 != 0 || URLVariants.hasGIFExtension(thumbnail) ? .gif : flags & 2 != 0 ? .livephoto : .image
        }
        sink.take(
            urls: PictureURLs(
                thumbnail: thumbnail,
                bmiddle: bmiddleURL.map { PictureURL($0) } ?? URLVariants.sizeReplaced(of: thumbnail, with: .bmiddle),
                large: largeURL.map { PictureURL($0) } ?? URLVariants.sizeReplaced(of: thumbnail, with: .large)),
            kind: kind, isLong: largestSize.map { $0.height / $0.width > 3 } ?? false,
            keepSize: pointer.pointee.keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize)
    }

    /// Whether the two strings hold the same bytes, compared eight at a time, in place.
    @inline(__always)
    private static func sameBytes(_ left: UnsafePointer<ByteString>, _ right: UnsafePointer<ByteString>) -> Bool {
        left.pointee.utf8.withUnsafeBufferPointer { first in
            right.pointee.utf8.withUnsafeBufferPointer { second in
                guard first.count == second.count else { return false }
                guard let a = first.baseAddress, let b = second.baseAddress else { return true }
                var index = 0
                while index &+ 8 <= first.count {
                    let x = UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
                    guard x == UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) else { return false }
                    index &+= 8
                }
                while index < first.count {
                    guard a[index] == b[index] else { return false }
                    index &+= 1
                }
                return true
            }
        }
    }

    /// The URL of the variant at `variant`, when it has one that is not empty.
    @inline(__always)
    private static func url(_ variant: UnsafePointer<WeiboPictureVariant>) -> ByteString? {
        guard let url = variant.pointee.urlBytes, !url.isEmpty else { return nil }
        return url
    }

    /// 1 for a `gif` type, 2 for `livephoto`, else 0: the kind's bits.
    @inline(__always)
    private static func flag(_ type: WeiboPictureType?) -> UInt8 {
        type == .gif ? 1 : type == .livephoto ? 2 : 0
    }
}
