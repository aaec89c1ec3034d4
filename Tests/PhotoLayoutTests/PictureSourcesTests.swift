import Foundation
import Testing

@testable import PhotoLayout

struct CRC32Tests {
    /// The table-driven CRC-32 gives zlib's `crc32` on the standard check vectors.
    @Test(arguments: [
        ("", UInt32(0)), ("a", 0xE8B7_BE43), ("abc", 0x3524_41C2), ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
        ("message digest", 0x2015_9D7F),
    ])
    func knownVectors(text: String, expected: UInt32) {
        #expect(CRC32.checksum(text.utf8) == expected)
    }
}

/// Every picture in the samples named by a pid and an explicit sinaimg.cn URL: (pid, URL).
private func pidsWithURLs() throws -> [(pid: String, url: String)] {
    var pairs: [(String, String)] = []
    func visit(_ value: Any) {
        if let object = value as? [String: Any] {
            if let infos = object["pic_infos"] as? [String: Any] {
                for (pid, info) in infos {
                    for variant in ["thumbnail", "bmiddle", "large", "largest", "original"] {
                        if let url = ((info as? [String: Any])?[variant] as? [String: Any])?["url"] as? String {
                            pairs.append((pid, url))
                        }
                    }
                }
            }
            if let pics = object["pics"] as? [[String: Any]] {
                for pic in pics {
                    guard let pid = pic["pid"] as? String else { continue }
                    if let url = pic["url"] as? String { pairs.append((pid, url)) }
                    if let url = (pic["large"] as? [String: Any])?["url"] as? String { pairs.append((pid, url)) }
                }
            }
            object.values.forEach(visit)
        } else if let array = value as? [Any] {
            array.forEach(visit)
        }
    }
    for name in Fixtures.sampleNames {
        visit(try JSONSerialization.jsonObject(with: Data(try Fixtures.sample(name))))
    }
    return pairs.filter { $0.1.contains("sinaimg.cn/") && $0.1.contains($0.0) }
}

struct PidURLsTests {
    /// Every sample pid with an explicit wx*.sinaimg.cn URL: the host is wx{crc32 % 4 + 1},
    /// and the extension is gif exactly when the pid has `g` at index 21.
    @Test func hostAndGIFRulesHoldForEverySamplePid() throws {
        let pairs = try pidsWithURLs()
        #expect(pairs.count > 80)
        var checkedHosts = 0
        for (pid, url) in pairs {
            let isGIF = url.lowercased().hasSuffix(".gif")
            #expect(PidURLs.isGIF(pid) == isGIF, "\(pid) \(url)")
            if let host = url.split(separator: "/").dropFirst().first, host.hasPrefix("wx") {
                #expect(host == PidURLs.host(of: pid), "\(pid) \(url)")
                checkedHosts += 1
            }
        }
        #expect(checkedHosts > 80)
    }

    /// A pid alone: the three URLs on its host, `.gif` and kind gif by its index 21.
    @Test func pictureFromPidAlone() {
        let gif = "008jCdW0gy1hf4jwowf7vg30ku0h9dwc"
        #expect(
            PidURLs.picture(pid: gif)
                == Picture(
                    thumbnailURL: "https://wx2.sinaimg.cn/thumbnail/\(gif).gif",
                    bmiddleURL: "https://wx2.sinaimg.cn/bmiddle/\(gif).gif",
                    largeURL: "https://wx2.sinaimg.cn/large/\(gif).gif", kind: .gif))
        #expect(PidURLs.url(of: "abc", size: .large) == "https://wx3.sinaimg.cn/large/abc.jpg")
        #expect(!PidURLs.isGIF("short"))
    }
}

struct PictureSourcesTests {
    private let pic = WeiboPic(
        pid: "71b26c7fly1gqtbff0qrrj20rt3rlb2a",
        thumbnail: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/orj360/a.jpg", width: 360, height: 1755),
        large: WeiboPictureVariant(url: "https://wx4.sinaimg.cn/large/a.jpg", width: 1001, height: 4881))

    /// A `pics` entry: thumbnail `url`, bmiddle derived, `large.url`, size from `large.geo`
    /// (so 1001×4881 is long) and for the browser; the adaptive single's aspect from `geo`.
    @Test func picsEntry() throws {
        let picture = try #require(PictureRules.picture(from: pic))
        let size = Size(width: 1001, height: 4881)
        #expect(
            picture
                == Picture(
                    thumbnailURL: "https://wx4.sinaimg.cn/orj360/a.jpg",
                    bmiddleURL: "https://wx4.sinaimg.cn/bmiddle/a.jpg", largeURL: "https://wx4.sinaimg.cn/large/a.jpg",
                    isLong: true, bmiddleSize: size, largestSize: size,
                    aspectSize: Size(width: 360, height: 1755)))
        var noLarge = pic
        noLarge.large = nil
        noLarge.pid = "007jMTffly1gmhp2npeoqg306n06nae0"
        let derived = try #require(PictureRules.picture(from: noLarge))
        #expect(derived.largeURL == "https://wx4.sinaimg.cn/large/a.jpg")
        #expect(derived.bmiddleSize == Size(width: 360, height: 1755) && derived.isLong)
        #expect(derived.kind == .gif)
        #expect(PictureRules.picture(from: WeiboPic(pid: "p")) == nil)
    }

    /// Precedence: pic_infos (when it yields), then pics, then pic_urls/thumbnail_pic, then pids.
    @Test func shapePrecedence() {
        let info = WeiboPictureInfo(variants: [.bmiddle: WeiboPictureVariant(url: "http://x/bmiddle/i.jpg")])
        let all = WeiboMedia(
            picURLs: ["http://x/thumbnail/u.jpg"], thumbnailPic: "http://x/thumbnail/t.jpg", picIDs: ["i", "j"],
            picInfos: ["i": info], pics: [pic])
        #expect(PictureRules.pictures(of: all).map(\.bmiddleURL) == ["http://x/bmiddle/i.jpg"])
        var media = all
        media.picInfos = [:]
        #expect(PictureRules.pictures(of: media).map(\.thumbnailURL) == ["https://wx4.sinaimg.cn/orj360/a.jpg"])
        media.pics = []
        #expect(PictureRules.pictures(of: media).map(\.thumbnailURL) == ["http://x/thumbnail/u.jpg"])
        media.picURLs = []
        #expect(PictureRules.pictures(of: media).map(\.thumbnailURL) == ["http://x/thumbnail/t.jpg"])
        media.thumbnailPic = nil
        #expect(
            PictureRules.pictures(of: media).map(\.thumbnailURL) == [
                "https://wx2.sinaimg.cn/thumbnail/i.jpg", "https://wx4.sinaimg.cn/thumbnail/j.jpg",
            ])
    }

    /// A pic_infos key with `g` at index 21 is a GIF even when no type or path says so.
    @Test func gifByInfoPid() throws {
        let info = WeiboPictureInfo(variants: [.thumbnail: WeiboPictureVariant(url: "http://x/thumbnail/a.jpg")])
        #expect(PictureRules.picture(from: info, pid: "008jCdW0gy1hf4jwowf7vg30ku0h9dwc")?.kind == .gif)
        #expect(PictureRules.picture(from: info, pid: "008jCdW0gy1hf4jwzorzaj30ku9du000")?.kind == .image)
    }

    /// `pic_num` counts when a whole number (or numeric string) above the pictures read.
    @Test(arguments: [
        (Double?.none, 9), (13, 13), (9, 9), (3, 9), (13.5, 9), (-1, 9), (1e12, 9), (Double(Int32.max), 2_147_483_647),
    ])
    func totalFromPicNum(picNum: Double?, expected: Int) {
        #expect(PictureRules.total(of: WeiboMedia(picNum: picNum), read: 9) == expected)
    }

    /// 14 pictures: nine shown, `total` 14, `more` 5 and "+5" on the last cell (160, 160); a
    /// single picture with `pic_num` 3 keeps its single layout with "+2".
    @Test func moreThanMaxItems() throws {
        let media = WeiboMedia(picURLs: (0..<14).map { "http://x/thumbnail/\($0).jpg" })
        let grid = try #require(TimelineRules.grid(of: media, options: GridOptions()))
        #expect(grid.items.count == 9 && grid.total == 14 && grid.more == 5)
        #expect(grid.moreLabel == MoreLabel(text: "+5", frame: Rect(x: 160, y: 160, width: 70, height: 70)))
        let single = try #require(
            TimelineRules.grid(
                of: WeiboMedia(thumbnailPic: "http://x/thumbnail/a.jpg", picNum: 3),
                options: GridOptions(style: .adaptive, contentWidth: 355, scale: 3)))
        #expect(single.items.count == 1 && single.total == 3 && single.more == 2)
        #expect(
            single.moreLabel
                == MoreLabel(text: "+2", frame: Rect(x: 0, y: 0, width: 177.66666666666666, height: 177.66666666666666))
        )
        let exact = try #require(TimelineRules.grid(of: WeiboMedia(picURLs: ["a", "b"]), options: GridOptions()))
        #expect(exact.total == 2 && exact.more == 0 && exact.moreLabel == nil)
        #expect(GridRules.layout(count: 12, options: GridOptions())?.more == 3)
    }

    /// Unknown option names are a 422 each, sorted, at the pointer the caller gives.
    @Test func unknownOptionNames() {
        #expect(
            throws: InputError.invalidValues(
                [
                    InputError.Problem(
                        pointer: "#/options/itemsize",
                        detail:
                            "unknown name; expected one of: style, item_size, spacing, max_items, content_width, min_item_width, scale, badge_size, "
                            + "play_badge_size"
                    ),
                    InputError.Problem(
                        pointer: "#/options/maxItems",
                        detail:
                            "unknown name; expected one of: style, item_size, spacing, max_items, content_width, min_item_width, scale, badge_size, "
                            + "play_badge_size"
                    ),
                ], kind: .unknownField)
        ) {
            try GridOptions.validated(RawGridOptions(unknownNames: ["itemsize", "maxItems"]))
        }
        let many = (0..<25).map { "k\($0)" }.sorted()
        do {
            _ = try GridOptions.validated(RawGridOptions(unknownNames: many)) { "#/query/\($0)" }
            Issue.record("accepted")
        } catch {
            #expect(error.problems.count == 21)
            #expect(error.problems.last == InputError.Problem(pointer: "#/query", detail: "5 more unknown options"))
        }
    }
}

struct ReaderLinearityTests {
    /// A `pic_infos` of n keys (every other one not an object, so dropped, and a duplicate of
    /// each): the reader's bookkeeping comparisons grow linearly, 10k → 80k keys within 2× of
    /// the 8× of the input (a `contains` search made 64×). Counts work, times nothing.
    @Test func picInfosKeysCostLinearWork() throws {
        func work(keys: Int) throws -> Int {
            var members: [String] = []
            for index in 0..<keys {
                members.append(index % 2 == 0 ? #""p\#(index)":{"type":"gif"}"# : #""p\#(index)":\#(index)"#)
            }
            members.append(#""p1":{}"#)
            let document = #"[{"pic_ids":["p0"],"pic_infos":{\#(members.joined(separator: ","))}}]"#
            let (request, work) = ByteTimelineReader.readCountingWork(Array(document.utf8))
            #expect(try request.get().statuses[0].media.picInfos.count == keys / 2)
            return work
        }
        let small = try work(keys: 10_000)
        let large = try work(keys: 80_000)
        #expect(small > 0)
        #expect(large <= 16 * small, "10k keys: \(small) comparisons, 80k: \(large)")
        print("pic_infos bookkeeping comparisons: 10k keys \(small), 80k keys \(large)")
    }

    /// An index-keyed `pics` object in reverse order: set insertions plus the sort's
    /// comparisons stay within 2× of linear growth (n log n) from 10k to 80k keys.
    @Test func picsObjectKeysCostQuasiLinearWork() throws {
        func work(keys: Int) throws -> Int {
            let members = (0..<keys).reversed().map { #""\#($0)":{"url":"u\#($0)"}"# }
            let document = #"[{"pics":{\#(members.joined(separator: ","))}}]"#
            let (request, work) = ByteTimelineReader.readCountingWork(Array(document.utf8))
            let pics = try request.get().statuses[0].media.pics
            #expect(pics.count == keys && pics.first?.thumbnail.url == "u0")
            return work
        }
        let small = try work(keys: 10_000)
        let large = try work(keys: 80_000)
        #expect(large <= 16 * small, "10k keys: \(small) comparisons, 80k: \(large)")
        print("pics object comparisons: 10k keys \(small), 80k keys \(large)")
    }
}
