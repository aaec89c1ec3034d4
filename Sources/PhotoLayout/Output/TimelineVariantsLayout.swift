import JSONBytes

/// The answer to a timeline request with `variants` (docs/API.md §7, "Layout variants"):
/// `{"variants": {NAME: {"statuses": [...]}, …}}`, the option sets in the request's order,
/// each `{"statuses": [...]}` written by the writer of a single answer (`TimelineLayout`), so
/// that its bytes are those the same options give alone.
public struct TimelineVariantsLayout: Hashable, Sendable {
    /// One option set's name and the timeline laid out with it.
    public struct Variant: Hashable, Sendable {
        public var name: String
        public var layout: TimelineLayout

        public init(name: String, layout: TimelineLayout) {
            self.name = name
            self.layout = layout
        }
    }

    public var variants: [Variant]

    public init(variants: [Variant]) {
        self.variants = variants
    }
}

extension TimelineVariantsLayout: JSONByteEncodable {
    public func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("variants")
        writer.beginObject()
        for variant in variants {
            writer.dynamicKey(variant.name)
            variant.layout.write(to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }

    /// The single answers' estimates together.
    public var writtenLengthEstimate: Int {
        variants.reduce(32) { $0 &+ 48 &+ $1.layout.writtenLengthEstimate }
    }
}

extension TimelineRules {
    /// `request`'s statuses, read once, laid out once per option set of `variants`, in order:
    /// each layout is the one `layout(for: request, options:)` gives for its options.
    public static func layout(for request: TimelineRequest, variants: [TimelineVariant]) -> TimelineVariantsLayout {
        TimelineVariantsLayout(
            variants: variants.map { variant in
                TimelineVariantsLayout.Variant(
                    name: variant.name, layout: layout(for: request, options: variant.options))
            })
    }
}
