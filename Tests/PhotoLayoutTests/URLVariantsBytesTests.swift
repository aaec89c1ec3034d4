import JSONBytes
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

struct URLVariantsBytesTests {
    /// The byte entry points decide as the String ones: queries, fragments, no size segment,
    /// upper-case extensions, multi-byte UTF-8 and combining marks.
    @Test(arguments: [
        "http://wx1.sinaimg.cn/thumbnail/a.jpg", "https://h/orj360/a.GIF", "https://h/mw690/a.gif?size=/large/x",
        "http://h/a/b.jpg?x=/thumbnail/", "http://h/thumbnail/a.jpg#/large/", "http://thumbnail.example/a/large.jpg",
        "http://h/or12x/a.gif", "http://h/é/thumbnail/a.GiF", "http://h/thumbnail/\u{301}a.jpg",
        "http://h/a.gif\u{301}", "http://h/图片/bmiddle/图.jpg?q=é", "//h/large/a.jpg", "/large/a.jpg", "", ".gif",
    ])
    func bytesAgreeWithStrings(url: String) {
        let bytes = ByteString(url)
        for target in [URLVariants.Target.thumbnail, .bmiddle, .large] {
            #expect(
                URLVariants.replacingSize(of: bytes, with: target).description
                    == URLVariants.replacingSize(of: url, with: target))
        }
        #expect(URLVariants.hasGIFExtension(bytes) == URLVariants.hasGIFExtension(url))
    }

    /// Replacing names the new segment and keeps the rest, query included.
    @Test func replacementKeepsQuery() {
        let url = ByteString("https://wx3.sinaimg.cn/orj360/p1.jpg?KID=imgbed&Expires=1")
        #expect(
            URLVariants.replacingSize(of: url, with: .large)
                == ByteString("https://wx3.sinaimg.cn/large/p1.jpg?KID=imgbed&Expires=1"))
        #expect(URLVariants.hasGIFExtension(ByteString("http://h/a.GIF?x=1")))
        #expect(!URLVariants.hasGIFExtension(ByteString("http://h/a.jpg?x=.gif")))
    }

    /// A URL without a size segment is the same slice, not a copy.
    @Test func noSegmentKeepsTheSlice() {
        let document: [UInt8] = Array("xxhttp://h/a/b.jpgxx".utf8)
        let url = ByteString(utf8: document[2..<18])
        let same = URLVariants.replacingSize(of: url, with: .large)
        #expect(same.utf8.startIndex == 2 && same.utf8.endIndex == 18)
        #expect(same.description == "http://h/a/b.jpg")
    }

    /// Pid URLs built as bytes equal the String rule's, GIF by the 22nd scalar.
    @Test(arguments: [
        "008jCdW0gy1hf4jwowf7vg30ku0h9dwc", "aac5fc13ly1gegxoh1xa5j20v91vo46j",
        "é" + String(repeating: "a", count: 20) + "g", "p1",
    ])
    func pidURLsAsBytes(pid: String) {
        let picture = PidURLs.picture(pid: ByteString(pid))
        #expect(picture.thumbnailURL == PidURLs.url(of: pid, size: .thumbnail))
        #expect(picture.bmiddleURL == PidURLs.url(of: pid, size: .bmiddle))
        #expect(picture.largeURL == PidURLs.url(of: pid, size: .large))
        #expect(PidURLs.isGIF(ByteString(pid)) == PidURLs.isGIF(pid))
    }

    /// A `pic_infos` of more entries than the linear lookup takes gives the same pictures, in
    /// `pic_ids` order, as a short one does.
    @Test(arguments: [3, 40])
    func longPicInfosKeepPicIDsOrder(count: Int) {
        let pids = (0..<count).map { "pid\($0)" }
        var infos: [String: WeiboPictureInfo] = [:]
        for pid in pids where pid != "pid1" {
            infos[pid] = WeiboPictureInfo(variants: [
                .thumbnail: WeiboPictureVariant(url: "http://h/thumbnail/\(pid).jpg")
            ])
        }
        let pictures = PictureRules.pictures(of: WeiboMedia(picIDs: pids.reversed(), picInfos: infos))
        #expect(
            pictures.map(\.bmiddleURL) == pids.reversed().filter { $0 != "pid1" }.map { "http://h/bmiddle/\($0).jpg" })
    }

    /// Escaped URLs and pids in `pic_infos` are read decoded: the fast reader's pictures equal
    /// the Foundation reader's, and the pid found through escapes still keys its info.
    @Test func escapedPicInfosReadDecoded() throws {
        let json = #"""
            {"statuses": [{"idstr": "1", "pic_ids": ["a\u0062c", "x\/y"],
              "pic_infos": {"abc": {"thumbnail": {"url": "http:\/\/h\/thumbnail\/abc.GIF"}, "type": "pic"},
                            "x/y": {"bmiddle": {"url": "http://h/bmiddle/\u00e9.jpg?a=\/large\/"},
                                    "large": {"url": "http://h/large/\u00e9.jpg", "width": 10, "height": "40"}}}}]}
            """#
        let bytes = Array(json.utf8)
        let fast = try ByteTimelineReader().readTimeline(bytes)
        let reference = try FoundationTimelineReader().readTimeline(bytes)
        #expect(fast == reference)
        let pictures = PictureRules.pictures(of: fast.statuses[0].media)
        #expect(pictures.count == 2)
        #expect(pictures[0].thumbnailURL == "http://h/thumbnail/abc.GIF")
        #expect(pictures[0].bmiddleURL == "http://h/bmiddle/abc.GIF")
        #expect(pictures[0].kind == .gif)
        #expect(pictures[1].thumbnailURL == "http://h/thumbnail/é.jpg?a=/large/")
        #expect(pictures[1].largeURL == "http://h/large/é.jpg")
        #expect(pictures[1].isLong)
        #expect(pictures == PictureRules.pictures(of: reference.statuses[0].media))
    }
}
