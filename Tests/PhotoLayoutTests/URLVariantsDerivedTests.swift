import JSONBytes
import Testing

@testable import PhotoLayout

/// The byte rule's size-segment names and `URLVariants.derived(from:)`, the one-scan form of
/// `sizeReplaced` (twice) and `hasGIFExtension` the Open API and m.weibo.cn pictures use.
struct URLVariantsDerivedTests {
    /// Every segment `isSizeSegment` is asked about: each named family, each numbered prefix
    /// with digits, and near misses (case, length, a prefix alone, a letter among the digits).
    static let segments = [
        "thumbnail", "bmiddle", "large", "largest", "original", "woriginal", "square", "small", "middle",
        "or360", "orj180", "orj1080", "wap720", "thumb150", "mw2000", "mw1",
        "Large", "larges", "larg", "mid", "thumbnails", "woriginal2", "or", "orj", "wap", "thumb", "mw",
        "or36a", "orjx", "wap-1", "mw２", "bmiddl", "square1", "s", "",
    ]

    /// The byte rule names the same segments as the Character rule's `Substring` sets.
    @Test(arguments: segments)
    func byteNamesEqualCharacterNames(segment: String) {
        var bytes = Array(segment.utf8)
        let byBytes = bytes.withUnsafeMutableBufferPointer { URLVariants.isSizeSegment(UnsafeBufferPointer($0)) }
        #expect(byBytes == URLVariants.isSizeSegment(Substring(segment)), "\(segment)")
    }

    /// URLs of every shape: sized and unsized, GIF in any case, with a query or fragment, a
    /// size word in the host, protocol-relative, path-only, and non-ASCII (Character rule).
    static let urls = [
        "http://ww1.sinaimg.cn/thumbnail/a.jpg", "https://wx3.sinaimg.cn/orj360/b.GIF",
        "https://wx3.sinaimg.cn/or180/c.gif?size=thumbnail#large", "http://thumbnail.example/a/large.jpg?x",
        "//ww2.sinaimg.cn/mw690/d.jpg", "/large/e.gif", "http://h/x/y.jpg", "http://h/.gif", "http://h.gif",
        "http://h/bmiddle/thumbnail/f.gif", "http://h/é/large/g.gif", "http://h/large/\u{301}/h.jpg", "",
        "http://h/a.gif?é", "http://h/a.jpg#x.gif", "http://h/abcdefgh.gif", "http://h/abcdefg?.gif", "a.gif",
    ]

    /// `derived(from:)` gives what `sizeReplaced` and `hasGIFExtension` give one by one.
    @Test(arguments: urls)
    func derivedEqualsTheRulesOneByOne(url: String) {
        let bytes = ByteString(url)
        let derived = URLVariants.derived(from: bytes)
        #expect(derived.bmiddle == URLVariants.sizeReplaced(of: bytes, with: .bmiddle))
        #expect(derived.large == URLVariants.sizeReplaced(of: bytes, with: .large))
        #expect(derived.isGIF == URLVariants.hasGIFExtension(url))
        #expect(URLVariants.hasGIFExtension(bytes) == URLVariants.hasGIFExtension(url))
        #expect(derived.bmiddle.description == URLVariants.replacingSize(of: url, with: .bmiddle))
        #expect(derived.large.description == URLVariants.replacingSize(of: url, with: .large))
    }

    /// By hand: an Open API thumbnail's variants and its GIF flag.
    @Test func openAPIThumbnailByHand() {
        let derived = URLVariants.derived(from: "https://wx3.sinaimg.cn/thumbnail/a.GIF?x=1")
        #expect(derived.bmiddle.description == "https://wx3.sinaimg.cn/bmiddle/a.GIF?x=1")
        #expect(derived.large.description == "https://wx3.sinaimg.cn/large/a.GIF?x=1")
        #expect(derived.isGIF)
    }
}
