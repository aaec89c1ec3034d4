import Foundation
import JSONBytes
import ReferenceTimelineReader
import Testing
import TimelineCorpus

@testable import PhotoLayout

/// `variants` (docs/API.md §7, "Layout variants"): read alike by both readers, validated as
/// `options` under `#/variants/NAME`, and laid out once per option set, each answer byte for
/// byte the single answer of its options.
struct TimelineVariantsTests {
    /// Reads `text` with the byte reader and the reference, which must agree.
    private func read(_ text: String) -> Result<TimelineRequest, InputError> {
        let bytes = Array(text.utf8)
        let fast = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(bytes) }
        let reference = Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
        #expect(fast == reference, "\(text)")
        return fast
    }

    /// The variants both readers give beside an empty `statuses`.
    private func variants(_ variants: String, beside: String = "") throws -> RawTimelineVariants? {
        try read(#"{"statuses": [], \#(beside)"variants": \#(variants)}"#).get().variants
    }

    /// The 422 of `variants` beside an empty `statuses`: the readers' 400 first, else the
    /// validation's.
    private func refusal(_ variants: String, beside: String = "") throws -> InputError? {
        let raw = try #require(try self.variants(variants, beside: beside))
        do {
            _ = try raw.validated()
            return nil
        } catch {
            return error
        }
    }

    /// Option sets in document order, each read as `options` is; `null` is the defaults, and a
    /// body without `variants` (or with `null`) has none.
    @Test func readInOrder() throws {
        let read = try variants(
            #"{"ios3x": {"style": "adaptive", "content_width": 355, "scale": 3}, "web": {}, "b": null}"#)
        #expect(
            read
                == RawTimelineVariants(variants: [
                    .init(name: "ios3x", options: RawGridOptions(style: "adaptive", contentWidth: 355, scale: 3)),
                    .init(name: "web"), .init(name: "b"),
                ]))
        #expect(try self.read(#"{"statuses": []}"#).get().variants == nil)
        #expect(try self.read(#"{"statuses": [], "variants": null, "options": {"scale": 3}}"#).get().variants == nil)
        // A name with escapes is its decoded name.
        #expect(try variants(#"{"n\u0031": {"scale": 1}}"#)?.variants.map(\.name) == ["n1"])
    }

    /// A repeated name marks the first, whose value is the one read (the second is not read,
    /// even when it has a wrong type); `options` beside is noted (not `null`); past the eighth
    /// member values are only counted.
    @Test func repeatsOptionsBesideAndCount() throws {
        let repeated = try #require(try variants(#"{"a": {"scale": 1}, "b": {}, "a": {"scale": "x"}}"#))
        #expect(
            repeated.variants == [
                .init(name: "a", options: RawGridOptions(scale: 1), isRepeated: true), .init(name: "b"),
            ])
        #expect(repeated.memberCount == 3)
        #expect(try variants(#"{"a": {}}"#, beside: #""options": {}, "#)?.besideOptions == true)
        #expect(try variants(#"{"a": {}}"#, beside: #""options": null, "#)?.besideOptions == false)
        let nine = (0..<9).map { #""v\#($0)": {}"# }.joined(separator: ", ")
        let many = try #require(try variants("{\(nine), \"w\": {\"scale\": \"x\"}}"))
        #expect(many.memberCount == 10)
        #expect(many.variants.map(\.name) == (0..<8).map { "v\($0)" })
        // Inside each set, repeated and unknown names are kept as in `options`.
        #expect(
            try variants(#"{"a": {"scale": 2, "scale": 3, "maxItems": 1, "badge_size": {"width": 1, "width": 2}}}"#)?
                .variants.first?.options
                == RawGridOptions(
                    scale: 2, unknownNames: ["maxItems"], repeatedNames: ["scale"],
                    repeatedSizeNames: ["badge_size": ["width"]]))
    }

    /// Wrong types are 400s at their pointers: `variants` not an object, a set not an object,
    /// an option of the wrong type (the first set's in document order); `options`' own first.
    @Test func wrongTypes() throws {
        let cases: [(String, String, String)] = [
            (
                #""variants": []"#, "#/variants",
                "must be an object of named option sets, as {\"ios3x\": {\"scale\": 3}}"
            ),
            (#""variants": {"a": 3}"#, "#/variants/a", "must be an object"),
            (
                #""variants": {"a": {}, "b": {"scale": "3"}, "c": {"style": 1}}"#, "#/variants/b/scale",
                "must be a number"
            ),
            (
                #""variants": {"a/b": {"badge_size": 1}}"#, "#/variants/a~1b/badge_size",
                #"must be an object {"width": number, "height": number}"#
            ),
            (#""variants": {"b": {"scale": "3"}}, "options": {"style": 1}"#, "#/options/style", "must be a string"),
        ]
        for (members, pointer, detail) in cases {
            let result = read(#"{"statuses": [], \#(members)}"#)
            #expect(result == .failure(.at(pointer, .wrongType, detail)), "\(members)")
        }
        // The envelope's error comes before them.
        #expect(
            read(#"{"statuses": 5, "variants": 3}"#) == .failure(TimelineEnvelope.wrongType(["statuses"])))
    }

    /// Every refusal of `validated()`, each at its pointer, all of them in one 422 whose kind is
    /// its first problem's.
    @Test func refusals() throws {
        let together = try #require(try refusal(#"{"a": {}}"#, beside: #""options": {"scale": 3}, "#))
        #expect(together.kind == .invalidValue)
        #expect(
            together.problems == [
                .init(pointer: "#/variants", detail: "cannot be given with \"options\": send one of the two")
            ])
        #expect(
            try refusal("{}")?.problems == [.init(pointer: "#/variants", detail: "must name at least one option set")])
        let nine = (0..<9).map { #""v\#($0)": {"scale": 7}"# }.joined(separator: ", ")
        #expect(
            try refusal("{\(nine)}")?.problems == [
                .init(pointer: "#/variants", detail: "has 9 option sets; at most 8 are laid out per request")
            ])
        let badName = "a variant's name must be 1–32 characters of A–Z a–z 0–9 _ . @ -"
        let names = try #require(
            try refusal(
                #"{"ios 3x": {}, "": {}, "\#(String(repeating: "x", count: 33))": {}, "é": {}, "a/b": {}, "ok@2x.v-1_": {}}"#
            ))
        #expect(
            names.problems.map(\.pointer) == [
                "#/variants/ios 3x", "#/variants/", "#/variants/" + String(repeating: "x", count: 33), "#/variants/é",
                "#/variants/a~1b",
            ])
        #expect(names.problems.allSatisfy { $0.detail == badName })
        #expect(RawTimelineVariants.isValidName(String(repeating: "x", count: 32)))
        let repeated = try #require(try refusal(#"{"a": {}, "a": {"scale": 9}}"#))
        #expect(repeated.kind == .repeatedField)
        #expect(repeated.problems == [.init(pointer: "#/variants/a", detail: "is given twice; a name may appear once")])
        // Each set's options, as `options` is validated, under its name; every set's problems listed.
        let values = try #require(
            try refusal(#"{"ios": {"style": "adaptive"}, "web": {"maxItems": 2, "scale": 4}, "ok": {}}"#))
        #expect(
            values.problems == [
                .init(pointer: "#/variants/ios/content_width", detail: "is required by the adaptive and mosaic styles"),
                .init(
                    pointer: "#/variants/web/maxItems",
                    detail: "unknown name; expected one of: " + RawGridOptions.names.joined(separator: ", ")),
                .init(pointer: "#/variants/web/scale", detail: "must be 1, 2 or 3"),
            ])
        #expect(values.kind == .invalidValue)
        #expect(
            values.detail
                == "/variants/ios/content_width: is required by the adaptive and mosaic styles; /variants/web/maxItems: unknown "
                + "name; expected one of: \(RawGridOptions.names.joined(separator: ", ")); /variants/web/scale: must "
                + "be 1, 2 or 3")
        let sizes = try #require(try refusal(#"{"a": {"badge_size": {"width": 1, "depth": 2}}}"#))
        #expect(sizes.kind == .unknownField)
        #expect(sizes.problems.map(\.pointer) == ["#/variants/a/badge_size/depth"])
    }

    /// On every sample and in every envelope that takes members beside the statuses, each
    /// variant's layout writes the bytes of the single answer of its options, through both
    /// readers, and the whole answer is `{"variants": {NAME: answer, …}}` in the request's order.
    @Test(arguments: Samples.names)
    func eachVariantIsTheSingleAnswer(sample: String) throws {
        let sets = [
            ("ios3x", #"{"style": "adaptive", "content_width": 355, "scale": 3}"#),
            ("android", #"{"style": "adaptive", "content_width": 392, "scale": 2, "max_items": 4}"#),
            ("web", "{}"),
            ("web.small", #"{"item_size": 50, "spacing": 5, "scale": 1, "badge_size": {"width": 20, "height": 12}}"#),
        ]
        let top = try #require(
            try JSONSerialization.jsonObject(with: Data(try Samples.bytes(sample))) as? [String: Any])
        let data = top["data"] as? [String: Any]
        let statuses = try #require(top["statuses"] ?? data?["list"] ?? data?["cards"])
        let inner = String(decoding: try JSONSerialization.data(withJSONObject: statuses), as: UTF8.self)
        // The sample as sent, and its statuses moved into each other envelope.
        var envelopes = [String(decoding: try Samples.bytes(sample), as: UTF8.self).drop { $0 != "{" }.dropFirst()]
        let holdsCards = data?["cards"] != nil
        for envelope in holdsCards
            ? [#""cards": "#, #""data": {"cards": "#]
            : [#""statuses": "#, #""data": {"list": "#, #""data": {"statuses": "#]
        {
            let closing = envelope.hasPrefix(#""data""#) ? "}}" : "}"
            envelopes.append(Substring(envelope + inner + closing))
        }
        for rest in envelopes {
            let members = sets.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ")
            let body = Array("{\"variants\": {\(members)}, \(rest)".utf8)
            var expected = Array(#"{"variants":{"#.utf8)
            for (index, (name, options)) in sets.enumerated() {
                let single = Array("{\"options\": \(options), \(rest)".utf8)
                let request = try ByteTimelineReader().readTimeline(single)
                let answer = TimelineRules.layout(for: request, options: try GridOptions.validated(request.options))
                if index > 0 { expected.append(UInt8(ascii: ",")) }
                expected += Array("\"\(name)\":".utf8) + JSONByteWriter.encode(answer)
            }
            expected += Array("}}".utf8)
            for reader in [ByteTimelineReader() as any TimelineReader, FoundationTimelineReader()] {
                let request = try reader.readTimeline(body)
                let layout = TimelineRules.layout(for: request, variants: try #require(request.variants).validated())
                let written = JSONByteWriter.encode(layout)
                #expect(written == expected, "\(sample) \(rest.prefix(30)) \(type(of: reader))")
            }
        }
    }
}
