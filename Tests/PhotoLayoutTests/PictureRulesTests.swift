import Testing

@testable import PhotoLayout

struct PictureRulesTests {
    static func variant(_ url: String?, _ width: Double? = nil, _ height: Double? = nil, type: String? = nil)
        -> WeiboPictureVariant
    {
        WeiboPictureVariant(url: url, width: width, height: height, type: type)
    }

    /// pic_ids order wins, a pid missing from pic_infos is skipped, indices stay 0…n−1.
    @Test func picIDsOrderAndMissingPID() {
        let media = WeiboMedia(
            picURLs: ["http://h/thumbnail/ignored.jpg"],
            picIDs: ["b", "missing", "a"],
            picInfos: [
                "a": WeiboPictureInfo(variants: [.thumbnail: Self.variant("http://h/or180/a.jpg")]),
                "b": WeiboPictureInfo(variants: [.thumbnail: Self.variant("http://h/or180/b.jpg")]),
            ])
        #expect(
            PictureRules.pictures(of: media).map(\.thumbnailURL) == ["http://h/or180/b.jpg", "http://h/or180/a.jpg"])
    }

    /// A pid matches its pic_infos key by string equality, not bytes: a decomposed `é` in
    /// pic_ids finds the precomposed key (and a key at another index than its pid's), and a
    /// pid that only shares a prefix with a key does not.
    @Test func pidsMatchKeysAsStrings() {
        let media = WeiboMedia(
            picIDs: ["ab", "e\u{301}x", "a"],
            picInfos: [
                "a": WeiboPictureInfo(variants: [.thumbnail: Self.variant("http://h/or180/a.jpg")]),
                "\u{E9}x": WeiboPictureInfo(variants: [.thumbnail: Self.variant("http://h/or180/e.jpg")]),
            ])
        #expect(
            PictureRules.pictures(of: media).map(\.thumbnailURL) == ["http://h/or180/e.jpg", "http://h/or180/a.jpg"])
    }

    /// Explicit pic_infos URLs win: bmiddle from bmiddle, large from large, else largest, else original.
    @Test func explicitURLsWin() throws {
        let info = WeiboPictureInfo(variants: [
            .thumbnail: Self.variant("http://h/or180/a.jpg"), .bmiddle: Self.variant("http://h/or360/a.jpg"),
            .largest: Self.variant("http://h/large/a.jpg"), .original: Self.variant("http://h/woriginal/a.jpg"),
        ])
        let picture = try #require(PictureRules.picture(from: info))
        #expect(picture.bmiddleURL == "http://h/or360/a.jpg")
        #expect(picture.largeURL == "http://h/large/a.jpg")
        let onlyOriginal = try #require(
            PictureRules.picture(
                from: WeiboPictureInfo(variants: [
                    .thumbnail: Self.variant("http://h/or180/a.jpg"),
                    .original: Self.variant("http://h/woriginal/a.jpg"),
                ])))
        #expect(onlyOriginal.largeURL == "http://h/woriginal/a.jpg")
        #expect(onlyOriginal.bmiddleURL == "http://h/bmiddle/a.jpg")
    }

    /// A missing thumbnail is derived from the first URL the info has; an info without URLs is no picture.
    @Test func missingThumbnailAndNoURL() {
        let picture = PictureRules.picture(
            from: WeiboPictureInfo(variants: [.large: Self.variant("http://h/wap720/a.jpg")]))
        #expect(picture?.thumbnailURL == "http://h/thumbnail/a.jpg")
        #expect(picture?.largeURL == "http://h/wap720/a.jpg")
        #expect(PictureRules.picture(from: WeiboPictureInfo(variants: [.large: Self.variant(nil, 10, 10)])) == nil)
    }

    /// GIF by the info's type, by a variant's type in upper case, or by the thumbnail's extension; livephoto by type.
    @Test func kinds() {
        let thumb = Self.variant("http://h/or180/a.jpg")
        #expect(PictureRules.picture(from: WeiboPictureInfo(type: "gif", variants: [.thumbnail: thumb]))?.kind == .gif)
        #expect(
            PictureRules.picture(
                from: WeiboPictureInfo(variants: [
                    .thumbnail: thumb, .large: Self.variant("http://h/large/a.jpg", type: "GIF"),
                ]))?.kind == .gif)
        #expect(
            PictureRules.picture(from: WeiboPictureInfo(variants: [.thumbnail: Self.variant("http://h/or180/a.GIF")]))?
                .kind == .gif)
        #expect(
            PictureRules.picture(from: WeiboPictureInfo(type: "livephoto", variants: [.thumbnail: thumb]))?.kind
                == .livephoto)
        #expect(
            PictureRules.picture(
                from: WeiboPictureInfo(type: "livephoto", variants: [.thumbnail: Self.variant("http://h/or180/a.gif")]))?
                .kind == .gif)
        #expect(
            PictureRules.picture(from: WeiboPictureInfo(type: "WEBP", variants: [.thumbnail: thumb]))?.kind == .image)
        #expect(Picture(thumbnailURL: "http://wx1.sinaimg.cn/thumbnail/a.gif").kind == .gif)
    }

    /// is_long reads the first positive size among largest, original, large, bmiddle: h/w > 3.
    @Test func longPictures() {
        let thumb = Self.variant("http://h/or180/a.jpg")
        // largest 720×8115: 11.3 → long, even though bmiddle says 360×1000 (2.8).
        let long = WeiboPictureInfo(variants: [
            .thumbnail: thumb, .bmiddle: Self.variant("http://h/or360/a.jpg", 360, 1000),
            .largest: Self.variant(nil, 720, 8115),
        ])
        #expect(PictureRules.picture(from: long)?.isLong == true)
        // Exactly 3 is not long; a zero-sized largest is skipped for the next known size.
        let three = WeiboPictureInfo(variants: [
            .thumbnail: thumb, .largest: Self.variant(nil, 0, 0), .original: Self.variant(nil, 100, 300),
            .large: Self.variant(nil, 100, 301),
        ])
        #expect(PictureRules.picture(from: three)?.isLong == false)
        #expect(PictureRules.picture(from: three)?.largestSize == Size(width: 100, height: 300))
        // Open API pictures carry no sizes: never long.
        #expect(Picture(thumbnailURL: "http://h/thumbnail/a.jpg").isLong == false)
    }

    /// pic_urls when pic_infos yield nothing; the lone thumbnail_pic only when pic_urls yield nothing.
    @Test func openAPIShapes() {
        let both = WeiboMedia(
            picURLs: ["http://h/thumbnail/1.jpg", "http://h/thumbnail/2.jpg"], thumbnailPic: "http://h/thumbnail/1.jpg",
            picIDs: ["x"])
        #expect(
            PictureRules.pictures(of: both).map(\.bmiddleURL) == ["http://h/bmiddle/1.jpg", "http://h/bmiddle/2.jpg"])
        let legacy = WeiboMedia(thumbnailPic: "http://ww4.sinaimg.cn/thumbnail/9960e363jw1dqkdhoae3gj.jpg")
        #expect(
            PictureRules.pictures(of: legacy) == [
                Picture(
                    thumbnailURL: "http://ww4.sinaimg.cn/thumbnail/9960e363jw1dqkdhoae3gj.jpg",
                    bmiddleURL: "http://ww4.sinaimg.cn/bmiddle/9960e363jw1dqkdhoae3gj.jpg",
                    largeURL: "http://ww4.sinaimg.cn/large/9960e363jw1dqkdhoae3gj.jpg")
            ])
        #expect(PictureRules.pictures(of: WeiboMedia()) == [])
    }
}

/// The rules read a variant's size from its stored fields with their own compares: they keep
/// exactly the sizes `knownSize` keeps (positive and finite, both), edge values included.
struct PictureSizeEdgeTests {
    static let values: [Double] = [
        0, -1, 1, 360, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]

    @Test func sizesAgreeWithKnownSize() throws {
        for width in Self.values {
            for height in Self.values {
                let variant = WeiboPictureVariant(url: "http://h/bmiddle/a.jpg", width: width, height: height)
                let info = WeiboPictureInfo(variants: [.bmiddle: variant])
                let picture = try #require(PictureRules.picture(from: info, pid: "a"))
                #expect(picture.bmiddleSize == variant.knownSize, "\(width) × \(height)")
                #expect(picture.largestSize == variant.knownSize, "\(width) × \(height)")
            }
        }
    }
}
