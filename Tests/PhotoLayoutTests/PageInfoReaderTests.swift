import Foundation
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// The `page_info` of each status read by both readers, which must agree.
private func pageInfos(_ text: String) throws -> [WeiboPageInfo?] {
    let bytes = Array(text.utf8)
    let fast = try ByteTimelineReader().readTimeline(bytes)
    let reference = try FoundationTimelineReader().readTimeline(bytes)
    #expect(fast == reference)
    return fast.statuses.map(\.media.pageInfo)
}

struct PageInfoReaderTests {
    /// `page_pic` as a URL string, with numbers for `type` and strings for `object_type` (client
    /// API), and the first usable button.
    @Test func clientShape() throws {
        let pages = try pageInfos(
            """
            [{"idstr": "1", "page_info": {"type": 11, "object_type": "video", "page_title": "Clip",
              "page_pic": "https://wx1.sinaimg.cn/orj480/v.jpg", "type_icon": "https://h5.sinaimg.cn/i.png",
              "buttons": [{"pic": "", "name": "Skip"}, 5, {"pic": "https://h5.sinaimg.cn/b.png", "name": "Play"},
                          {"pic": "https://h5.sinaimg.cn/c.png", "name": "Later"}]}}]
            """)
        #expect(
            pages == [
                WeiboPageInfo(
                    type: .number(11), objectType: .string("video"),
                    cover: WeiboPageInfo.Cover(url: "https://wx1.sinaimg.cn/orj480/v.jpg"),
                    typeIcon: "https://h5.sinaimg.cn/i.png", title: "Clip",
                    button: WeiboPageInfo.Button(iconURL: "https://h5.sinaimg.cn/b.png", title: "Play"))
            ])
        #expect(pages[0]?.isVideo == true)
    }

    /// `page_pic` as an object (m.weibo.cn), `type` a string and `object_type` a number; its
    /// size only when both sides are positive numbers or numeric strings.
    @Test func containerShape() throws {
        let pages = try pageInfos(
            """
            [{"idstr": "1", "page_info": {"type": "video", "object_type": 0,
              "page_pic": {"url": "https://wx3.sinaimg.cn/orj480/c.jpg", "width": 480, "height": "270"}}},
             {"idstr": "2", "page_info": {"type": "webpage", "page_pic": {"url": "https://a/p.jpg", "width": 480}}},
             {"idstr": "3", "page_info": {"page_pic": {"url": "https://a/q.jpg", "width": 0, "height": 10}}},
             {"idstr": "4", "page_info": {"page_pic": {"width": 10, "height": 10}}}]
            """)
        #expect(
            pages == [
                WeiboPageInfo(
                    type: .string("video"), objectType: .number(0),
                    cover: WeiboPageInfo.Cover(
                        url: "https://wx3.sinaimg.cn/orj480/c.jpg", size: Size(width: 480, height: 270))),
                WeiboPageInfo(type: .string("webpage"), cover: WeiboPageInfo.Cover(url: "https://a/p.jpg")),
                WeiboPageInfo(cover: WeiboPageInfo.Cover(url: "https://a/q.jpg")),
                WeiboPageInfo(),
            ])
        #expect(pages[0]?.isVideo == true)
        #expect(pages[1]?.isVideo == false)
    }

    /// A field of the wrong type, an empty URL or title, and a `page_info` that is not an
    /// object are absent; a retweet's `page_info` is read as its own.
    @Test func lenientWrongTypes() throws {
        let pages = try pageInfos(
            """
            [{"idstr": "1", "page_info": {"type": true, "object_type": ["video"], "page_pic": "",
              "type_icon": 7, "page_title": "", "buttons": {"pic": "p", "name": "n"}}},
             {"idstr": "2", "page_info": "https://a/p.jpg"},
             {"idstr": "3", "page_info": null},
             {"idstr": "4", "page_info": {"page_pic": 5, "page_title": "Title", "buttons": [{"pic": "p"}, []]},
              "retweeted_status": {"idstr": "5", "page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"}}}]
            """)
        #expect(pages == [WeiboPageInfo(), nil, nil, WeiboPageInfo(title: "Title")])
        let request = try ByteTimelineReader().readTimeline(
            Array(
                #"[{"retweeted_status": {"page_info": {"object_type": "video", "page_pic": "https://a/v.jpg"}}}]"#.utf8)
        )
        #expect(
            request.statuses[0].retweeted?.media.pageInfo
                == WeiboPageInfo(objectType: .string("video"), cover: WeiboPageInfo.Cover(url: "https://a/v.jpg")))
    }

    /// Every `page_info` of the samples is read, in each of their shapes.
    @Test func samplesPageInfos() throws {
        var counts: [String: Int] = [:]
        for name in Fixtures.sampleNames {
            let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(name))
            let media = request.statuses.flatMap { [$0.media] + ($0.retweeted.map { [$0.media] } ?? []) }
            counts[name] = media.count { $0.pageInfo != nil }
        }
        #expect(
            counts == [
                "client-api-timeline": 13, "m-weibo-cn-container": 9, "weibo-com-web-ajax": 1,
                "open-api-timeline-2020": 0, "open-api-legacy-2012": 0,
            ])
    }
}
