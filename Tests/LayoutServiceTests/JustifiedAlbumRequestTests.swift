import Foundation
import JSONBytes
import Testing
import TimelineCorpus

@testable import LayoutService
@testable import PhotoLayout

extension AlbumResponse {
    /// The grid answer, `nil` for a justified one.
    var grid: AlbumLayout? {
        if case .grid(let layout) = self { layout } else { nil }
    }

    /// The justified answer, `nil` for a grid.
    var justified: JustifiedAlbumLayout? {
        if case .justified(let layout) = self { layout } else { nil }
    }
}

/// `POST /v1/album/layout` with `"style": "justified"` (docs/API.md §5 "Justified album"):
/// the request read and validated, the rule's rows in the answer, every refusal at its pointer.
struct JustifiedAlbumRequestTests {
    static let screen = #""screen": {"width": 375, "height": 667}"#
    /// 600×400, 400×400 and 400×600: ratios 1.5, 1 and 2/3.
    static let photos =
        #""photos": [{"width": 600, "height": 400}, {"width": 400, "height": 400}, {"width": 400, "height": 600}]"#

    func answer(_ body: String) throws -> String {
        String(decoding: JSONByteWriter.encode(try BrowserAPI.album(json: bytes(body))), as: UTF8.self)
    }

    func error(_ body: String) throws -> InputError {
        try #require(throws: InputError.self) { try BrowserAPI.album(json: bytes(body)) }
    }

    /// Worked by hand from §5, W = 375, T = 120, t = 0.25, spacing and inset 4, scale 2: R = 367,
    /// the bounds R/T·0.75 = 2.294 and R/T·1.25 = 3.823. 1.5 stays open; 1.5 + 1 = 2.5 lies between
    /// them, so the row takes the square and closes at (367 − 4)/2.5 = 145.2: boxes 217.8 and
    /// 145.2 wide at x 4 and 225.8, ending at 371 (e = 0). The 2/3 picture opens row 2 at
    /// y = 4 + 145.2 + 4 = 153.2 and is its widow, at the previous row's height: 96.8 wide
    /// (`left`); `justify`: e = (4 + 96.8 + 4 − 8 − 367)/1 = −270.2, width 96.8 + 270 = 366.8;
    /// `center`: shifted by (367 − 104.8)/2 + 4 = 135.1 to x 139.1. Content height
    /// 153.2 + 145.2 + 4 = 302.4. Each number then rounded once to half points (scale 2):
    /// 217.8 → 218, 145.2 → 145, 225.8 → 226, 96.8 → 97, 153.2 → 153, 366.8 → 367,
    /// 139.1 → 139, 302.4 → 302.5.
    @Test(arguments: [
        (
            #"{\#(screen), "style": "justified", \#(photos)}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":302.5},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145},{"x":4,"y":153,"width":97,"height":145}]}"#
        ),
        // The same pictures by their ratios.
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1.5, 1, 0.6666666666666666]}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":302.5},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145},{"x":4,"y":153,"width":97,"height":145}]}"#
        ),
        // `max_rows` 1: the widow row is cut, so no widows; height 4 + 145.2 + 4 = 153.2 → 153.
        (
            #"{\#(screen), "style": "justified", \#(photos), "max_rows": 1}"#,
            #"{"columns":null,"rows":1,"widows":0,"content_size":{"width":375,"height":153},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145}]}"#
        ),
        (
            #"{\#(screen), "style": "justified", \#(photos), "widow": "justify"}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":302.5},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145},{"x":4,"y":153,"width":367,"height":145}]}"#
        ),
        (
            #"{\#(screen), "style": "justified", \#(photos), "widow": "center"}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":302.5},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145},{"x":139,"y":153,"width":97,"height":145}]}"#
        ),
        // Scale 1: 302.4 → 302; the rest as at scale 2.
        (
            #"{\#(screen), "style": "justified", \#(photos), "scale": 1}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":302},"items":[{"x":4,"y":4,"width":218,"height":145},{"x":226,"y":4,"width":145,"height":145},{"x":4,"y":153,"width":97,"height":145}]}"#
        ),
        // Inset 0, spacing {10, 2}: R = 375, bounds 2.344 and 3.906; row 1 closes at
        // (375 − 10)/2.5 = 146 (219 and 146 wide at x 0 and 229); the widow at y 148 is
        // 146·2/3 = 97.33 → 97.5 wide; height 148 + 146 = 294.
        (
            #"{\#(screen), "style": "justified", \#(photos), "inset": 0, "spacing": {"horizontal": 10, "vertical": 2}}"#,
            #"{"columns":null,"rows":2,"widows":1,"content_size":{"width":375,"height":294},"items":[{"x":0,"y":0,"width":219,"height":146},{"x":229,"y":0,"width":146,"height":146},{"x":0,"y":148,"width":97.5,"height":146}]}"#
        ),
        // Every row a breakout row: 1.5 fills row 1 alone at 367/1.5 = 244.7, clamped to 2T = 240
        // (width 367); the square fills row 2 alone likewise; 2/3 is no breakout picture and is
        // the widow, at T = 120 (the previous row was a breakout row): 80 wide at
        // y 4 + 244 + 244 = 492; height 492 + 120 + 4 = 616.
        (
            #"{\#(screen), "style": "justified", \#(photos), "breakout_every": 1}"#,
            #"{"columns":null,"rows":3,"widows":1,"content_size":{"width":375,"height":616},"items":[{"x":4,"y":4,"width":367,"height":240},{"x":4,"y":248,"width":367,"height":240},{"x":4,"y":492,"width":80,"height":120}]}"#
        ),
        // No picture: no rows, height top + bottom.
        (
            #"{\#(screen), "style": "justified", "photos": []}"#,
            #"{"columns":null,"rows":0,"widows":0,"content_size":{"width":375,"height":8},"items":[]}"#
        ),
    ])
    func rows(body: String, expected: String) throws {
        #expect(try answer(body) == expected)
    }

    /// The smallest row height and ratios accepted, in breakout rows too, give finite boxes
    /// (schemathesis found `target_row_height` 5e-324 giving an infinite width).
    @Test func extremesStayFinite() throws {
        for body in [
            #"{\#(Self.screen), "style": "justified", "aspect_ratios": [1.5, 1e-6, 1e6], "target_row_height": 1e-6, "breakout_every": 1}"#,
            #"{\#(Self.screen), "style": "justified", "aspect_ratios": [1e-6, 1e-6, 2], "target_row_height": 1e6, "widow": "center"}"#,
            #"{\#(Self.screen), "style": "justified", "photos": [{"width": 1, "height": 1000000}, {"width": 1000000, "height": 1}], "widow": "justify"}"#,
        ] {
            let album = try #require(try BrowserAPI.album(json: bytes(body)).justified)
            for box in album.items {
                let numbers = [box.x, box.y, box.width, box.height]
                #expect(numbers.allSatisfy { $0.isFinite }, "\(body)")
            }
            #expect(album.contentSize.height.isFinite)
        }
    }

    /// The grid's answer is the same bytes as before the justified style, with or without
    /// `"style": "grid"`.
    @Test func gridAnswerUnchanged() throws {
        let expected =
            #"{"columns":3,"rows":2,"content_size":{"width":375,"height":252},"items":[{"x":10,"y":10,"width":111,"height":111},{"x":132,"y":10,"width":111,"height":111},{"x":254,"y":10,"width":111,"height":111},{"x":10,"y":131,"width":111,"height":111}]}"#
        #expect(try answer(#"{\#(Self.screen), "count": 4}"#) == expected)
        #expect(try answer(#"{\#(Self.screen), "count": 4, "style": "grid"}"#) == expected)
        #expect(try answer(#"{\#(Self.screen), "count": 4, "style": null, "photos": null}"#) == expected)
    }

    /// Every refusal of the justified style and of a justified member in a grid request, 422
    /// at its pointer.
    @Test(arguments: [
        (#"{\#(screen), "style": "masonry", "count": 3}"#, ["#/style"]),
        (#"{\#(screen), "style": "justified", "count": 3, \#(photos)}"#, ["#/count"]),
        (#"{\#(screen), "style": "justified", "item_size": 90, \#(photos)}"#, ["#/item_size"]),
        (#"{\#(screen), "style": "justified", \#(photos), "aspect_ratios": [1]}"#, ["#/aspect_ratios"]),
        (#"{\#(screen), "style": "justified"}"#, ["#/photos"]),
        (#"{\#(screen), "style": "justified", "photos": [{"width": 0, "height": 10}]}"#, ["#/photos/0/width"]),
        (#"{\#(screen), "style": "justified", "photos": [{"width": 1, "height": -1}]}"#, ["#/photos/0/height"]),
        (#"{\#(screen), "style": "justified", "photos": [{"width": 1000000, "height": 1e-3}]}"#, ["#/photos/0"]),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1, -2, 0]}"#,
            ["#/aspect_ratios/1", "#/aspect_ratios/2"]
        ),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [2e6]}"#, ["#/aspect_ratios/0"]),
        // Ratios and row heights below 10^-6 are refused: with them the clamp's scale overflows.
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1e-7, 1e-6]}"#, ["#/aspect_ratios/0"]),
        (#"{\#(screen), "style": "justified", "photos": [{"width": 0.1, "height": 1000000}]}"#, ["#/photos/0"]),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1.5], "target_row_height": 5e-324}"#,
            ["#/target_row_height"]
        ),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "tolerance": 1}"#, ["#/tolerance"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "tolerance": -0.1}"#, ["#/tolerance"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "target_row_height": 0}"#, ["#/target_row_height"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "spacing": -1}"#, ["#/spacing"]),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "spacing": {"vertical": -1}}"#,
            ["#/spacing/vertical"]
        ),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "inset": -1}"#, ["#/inset"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "inset": {"top": -1}}"#, ["#/inset/top"]),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "inset": {"left": 200, "right": 175}}"#,
            ["#/inset"]
        ),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "inset": 187.5}"#, ["#/inset"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "max_rows": 0}"#, ["#/max_rows"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "max_rows": 1.5}"#, ["#/max_rows"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "breakout_every": 0}"#, ["#/breakout_every"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "breakout_every": 2.5}"#, ["#/breakout_every"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "widow": "right"}"#, ["#/widow"]),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "scale": 4}"#, ["#/scale"]),
        (#"{\#(screen), "count": 3, "aspect_ratios": [1], "widow": "left"}"#, ["#/aspect_ratios", "#/widow"]),
        (#"{\#(screen), "count": 3, "spacing": {"horizontal": 2}}"#, ["#/spacing"]),
        (#"{\#(screen), "count": 3, "inset": {}}"#, ["#/inset"]),
        (#"{"style": "justified", "aspect_ratios": [0]}"#, ["#/screen", "#/aspect_ratios/0"]),
    ])
    func refusal(body: String, pointers: [String]) throws {
        let error = try error(body)
        #expect(error.kind == .invalidValue)
        #expect(error.problems.map(\.pointer) == pointers)
    }

    /// Strict own fields inside the justified members: an unknown name in `spacing`, `inset`
    /// or a `photos` item, a name given twice in the body or in `spacing`.
    @Test(arguments: [
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "spacing": {"horizontl": 1}}"#,
            InputError.at("#/spacing/horizontl", .unknownField, "unknown name; expected one of: horizontal, vertical")
        ),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "inset": {"top": 1, "up": 2}}"#,
            .at("#/inset/up", .unknownField, "unknown name; expected one of: top, right, bottom, left")
        ),
        (
            #"{\#(screen), "style": "justified", "photos": [{"width": 1, "height": 1}, {"width": 1, "height": 1, "url": "u"}]}"#,
            .at("#/photos/1/url", .unknownField, "unknown name; expected one of: width, height")
        ),
        (
            #"{\#(screen), "style": "justified", "style": "grid", "aspect_ratios": [1]}"#,
            .at("#/style", .repeatedField, "is given twice; a name may appear once")
        ),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "spacing": {"vertical": 1, "vertical": 2}}"#,
            .at("#/spacing/vertical", .repeatedField, "is given twice; a name may appear once")
        ),
    ])
    func strayName(body: String, expected: InputError) throws {
        #expect(try error(body) == expected)
    }

    /// Of several wrong members, the first in field order is reported, wherever it stands in
    /// the document (`screen` before `count`, `spacing` before `inset`, `horizontal` before
    /// `vertical`).
    @Test func firstErrorInFieldOrder() throws {
        #expect(
            try error(#"{"count": "3", "inset": true, "screen": "big"}"#)
                == .at("#/screen", .wrongType, #"must be a size {"width", "height"}"#))
        #expect(
            try error(#"{\#(Self.screen), "inset": true, "spacing": "4"}"#).problems.map(\.pointer) == ["#/spacing"])
        let sides = #"{\#(Self.screen), "style": "justified", "spacing": {"vertical": "1", "horizontal": []}}"#
        #expect(try error(sides).problems.map(\.pointer) == ["#/spacing/horizontal"])
    }

    /// The new members holding the wrong JSON type: 400 at the value.
    @Test(arguments: [
        (#"{\#(screen), "style": 1, "count": 3}"#, "#/style", "must be a string"),
        (
            #"{\#(screen), "style": "justified", "aspect_ratios": [1], "spacing": "4"}"#, "#/spacing",
            #"must be a number or an object {"horizontal", "vertical"}"#
        ),
        (#"{\#(screen), "style": "justified", "photos": [1]}"#, "#/photos/0", #"must be a size {"width", "height"}"#),
        (#"{\#(screen), "style": "justified", "photos": {}}"#, "#/photos", #"must be an array of {"width", "height"}"#),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [null]}"#, "#/aspect_ratios/0", "must be a number"),
        (#"{\#(screen), "style": "justified", "aspect_ratios": [1], "widow": true}"#, "#/widow", "must be a string"),
    ])
    func wrongType(body: String, pointer: String, detail: String) throws {
        #expect(try error(body) == .at(pointer, .wrongType, detail))
    }

    /// Random albums of 1–40 photos through the request (seeded): boxes of a row share its y
    /// and height and overlap by at most a pixel (x and width are rounded apart); every row
    /// that closes ends within half a point (the justification's whole-point rounding) and a
    /// pixel of the right inset; all lie within `content_size`.
    @Test func randomAlbums() throws {
        var random = SeededGenerator(seed: 0x616C_6275_6D)
        for _ in 0..<300 {
            let count = Int.random(in: 1...40, using: &random)
            let photos = (0..<count).map { _ in
                #"{"width": \#(Int.random(in: 200...4000, using: &random)), "height": \#(Int.random(in: 200...4000, using: &random))}"#
            }
            let scale = [2.0, 3][Int.random(in: 0..<2, using: &random)]
            let width = Double(Int.random(in: 320...414, using: &random))
            let inset = Double(Int.random(in: 0...8, using: &random))
            let body = #"""
                {"screen": {"width": \#(width), "height": 800}, "scale": \#(scale), "style": "justified",
                 "photos": [\#(photos.joined(separator: ","))], "inset": \#(inset),
                 "spacing": \#(Int.random(in: 0...6, using: &random)),
                 "target_row_height": \#(Int.random(in: 80...200, using: &random))}
                """#
            let album = try #require(try BrowserAPI.album(json: bytes(body)).justified)
            #expect(album.items.count == count)
            let pixel = 1 / scale + 1e-9
            let rows = Dictionary(grouping: album.items, by: \.y).sorted { $0.key < $1.key }
            #expect(rows.count == album.rows)
            #expect(album.widows == 0 || album.widows == rows.last?.value.count)
            for (number, row) in rows.enumerated() {
                let boxes = row.value.sorted { $0.x < $1.x }
                #expect(Set(boxes.map(\.height)).count == 1)
                for (left, right) in zip(boxes, boxes.dropFirst()) { #expect(left.maxX <= right.x + pixel, "\(body)") }
                if number != rows.count - 1 || album.widows == 0 {
                    #expect(abs(boxes[boxes.count - 1].maxX - (width - inset)) <= 0.5 + pixel, "\(body)")
                }
                for box in boxes {
                    #expect(box.minX >= inset - pixel && box.maxX <= album.contentSize.width + pixel)
                    #expect(box.minY >= 0 && box.maxY <= album.contentSize.height - inset + pixel)
                }
            }
        }
    }
}
