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
    /// the timeline writes each picture straight into its item row.
    /// The media is read in place at `media`, one field at a time, and each URL handed over as
    /// a reference to its string (`URLReference`): passed by value, the media of a status was
    /// copied (a retain and a release for each array it holds), and each URL taken out of it
    /// was a retain and a release more.
    ///
    /// Each shape is tested for presence (a count, a `nil`) before it is read: most statuses
    /// have one shape or none, and reading an empty one still cost a call and a borrow.
    static func forEachPicture(at media: UnsafePointer<WeiboMedia>, into sink: inout some PictureSink & ~Copyable) {
        let hasPids = !media.pointee.pids.isEmpty
        if hasPids {
            forEachPictureFromInfos(at: media, into: &sink)
            if sink.taken > 0 { return }
        }
        if !media.pointee.pics.isEmpty {
            media.pointee.pics.span.withUnsafeBufferPointer { pics in
                guard let base = pics.baseAddress else { return }
                for index in pics.indices { take(at: base + index, into: &sink) }
            }
            if sink.taken > 0 { return }
        }
        if !media.pointee.picURLBytes.isEmpty {
            media.pointee.picURLBytes.span.withUnsafeBufferPointer { urls in
                guard let base = urls.baseAddress else { return }
                for index in urls.indices where !urls[index].utf8.isEmpty { take(thumbnail: base + index, into: &sink) }
            }
            if sink.taken > 0 { return }
        }
        // `pointer(to:)` is `nil` only for a computed property; this is a stored one.
        if let single = media.pointer(to: \.thumbnailPicBytes)!.unwrapped(), !single.pointee.utf8.isEmpty {
            return take(thumbnail: single, into: &sink)
        }
        guard hasPids else { return }
        for pid in media.pointee.pids where !pid.isEmpty {
            sink.take(PidURLs.picture(pid: pid))
        }
    }

    /// Gives `sink` the picture an Open API thumbnail URL alone describes, as
    /// `Picture(thumbnail:)` builds it (variants by the segment rule, GIF by the extension, no
    /// sizes): the URL at `url` is read in place, its variants references to it.
    @inline(__always)
    static func take(thumbnail url: UnsafePointer<ByteString>, into sink: inout some PictureSink & ~Copyable) {
        guard let lookup = URLVariants.lookup(at: url) else {
            let derived = URLVariants.derived(from: url.pointee)
            return URLReference.with(derived.bmiddle) { bmiddle in
                URLReference.with(derived.large) { large in
                    sink.take(
                        thumbnail: URLReference(url), bmiddle: bmiddle, large: large,
                        kind: derived.isGIF ? .gif : .image, isLong: false, keepSize: false, bmiddleSize: nil,
                        largestSize: nil)
                }
            }
        }
        sink.take(
            thumbnail: URLReference(url), bmiddle: URLReference(url, segment: lookup.segment, target: .bmiddle),
            large: URLReference(url, segment: lookup.segment, target: .large), kind: lookup.isGIF ? .gif : .image,
            isLong: false, keepSize: false, bmiddleSize: nil, largestSize: nil)
    }

    /// Gives `sink` the pictures of `pic_ids` that `pic_infos` describes, in `pic_ids` order. A
    /// table of more entries than Weibo ever sends is looked up through a dictionary, so that
    /// hostile input stays linear.
    static func forEachPictureFromInfos(
        at media: UnsafePointer<WeiboMedia>, into sink: inout some PictureSink & ~Copyable
    ) {
        guard !media.pointee.pids.isEmpty, media.pointee.infos.count > 0 else { return }
        if media.pointee.infos.count <= 32 {
            // The arrays are read in place through `media` (copied out of it, each was a retain
            // and a release), each info through a pointer into its array, and each pid found
            // among the keys in place (`PidIndex`).
            media.pointee.pids.span.withUnsafeBufferPointer { keys in
                media.pointee.infos.pids.span.withUnsafeBufferPointer { tableKeys in
                    media.pointee.infos.infos.span.withUnsafeBufferPointer { infos in
                        guard let key = keys.baseAddress, let base = infos.baseAddress else { return }
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tableKeys.count) { tails in
                            var index = PidIndex(keys: tableKeys, tails: tails)
                            for guess in keys.indices {
                                let pid = key + guess
                                guard let found = index.index(of: pid, guess: guess) else { continue }
                                take(at: base + found, pidIsGIF: PidURLs.isGIF(at: pid), into: &sink)
                            }
                        }
                    }
                }
            }
            return
        }
        let pids = media.pointee.pids
        let table = media.pointee.infos
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
    /// (`large` through `unwrapped()`, not copied), its URLs handed over as references.
    @inline(__always)
    static func take(at pointer: UnsafePointer<WeiboPic>, into sink: inout some PictureSink & ~Copyable) {
        // `pointer(to:)` is `nil` only for a computed property; these are stored ones.
        let small = pointer.pointer(to: \.thumbnail)!
        guard let thumbnail = url(small) else { return }
        let large = pointer.pointer(to: \.large)!.unwrapped()
        let size = large.flatMap(knownSize) ?? knownSize(small)
        let type = small.pointee.type
        let pidIsGIF = pointer.pointer(to: \.pidBytes)!.unwrapped().map(PidURLs.isGIF(at:)) == true
        let kind: PictureKind =
            type == .gif || pidIsGIF || URLVariants.hasGIFExtension(at: thumbnail)
            ? .gif : type == .livephoto ? .livephoto : .image
        func give(bmiddle: URLReference, large: URLReference) {
            sink.take(
                thumbnail: URLReference(thumbnail), bmiddle: bmiddle, large: large, kind: kind,
                isLong: size.map { $0.height / $0.width > 3 } ?? false, keepSize: false, bmiddleSize: size,
                largestSize: size)
        }
        URLVariants.withVariant(of: thumbnail, .bmiddle) { bmiddle in
            if let explicit = large.flatMap(url) { return give(bmiddle: bmiddle, large: URLReference(explicit)) }
            URLVariants.withVariant(of: thumbnail, .large) { give(bmiddle: bmiddle, large: $0) }
        }
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
    /// goes to the sink as it is built, its URLs as references to the info's own strings. Each
    /// variant is read in place through `unwrapped()` (`slots.bmiddle?.urlBytes` copied the
    /// whole variant, through `Optional`'s generic value witness, to read its URL), and its size
    /// from its stored fields (`knownSize`, a computed property, copied the variant first).
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
        // The first known size among largest, original, large, bmiddle.
        let bmiddleSize = bmiddle.flatMap(knownSize)
        let largestSize =
            largest.flatMap(knownSize) ?? original.flatMap(knownSize) ?? large.flatMap(knownSize)
            ?? bmiddleSize
        // `gif` when any `type` (the info's or a variant's, in any case) is `gif` or the
        // thumbnail is a `.gif`; else `livephoto` when any `type` is `livephoto`; else `image`.
        // The reader classified the types (`WeiboPictureType`): a few compares.
        let flags =
            pidIsGIF
            ? 1
            : flag(pointer.pointee.type) | flag(small?.pointee.type) | flag(bmiddle?.pointee.type)
                | flag(large?.pointee.type) | flag(largest?.pointee.type) | flag(original?.pointee.type)
        let isLong = largestSize.map { $0.height / $0.width > 3 } ?? false
        let keepSize = pointer.pointee.keepSize

        /// The picture of thumbnail `thumbnail`: its variants explicit, else derived from it.
        func give(thumbnail: UnsafePointer<ByteString>) {
            let kind: PictureKind =
                flags & 1 != 0 || URLVariants.hasGIFExtension(at: thumbnail)
                ? .gif : flags & 2 != 0 ? .livephoto : .image
            func give(bmiddle: URLReference, large: URLReference) {
                sink.take(
                    thumbnail: URLReference(thumbnail), bmiddle: bmiddle, large: large, kind: kind, isLong: isLong,
                    keepSize: keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize)
            }
            func give(bmiddle: URLReference) {
                if let largeURL { return give(bmiddle: bmiddle, large: URLReference(largeURL)) }
                URLVariants.withVariant(of: thumbnail, .large) { give(bmiddle: bmiddle, large: $0) }
            }
            if let bmiddleURL { return give(bmiddle: URLReference(bmiddleURL)) }
            URLVariants.withVariant(of: thumbnail, .bmiddle) { give(bmiddle: $0) }
        }

        if let explicit = small.flatMap(url) { return give(thumbnail: explicit) }
        // No thumbnail: the first URL the info has, with its size segment made `thumbnail`.
        guard let any = bmiddleURL ?? largeURL else { return }
        withUnsafePointer(to: URLVariants.replacingSize(of: any.pointee, with: .thumbnail)) { give(thumbnail: $0) }
    }

    /// The URL of the variant at `variant`, in place, when it has one that is not empty.
    @inline(__always)
    private static func url(_ variant: UnsafePointer<WeiboPictureVariant>) -> UnsafePointer<ByteString>? {
        // `pointer(to:)` is `nil` only for a computed property; this is a stored one.
        guard let url = variant.pointer(to: \.urlBytes)!.unwrapped(), !url.pointee.utf8.isEmpty else { return nil }
        return url
    }

    /// `knownSize` of the variant at `variant`, from its stored fields (`0 < x < ∞` is
    /// `isPositive`'s finite and positive, NaN failing both).
    @inline(__always)
    private static func knownSize(_ variant: UnsafePointer<WeiboPictureVariant>) -> Size? {
        guard let width = variant.pointee.width, let height = variant.pointee.height else { return nil }
        // Positive and finite, both (`isPositive`): each above 0 (NaN fails that), and the larger
        // below ∞. Three compares, where `isFinite` twice became bit tests and spills.
        guard width > 0, height > 0, (width < height ? height : width) < .infinity else { return nil }
        return Size(width: width, height: height)
    }

    /// 1 for a `gif` type, 2 for `livephoto`, else 0: the kind's bits.
    @inline(__always)
    private static func flag(_ type: WeiboPictureType?) -> UInt8 {
        switch type {
        case .gif?: 1
        case .livephoto?: 2
        default: 0
        }
    }
}
