/// The body of `POST /v1/album/layout` (DESIGN §7.1): `{"screen", "count", "scale"?,
/// "item_size"?, "spacing"?, "inset"?}`, decoded strictly, not yet validated.
/// `scale` is accepted here too (decision: every geometry output is on a pixel grid).
public struct AlbumLayoutRequest: Decodable, Hashable, Sendable {
    public var screen: Size?
    public var scale: Double?
    public var count: Double?
    public var itemSize: Double?
    public var spacing: Double?
    public var inset: Double?

    enum Key: String, CodingKey {
        case screen, scale, count, spacing, inset
        case itemSize = "item_size"
    }

    public init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder)
        screen = try object.optional(.screen, "a size {\"width\", \"height\"}").map { (dto: BrowserSizeRequest) in
            dto.size
        }
        scale = try object.optional(.scale, "a number")
        count = try object.optional(.count, "a number")
        itemSize = try object.optional(.itemSize, "a number")
        spacing = try object.optional(.spacing, "a number")
        inset = try object.optional(.inset, "a number")
    }
}
