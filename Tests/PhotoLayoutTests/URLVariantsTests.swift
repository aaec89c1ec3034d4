import Testing

@testable import PhotoLayout

struct URLVariantsTests {
    /// Every size family of docs/API.md §3 is recognised, and replaced by bmiddle / large only in that segment.
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

    /// The byte path and the Character path agree: every URL here is decided both ways, the
    /// ASCII ones by bytes (and, rebuilt with a non-ASCII query, by Characters).
    @Test(arguments: [
        "http://h/mw690/a.jpg", "https://a://b/thumbnail/x.gif", "/x/y://h/or360/a.jpg", "//h", "//h/large/",
        "http://h/orj/a.jpg", "http://h/or12x/a.jpg", "http://h/THUMBNAIL/a.GIF", "http://h/\r\n/large/a.gif",
        "http://h/thumb150", "a.gif", ".gif", "gif", "?/large/a.gif", "#", "http:/h/large/a.jpg", "://large/a/b.jpg",
    ])
    func bytesAgreeWithCharacters(url: String) {
        for target in [URLVariants.Target.thumbnail, .bmiddle, .large] {
            #expect(
                URLVariants.replacingSize(of: url, with: target)
                    == URLVariants.replacingSizeOfUnicode(url, with: target))
        }
        #expect(URLVariants.hasGIFExtension(url) == URLVariants.hasGIFExtensionOfUnicode(url))
        // The same URL with a non-ASCII fragment goes down the Character path and keeps its answer.
        let unicode = url.contains("#") ? url + "é" : url + "#é"
        #expect(
            URLVariants.replacingSize(of: unicode, with: .large) == URLVariants.replacingSize(of: url, with: .large)
                + unicode.dropFirst(url.count))
        #expect(URLVariants.hasGIFExtension(unicode) == URLVariants.hasGIFExtension(url))
    }

    /// Non-ASCII URLs keep the Character rule: a combining mark makes "/" or "f" another Character.
    @Test func nonASCIIURLsUseCharacters() {
        #expect(URLVariants.replacingSize(of: "http://h/thumbnail/é.jpg", with: .large) == "http://h/large/é.jpg")
        #expect(
            URLVariants.replacingSize(of: "http://h/thumbnail/\u{301}a.jpg", with: .large)
                == "http://h/thumbnail/\u{301}a.jpg")
        #expect(URLVariants.hasGIFExtension("http://h/é/a.gif"))
        #expect(!URLVariants.hasGIFExtension("http://h/a.gif\u{301}"))
    }

    /// A `type` counts as gif or livephoto in any ASCII case, and only as the whole word.
    @Test func typeComparisonFoldsASCIICaseOnly() {
        #expect(WeiboPictureType("GIF") == .gif)
        #expect(WeiboPictureType("LivePhoto") == .livephoto)
        #expect(WeiboPictureType("gifs") == .other)
        #expect(WeiboPictureType("gi") == .other)
        #expect(WeiboPictureType("") == .other)
        #expect(WeiboPictureType("g\u{130}f") == .other)
        // "G" | 0x20 is "g", but so is "'" | 0x20 == "'": only letters fold.
        #expect(WeiboPictureType("\u{07}if") == .other)
        #expect(WeiboPictureType("livephot\u{0F}") == .other)
    }

    /// A pid's 22nd scalar decides GIF, whether counted in bytes (ASCII) or scalars.
    @Test func pidGIFByBytesAndScalars() {
        let ascii = "0061ZWXAly1h0abcdefg" + "hg" + "xyz"
        #expect(PidURLs.isGIF(ascii) == PidURLs.isGIFOfUnicode(ascii))
        #expect(PidURLs.isGIF(String(repeating: "a", count: 21) + "g"))
        #expect(!PidURLs.isGIF(String(repeating: "a", count: 21)))
        #expect(PidURLs.isGIF("é" + String(repeating: "a", count: 20) + "g"))
        #expect(!PidURLs.isGIF("é" + String(repeating: "a", count: 21) + "g"))
    }
}
