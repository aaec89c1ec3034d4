/// The variants of one `pic_infos` entry, one slot per `PictureVariant`: what a
/// `[PictureVariant: WeiboPictureVariant]` holds, without a hash table per picture.
public struct PictureVariantSlots: Hashable, Sendable {
    private var slots:
        (
            thumbnail: WeiboPictureVariant?, bmiddle: WeiboPictureVariant?, large: WeiboPictureVariant?,
            largest: WeiboPictureVariant?, original: WeiboPictureVariant?
        ) = (nil, nil, nil, nil, nil)

    /// No variant.
    public init() {}

    /// The variants of `dictionary`.
    public init(_ dictionary: [PictureVariant: WeiboPictureVariant]) {
        for (variant, value) in dictionary { self[variant] = value }
    }

    /// The variant in `slot`, if the entry has it.
    public subscript(slot: PictureVariant) -> WeiboPictureVariant? {
        get {
            switch slot {
            case .thumbnail: slots.thumbnail
            case .bmiddle: slots.bmiddle
            case .large: slots.large
            case .largest: slots.largest
            case .original: slots.original
            }
        }
        set {
            switch slot {
            case .thumbnail: slots.thumbnail = newValue
            case .bmiddle: slots.bmiddle = newValue
            case .large: slots.large = newValue
            case .largest: slots.largest = newValue
            case .original: slots.original = newValue
            }
        }
    }

    /// Calls `body` on each variant present, in `PictureVariant.allCases` order (no array built).
    public func forEachPresent(_ body: (WeiboPictureVariant) -> Void) {
        if let variant = slots.thumbnail { body(variant) }
        if let variant = slots.bmiddle { body(variant) }
        if let variant = slots.large { body(variant) }
        if let variant = slots.largest { body(variant) }
        if let variant = slots.original { body(variant) }
    }

    /// The variants as a `Dictionary`.
    public var dictionary: [PictureVariant: WeiboPictureVariant] {
        var dictionary: [PictureVariant: WeiboPictureVariant] = [:]
        for variant in PictureVariant.allCases { dictionary[variant] = self[variant] }
        return dictionary
    }

    public static func == (lhs: PictureVariantSlots, rhs: PictureVariantSlots) -> Bool {
        PictureVariant.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        for variant in PictureVariant.allCases { hasher.combine(self[variant]) }
    }
}
