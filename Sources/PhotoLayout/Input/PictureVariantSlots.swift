/// The variants of one `pic_infos` entry, one slot per `PictureVariant`: what a
/// `[PictureVariant: WeiboPictureVariant]` holds, without a hash table per picture.
package struct PictureVariantSlots: Hashable, Sendable {
    package var thumbnail: WeiboPictureVariant?
    package var bmiddle: WeiboPictureVariant?
    package var large: WeiboPictureVariant?
    package var largest: WeiboPictureVariant?
    package var original: WeiboPictureVariant?

    /// No variant.
    package init() {}

    /// The variants of `dictionary`.
    package init(_ dictionary: [PictureVariant: WeiboPictureVariant]) {
        for (variant, value) in dictionary { self[variant] = value }
    }

    /// The variant in `slot`, if the entry has it.
    package subscript(slot: PictureVariant) -> WeiboPictureVariant? {
        get {
            switch slot {
            case .thumbnail: thumbnail
            case .bmiddle: bmiddle
            case .large: large
            case .largest: largest
            case .original: original
            }
        }
        set {
            switch slot {
            case .thumbnail: thumbnail = newValue
            case .bmiddle: bmiddle = newValue
            case .large: large = newValue
            case .largest: largest = newValue
            case .original: original = newValue
            }
        }
    }

    /// Calls `body` on each variant present, in `PictureVariant.allCases` order (no array built).
    package func forEachPresent(_ body: (WeiboPictureVariant) -> Void) {
        if let variant = thumbnail { body(variant) }
        if let variant = bmiddle { body(variant) }
        if let variant = large { body(variant) }
        if let variant = largest { body(variant) }
        if let variant = original { body(variant) }
    }

    /// The variants as a `Dictionary`.
    package var dictionary: [PictureVariant: WeiboPictureVariant] {
        var dictionary: [PictureVariant: WeiboPictureVariant] = [:]
        for variant in PictureVariant.allCases { dictionary[variant] = self[variant] }
        return dictionary
    }
}
