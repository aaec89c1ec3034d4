/// The response of `POST /v1/browser/close` (DESIGN §7.1): `{"index", "transition",
/// "scroll_to"}`, `scroll_to` being `null` unless the thumbnails' container must scroll.
public struct BrowserCloseResponse: Hashable, Sendable {
    public var index: Int
    public var transition: TransitionLayout
    public var scrollTo: Point?

    public init(index: Int, transition: TransitionLayout, scrollTo: Point?) {
        self.index = index
        self.transition = transition
        self.scrollTo = scrollTo
    }
}

extension BrowserCloseResponse: Encodable {
    enum CodingKeys: String, CodingKey {
        case index, transition
        case scrollTo = "scroll_to"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(transition, forKey: .transition)
        try container.encode(scrollTo, forKey: .scrollTo)
    }
}
