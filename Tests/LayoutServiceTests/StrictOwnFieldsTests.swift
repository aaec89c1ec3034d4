import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The objects of the API's own schema refuse a name they do not hold (422 at its pointer,
/// naming the names they hold) and a name given twice (422 at the second), at every level of
/// each body; Weibo's `status` stays lenient.
struct StrictOwnFieldsTests {
    typealias Endpoint = BrowserRequestErrorTests.Endpoint

    static let base = BrowserRequestErrorTests.base
    static let frame = BrowserRequestErrorTests.frame
    static let shared =
        "screen, scale, photos, status, variant, index, thumbnail_frames, grid_origin, grid_options, content_mode, "
        + "upscale, transition"
    static let openNames = shared + ", page_spacing, strip_offset, watermark"
    static let closeNames = shared + ", current_frame, zoom, scroll"
    static let transitionNames =
        "duration, curve, bounciness, speed, fps, keyframes, corner_radius_from, corner_radius_to"
    static let optionNames =
        "style, item_size, spacing, max_items, content_width, min_item_width, scale, badge_size, play_badge_size"

    func error(_ endpoint: Endpoint, _ body: String) throws -> InputError {
        try BrowserRequestErrorTests().error(endpoint, body)
    }

    static func unknown(_ pointer: String, _ names: String) -> InputError {
        .at(pointer, .unknownField, "unknown name; expected one of: \(names)")
    }

    static func repeated(_ pointer: String) -> InputError {
        .at(pointer, .repeatedField, "is given twice; a name may appear once")
    }

    /// A typo at each level of the open body.
    @Test(arguments: [
        (#"{\#(base), "thumbnailFrames": [\#(frame)]}"#, "#/thumbnailFrames", openNames),
        (#"{\#(base), "contentMode": "aspect_fit"}"#, "#/contentMode", openNames),
        (
            #"{"screen": {"width": 375, "height": 667, "w": 1}, "photos": [{"url": "a"}], "index": 0}"#, "#/screen/w",
            "width, height"
        ),
        (#"{\#(base), "transition": {"keyframe": true}}"#, "#/transition/keyframe", transitionNames),
        (
            #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a", "heigth": 1}], "index": 0}"#,
            "#/photos/0/heigth", "url, width, height"
        ),
        (
            #"{\#(base), "thumbnail_frames": [null, {"x": 0, "y": 0, "width": 1, "height": 1, "z": 0}]}"#,
            "#/thumbnail_frames/1/z", "x, y, width, height"
        ),
        (#"{\#(base), "grid_origin": {"x": 0, "y": 0, "z": 1}}"#, "#/grid_origin/z", "x, y"),
        (#"{\#(base), "grid_options": {"columnz": 3}}"#, "#/grid_options/columnz", optionNames),
        (
            #"{\#(base), "grid_options": {"badge_size": {"width": 1, "heigth": 1}}}"#,
            "#/grid_options/badge_size/heigth",
            "width, height"
        ),
        (
            #"{\#(base), "watermark": {"width": 80, "height": 20, "margn": 10}}"#, "#/watermark/margn",
            "width, height, margin"
        ),
        (#"{\#(base), "current_frame": \#(frame)}"#, "#/current_frame", openNames),
    ])
    func openTypo(body: String, pointer: String, names: String) throws {
        if pointer.hasPrefix("#/grid_options") {
            let error = try error(.open, body)
            #expect(error.kind == .unknownField && error.problems.map(\.pointer) == [pointer])
            #expect(error.problems.first?.detail == "unknown name; expected one of: \(names)")
        } else {
            #expect(try error(.open, body) == Self.unknown(pointer, names))
        }
    }

    /// A typo at each level of the close body (open's own fields are none of close's).
    @Test(arguments: [
        (#"{\#(base), "page_spacing": 0}"#, "#/page_spacing", closeNames),
        (
            #"{\#(base), "zoom": {"scale": 2, "content_offset": {"x": 0, "y": 0}, "center": 1}}"#, "#/zoom/center",
            "scale, content_offset"
        ),
        (
            #"{\#(base), "zoom": {"scale": 2, "content_offset": {"x": 0, "y": 0, "z": 0}}}"#,
            "#/zoom/content_offset/z", "x, y"
        ),
        (
            #"{\#(base), "scroll": {"viewport": \#(frame), "content_offset": {"x": 0, "y": 0}, "content_size": {"width": 1, "height": 1}, "inset": 0}}"#,
            "#/scroll/inset", "viewport, content_offset, content_size"
        ),
        (
            #"{\#(base), "scroll": {"viewport": {"x": 0, "y": 0, "width": 10, "height": 10, "w": 1}}}"#,
            "#/scroll/viewport/w", "x, y, width, height"
        ),
        (#"{\#(base), "transition": {"keyframe": true}}"#, "#/transition/keyframe", transitionNames),
    ])
    func closeTypo(body: String, pointer: String, names: String) throws {
        #expect(try error(.close, body) == Self.unknown(pointer, names))
    }

    /// A typo in the album body and its screen; the README's `"columns": 4`.
    @Test(arguments: [
        (
            #"{"screen": {"width": 375, "height": 667}, "count": 3, "columns": 4}"#, "#/columns",
            "screen, scale, count, item_size, spacing, inset, style, photos, aspect_ratios, target_row_height, tolerance, max_rows, widow, breakout_every"
        ),
        (#"{"screen": {"width": 375, "height": 667, "depth": 1}, "count": 3}"#, "#/screen/depth", "width, height"),
    ])
    func albumTypo(body: String, pointer: String, names: String) throws {
        #expect(try error(.album, body) == Self.unknown(pointer, names))
    }

    /// A name given twice at each level: 422 at the second, whatever the values.
    @Test(arguments: [
        (Endpoint.open, #"{\#(base), "index": 0}"#, "#/index"),
        (.open, #"{\#(base), "transition": {"keyframes": true, "keyframes": false}}"#, "#/transition/keyframes"),
        (
            .open, #"{"screen": {"width": 375, "height": 667, "width": 1}, "photos": [{"url": "a"}], "index": 0}"#,
            "#/screen/width"
        ),
        (
            .open, #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a", "url": "b"}], "index": 0}"#,
            "#/photos/0/url"
        ),
        (.open, #"{\#(base), "watermark": {"width": 80, "height": 20, "height": 20}}"#, "#/watermark/height"),
        (
            .close, #"{\#(base), "zoom": {"scale": 2, "scale": 3, "content_offset": {"x": 0, "y": 0}}}"#,
            "#/zoom/scale"
        ),
        (.album, #"{"screen": {"width": 375, "height": 667}, "count": 3, "count": 4}"#, "#/count"),
    ])
    func repeatedName(endpoint: Endpoint, body: String, pointer: String) throws {
        #expect(try error(endpoint, body) == Self.repeated(pointer))
    }

    /// `grid_options` given twice the same name is refused as the timeline's options are.
    @Test func repeatedGridOption() throws {
        let error = try error(.open, #"{\#(Self.base), "grid_options": {"style": "classic", "style": "adaptive"}}"#)
        #expect(
            error
                == InputError.invalidValues(
                    [
                        InputError.Problem(
                            pointer: "#/grid_options/style", detail: "is given twice; a name may appear once")
                    ],
                    kind: .repeatedField))
    }

    /// A side given twice in `grid_options`' `badge_size` is refused as in the timeline's options.
    @Test func repeatedGridOptionSide() throws {
        let body = #"{\#(Self.base), "grid_options": {"badge_size": {"width": 1, "height": 1, "height": 2}}}"#
        #expect(
            try error(.open, body)
                == InputError.invalidValues(
                    [
                        InputError.Problem(
                            pointer: "#/grid_options/badge_size/height",
                            detail: "is given twice; a name may appear once")
                    ],
                    kind: .repeatedField))
    }

    /// A misspelt name is reported before the errors of the object's members, and escaped in
    /// its pointer; malformed JSON still wins over it.
    @Test func unknownNameFirstAndEscaped() throws {
        #expect(
            try error(.open, #"{\#(Self.base), "upscale": 1, "a/b~c": 1}"#)
                == Self.unknown("#/a~1b~0c", Self.openNames))
        #expect(try error(.open, #"{\#(Self.base), "typo": 1, "x": [1 2]}"#).kind == .malformed)
    }

    /// Weibo's own `status` stays lenient: unknown names ignored, the first of duplicates read.
    @Test func statusStaysLenient() throws {
        let body = #"""
            {"screen": {"width": 375, "height": 667}, "index": 0,
             "status": {"idstr": "1", "whatever": {"x": 1}, "pic_urls": [{"thumbnail_pic": "http://x/thumbnail/a.jpg", "extra": 1}],
                        "pic_urls": 3}}
            """#
        #expect(try BrowserAPI.open(json: Array(body.utf8)).count == 1)
    }
}
