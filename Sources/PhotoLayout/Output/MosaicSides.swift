/// The edges of a mosaic grid a cell lies on: the corners a client rounds (docs/API.md §4).
public struct MosaicSides: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let top = MosaicSides(rawValue: 1 << 0)
    public static let left = MosaicSides(rawValue: 1 << 1)
    public static let bottom = MosaicSides(rawValue: 1 << 2)
    public static let right = MosaicSides(rawValue: 1 << 3)
    public static let all: MosaicSides = [.top, .left, .bottom, .right]

    /// The sides' JSON names, in the API's order: "top", "left", "bottom", "right".
    public var names: [String] {
        [(MosaicSides.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
            .compactMap { contains($0.0) ? $0.1 : nil }
    }
}
