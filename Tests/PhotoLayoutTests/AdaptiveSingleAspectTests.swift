import Testing

@testable import PhotoLayout

/// docs/API.md §4: the adaptive single picture takes the aspect of the size the
/// crop uses: the `bmiddle` variant's, else the thumbnail's (m.weibo.cn's `geo`), else the size
/// `is_long` is judged by. W = 355, g = 4 at 2x: c = 115.5, L = 2c + g = 235.
struct AdaptiveSingleAspectTests {
    static let options = GridOptions(style: .adaptive, contentWidth: 355, scale: 2)

    static func variant(_ name: String, _ width: Double? = nil, _ height: Double? = nil) -> WeiboPictureVariant {
        WeiboPictureVariant(url: "http://wx1.sinaimg.cn/\(name)/p.jpg", width: width, height: height)
    }

    /// The one grid of `media`, by the value rules and by the timeline's fast path, which agree.
    static func grid(of media: WeiboMedia, sourceLocation: SourceLocation = #_sourceLocation) throws -> GridLayout {
        let values = try #require(TimelineRules.grid(of: media, options: options), sourceLocation: sourceLocation)
        let status = WeiboStatus(id: "1", media: media)
        let fast = TimelineRules.layout(for: [status], options: options).statuses[0].photos
        #expect(fast == values, sourceLocation: sourceLocation)
        return values
    }

    static func infos(_ info: WeiboPictureInfo) -> WeiboMedia {
        WeiboMedia(picIDs: ["p"], picInfos: ["p": info])
    }

    /// 640×1136 given only in `large`: portrait, 640/1136·235 = 132.39… → 132.5 wide, 235 tall
    /// (a 177.5 square before).
    @Test func sizeOnlyInLarge() throws {
        let info = WeiboPictureInfo(variants: [
            .thumbnail: Self.variant("thumbnail"), .large: Self.variant("large", 640, 1136),
        ])
        let grid = try Self.grid(of: Self.infos(info))
        #expect(grid.items[0].frame == Rect(x: 0, y: 0, width: 132.5, height: 235))
        #expect(grid.size == Size(width: 132.5, height: 235))
    }

    /// Only `original` 1080×1920: 1080/1920·235 = 132.1875 → 132.
    @Test func sizeOnlyInOriginal() throws {
        let info = WeiboPictureInfo(
            variants: [.thumbnail: Self.variant("thumbnail"), .original: Self.variant("original", 1080, 1920)])
        #expect(try Self.grid(of: Self.infos(info)).size == Size(width: 132, height: 235))
    }

    /// The thumbnail's 300×100 wins over `large`'s 640×1136 when `bmiddle` has no size:
    /// landscape, 235 wide and 100/300·235 = 78.33… → 78.5 tall.
    @Test func thumbnailBeforeLarge() throws {
        let info = WeiboPictureInfo(
            variants: [
                .thumbnail: Self.variant("thumbnail", 300, 100), .bmiddle: Self.variant("bmiddle"),
                .large: Self.variant("large", 640, 1136),
            ])
        #expect(try Self.grid(of: Self.infos(info)).size == Size(width: 235, height: 78.5))
    }

    /// The `bmiddle` size 500×500 wins over the thumbnail's and `large`'s: 235 × 235.
    @Test func bmiddleFirst() throws {
        let info = WeiboPictureInfo(
            variants: [
                .thumbnail: Self.variant("thumbnail", 300, 100), .bmiddle: Self.variant("bmiddle", 500, 500),
                .large: Self.variant("large", 640, 1136),
            ])
        #expect(try Self.grid(of: Self.infos(info)).size == Size(width: 235, height: 235))
    }

    /// `keep_size` still gives the px(W/2) square, whatever size is known.
    @Test func keepSizeIsStillTheSquare() throws {
        let info = WeiboPictureInfo(
            keepSize: true, variants: [.thumbnail: Self.variant("thumbnail"), .large: Self.variant("large", 640, 1136)])
        #expect(try Self.grid(of: Self.infos(info)).size == Size(width: 177.5, height: 177.5))
    }

    /// m.weibo.cn: `geo` 360×640 (the thumbnail's) wins over `large.geo` 1000×1000 for the
    /// aspect, 360/640·235 = 132.1875 → 132; `is_long` and the browser still read `large.geo`.
    @Test func weiboPicsGeoBeforeLargeGeo() throws {
        let pic = WeiboPic(
            pid: "p",
            thumbnail: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/orj360/p.jpg", width: 360, height: 640),
            large: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/large/p.jpg", width: 1000, height: 1000))
        let grid = try Self.grid(of: WeiboMedia(pics: [pic]))
        #expect(grid.size == Size(width: 132, height: 235))
        let picture = try #require(PictureRules.picture(from: pic))
        #expect(picture.bmiddleSize == Size(width: 1000, height: 1000) && !picture.isLong)
    }

    /// m.weibo.cn without `geo`: `large.geo` 640×1136 gives the aspect, 132.5 × 235.
    @Test func weiboPicsLargeGeoAlone() throws {
        let pic = WeiboPic(
            pid: "p", thumbnail: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/orj360/p.jpg"),
            large: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/large/p.jpg", width: 640, height: 1136))
        #expect(try Self.grid(of: WeiboMedia(pics: [pic])).size == Size(width: 132.5, height: 235))
    }

    /// Open API pictures carry no size: the px(W/2) square.
    @Test func noSizeIsTheSquare() throws {
        let media = WeiboMedia(picURLs: ["http://wx1.sinaimg.cn/thumbnail/p.jpg"])
        #expect(try Self.grid(of: media).size == Size(width: 177.5, height: 177.5))
    }
}
