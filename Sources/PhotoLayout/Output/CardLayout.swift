/// The card a status shows in place of pictures (docs/API.md §4, "Cards"): a video cover with a
/// play badge, or a link card with cover, type icon, button and text, as YYKit's
/// `WBStatusCardView` lays them out. Frames are in the card's own coordinates, each number
/// rounded once to the pixel grid.
public struct CardLayout: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case video
        case link
    }

    /// The cover picture: where it is drawn, its URL, and the part of it shown (`nil`
    /// without the cover's size).
    public struct Cover: Hashable, Sendable {
        public var frame: Rect
        public var url: String
        public var crop: Rect?
    }

    public struct TypeIcon: Hashable, Sendable {
        public var frame: Rect
        public var url: String
    }

    public struct Button: Hashable, Sendable {
        public var frame: Rect
        public var iconURL: String
        public var title: String
    }

    public var kind: Kind
    public var size: Size
    public var cover: Cover?
    /// A video card's play badge, centred on the cover; `nil` on a link card.
    public var playBadge: Rect?
    /// A link card's icon; `nil` on a video card.
    public var typeIcon: TypeIcon?
    /// A link card's button; `nil` on a video card.
    public var button: Button?
    /// Where a link card's text goes (never a negative width); `nil` on a video card.
    public var textFrame: Rect?
    /// `page_title`, for both kinds.
    public var title: String?
}
