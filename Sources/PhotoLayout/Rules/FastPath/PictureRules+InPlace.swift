import JSONBytes

/// docs/API.md §3's picture rules on the timeline's fast path: the pictures of a media read in place
/// through pointers and handed to a sink one at a time, their URLs as references to the
/// request's strings, so that no `Picture`, array or URL copy is made on the way to the table.
/// The same decisions as the value-level rules of `PictureRules.swift`, which `FastPathTests`
/// hold it equal to.
extension PictureRules {
    /// Gives `sink` each picture of `media`, in order, from the first shape that yields one:
    /// what `pictures(of:)` returns, without building the array. The media is read in place at
    /// `media`, one field at a time (nothing retained), each URL handed over as a reference to
    /// its string (`URLReference`). Each shape is tested for presence before it is read.
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
                        largestSize: nil, aspectSize: nil)
                }
            }
        }
        sink.take(
            thumbnail: URLReference(url), bmiddle: URLReference(url, segment: lookup.segment, target: .bmiddle),
            large: URLReference(url, segment: lookup.segment, target: .large), kind: lookup.isGIF ? .gif : .image,
            isLong: false, keepSize: false, bmiddleSize: nil, largestSize: nil, aspectSize: nil)
    }

    /// Gives `sink` the pictures of `pic_ids` that `pic_infos` describes, in `pic_ids` order,
    /// each pid's entry found as `PicInfoLookup` finds it (in place through `PidIndex` for a
    /// table of the size Weibo sends).
    static func forEachPictureFromInfos(
        at media: UnsafePointer<WeiboMedia>, into sink: inout some PictureSink & ~Copyable
    ) {
        guard !media.pointee.pids.isEmpty, media.pointee.infos.count > 0 else { return }
        if media.pointee.infos.count <= 32 {
            // The arrays are read in place through `media`, each info through a pointer into its
            // array, and each pid found among the keys in place (`PidIndex`).
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
        // More entries than Weibo ever sends: the value rules' lookup, linear on hostile input.
        let lookup = PicInfoLookup(media.pointee.infos)
        for (position, pid) in media.pointee.pids.enumerated() {
            guard let picture = lookup.info(of: pid, at: position).flatMap({ picture(from: $0, pid: pid) }) else {
                continue
            }
            sink.take(picture)
        }
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
                largestSize: size, aspectSize: knownSize(small) ?? size)
        }
        URLVariants.withVariant(of: thumbnail, .bmiddle) { bmiddle in
            if let explicit = large.flatMap(url) { return give(bmiddle: bmiddle, large: URLReference(explicit)) }
            URLVariants.withVariant(of: thumbnail, .large) { give(bmiddle: bmiddle, large: $0) }
        }
    }

    /// Gives `sink` the picture of the info at `pointer`, if it describes one: the picture
    /// goes to the sink as it is built, its URLs as references to the info's own strings. Each
    /// variant is read in place through `unwrapped()`, and its size from its stored fields.
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
        // The adaptive single picture's aspect: the bmiddle's, else the thumbnail's, else the
        // size `is_long` is judged by.
        let aspectSize = bmiddleSize ?? small.flatMap(knownSize) ?? largestSize

        /// The picture of thumbnail `thumbnail`: its variants explicit, else derived from it.
        func give(thumbnail: UnsafePointer<ByteString>) {
            let kind: PictureKind =
                flags & 1 != 0 || URLVariants.hasGIFExtension(at: thumbnail)
                ? .gif : flags & 2 != 0 ? .livephoto : .image
            func give(bmiddle: URLReference, large: URLReference) {
                sink.take(
                    thumbnail: URLReference(thumbnail), bmiddle: bmiddle, large: large, kind: kind, isLong: isLong,
                    keepSize: keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize, aspectSize: aspectSize)
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
