/// The three grid styles of docs/API.md §4.
public enum GridStyle: String, CaseIterable, Hashable, Sendable {
    /// The timeline grid of the HVWWeibo seed: fixed 70-point cells, 10 apart.
    case classic
    /// The modern feed (YYKit's Weibo demo): cells sized from the content width.
    case adaptive
    /// Telegram's album layout: cells that keep each picture's shape (`MosaicRules`).
    case mosaic

    /// The styles' names, as an error lists them: "classic, adaptive, mosaic".
    public static let namesList = allCases.map(\.rawValue).joined(separator: ", ")

    /// Whether the style is driven by `content_width`, which it then requires.
    public var needsContentWidth: Bool { self != .classic }
}

/// Every constant of the grid rules, each overridable by a request option (docs/API.md §4).
///
/// Build one with `GridOptions.validated(…)` from raw option values: it applies the
/// defaults and returns the 422 problems of values the rules cannot use.
public struct GridOptions: Hashable, Sendable {
    public var style: GridStyle
    /// The classic cell side `s`.
    public var itemSize: Double
    /// The gap `g` between cells: 10 in `classic`, 4 in `adaptive`, 2 in `mosaic` unless
    /// overridden.
    public var spacing: Double
    public var maxItems: Int
    /// The content width `W` of `adaptive` and `mosaic` (required there, ignored by `classic`).
    public var contentWidth: Double?
    /// The least width `m` the mosaic aims to give a cell (`mosaic` only).
    public var minItemWidth: Double
    public var pixelGrid: PixelGrid
    public var badgeSize: Size
    /// The play badge centred on a video card's cover (`CardRules.defaultPlayBadgeSize` unless
    /// overridden).
    public var playBadgeSize: Size

    public static let defaultItemSize = 70.0
    public static let defaultMaxItems = 9
    public static let defaultScale = 2.0
    public static let defaultBadgeSize = Size(width: 28, height: 18)
    /// The problem of an adaptive or mosaic style without `content_width`.
    public static let contentWidthRequired = "is required by the adaptive and mosaic styles"

    /// The most pictures a grid shows unless `max_items` says otherwise: Weibo's nine, and
    /// Telegram's ten in a mosaic.
    public static func defaultMaxItems(for style: GridStyle) -> Int {
        style == .mosaic ? MosaicOptions.mostShown : defaultMaxItems
    }

    public static func defaultSpacing(for style: GridStyle) -> Double {
        switch style {
        case .classic: 10
        case .adaptive: 4
        case .mosaic: MosaicOptions.defaultSpacing
        }
    }

    /// The mosaic rule's constants of these options (`MosaicRules`): W, g, m, `max_items` and
    /// the pixel grid.
    public var mosaic: MosaicOptions {
        var mosaic = MosaicOptions(
            contentWidth: contentWidth ?? 0, spacing: spacing, minItemWidth: minItemWidth, maxItems: maxItems)
        mosaic.pixelGrid = pixelGrid
        return mosaic
    }

    /// How many of `count` pictures a grid of these options shows: min(count, `max_items`),
    /// and never more than ten in `mosaic` (docs/API.md §4).
    public func shown(of count: Int) -> Int {
        style == .mosaic ? mosaic.shown(of: count) : min(count, maxItems)
    }

    /// The classic defaults: 70-point cells, 10 apart, at most 9, scale 2, 28×18 badges,
    /// 48×48 play badges.
    public init() {
        self.init(style: .classic)
    }

    /// The defaults of `style`, with the given content width.
    public init(style: GridStyle, contentWidth: Double? = nil, scale: Double = GridOptions.defaultScale) {
        self.style = style
        self.itemSize = Self.defaultItemSize
        self.spacing = Self.defaultSpacing(for: style)
        self.maxItems = Self.defaultMaxItems(for: style)
        self.contentWidth = contentWidth
        self.minItemWidth = MosaicOptions.defaultMinItemWidth
        self.pixelGrid = PixelGrid(scale: scale)
        self.badgeSize = Self.defaultBadgeSize
        self.playBadgeSize = CardRules.defaultPlayBadgeSize
    }
}

/// Option values as a request gives them, before defaults and validation: every field is
/// optional, and numbers are kept as `Double` so that `2.5` for `max_items` can be refused
/// rather than truncated.
public struct RawGridOptions: Hashable, Sendable {
    public var style: String?
    public var itemSize: Double?
    public var spacing: Double?
    public var maxItems: Double?
    public var contentWidth: Double?
    public var minItemWidth: Double?
    public var scale: Double?
    public var badgeSize: Size?
    public var playBadgeSize: Size?
    /// Names sent that are no option (`maxItems`, a typo): each is a 422 at its pointer.
    /// Readers give them sorted and without duplicates, so every reader gives the same list.
    public var unknownNames: [String]
    /// Option names given more than once (the first value is the one read): each is a 422 at
    /// its pointer. Sorted and without duplicates, as `unknownNames`.
    public var repeatedNames: [String]
    /// Per size option (`badge_size`, `play_badge_size`), the names inside it other than
    /// `width` and `height`: each is a 422 at its pointer (`#/options/badge_size/depth`). An
    /// option with such a name, or with a side given twice, has no size (`nil`): its strict
    /// object's names are reported, not its values. Lists sorted, without duplicates; no
    /// entry for an option without them.
    public var unknownSizeNames: [String: [String]]
    /// Per size option, the sides given more than once (`width`, `height`), as
    /// `unknownSizeNames`.
    public var repeatedSizeNames: [String: [String]]

    /// The option names a request may use, as sent on the wire (docs/API.md §4).
    public static let names = [
        "style", "item_size", "spacing", "max_items", "content_width", "min_item_width", "scale", "badge_size",
        "play_badge_size",
    ]
    /// The options whose value is a `{width, height}` size, in `names`' order.
    public static let sizeNames = ["badge_size", "play_badge_size"]
    /// The names a size option holds.
    public static let sizeMemberNames = ["width", "height"]
    /// At most this many unknown names are reported, one problem each (a body of 80,000
    /// unknown keys must not make an error of megabytes).
    public static let reportedUnknownNames = 20

    public init(
        style: String? = nil,
        itemSize: Double? = nil,
        spacing: Double? = nil,
        maxItems: Double? = nil,
        contentWidth: Double? = nil,
        minItemWidth: Double? = nil,
        scale: Double? = nil,
        badgeSize: Size? = nil,
        playBadgeSize: Size? = nil,
        unknownNames: [String] = [],
        repeatedNames: [String] = [],
        unknownSizeNames: [String: [String]] = [:],
        repeatedSizeNames: [String: [String]] = [:]
    ) {
        self.style = style
        self.itemSize = itemSize
        self.spacing = spacing
        self.maxItems = maxItems
        self.contentWidth = contentWidth
        self.minItemWidth = minItemWidth
        self.scale = scale
        self.badgeSize = badgeSize
        self.playBadgeSize = playBadgeSize
        self.unknownNames = unknownNames
        self.repeatedNames = repeatedNames
        self.unknownSizeNames = unknownSizeNames
        self.repeatedSizeNames = repeatedSizeNames
    }

    /// `names` sorted, without duplicates: the form `unknownNames` takes.
    public static func normalizedNames(_ names: some Sequence<String>) -> [String] {
        Array(Set(names)).sorted()
    }
}

extension GridOptions {
    /// The options `raw` asks for, or a 422 `InputError` listing every value the rules
    /// refuse (docs/API.md §4): an unknown option name (first, sorted; at most
    /// `RawGridOptions.reportedUnknownNames` of them, then one problem saying how many more),
    /// then an unknown name inside a size option (the same way, option by option), a name
    /// given twice, then a side given twice inside a size option, an unknown style, a scale
    /// other than 1, 2 or 3, `adaptive` or `mosaic` without a positive `content_width`, a
    /// non-positive `item_size` or `max_items` (or a fractional `max_items`), a negative
    /// spacing, `min_item_width` with another style than `mosaic` or negative, a mosaic
    /// content width W below 2·m + 2·g, a non-positive side of `badge_size` or
    /// `play_badge_size`, a non-finite number, and (decision: docs/API.md is silent) an
    /// adaptive content width so narrow for its spacing that the cell would not be positive. `pointer(name)` places each problem (`#/options/scale`, `#/query/scale`);
    /// `knownNames` are those an unknown name's problem lists (a query also has `count`).
    public static func validated(
        _ raw: RawGridOptions,
        pointer: (String) -> String = { JSONPointer.fragment(["options", $0]) },
        knownNames: [String] = RawGridOptions.names
    ) throws(InputError) -> GridOptions {
        var problems: [InputError.Problem] = []
        func refuse(_ name: String, _ detail: String) {
            problems.append(InputError.Problem(pointer: pointer(name), detail: detail))
        }
        func finite(_ name: String, _ value: Double?) -> Double? {
            guard let value else { return nil }
            guard GeometryLimits.accepts(value) else {
                refuse(name, GeometryLimits.refusal)
                return nil
            }
            return value
        }

        /// The pointer of member `name` inside option `option` (`#/options/badge_size/depth`).
        func memberPointer(_ option: String, _ name: String) -> String {
            pointer(option) + JSONPointer.fragment([name]).dropFirst()
        }
        let twice = "is given twice; a name may appear once"

        for name in raw.unknownNames.prefix(RawGridOptions.reportedUnknownNames) {
            refuse(name, "unknown name; expected one of: \(knownNames.joined(separator: ", "))")
        }
        if raw.unknownNames.count > RawGridOptions.reportedUnknownNames {
            let pointer = pointer("")
            problems.append(
                InputError.Problem(
                    pointer: pointer.hasSuffix("/") ? String(pointer.dropLast()) : pointer,
                    detail: "\(raw.unknownNames.count - RawGridOptions.reportedUnknownNames) more unknown options"))
        }
        // The stray names inside sizes are looked for only when there are some: options are
        // validated on every request.
        if !raw.unknownSizeNames.isEmpty {
            let sizeMembers = RawGridOptions.sizeMemberNames.joined(separator: ", ")
            for option in RawGridOptions.sizeNames {
                guard let names = raw.unknownSizeNames[option] else { continue }
                for name in names.prefix(RawGridOptions.reportedUnknownNames) {
                    problems.append(
                        InputError.Problem(
                            pointer: memberPointer(option, name),
                            detail: "unknown name; expected one of: \(sizeMembers)"
                        ))
                }
                if names.count > RawGridOptions.reportedUnknownNames {
                    refuse(option, "\(names.count - RawGridOptions.reportedUnknownNames) more unknown names")
                }
            }
        }
        for name in raw.repeatedNames { refuse(name, twice) }
        if !raw.repeatedSizeNames.isEmpty {
            for option in RawGridOptions.sizeNames {
                for name in raw.repeatedSizeNames[option] ?? [] {
                    problems.append(InputError.Problem(pointer: memberPointer(option, name), detail: twice))
                }
            }
        }

        var style = GridStyle.classic
        if let name = raw.style {
            if let known = GridStyle(rawValue: name) {
                style = known
            } else {
                refuse("style", "unknown style \"\(name)\"; expected one of: \(GridStyle.namesList)")
            }
        }
        var options = GridOptions(style: style)

        if let scale = finite("scale", raw.scale) {
            if PixelGrid.supportedScales.contains(scale) {
                options.pixelGrid = PixelGrid(scale: scale)
            } else {
                refuse("scale", "must be 1, 2 or 3")
            }
        }
        if let itemSize = finite("item_size", raw.itemSize) {
            if itemSize > 0 { options.itemSize = itemSize } else { refuse("item_size", "must be positive") }
        }
        if let spacing = finite("spacing", raw.spacing) {
            if spacing >= 0 { options.spacing = spacing } else { refuse("spacing", "must not be negative") }
        }
        if let maxItems = finite("max_items", raw.maxItems) {
            if maxItems >= 1, maxItems.rounded() == maxItems, maxItems <= Double(Int32.max) {
                options.maxItems = Int(maxItems)
            } else {
                refuse("max_items", "must be a positive whole number")
            }
        }
        if let contentWidth = finite("content_width", raw.contentWidth) {
            if contentWidth > 0 {
                options.contentWidth = contentWidth
            } else {
                refuse("content_width", "must be positive")
            }
        } else if style.needsContentWidth, raw.contentWidth == nil {
            refuse("content_width", contentWidthRequired)
        }
        if let minItemWidth = finite("min_item_width", raw.minItemWidth) {
            if style != .mosaic {
                refuse("min_item_width", "is an option of the mosaic style only")
            } else if minItemWidth >= 0 {
                options.minItemWidth = minItemWidth
            } else {
                refuse("min_item_width", "must not be negative")
            }
        }
        // W is judged against m and g only when all three were accepted.
        let refused = Set(problems.map(\.pointer))
        if style == .mosaic, let width = options.contentWidth,
            !["content_width", "spacing", "min_item_width"].contains(where: { refused.contains(pointer($0)) }),
            width < 2 * options.minItemWidth + 2 * options.spacing
        {
            refuse("content_width", "must be at least 2 × min_item_width + 2 × spacing")
        }
        if style == .adaptive, options.contentWidth != nil, problems.isEmpty,
            GridRules.adaptiveCell(options: options) <= 0
        {
            refuse("content_width", "is too narrow for the spacing: the adaptive cell (W + g)/3 − g must be positive")
        }
        func size(_ name: String, _ size: Size?) -> Size? {
            guard let size else { return nil }
            guard size.isPositive, GeometryLimits.accepts(size.width), GeometryLimits.accepts(size.height) else {
                refuse(name, "width and height must be positive finite numbers")
                return nil
            }
            return size
        }
        if let badge = size("badge_size", raw.badgeSize) { options.badgeSize = badge }
        if let playBadge = size("play_badge_size", raw.playBadgeSize) { options.playBadgeSize = playBadge }

        guard problems.isEmpty else {
            let kind: InputError.Kind =
                !raw.unknownNames.isEmpty || !raw.unknownSizeNames.isEmpty
                ? .unknownField
                : !raw.repeatedNames.isEmpty || !raw.repeatedSizeNames.isEmpty ? .repeatedField : .invalidValue
            throw InputError.invalidValues(problems, kind: kind)
        }
        return options
    }
}
