import JSONBytes

/// Where `PictureRules.forEachPicture` delivers a status's pictures, one at a time and in
/// order. A sink is a value the caller owns and passes `inout`, so what it collects (an array
/// of pictures, a table's rows) stays uniquely referenced and grows in place: a closure that
/// captured the caller's array made each append copy it.
///
/// A picture arrives as its parts, its URLs as `URLReference`s to strings read in place: a
/// sink that keeps them (`PictureArraySink`) copies them, one that writes them out
/// (`LayoutTableBuilder`) copies their bytes, and the rules never retain a URL on the way.
protocol PictureSink: ~Copyable {
    /// Takes the next picture, given as the parts of a `Picture`; the references are valid
    /// only during the call.
    mutating func take(
        thumbnail: URLReference, bmiddle: URLReference, large: URLReference, kind: PictureKind, isLong: Bool,
        keepSize: Bool, bmiddleSize: Size?, largestSize: Size?, aspectSize: Size?)
    /// How many pictures the sink has taken.
    var taken: Int { get }
}

/// One URL of a picture as the rules hand it to a sink, without a copy: the string it is made
/// of, through a pointer (to a string of the request, or one the rules made for the call), and
/// for a variant derived by the segment rule, the size segment that `target` replaces (indices
/// of `source.pointee.utf8`). What a `PictureURL` holds, borrowed.
struct URLReference {
    let source: UnsafePointer<ByteString>
    let segment: Range<Int>?
    let target: URLVariants.Target

    /// The string at `source` as it is.
    @inline(__always)
    init(_ source: UnsafePointer<ByteString>) {
        self.init(source, segment: nil, target: .thumbnail)
    }

    @inline(__always)
    init(_ source: UnsafePointer<ByteString>, segment: Range<Int>?, target: URLVariants.Target) {
        self.source = source
        self.segment = segment
        self.target = target
    }

    /// The URL as a value of its own (its source copied).
    var url: PictureURL {
        PictureURL(source: source.pointee, segment: segment, target: target)
    }

    /// Runs `body` on a reference to `url` (its source copied for the call).
    static func with<Result>(_ url: PictureURL, _ body: (URLReference) -> Result) -> Result {
        withUnsafePointer(to: url.source) { body(URLReference($0, segment: url.segment, target: url.target)) }
    }
}

extension PictureSink where Self: ~Copyable {
    /// Takes `picture`.
    mutating func take(_ picture: Picture) {
        URLReference.with(PictureURL(picture.thumbnail)) { thumbnail in
            URLReference.with(picture.bmiddle) { bmiddle in
                URLReference.with(picture.large) { large in
                    take(
                        thumbnail: thumbnail, bmiddle: bmiddle, large: large, kind: picture.kind,
                        isLong: picture.isLong, keepSize: picture.keepSize, bmiddleSize: picture.bmiddleSize,
                        largestSize: picture.largestSize, aspectSize: picture.aspectSize)
                }
            }
        }
    }
}

/// The pictures themselves, in order: what `PictureRules.pictures(of:)` returns.
struct PictureArraySink: PictureSink {
    var pictures: [Picture] = []

    mutating func take(
        thumbnail: URLReference, bmiddle: URLReference, large: URLReference, kind: PictureKind, isLong: Bool,
        keepSize: Bool, bmiddleSize: Size?, largestSize: Size?, aspectSize: Size?
    ) {
        pictures.append(
            Picture(
                thumbnail: thumbnail.url.bytes, bmiddle: bmiddle.url, large: large.url, kind: kind, isLong: isLong,
                keepSize: keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize, aspectSize: aspectSize))
    }

    var taken: Int { pictures.count }
}
