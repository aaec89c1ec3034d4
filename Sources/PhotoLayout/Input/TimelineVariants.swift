/// `variants` (docs/API.md §7, "Layout variants"): instead of `options`, a timeline request may
/// name 1 to `maxCount` option sets, and the statuses, read once, are laid out once for each.
///
/// What a reader gives: the members of the `variants` object in document order, up to the
/// `maxCount`th (the values of later members are not read: their number is the request's
/// error), each name once, with the options of its first occurrence read as `options` is read
/// (its wrong types are the reader's 400, under `#/variants/NAME`); a name given again among
/// those members marks its variant `isRepeated`. `validated()` turns that into the option sets
/// the rules take, or one 422 that lists every problem.
public struct RawTimelineVariants: Hashable, Sendable {
    /// One named option set as sent.
    public struct Variant: Hashable, Sendable {
        public var name: String
        public var options: RawGridOptions
        /// The name is given again later in the object (the first value is the one read).
        public var isRepeated: Bool

        public init(name: String, options: RawGridOptions = RawGridOptions(), isRepeated: Bool = false) {
            self.name = name
            self.options = options
            self.isRepeated = isRepeated
        }
    }

    /// The first occurrence of each name among the first `maxCount` members, in document order.
    public var variants: [Variant]
    /// How many members the `variants` object has, repeats included.
    public var memberCount: Int
    /// The body also has `options` (not `null`): the two exclude each other.
    public var besideOptions: Bool

    /// At most this many option sets per request.
    public static let maxCount = 8
    /// A name's length, in characters (all of them ASCII).
    public static let nameLengths = 1...32
    /// The characters a name is made of.
    public static let nameCharacters = "A–Z a–z 0–9 _ . @ -"

    public init(variants: [Variant] = [], memberCount: Int? = nil, besideOptions: Bool = false) {
        self.variants = variants
        self.memberCount = memberCount ?? variants.count
        self.besideOptions = besideOptions
    }

    /// Whether `name` is 1–32 characters of `A–Z a–z 0–9 _ . @ -`.
    public static func isValidName(_ name: String) -> Bool {
        nameLengths.contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"),
                    UInt8(ascii: "-"):
                    true
                default:
                    false
                }
            }
    }

    /// The wrong type of `variants` itself (400 at `#/variants`).
    package static let notAnObject = InputError.at(
        "#/variants", .wrongType, "must be an object of named option sets, as {\"ios3x\": {\"scale\": 3}}")
}

/// One option set of a request's `variants`, validated: what the rules lay the timeline out with.
public struct TimelineVariant: Hashable, Sendable {
    public var name: String
    public var options: GridOptions

    public init(name: String, options: GridOptions) {
        self.name = name
        self.options = options
    }
}

extension RawTimelineVariants {
    /// The option sets in the request's order, or one 422 listing every problem: `variants`
    /// beside `options`, no member, more than `maxCount` (then nothing else is looked at: the
    /// values past the `maxCount`th were not read), and for each variant in order a name that is
    /// not 1–32 characters of `nameCharacters`, a name given twice, then its options' problems
    /// as `GridOptions.validated` gives them, under `#/variants/NAME`. The error's kind is that
    /// of its first problem (`InputError.Kind`: a name given twice is `repeatedField`, an
    /// unknown option name `unknownField`, the rest `invalidValue`).
    public func validated() throws(InputError) -> [TimelineVariant] {
        var problems: [InputError.Problem] = []
        var kinds: [InputError.Kind] = []
        func refuse(_ pointer: String, _ kind: InputError.Kind, _ detail: String) {
            problems.append(InputError.Problem(pointer: pointer, detail: detail))
            kinds.append(kind)
        }
        if besideOptions {
            refuse("#/variants", .invalidValue, "cannot be given with \"options\": send one of the two")
        }
        if memberCount == 0 {
            refuse("#/variants", .invalidValue, "must name at least one option set")
        } else if memberCount > Self.maxCount {
            refuse(
                "#/variants", .invalidValue,
                "has \(memberCount) option sets; at most \(Self.maxCount) are laid out per request")
        }
        var result: [TimelineVariant] = []
        if memberCount <= Self.maxCount {
            for variant in variants {
                let pointer = JSONPointer.fragment(["variants", variant.name])
                if !Self.isValidName(variant.name) {
                    refuse(
                        pointer, .invalidValue,
                        "a variant's name must be 1–32 characters of \(Self.nameCharacters)")
                }
                if variant.isRepeated {
                    refuse(pointer, .repeatedField, "is given twice; a name may appear once")
                }
                do throws(InputError) {
                    let options = try GridOptions.validated(variant.options) { name in
                        JSONPointer.fragment(["variants", variant.name, name])
                    }
                    result.append(TimelineVariant(name: variant.name, options: options))
                } catch {
                    for problem in error.problems { refuse(problem.pointer, error.kind, problem.detail) }
                }
            }
        }
        guard problems.isEmpty else { throw InputError.invalidValues(problems, kind: kinds[0]) }
        return result
    }
}
