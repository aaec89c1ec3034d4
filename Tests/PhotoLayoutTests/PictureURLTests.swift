import Foundation
import JSONBytes
import Testing

@testable import PhotoLayout

/// `PictureURL`: a size-segment-replaced URL kept as its source slice, segment and target,
/// spliced only when written or read.
struct PictureURLTests {
    /// An Open API thumbnail: `bmiddle` and `large` are splices of the request's own slice
    /// (no new bytes), whose text is the segment rule's, and the writer writes them whole.
    @Test func openAPIVariantsAreSplicesOfTheRequest() throws {
        let body = Array(#"[{"idstr": "1", "thumbnail_pic": "http://wx1.sinaimg.cn/orj360/a.gif?x=1"}]"#.utf8)
        let request = try ByteTimelineReader().readTimeline(body)
        let picture = try #require(PictureRules.pictures(of: request.statuses[0].media).first)
        let start = 34  // the URL's first byte in `body`
        #expect(picture.thumbnail.utf8.startIndex == start)
        #expect(picture.bmiddle.source.utf8.startIndex == start)
        #expect(picture.bmiddle.segment == (start + 22)..<(start + 28))
        #expect(picture.bmiddle.target == .bmiddle)
        #expect(picture.bmiddleURL == "http://wx1.sinaimg.cn/bmiddle/a.gif?x=1")
        #expect(picture.largeURL == "http://wx1.sinaimg.cn/large/a.gif?x=1")
        #expect(picture.kind == .gif)
        let layout = TimelineRules.layout(for: request.statuses, options: GridOptions())
        let json = String(decoding: layout.jsonBytes(), as: UTF8.self)
        #expect(
            json.contains(
                #""thumbnail_url":"http://wx1.sinaimg.cn/orj360/a.gif?x=1","#
                    + #""bmiddle_url":"http://wx1.sinaimg.cn/bmiddle/a.gif?x=1","#
                    + #""large_url":"http://wx1.sinaimg.cn/large/a.gif?x=1""#))
    }

    /// A URL with no size segment is its own slice, unspliced, in every variant; a splice equals
    /// (and hashes as) the same text held as plain bytes.
    @Test func equalityIsTheText() {
        let plain = URLVariants.sizeReplaced(of: "http://h/p/a.jpg", with: .bmiddle)
        #expect(plain.segment == nil)
        #expect(plain == PictureURL("http://h/p/a.jpg"))
        let spliced = URLVariants.sizeReplaced(of: "http://h/mw690/a.jpg", with: .large)
        #expect(spliced.segment == 9..<14)
        #expect(spliced == PictureURL("http://h/large/a.jpg"))
        #expect(spliced != PictureURL("http://h/mw690/a.jpg"))
        #expect(Set([spliced, PictureURL("http://h/large/a.jpg")]).count == 1)
    }

    /// An m.weibo.cn pid is a slice of the request, and its `g` at index 21 still makes the
    /// picture a GIF; its `bmiddle_url` is a splice of `url` (`orj360` → `bmiddle`).
    @Test func mWeiboPidIsBytes() throws {
        let body = Array(
            #"[{"id": "3", "pics": [{"pid": "008jCdW0gy1hf4jwowf7vg30ku0h9dwc", "url": "https://h/orj360/p.jpg"}]}]"#
                .utf8)
        let request = try ByteTimelineReader().readTimeline(body)
        let pic = try #require(request.statuses[0].media.pics.first)
        #expect(pic.pidBytes?.utf8.startIndex == 31)
        #expect(pic.pid == "008jCdW0gy1hf4jwowf7vg30ku0h9dwc")
        let picture = try #require(PictureRules.picture(from: pic))
        #expect(picture.kind == .gif)
        #expect(picture.bmiddle.segment != nil)
        #expect(picture.bmiddleURL == "https://h/bmiddle/p.jpg")
        #expect(picture.largeURL == "https://h/large/p.jpg")
    }
}
