/// Where `PictureRules.forEachPicture` delivers a status's pictures, one at a time and in
/// order. A sink is a value the caller owns and passes `inout`, so what it collects (an array
/// of pictures, a grid's items) stays uniquely referenced and grows in place: a closure that
/// captured the caller's array made each append copy it.
///
/// A picture arrives as its parts, not as a `Picture`: a grid item built from a `Picture` was
/// a copy of its URLs (three retains) and the destruction of the picture (three releases),
/// about 300 instructions a picture; from the parts, the URLs move straight into the item.
protocol PictureSink: ~Copyable {
    /// Takes the next picture, given as the parts of a `Picture`; the sink owns them from here.
    mutating func take(
        urls: consuming PictureURLs, kind: PictureKind, isLong: Bool, keepSize: Bool, bmiddleSize: Size?,
        largestSize: Size?)
    /// How many pictures the sink has taken.
    var taken: Int { get }
}

extension PictureSink where Self: ~Copyable {
    /// Takes `picture`.
    mutating func take(_ picture: consuming Picture) {
        take(
            urls: picture.urls, kind: picture.kind, isLong: picture.isLong, keepSize: picture.keepSize,
            bmiddleSize: picture.bmiddleSize, largestSize: picture.largestSize)
    }
}

/// The pictures themselves, in order: what `PictureRules.pictures(of:)` returns.
struct PictureArraySink: PictureSink {
    var pictures: [Picture] = []

    mutating func take(
        urls: consuming PictureURLs, kind: PictureKind, isLong: Bool, keepSize: Bool, bmiddleSize: Size?,
        largestSize: Size?
    ) {
        pictures.append(
            Picture(
                thumbnail: urls.thumbnailBytes, bmiddle: urls.bmiddleBytes, large: urls.largeBytes, kind: kind,
                isLong: isLong, keepSize: keepSize, bmiddleSize: bmiddleSize, largestSize: largestSize))
    }

    var taken: Int { pictures.count }
}
