import Foundation
import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// Every response type as the writer writes it, parsed by `JSONSerialization` and compared
/// with an expectation built here from the value, field by field, by the contract's wire names
/// (docs/API.md §4, §7.1): the same key set in every object (a missing or an extra key fails), the
/// same array lengths, `null` where the value is absent, booleans as booleans, numbers equal
/// to the value (both sides read by JSONSerialization, whose rounding is not always correct
/// here; `ShortestDoubleTests` holds the digits themselves), in compact and indented output alike.
struct OutputKeySetTests {
    /// Open with a spring's keyframes, pan and watermark on a wide picture, a placeholder page.
    @Test func browserOpen() throws {
        let response = try BrowserAPI.open(json: Array(BrowserJSONTests.springOpen.utf8))
        #expect(response.pages[1].pan != nil && response.pages[2].watermarkFrame == nil)
        #expect(!response.transition.keyframes.isEmpty)
        try expectWritten(response, equals: Expected.open(response))
    }

    /// Open without a thumbnail: a fade, `from` null, no keyframes.
    @Test func browserOpenFade() throws {
        let body =
            #"{"screen": {"width": 320, "height": 568}, "index": 0, "photos": [{"url": "u"}], "thumbnail_frames": [null]}"#
        let response = try BrowserAPI.open(json: Array(body.utf8))
        #expect(response.transition.from == nil)
        try expectWritten(response, equals: Expected.open(response))
    }

    /// Close with a re-scroll and eased keyframes, and close with a fade (`to`, `scroll_to` null).
    @Test func browserClose() throws {
        let scrolled = #"""
            {"screen": {"width": 375, "height": 667}, "photos": [{"url": "http://h/a.jpg", "width": 440, "height": 660}],
             "index": 0, "thumbnail_frames": [{"x": 12, "y": 900, "width": 70, "height": 70}],
             "scroll": {"viewport": {"x": 0, "y": 64, "width": 375, "height": 603},
                        "content_offset": {"x": 0, "y": 0}, "content_size": {"width": 375, "height": 2000}},
             "transition": {"keyframes": true, "fps": 30}}
            """#
        let response = try BrowserAPI.close(json: Array(scrolled.utf8))
        #expect(response.scrollTo != nil && !response.transition.keyframes.isEmpty)
        try expectWritten(response, equals: Expected.close(response))
        let fade =
            #"{"screen": {"width": 320, "height": 568}, "index": 0, "photos": [{"url": "u", "width": 10, "height": 30}], "thumbnail_frames": [null]}"#
        let faded = try BrowserAPI.close(json: Array(fade.utf8))
        #expect(faded.transition.to == nil && faded.scrollTo == nil)
        try expectWritten(faded, equals: Expected.close(faded))
    }

    /// The album of 30, and an empty one; justified albums with widows, cut by `max_rows`,
    /// and empty.
    @Test func album() throws {
        for body in [
            #"{"screen": {"width": 414, "height": 896}, "count": 30}"#,
            #"{"screen": {"width": 320, "height": 480}, "count": 0}"#,
        ] {
            let response = try #require(try BrowserAPI.album(json: Array(body.utf8)).grid)
            try expectWritten(response, equals: Expected.album(response))
        }
        for body in [
            #"{"screen": {"width": 375, "height": 667}, "style": "justified", "aspect_ratios": [1.5, 1, 0.5, 2, 0.75]}"#,
            #"{"screen": {"width": 375, "height": 667}, "style": "justified", "aspect_ratios": [1, 1, 1, 1], "max_rows": 1}"#,
            #"{"screen": {"width": 375, "height": 667}, "style": "justified", "photos": []}"#,
        ] {
            let response = try #require(try BrowserAPI.album(json: Array(body.utf8)).justified)
            try expectWritten(response, equals: Expected.justifiedAlbum(response))
        }
    }

    /// Every sample timeline in both styles: statuses, retweets, grids, items with URLs,
    /// badges and "+N" labels, video and link cards.
    @Test(arguments: [
        "client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "m-weibo-cn-container",
        "weibo-com-web-ajax",
    ])
    func timelineSamples(name: String) throws {
        let request = try ByteTimelineReader().readTimeline(try ServiceFixtures.sample(name))
        for options in [GridOptions(), GridOptions(style: .adaptive, contentWidth: 375, scale: 3)] {
            let layout = TimelineRules.layout(for: request.statuses, options: options)
            try expectWritten(layout, equals: Expected.timeline(layout))
        }
    }

    /// A status of twelve pictures (a "+3" label over the ninth), a GIF badge, a retweet with
    /// none, a status with no id.
    @Test func timelineShapes() throws {
        let pictures = (0..<12).map { "http://wx1.sinaimg.cn/thumbnail/p\($0).\($0 == 0 ? "gif" : "jpg")" }
        let statuses = [
            WeiboStatus(id: "1", media: WeiboMedia(picURLs: pictures), retweeted: WeiboRetweet(id: nil)),
            WeiboStatus(id: nil, media: WeiboMedia(picURLs: [])),
        ]
        let layout = TimelineRules.layout(for: statuses, options: GridOptions())
        #expect(layout.statuses[0].photos?.moreLabel != nil)
        try expectWritten(layout, equals: Expected.timeline(layout))
    }

    /// `GET /v1/grid`'s body: a grid without URL fields, and `null`.
    @Test func gridResponse() throws {
        let grid = GridRules.layout(count: 14, options: GridOptions(style: .adaptive, contentWidth: 320, scale: 3))
        #expect(grid != nil)
        for photos in [grid, nil] {
            let response = GridResponse(photos: photos)
            try expectWritten(response, equals: ["photos": Expected.optional(photos.map(Expected.grid))])
        }
    }

    /// The comparison itself: an object with a key too many, one too few, or a number where a
    /// boolean belongs, is told apart.
    @Test func comparisonCatchesKeySetsAndTypes() {
        var problems: [String] = []
        JSONComparison.compare(["a": 1, "b": 2] as [String: Any], ["a": 1.0] as [String: Any], at: "#", &problems)
        #expect(problems == [#"#: extra keys ["b"]"#])
        problems = []
        JSONComparison.compare(
            ["a": 1] as [String: Any], ["a": 1.0, "c": NSNull()] as [String: Any], at: "#", &problems)
        #expect(problems == [#"#: missing keys ["c"]"#])
        problems = []
        let parsed = try? JSONSerialization.jsonObject(with: Data(#"{"a":1}"#.utf8))
        JSONComparison.compare(parsed as Any, ["a": true] as [String: Any], at: "#", &problems)
        #expect(problems == ["#/a: expected true, found 1"])
    }
}

/// Writes `value` compact and indented, parses both with JSONSerialization, and expects each to
/// match `expected` exactly as `JSONComparison` judges.
private func expectWritten(
    _ value: some JSONByteEncodable, equals expected: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for indented in [false, true] {
        let bytes = JSONByteWriter.encode(value, indented: indented)
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes))
        var problems: [String] = []
        JSONComparison.compare(parsed, expected, at: "#", &problems)
        #expect(problems.isEmpty, "indented: \(indented): \(problems.prefix(5))", sourceLocation: sourceLocation)
    }
}

/// A recursive comparison of a JSONSerialization parse with an expectation.
enum JSONComparison {
    static func compare(_ actual: Any, _ expected: Any, at path: String, _ problems: inout [String]) {
        switch expected {
        case let object as [String: Any]:
            guard let found = actual as? [String: Any] else { return problems.append("\(path): not an object") }
            let missing = Set(object.keys).subtracting(found.keys).sorted()
            let extra = Set(found.keys).subtracting(object.keys).sorted()
            if !missing.isEmpty { problems.append("\(path): missing keys \(missing)") }
            if !extra.isEmpty { problems.append("\(path): extra keys \(extra)") }
            for (key, value) in object {
                if let other = found[key] { compare(other, value, at: "\(path)/\(key)", &problems) }
            }
        case let array as [Any]:
            guard let found = actual as? [Any], found.count == array.count else {
                return problems.append("\(path): not an array of \(array.count)")
            }
            for (index, (other, value)) in zip(found, array).enumerated() {
                compare(other, value, at: "\(path)/\(index)", &problems)
            }
        case is NSNull:
            if !(actual is NSNull) { problems.append("\(path): expected null, found \(actual)") }
        case let string as String:
            if actual as? String != string { problems.append("\(path): expected \(string), found \(actual)") }
        case let bool as Bool:
            if !isBoolean(actual) || actual as? Bool != bool {
                problems.append("\(path): expected \(bool), found \(actual)")
            }
        case let number as Double:
            compareNumber(actual, number, at: path, &problems)
        case let number as Int:
            compareNumber(actual, Double(number), at: path, &problems)
        default:
            problems.append("\(path): no expectation of type \(type(of: expected))")
        }
    }

    /// The number as JSONSerialization reads `expected`'s own `description`: the same parser
    /// on both sides, so its rounding cancels and the comparison is exact.
    private static func compareNumber(_ actual: Any, _ expected: Double, at path: String, _ problems: inout [String]) {
        let reference = (try? JSONSerialization.jsonObject(with: Data("[\(expected.description)]".utf8))) as? [NSNumber]
        guard !isBoolean(actual), let found = (actual as? NSNumber)?.doubleValue,
            let wanted = reference?.first?.doubleValue, found == wanted
        else {
            return problems.append("\(path): expected \(expected), found \(actual)")
        }
    }

    /// JSONSerialization's `true` and `false` are NSNumbers of type `c`; its numbers are not.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}

/// The expected JSON of each output type, built from its fields by the contract's names.
enum Expected {
    static func optional(_ value: Any?) -> Any { value ?? NSNull() }

    static func rect(_ rect: Rect) -> [String: Any] {
        ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height]
    }

    static func size(_ size: Size) -> [String: Any] { ["width": size.width, "height": size.height] }

    static func point(_ point: Point) -> [String: Any] { ["x": point.x, "y": point.y] }

    static func label(_ label: TextLabel) -> [String: Any] { ["text": label.text, "frame": rect(label.frame)] }

    static func item(_ item: GridItem) -> [String: Any] {
        var object: [String: Any] = [
            "index": item.index, "frame": rect(item.frame), "crop": optional(item.crop.map(rect)),
            "kind": item.kind.rawValue, "is_gif": item.kind == .gif,
            "is_long": item.isLong,
            "badge": optional(item.badge.map { ["kind": $0.kind.rawValue, "frame": rect($0.frame)] as [String: Any] }),
        ]
        if let sides = item.sides { object["sides"] = sides.names }
        if let urls = item.urls {
            object["thumbnail_url"] = urls.thumbnail
            object["bmiddle_url"] = urls.bmiddle
            object["large_url"] = urls.large
        }
        return object
    }

    static func grid(_ grid: GridLayout) -> [String: Any] {
        [
            "size": size(grid.size), "columns": optional(grid.columns), "rows": optional(grid.rows),
            "total": grid.total,
            "more": grid.more, "more_label": optional(grid.moreLabel.map(label)), "items": grid.items.map(item),
        ]
    }

    /// A card (docs/API.md §4, "Cards"): its eight keys, `null` for the parts it has not.
    static func card(_ card: CardLayout) -> [String: Any] {
        [
            "kind": card.kind.rawValue, "size": size(card.size),
            "cover": optional(
                card.cover.map {
                    ["frame": rect($0.frame), "url": $0.url, "crop": optional($0.crop.map(rect))] as [String: Any]
                }),
            "play_badge": optional(card.playBadge.map(rect)),
            "type_icon": optional(card.typeIcon.map { ["frame": rect($0.frame), "url": $0.url] as [String: Any] }),
            "button": optional(
                card.button.map {
                    ["frame": rect($0.frame), "icon_url": $0.iconURL, "title": $0.title] as [String: Any]
                }),
            "text_frame": optional(card.textFrame.map(rect)), "title": optional(card.title),
        ]
    }

    static func timeline(_ layout: TimelineLayout) -> [String: Any] {
        let statuses = layout.statuses.enumerated().map { index, status -> [String: Any] in
            // A status made as a value has no source: it is written at its index, as a bare array's.
            let source = status.source ?? StatusSource(envelope: .array, index: index)
            return [
                "id": optional(status.id), "source": source.pointer(), "photos": optional(status.photos.map(grid)),
                "card": optional(status.card.map(card)),
                "retweeted": optional(
                    status.retweeted.map {
                        [
                            "id": optional($0.id), "source": source.pointer(retweet: true),
                            "photos": optional($0.photos.map(grid)), "card": optional($0.card.map(card)),
                        ] as [String: Any]
                    }),
            ]
        }
        return ["statuses": statuses]
    }

    static func transition(_ transition: TransitionLayout) -> [String: Any] {
        let keyframes = transition.keyframes.map { keyframe -> [String: Any] in
            [
                "t": keyframe.t, "progress": keyframe.progress, "frame": rect(keyframe.frame),
                "corner_radius": keyframe.cornerRadius, "crop": optional(keyframe.crop.map(rect)),
            ]
        }
        return [
            "from": optional(transition.from.map(rect)), "to": optional(transition.to.map(rect)),
            "from_crop": optional(transition.fromCrop.map(rect)), "to_crop": optional(transition.toCrop.map(rect)),
            "duration": transition.duration, "curve": transition.curve.rawValue, "fade": transition.fade,
            "keyframes": keyframes,
        ]
    }

    static func page(_ page: BrowserPage) -> [String: Any] {
        [
            "index": page.index, "url": optional(page.url?.description), "frame": rect(page.frame),
            "photo_frame": rect(page.photoFrame), "placeholder": page.placeholder,
            "zoom": ["min": page.zoom.min, "max": page.zoom.max, "double_tap": page.zoom.doubleTap] as [String: Any],
            "pan": optional(
                page.pan.map { ["min": $0.min, "max": $0.max, "initial": $0.initial] as [String: Any] }),
            "watermark_frame": optional(page.watermarkFrame.map(rect)),
        ]
    }

    static func open(_ response: BrowserOpenResponse) -> [String: Any] {
        let strip: [String: Any] = [
            "frame": rect(response.strip.frame), "content_size": size(response.strip.contentSize),
            "content_offset": point(response.strip.contentOffset), "selected": response.strip.selected,
            "border_width": response.strip.borderWidth, "items": response.strip.items.map(rect),
        ]
        return [
            "index": response.index, "count": response.count, "content_size": size(response.contentSize),
            "content_offset": point(response.contentOffset), "page_label": label(response.pageLabel),
            "pages": response.pages.map(page), "strip": strip, "transition": transition(response.transition),
        ]
    }

    static func close(_ response: BrowserCloseResponse) -> [String: Any] {
        [
            "index": response.index, "transition": transition(response.transition),
            "scroll_to": optional(response.scrollTo.map(point)),
        ]
    }

    static func album(_ album: AlbumLayout) -> [String: Any] {
        [
            "columns": album.columns, "rows": album.rows, "content_size": size(album.contentSize),
            "items": album.items.map(rect),
        ]
    }

    static func justifiedAlbum(_ album: JustifiedAlbumLayout) -> [String: Any] {
        [
            "columns": NSNull(), "rows": album.rows, "widows": album.widows, "content_size": size(album.contentSize),
            "items": album.items.map(rect),
        ]
    }
}
