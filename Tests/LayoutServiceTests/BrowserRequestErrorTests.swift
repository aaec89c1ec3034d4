import Testing

@testable import LayoutService
@testable import PhotoLayout

/// The 400s and 422s of the browser and album request bodies, pinned to the exact pointer and
/// message: each request field of the wrong JSON type, each missing required member, and which
/// error wins when there are several (the fields' documented order, not the document's).
struct BrowserRequestErrorTests {
    enum Endpoint: String, CustomTestStringConvertible {
        case open, close, album
        var testDescription: String { rawValue }
    }

    static let screen = #""screen": {"width": 375, "height": 667}"#
    static let base = #"\#(screen), "photos": [{"url": "a"}], "index": 0"#
    static let frame = #"{"x": 0, "y": 0, "width": 10, "height": 10}"#
    static let size = #"must be a size {"width", "height"}"#
    static let frameType = #"must be a frame {"x", "y", "width", "height"}"#
    static let pointType = #"must be a point {"x", "y"}"#
    static let photoType = #"must be an object {"url", "width", "height"}"#

    func error(_ endpoint: Endpoint, _ body: String) throws -> InputError {
        let json = Array(body.utf8)
        return try #require(throws: InputError.self) {
            switch endpoint {
            case .open: _ = try BrowserAPI.open(json: json)
            case .close: _ = try BrowserAPI.close(json: json)
            case .album: _ = try BrowserAPI.album(json: json)
            }
        }
    }

    /// A body that is not an object is a 400 at `#`, for each endpoint.
    @Test(arguments: [Endpoint.open, .close, .album], ["[1, 2]", "5", #""x""#, "true", "null"])
    func bodyNotAnObject(endpoint: Endpoint, body: String) throws {
        #expect(try error(endpoint, body) == .at("#", .wrongType, "must be an object"))
    }

    /// Each field of the open body holding the wrong JSON type: a 400 at its pointer, saying what it must be.
    @Test(arguments: [
        (#"{"screen": "big", "photos": [{"url": "a"}], "index": 0}"#, "#/screen", size),
        (
            #"{"screen": {"width": "375", "height": 667}, "photos": [], "index": 0}"#, "#/screen/width",
            "must be a number"
        ),
        (#"{"screen": {"width": 375, "height": null}, "index": 0}"#, "#/screen/height", "is required: a number"),
        (#"{\#(base), "scale": "2"}"#, "#/scale", "must be a number"),
        (
            #"{\#(screen), "photos": {"url": "a"}, "index": 0}"#, "#/photos",
            #"must be an array of {"url", "width", "height"}"#
        ),
        (#"{\#(screen), "photos": [{"url": "a"}, 3], "index": 0}"#, "#/photos/1", photoType),
        (#"{\#(screen), "photos": [null], "index": 0}"#, "#/photos/0", photoType),
        (#"{\#(screen), "photos": [{"url": 5}], "index": 0}"#, "#/photos/0/url", "must be a string"),
        (#"{\#(screen), "photos": [{"width": 5}], "index": 0}"#, "#/photos/0/url", "is required: a string"),
        (#"{\#(screen), "photos": [{"url": "a", "width": "5"}], "index": 0}"#, "#/photos/0/width", "must be a number"),
        (
            #"{\#(screen), "photos": [{"url": "a", "height": true}], "index": 0}"#, "#/photos/0/height",
            "must be a number"
        ),
        (#"{\#(base), "status": 7}"#, "#/status", "must be a status object"),
        (#"{\#(base), "status": [{"idstr": "1"}]}"#, "#/status", "must be a status object"),
        (#"{\#(base), "variant": 1}"#, "#/variant", "must be a string"),
        (#"{\#(screen), "photos": [{"url": "a"}], "index": "0"}"#, "#/index", "must be a number"),
        (
            #"{\#(screen), "photos": [{"url": "a"}], "index": 1e999}"#, "#/index",
            "is out of range: must be a finite number of at most 1000000 in magnitude"
        ),
        (#"{\#(base), "thumbnail_frames": {}}"#, "#/thumbnail_frames", "must be an array of frames or nulls"),
        (#"{\#(base), "thumbnail_frames": [null, 3]}"#, "#/thumbnail_frames/1", frameType),
        (
            #"{\#(base), "thumbnail_frames": [{"x": "0", "y": 0, "width": 1, "height": 1}]}"#, "#/thumbnail_frames/0/x",
            "must be a number"
        ),
        (
            #"{\#(base), "thumbnail_frames": [{"x": 0, "y": 0, "width": 1}]}"#, "#/thumbnail_frames/0/height",
            "is required: a number"
        ),
        (#"{\#(base), "grid_origin": 1}"#, "#/grid_origin", pointType),
        (#"{\#(base), "grid_origin": {"x": 1, "y": "2"}}"#, "#/grid_origin/y", "must be a number"),
        (#"{\#(base), "grid_options": []}"#, "#/grid_options", "must be an object"),
        (#"{\#(base), "grid_options": {"style": 1}}"#, "#/grid_options/style", "must be a string"),
        (
            #"{\#(base), "grid_origin": {"x": 1, "y": 2}, "grid_options": {"scale": "2"}}"#, "#/grid_options/scale",
            "must be a number"
        ),
        (
            #"{\#(base), "grid_options": {"badge_size": {"width": 1}}}"#, "#/grid_options/badge_size",
            #"must be an object {"width": number, "height": number}"#
        ),
        (#"{\#(base), "grid_options": {"max_items": "9", "style": 2}}"#, "#/grid_options/style", "must be a string"),
        (#"{\#(base), "content_mode": 1}"#, "#/content_mode", "must be a string"),
        (#"{\#(base), "upscale": 1}"#, "#/upscale", "must be a boolean"),
        (#"{\#(base), "transition": 1}"#, "#/transition", "must be an object"),
        (#"{\#(base), "transition": {"duration": "1"}}"#, "#/transition/duration", "must be a number"),
        (#"{\#(base), "transition": {"curve": 1}}"#, "#/transition/curve", "must be a string"),
        (#"{\#(base), "transition": {"bounciness": []}}"#, "#/transition/bounciness", "must be a number"),
        (#"{\#(base), "transition": {"speed": {}}}"#, "#/transition/speed", "must be a number"),
        (#"{\#(base), "transition": {"fps": "60"}}"#, "#/transition/fps", "must be a number"),
        (#"{\#(base), "transition": {"keyframes": "yes"}}"#, "#/transition/keyframes", "must be a boolean"),
        (
            #"{\#(base), "transition": {"corner_radius_from": false}}"#, "#/transition/corner_radius_from",
            "must be a number"
        ),
        (#"{\#(base), "transition": {"corner_radius_to": "4"}}"#, "#/transition/corner_radius_to", "must be a number"),
        (#"{\#(base), "page_spacing": "0"}"#, "#/page_spacing", "must be a number"),
        (#"{\#(base), "strip_offset": [0]}"#, "#/strip_offset", "must be a number"),
        (#"{\#(base), "watermark": 1}"#, "#/watermark", size),
        (#"{\#(base), "watermark": {"width": 1}}"#, "#/watermark/height", "is required: a number"),
        (
            #"{\#(base), "watermark": {"width": 1, "height": 1, "margin": "10"}}"#, "#/watermark/margin",
            "must be a number"
        ),
    ])
    func openField(body: String, pointer: String, detail: String) throws {
        let kind: InputError.Kind = detail.hasPrefix("is ") ? .invalidValue : .wrongType
        #expect(try error(.open, body) == .at(pointer, kind, detail))
    }

    /// Close's own fields, and the shared ones as close reads them (open's `page_spacing` is no field of close).
    @Test(arguments: [
        (#"{\#(base), "current_frame": 1}"#, "#/current_frame", frameType),
        (
            #"{\#(base), "current_frame": {"x": 0, "y": 0, "width": "1", "height": 1}}"#, "#/current_frame/width",
            "must be a number"
        ),
        (#"{\#(base), "zoom": 1}"#, "#/zoom", "must be an object"),
        (#"{\#(base), "zoom": {}}"#, "#/zoom/scale", "is required: a number"),
        (#"{\#(base), "zoom": {"scale": "2"}}"#, "#/zoom/scale", "must be a number"),
        (#"{\#(base), "zoom": {"scale": 2, "content_offset": 1}}"#, "#/zoom/content_offset", pointType),
        (#"{\#(base), "scroll": 1}"#, "#/scroll", "must be an object"),
        (#"{\#(base), "scroll": {"viewport": [0, 0]}}"#, "#/scroll/viewport", frameType),
        (#"{\#(base), "scroll": {"content_offset": {"x": 0, "y": 0}}}"#, "#/scroll/viewport", "is required: a frame"),
        (
            #"{\#(base), "scroll": {"viewport": \#(frame)}}"#, "#/scroll/content_offset",
            #"is required: a point {"x", "y"}"#
        ),
        (
            #"{\#(base), "scroll": {"viewport": \#(frame), "content_offset": {"x": 0, "y": 0}, "content_size": 1}}"#,
            "#/scroll/content_size", size
        ),
        (
            #"{\#(base), "scroll": {"viewport": \#(frame), "content_offset": {"x": 0, "y": 0}}}"#,
            "#/scroll/content_size", #"is required: a size {"width", "height"}"#
        ),
        (#"{\#(base), "transition": {"keyframes": 1}}"#, "#/transition/keyframes", "must be a boolean"),
        (#"{\#(base), "current_frame": null, "upscale": 0}"#, "#/upscale", "must be a boolean"),
    ])
    func closeField(body: String, pointer: String, detail: String) throws {
        let kind: InputError.Kind = detail.hasPrefix("is required") ? .invalidValue : .wrongType
        #expect(try error(.close, body) == .at(pointer, kind, detail))
    }

    /// Every field of the album body holding the wrong JSON type.
    @Test(arguments: [
        (#"{"screen": [375, 667], "count": 3}"#, "#/screen", size),
        (#"{\#(screen), "count": "3"}"#, "#/count", "must be a number"),
        (#"{\#(screen), "count": 3, "scale": "2"}"#, "#/scale", "must be a number"),
        (#"{\#(screen), "count": 3, "item_size": "1"}"#, "#/item_size", "must be a number"),
        (
            #"{\#(screen), "count": 3, "spacing": null, "inset": true}"#, "#/inset",
            #"must be a number or an object {"top", "right", "bottom", "left"}"#
        ),
        (
            #"{\#(screen), "count": 3, "spacing": []}"#, "#/spacing",
            #"must be a number or an object {"horizontal", "vertical"}"#
        ),
    ])
    func albumField(body: String, pointer: String, detail: String) throws {
        #expect(try error(.album, body) == .at(pointer, .wrongType, detail))
    }

    /// Of several wrong fields, the first in the documented field order is reported, wherever
    /// it stands in the document; open's own fields come after the shared ones.
    @Test func firstErrorInFieldOrder() throws {
        let body = #"{"index": "0", "transition": 3, "screen": "big", "photos": [{"url": "a"}]}"#
        #expect(try error(.open, body) == .at("#/screen", .wrongType, Self.size))
        let own = #"{"watermark": 1, \#(Self.base), "upscale": "yes"}"#
        #expect(try error(.open, own) == .at("#/upscale", .wrongType, "must be a boolean"))
        let nested = #"{\#(Self.base), "thumbnail_frames": [{"height": "1", "x": []}]}"#
        #expect(try error(.open, nested) == .at("#/thumbnail_frames/0/x", .wrongType, "must be a number"))
    }

    /// Malformed JSON anywhere wins over a wrong type met before it.
    @Test(arguments: [Endpoint.open, .close, .album])
    func malformedWinsOverWrongType(endpoint: Endpoint) throws {
        #expect(try error(endpoint, #"{"screen": "big", "count": [1 2]}"#).kind == .malformed)
        #expect(try error(endpoint, #"{"screen": "big", "count": tru}"#).kind == .malformed)
        #expect(try error(endpoint, #"{"screen": "big"} x"#).kind == .malformed)
        #expect(try error(endpoint, "").kind == .malformed)
    }

    /// `null` values are absent, in every body and object.
    @Test func nullsAreAbsent() throws {
        let body = #"""
            {\#(Self.base), "scale": null, "transition": null, "thumbnail_frames": null, "status": null,
             "grid_origin": null, "grid_options": null, "content_mode": null, "upscale": null}
            """#
        #expect(try BrowserAPI.open(json: Array(body.utf8)).count == 1)
        #expect(try BrowserAPI.close(json: Array(body.utf8)).index == 0)
        let open = #"{\#(Self.base), "watermark": null, "page_spacing": null, "strip_offset": null}"#
        #expect(try BrowserAPI.open(json: Array(open.utf8)).count == 1)
        let close = #"{\#(Self.base), "zoom": null, "scroll": null, "current_frame": null}"#
        #expect(try BrowserAPI.close(json: Array(close.utf8)).index == 0)
    }

    /// `status` is read leniently, as a timeline's statuses are: fields of the wrong type are absent.
    @Test func statusIsLenient() throws {
        let body = #"""
            {\#(Self.screen), "index": 0, "status": {"idstr": 5, "pic_ids": 7, "pic_infos": [],
             "pic_urls": [3, {"thumbnail_pic": "http://wx1.sinaimg.cn/thumbnail/a.jpg"}], "retweeted_status": "x"}}
            """#
        let response = try BrowserAPI.open(json: Array(body.utf8))
        #expect(response.pages.map(\.url) == ["http://wx1.sinaimg.cn/bmiddle/a.jpg"])
    }
}
