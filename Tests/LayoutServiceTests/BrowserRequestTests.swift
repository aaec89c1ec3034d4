import Testing

@testable import LayoutService
@testable import PhotoLayout

struct BrowserRequestTests {
    static let base = #""screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}, {"url": "b"}]"#
    static let frame = #"{"x": 0, "y": 0, "width": 10, "height": 10}"#
    static let frames = "[\(frame), null]"

    func openError(_ json: String) throws -> InputError {
        try #require(throws: InputError.self) { try BrowserAPI.open(json: bytes(json)) }
    }

    func closeError(_ json: String) throws -> InputError {
        try #require(throws: InputError.self) { try BrowserAPI.close(json: bytes(json)) }
    }

    func albumError(_ json: String) throws -> InputError {
        try #require(throws: InputError.self) { try BrowserAPI.album(json: bytes(json)) }
    }

    /// Bytes that are not JSON are malformed; a body that is not an object is a wrong type at "#".
    @Test func malformedAndNotAnObject() throws {
        #expect(try openError(#"{"screen": "#).kind == .malformed)
        let array = try openError("[1, 2]")
        #expect(array.kind == .wrongType)
        #expect(array.problems.map(\.pointer) == ["#"])
    }

    /// An unknown `grid_options` name is a 422 at its pointer, with or without `grid_origin`.
    @Test func unknownGridOptionNames() throws {
        for extra in [#", "grid_origin": {"x": 0, "y": 0}"#, "", #", "thumbnail_frames": \#(Self.frames)"#] {
            let error = try openError(#"{\#(Self.base), "index": 0, "grid_options": {"maxItems": 3}\#(extra)}"#)
            #expect(error.kind == .unknownField)
            #expect(error.problems.map(\.pointer) == ["#/grid_options/maxItems"])
        }
    }

    /// A value of the wrong JSON type is a 400 pointing at it, however deep.
    @Test(arguments: [
        (#"{"screen": "big", "photos": [{"url": "a"}], "index": 0}"#, "#/screen"),
        (#"{"screen": {"width": "375", "height": 667}, "photos": [{"url": "a"}], "index": 0}"#, "#/screen/width"),
        (#"{"screen": {"width": 375, "height": 667}, "photos": [{"url": 5}], "index": 0}"#, "#/photos/0/url"),
        (#"{"screen": {"width": 375, "height": 667}, "photos": {"url": "a"}, "index": 0}"#, "#/photos"),
        (#"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}], "index": "0"}"#, "#/index"),
        (#"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}], "index": 0, "status": 7}"#, "#/status"),
        (
            #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}], "index": 0, "upscale": 1}"#,
            "#/upscale"
        ),
        (
            #"{\#(Self.base), "index": 0, "thumbnail_frames": [null, 3]}"#,
            "#/thumbnail_frames/1"
        ),
        (
            #"{\#(Self.base), "index": 0, "grid_origin": {"x": 1, "y": 2}, "grid_options": {"scale": "2"}}"#,
            "#/grid_options/scale"
        ),
        (
            #"{\#(Self.base), "index": 0, "transition": {"keyframes": "yes"}}"#,
            "#/transition/keyframes"
        ),
        (
            #"{\#(Self.base), "index": 0, "watermark": {"width": 1, "height": 1, "margin": "10"}}"#,
            "#/watermark/margin"
        ),
    ])
    func wrongTypes(json: String, pointer: String) throws {
        let error = try openError(json)
        #expect(error.kind == .wrongType)
        #expect(error.problems.map(\.pointer) == [pointer])
    }

    /// Non-positive screen sides and empty pictures are 422s, all listed at once.
    @Test func invalidScreenAndEmptyPhotos() throws {
        let error = try openError(#"{"screen": {"width": -1, "height": 0}, "photos": [], "index": 0}"#)
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == ["#/screen/width", "#/screen/height", "#/photos"])
    }

    /// Missing required fields: screen, pictures (photos or a status) and index.
    @Test func missingRequiredFields() throws {
        let error = try openError("{}")
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == ["#/screen", "#/photos", "#/index"])
    }

    /// Each invalid value is a 422 at its pointer.
    @Test(arguments: [
        (#""index": 2"#, "#/index"),
        (#""index": -1"#, "#/index"),
        (#""index": 0.5"#, "#/index"),
        (#""index": 0, "scale": 4"#, "#/scale"),
        (#""index": 0, "content_mode": "stretch""#, "#/content_mode"),
        (#""index": 0, "transition": {"curve": "linear"}"#, "#/transition/curve"),
        (#""index": 0, "transition": {"duration": 0}"#, "#/transition/duration"),
        (#""index": 0, "transition": {"fps": 0}"#, "#/transition/fps"),
        (#""index": 0, "transition": {"fps": 1000}"#, "#/transition/fps"),
        (#""index": 0, "transition": {"bounciness": 21}"#, "#/transition/bounciness"),
        (#""index": 0, "transition": {"speed": -1}"#, "#/transition/speed"),
        (#""index": 0, "transition": {"corner_radius_to": -2}"#, "#/transition/corner_radius_to"),
        (
            #""index": 0, "transition": {"duration": 200, "keyframes": true}, "thumbnail_frames": \#(Self.frames)"#,
            "#/transition/keyframes"
        ),
        (#""index": 0, "page_spacing": -1"#, "#/page_spacing"),
        (#""index": 0, "watermark": {"width": 0, "height": 20}"#, "#/watermark/width"),
        (#""index": 0, "watermark": {"width": 80, "height": 20, "margin": -1}"#, "#/watermark/margin"),
        (#""index": 0, "thumbnail_frames": [null]"#, "#/thumbnail_frames"),
        (
            #""index": 0, "thumbnail_frames": [null, {"x": 0, "y": 0, "width": -70, "height": 70}]"#,
            "#/thumbnail_frames/1/width"
        ),
        (#""index": 0, "grid_origin": {"x": 0, "y": 0}, "grid_options": {"style": "masonry"}"#, "#/grid_options/style"),
        (
            #""index": 0, "grid_origin": {"x": 0, "y": 0}, "grid_options": {"style": "adaptive"}"#,
            "#/grid_options/content_width"
        ),
    ])
    func invalidValues(fields: String, pointer: String) throws {
        let error = try openError("{\(Self.base), \(fields)}")
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == [pointer])
    }

    /// More than 10 000 photos are refused at #/photos; 10 000 are laid out.
    @Test func photoLimit() throws {
        func body(_ count: Int) -> String {
            let photos = Array(repeating: #"{"url": "a"}"#, count: count).joined(separator: ",")
            return #"{"screen": {"width": 375, "height": 667}, "photos": [\#(photos)], "index": 0}"#
        }
        #expect(try openError(body(10_001)).problems.map(\.pointer) == ["#/photos"])
        #expect(try BrowserAPI.open(json: bytes(body(10_000))).pages.count == 10_000)
    }

    /// Photos need both sides or neither, positive; a status needs pictures; the variant must be known.
    @Test func invalidPictures() throws {
        let oneSide = try openError(
            #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a", "width": 10}], "index": 0}"#
        )
        #expect(oneSide.problems.map(\.pointer) == ["#/photos/0/height"])
        let zero = try openError(
            #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a", "width": 0, "height": 5}], "index": 0}"#
        )
        #expect(zero.problems.map(\.pointer) == ["#/photos/0/width"])
        let bare = try openError(#"{"screen": {"width": 375, "height": 667}, "status": {"id": 1}, "index": 0}"#)
        #expect(bare.problems.map(\.pointer) == ["#/status"])
        let status = try browserFixture("browser-status-two-pictures-long-first")
        let variant = try openError(
            #"{"screen": {"width": 375, "height": 667}, "status": \#(status), "index": 0, "variant": "huge"}"#
        )
        #expect(variant.problems.map(\.pointer) == ["#/variant"])
        // Beside `photos` the variant chooses nothing, and is still refused when unknown.
        for name in ["", "huge", "Large"] {
            let besidePhotos = try openError(
                #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}], "index": 0, "variant": "\#(name)"}"#
            )
            #expect(besidePhotos.problems.map(\.pointer) == ["#/variant"])
        }
    }

    /// Close's own fields: a non-positive zoom scale, a current frame without size, a scroll without content size.
    @Test func invalidCloseFields() throws {
        let zoom = try closeError(#"{\#(Self.base), "index": 0, "zoom": {"scale": 0}}"#)
        #expect(zoom.problems.map(\.pointer) == ["#/zoom/scale"])
        let frame = try closeError(
            #"{\#(Self.base), "index": 0, "current_frame": {"x": 0, "y": 0, "width": 0, "height": 10}}"#
        )
        #expect(frame.problems.map(\.pointer) == ["#/current_frame/width"])
        let scroll = try closeError(
            #"{\#(Self.base), "index": 0, "scroll": {"viewport": \#(Self.frame), "content_offset": {"x": 0, "y": 0}}}"#
        )
        #expect(scroll.kind == .invalidValue)
        #expect(scroll.problems.map(\.pointer) == ["#/scroll/content_size"])
        let viewport = try closeError(#"{\#(Self.base), "index": 0, "scroll": {"viewport": [0, 0]}}"#)
        #expect(viewport.kind == .wrongType)
        #expect(viewport.problems.map(\.pointer) == ["#/scroll/viewport"])
    }

    /// The album refuses a missing screen, a negative or fractional count, a non-positive item size, negative gaps.
    @Test func invalidAlbum() throws {
        #expect(try albumError(#"{"count": 3}"#).problems.map(\.pointer) == ["#/screen"])
        #expect(try albumError(#"{"screen": {"width": 375, "height": 667}}"#).problems.map(\.pointer) == ["#/count"])
        let values = try albumError(
            #"{"screen": {"width": 375, "height": 667}, "count": 2.5, "item_size": 0, "spacing": -1, "inset": -2}"#
        )
        #expect(values.problems.map(\.pointer) == ["#/count", "#/item_size", "#/spacing", "#/inset"])
        #expect(
            try albumError(#"{"screen": {"width": 375, "height": 667}, "count": 10001}"#).problems.map(\.pointer) == [
                "#/count"
            ]
        )
        #expect(try albumError(#"{"screen": {"width": 375, "height": 667}, "count": "3"}"#).kind == .wrongType)
    }
}
