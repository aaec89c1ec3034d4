import Foundation
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// The size options `badge_size` and `play_badge_size` (docs/API.md §4, §7): `{width, height}`
/// objects of the API's own schema, strict as the other ones, read alike by both readers and
/// validated alike.
struct SizeOptionsReaderTests {
    /// Reads `text` with the byte reader and the reference.
    private func read(_ text: String) -> (
        fast: Result<TimelineRequest, InputError>, reference: Result<TimelineRequest, InputError>
    ) {
        let bytes = Array(text.utf8)
        return (
            Result { () throws(InputError) in try ByteTimelineReader().readTimeline(bytes) },
            Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
        )
    }

    /// The options both readers give for `options`, which both must accept.
    private func options(_ options: String) throws -> RawGridOptions {
        let (fast, reference) = read(#"{"statuses": [], "options": \#(options)}"#)
        #expect(fast == reference, "\(options)")
        return try fast.get().options
    }

    /// The error both readers give for `options`.
    private func error(_ options: String) -> InputError? {
        let (fast, reference) = read(#"{"statuses": [], "options": \#(options)}"#)
        #expect(fast == reference, "\(options)")
        if case .failure(let error) = fast { return error }
        return nil
    }

    /// `play_badge_size` is read as `badge_size` is; `null` is absent.
    @Test func playBadgeSizeIsRead() throws {
        #expect(
            try options(#"{"play_badge_size": {"height": 30, "width": 40}, "badge_size": {"width": 28, "height": 18}}"#)
                == RawGridOptions(badgeSize: Size(width: 28, height: 18), playBadgeSize: Size(width: 40, height: 30)))
        #expect(try options(#"{"play_badge_size": null}"#) == RawGridOptions())
        #expect(
            try options(#"{"play_badge_size": {"width": -1, "height": 0}}"#).playBadgeSize == Size(width: -1, height: 0)
        )
    }

    /// A name other than `width` and `height` is kept for the 422, and the size has no value,
    /// even when a side is missing (a typo explains the missing side: no 400).
    @Test func unknownNameInsideASize() throws {
        #expect(
            try options(#"{"badge_size": {"width": 30, "heigth": 20}}"#)
                == RawGridOptions(unknownSizeNames: ["badge_size": ["heigth"]]))
        #expect(
            try options(#"{"play_badge_size": {"width": 30, "height": 20, "depth": 1, "a/b": 2, "depth": 3}}"#)
                == RawGridOptions(unknownSizeNames: ["play_badge_size": ["a/b", "depth"]]))
        #expect(
            try options(#"{"badge_size": {"width": "30", "x": 1}, "play_badge_size": {"y": []}}"#)
                == RawGridOptions(unknownSizeNames: ["badge_size": ["x"], "play_badge_size": ["y"]]))
    }

    /// A side given twice is kept for the 422 (the reference finds it by its own scan), the
    /// size without a value, even when the other side is missing.
    @Test func repeatedSideInsideASize() throws {
        #expect(
            try options(#"{"badge_size": {"width": 30, "width": 31}}"#)
                == RawGridOptions(repeatedSizeNames: ["badge_size": ["width"]]))
        #expect(
            try options(#"{"play_badge_size": {"height": 1, "w": 0, "height": 2, "width": 3, "width": "x"}}"#)
                == RawGridOptions(
                    unknownSizeNames: ["play_badge_size": ["w"]],
                    repeatedSizeNames: ["play_badge_size": ["height", "width"]]))
        // Escaped names are the same name.
        #expect(
            try options(#"{"badge_size": {"width": 1, "height": 2, "w\u0069dth": 3}}"#)
                == RawGridOptions(repeatedSizeNames: ["badge_size": ["width"]]))
    }

    /// Of a size option given twice the first is read, its stray names with it.
    @Test func firstOfARepeatedSizeOption() throws {
        #expect(
            try options(#"{"badge_size": {"x": 1}, "badge_size": {"width": 1, "height": 1, "y": 2}}"#)
                == RawGridOptions(repeatedNames: ["badge_size"], unknownSizeNames: ["badge_size": ["x"]]))
        #expect(
            try options(#"{"badge_size": {"width": 1, "height": 2}, "badge_size": {"width": 1, "width": 1}}"#)
                == RawGridOptions(badgeSize: Size(width: 1, height: 2), repeatedNames: ["badge_size"]))
    }

    /// Without a stray name, a size missing a side or with a side that is no number is of
    /// the wrong type (400), the first in the options' order; a wrong type among the options
    /// wins over a size's stray names.
    @Test func wrongTypesStay400() {
        let expected = #"must be an object {"width": number, "height": number}"#
        #expect(
            error(#"{"play_badge_size": {"width": 1}}"#)
                == .at("#/options/play_badge_size", .wrongType, expected))
        #expect(
            error(#"{"play_badge_size": [48, 48], "badge_size": {"width": 1, "height": "2"}}"#)
                == .at("#/options/badge_size", .wrongType, expected))
        #expect(error(#"{"play_badge_size": {"width": 1, "height": 1e400}}"#)?.kind == .wrongType)
        #expect(
            error(#"{"badge_size": {"widht": 1}, "scale": "2"}"#)
                == .at("#/options/scale", .wrongType, "must be a number"))
    }
}

struct SizeOptionsValidationTests {
    static let twice = "is given twice; a name may appear once"

    /// 48×48 unless overridden; the override is kept as given.
    @Test func playBadgeSizeDefaultAndOverride() throws {
        #expect(CardRules.defaultPlayBadgeSize == Size(width: 48, height: 48))
        #expect(try GridOptions.validated(RawGridOptions()).playBadgeSize == Size(width: 48, height: 48))
        #expect(GridOptions(style: .adaptive, contentWidth: 355).playBadgeSize == Size(width: 48, height: 48))
        let options = try GridOptions.validated(RawGridOptions(playBadgeSize: Size(width: 40.5, height: 30)))
        #expect(options.playBadgeSize == Size(width: 40.5, height: 30))
        #expect(options.badgeSize == Size(width: 28, height: 18))
    }

    /// Refused as `badge_size` is: a side not positive, or past the geometry's limits.
    @Test(arguments: [
        Size(width: 0, height: 48), Size(width: 48, height: -1), Size(width: .infinity, height: 48),
        Size(width: 48, height: .nan), Size(width: 2e6, height: 48),
    ])
    func playBadgeSizeRefused(size: Size) {
        for (raw, pointer) in [
            (RawGridOptions(playBadgeSize: size), "#/options/play_badge_size"),
            (RawGridOptions(badgeSize: size), "#/options/badge_size"),
        ] {
            #expect(
                throws: InputError.invalidValues([
                    .init(pointer: pointer, detail: "width and height must be positive finite numbers")
                ])
            ) {
                try GridOptions.validated(raw)
            }
        }
    }

    /// Every stray name at once: the unknown option names, then the unknown names inside
    /// `badge_size`, then `play_badge_size`, then the options given twice, then the sides
    /// given twice, then the invalid values; `unknown-field` as soon as one is unknown.
    @Test func strayNamesOrder() {
        let raw = RawGridOptions(
            scale: 4,
            unknownNames: ["maxItems"],
            repeatedNames: ["scale"],
            unknownSizeNames: ["play_badge_size": ["w"], "badge_size": ["a/b", "depth"]],
            repeatedSizeNames: ["play_badge_size": ["height", "width"], "badge_size": ["width"]])
        let options =
            "style, item_size, spacing, max_items, content_width, min_item_width, scale, badge_size, play_badge_size"
        let sides = "unknown name; expected one of: width, height"
        #expect(
            throws: InputError.invalidValues(
                [
                    .init(pointer: "#/options/maxItems", detail: "unknown name; expected one of: \(options)"),
                    .init(pointer: "#/options/badge_size/a~1b", detail: sides),
                    .init(pointer: "#/options/badge_size/depth", detail: sides),
                    .init(pointer: "#/options/play_badge_size/w", detail: sides),
                    .init(pointer: "#/options/scale", detail: Self.twice),
                    .init(pointer: "#/options/badge_size/width", detail: Self.twice),
                    .init(pointer: "#/options/play_badge_size/height", detail: Self.twice),
                    .init(pointer: "#/options/play_badge_size/width", detail: Self.twice),
                    .init(pointer: "#/options/scale", detail: "must be 1, 2 or 3"),
                ],
                kind: .unknownField)
        ) {
            try GridOptions.validated(raw)
        }
    }

    /// A side given twice alone is a `repeated-field`; an unknown name alone an
    /// `unknown-field`; both under the pointer the caller gives.
    @Test func kindsAndPointers() {
        #expect(
            throws: InputError.invalidValues(
                [.init(pointer: "#/grid_options/badge_size/height", detail: Self.twice)], kind: .repeatedField)
        ) {
            try GridOptions.validated(RawGridOptions(repeatedSizeNames: ["badge_size": ["height"]])) {
                JSONPointer.fragment(["grid_options", $0])
            }
        }
        #expect(
            throws: InputError.invalidValues(
                [
                    .init(
                        pointer: "#/options/play_badge_size/~0", detail: "unknown name; expected one of: width, height")
                ],
                kind: .unknownField)
        ) {
            try GridOptions.validated(RawGridOptions(unknownSizeNames: ["play_badge_size": ["~"]]))
        }
    }

    /// At most `reportedUnknownNames` unknown names of a size are reported, then how many more.
    @Test func manyUnknownNamesInsideASize() throws {
        let names = RawGridOptions.normalizedNames((0..<25).map { "n\($0)" })
        do {
            _ = try GridOptions.validated(RawGridOptions(unknownSizeNames: ["badge_size": names]))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .unknownField)
            #expect(error.problems.count == RawGridOptions.reportedUnknownNames + 1)
            #expect(error.problems.prefix(20).map(\.pointer) == names.prefix(20).map { "#/options/badge_size/\($0)" })
            #expect(error.problems.last == .init(pointer: "#/options/badge_size", detail: "5 more unknown names"))
        }
    }
}
