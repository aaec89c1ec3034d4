/// A status's `page_info` (docs/API.md §4, "Cards") as plain values: what the card rule needs,
/// read leniently from Weibo's shapes (client API, weibo.com web, m.weibo.cn).
///
/// A reader fills it so that every value here is usable: URLs and titles are non-empty
/// strings (`"page_pic": ""` is no cover), and `button` is the first entry of `buttons`
/// whose `pic` and `name` are both non-empty strings.
public struct WeiboPageInfo: Hashable, Sendable {
    /// A value Weibo sends as a number or a string (`type`, `object_type`).
    public enum Tag: Hashable, Sendable {
        case string(String)
        case number(Double)
    }

    /// The cover picture: `page_pic` as a URL string, or an object's `url` with its optional
    /// numeric `width` and `height`.
    public struct Cover: Hashable, Sendable {
        public var url: String
        /// The cover's own size, when both sides were given.
        public var size: Size?

        public init(url: String, size: Size? = nil) {
            self.url = url
            self.size = size
        }

        /// The size `width` × `height` when both are given and positive, else `nil`.
        public static func knownSize(_ width: Double?, _ height: Double?) -> Size? {
            guard let width, let height else { return nil }
            let size = Size(width: width, height: height)
            return size.isPositive ? size : nil
        }
    }

    /// The first usable entry of `buttons`: its `pic` (an icon URL) and `name` (a title).
    public struct Button: Hashable, Sendable {
        public var iconURL: String
        public var title: String

        public init(iconURL: String, title: String) {
            self.iconURL = iconURL
            self.title = title
        }
    }

    public var type: Tag?
    public var objectType: Tag?
    public var cover: Cover?
    /// `type_icon`, a URL.
    public var typeIcon: String?
    /// `page_title`.
    public var title: String?
    public var button: Button?

    public init(
        type: Tag? = nil, objectType: Tag? = nil, cover: Cover? = nil, typeIcon: String? = nil, title: String? = nil,
        button: Button? = nil
    ) {
        self.type = type
        self.objectType = objectType
        self.cover = cover
        self.typeIcon = typeIcon
        self.title = title
        self.button = button
    }

    /// Whether the page is a video: `object_type` or `type` is the string "video" (a number
    /// never is).
    public var isVideo: Bool {
        objectType == .string("video") || type == .string("video")
    }
}
