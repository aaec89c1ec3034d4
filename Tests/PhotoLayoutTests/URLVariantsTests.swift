import Testing

@testable import PhotoLayout

struct URLVariantsTests {
    /// Every size family of DESIGN §3 is recognised, and replaced by bmiddle / large only in that segment.
    @Test(arguments: [
        "thumbnail", "bmiddle", "large", "largest", "original", "woriginal", "square", "small", "middle", "or180",
        "orj360", "wap720", "thumb150", "mw690", "mw2000",
    ])
    func everySizeFamilyIsReplaced(segment: String) {
        let url = "http://ww2.sinaimg.cn/\(segment)/6fc6f04egw1evuciu6zqlj20hs0vkab3.jpg"
        #expect(
            URLVariants.replacingSize(of: url, with: .bmiddle)
                == "http://ww2.sinaimg.cn/bmiddle/6fc6f04egw1evuciu6zqlj20hs0vkab3.jpg")
        #expect(
            URLVariants.replacingSize(of: url, with: .large)
                == "http://ww2.sinaimg.cn/large/6fc6f04egw1evuciu6zqlj20hs0vkab3.jpg")
    }

    /// A host or a query that contains "thumbnail" is left alone: only the path segment changes.
    @Test func hostAndQueryAreUntouched() {
        #expect(
            URLVariants.replacingSize(of: "http://thumbnail.sinaimg.cn/thumbnail/a.jpg", with: .large)
                == "http://thumbnail.sinaimg.cn/large/a.jpg")
        #expect(
            URLVariants.replacingSize(
                of: "https://wx1.sinaimg.cn/mw690/a.jpg?size=thumbnail&v=/thumbnail/", with: .bmiddle)
                == "https://wx1.sinaimg.cn/bmiddle/a.jpg?size=thumbnail&v=/thumbnail/")
        #expect(
            URLVariants.replacingSize(of: "http://h.example/img/a.jpg?next=/large/x", with: .bmiddle)
                == "http://h.example/img/a.jpg?next=/large/x")
    }

    /// URLs without a size segment come back unchanged; the file name is never a segment.
    @Test func urlsWithoutSizeSegmentAreUnchanged() {
        for url in [
            "http://example.com/photos/a.jpg", "http://example.com/x/large", "http://example.com/Thumbnail/a.jpg",
            "http://example.com/or/a.jpg", "http://example.com/mw/a.jpg", "not a url", "",
        ] {
            #expect(URLVariants.replacingSize(of: url, with: .bmiddle) == url)
        }
    }

    /// Only the first size segment of the path is replaced.
    @Test func onlyTheFirstSegmentIsReplaced() {
        #expect(
            URLVariants.replacingSize(of: "http://h/cdn/thumbnail/large/a.jpg", with: .bmiddle)
                == "http://h/cdn/bmiddle/large/a.jpg")
        // Families with digits count as size segments too: the first one (or360) is replaced,
        // not the later thumb150, whichever variant is asked for.
        #expect(
            URLVariants.replacingSize(of: "https://wx3.sinaimg.cn/or360/x/thumb150/a.jpg?w=mw690", with: .large)
                == "https://wx3.sinaimg.cn/large/x/thumb150/a.jpg?w=mw690")
        #expect(
            URLVariants.replacingSize(of: "http://h/mw690/orj360/a.jpg", with: .bmiddle)
                == "http://h/bmiddle/orj360/a.jpg")
    }

    /// Protocol-relative and path-only URLs have paths too.
    @Test func protocolRelativeAndPathOnly() {
        #expect(
            URLVariants.replacingSize(of: "//thumbnail.host/thumbnail/a.jpg", with: .large)
                == "//thumbnail.host/large/a.jpg")
        #expect(URLVariants.replacingSize(of: "/thumbnail/a.jpg", with: .large) == "/large/a.jpg")
    }

    /// GIF by extension: any case, query and fragment ignored, only at the end of the path.
    @Test func gifExtension() {
        #expect(URLVariants.hasGIFExtension("http://h/thumbnail/a.gif"))
        #expect(URLVariants.hasGIFExtension("http://h/thumbnail/a.GIF?x=1"))
        #expect(URLVariants.hasGIFExtension("http://h/thumbnail/a.Gif#top"))
        #expect(!URLVariants.hasGIFExtension("http://h/thumbnail/a.gif.jpg"))
        #expect(!URLVariants.hasGIFExtension("http://h/thumbnail/a.jpg?format=.gif"))
    }
}
