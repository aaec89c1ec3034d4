/// The options of the justified album (docs/API.md §5, "Justified album"), in points: Flickr's
/// justified-layout 4.1.0 with its defaults.
///
/// Validation (`problems(screenWidth:at:)`) refuses a `target_row_height` outside
/// [`smallest`, `GeometryLimits.maxMagnitude`], a
/// `tolerance` outside [0, 1), a negative spacing or inset, insets whose left and right
/// leave no row width, a `max_rows` or `breakout_every` below 1, a scale other than 1, 2 or
/// 3, and any number outside `GeometryLimits`; the pictures' ratios must lie within
/// [`smallest`, `GeometryLimits.maxMagnitude`] (`problems(ratios:at:)`). With these bounds
/// every quotient and product of the rule (a row's height Rs/A, the clamp's scale
/// (Rs/clamped)/(Rs/h), the widths) is finite.
public struct JustifiedAlbumOptions: Hashable, Sendable {
    /// How a last, unfinished row (its pictures are the widows) is laid out.
    public enum WidowStyle: String, CaseIterable, Hashable, Sendable {
        /// At the previous row's height, from the left inset.
        case left
        /// At the previous row's height, shifted right as the peer centres it.
        case center
        /// Stretched to the row's width, as a closing row is.
        case justify
    }

    /// The row height `T` the rows aim for; a row closes between T/2 and 2T.
    public var targetRowHeight: Double
    /// How far `t` a row's aspect may stray from the target before it must close.
    public var tolerance: Double
    public var horizontalSpacing: Double
    public var verticalSpacing: Double
    public var inset: EdgeInsets
    /// The most rows laid out (the widow row included), or `nil` for no limit.
    public var maxRows: Int?
    public var widowStyle: WidowStyle
    /// Every k-th row is a breakout row (a first picture at least as wide as tall fills it
    /// alone), or `nil` for none.
    public var breakoutEvery: Int?
    public var pixelGrid: PixelGrid

    public static let defaultTargetRowHeight = 120.0
    public static let defaultTolerance = 0.25
    public static let defaultSpacing = 4.0
    public static let defaultInset = 4.0
    /// The smallest ratio and row height accepted: the reciprocal of the largest.
    public static let smallest = 1 / GeometryLimits.maxMagnitude
    /// The 422 detail for a ratio or row height outside [`smallest`, `GeometryLimits.maxMagnitude`].
    public static let rangeRefusal = "must be a number from 0.000001 to 1000000"

    /// Whether `value` is a ratio or row height the rule lays out with finite numbers.
    public static func accepts(_ value: Double) -> Bool {
        value >= smallest && value <= GeometryLimits.maxMagnitude
    }

    public init(
        targetRowHeight: Double = JustifiedAlbumOptions.defaultTargetRowHeight,
        tolerance: Double = JustifiedAlbumOptions.defaultTolerance,
        horizontalSpacing: Double = JustifiedAlbumOptions.defaultSpacing,
        verticalSpacing: Double = JustifiedAlbumOptions.defaultSpacing,
        inset: EdgeInsets = EdgeInsets(all: JustifiedAlbumOptions.defaultInset),
        maxRows: Int? = nil,
        widowStyle: WidowStyle = .left,
        breakoutEvery: Int? = nil,
        scale: Double = GridOptions.defaultScale
    ) {
        self.targetRowHeight = targetRowHeight
        self.tolerance = tolerance
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.inset = inset
        self.maxRows = maxRows
        self.widowStyle = widowStyle
        self.breakoutEvery = breakoutEvery
        self.pixelGrid = PixelGrid(scale: scale)
    }

    /// The 422 problems of these options for a screen `screenWidth` wide, each at
    /// `pointer(path)` for the option's JSON path (`spacing/horizontal`, `inset/left`);
    /// empty when the rule can lay them out.
    public func problems(screenWidth: Double, at pointer: (String) -> String) -> [InputError.Problem] {
        var problems: [InputError.Problem] = []
        func refuse(_ name: String, _ detail: String) {
            problems.append(InputError.Problem(pointer: pointer(name), detail: detail))
        }
        func check(_ name: String, _ value: Double, least: Double, _ detail: String) {
            if !GeometryLimits.accepts(value) {
                refuse(name, GeometryLimits.refusal)
            } else if value < least {
                refuse(name, detail)
            }
        }
        if !Self.accepts(targetRowHeight) { refuse("target_row_height", Self.rangeRefusal) }
        if !(tolerance >= 0 && tolerance < 1) { refuse("tolerance", "must be at least 0 and below 1") }
        check("spacing/horizontal", horizontalSpacing, least: 0, "must be at least 0")
        check("spacing/vertical", verticalSpacing, least: 0, "must be at least 0")
        let sides = [("top", inset.top), ("right", inset.right), ("bottom", inset.bottom), ("left", inset.left)]
        for (name, value) in sides { check("inset/\(name)", value, least: 0, "must be at least 0") }
        if GeometryLimits.accepts(inset.left), GeometryLimits.accepts(inset.right),
            inset.left + inset.right >= screenWidth
        {
            refuse("inset", "left + right must be below the screen's width")
        }
        if let maxRows, maxRows < 1 { refuse("max_rows", "must be at least 1") }
        if let breakoutEvery, breakoutEvery < 1 { refuse("breakout_every", "must be at least 1") }
        if !PixelGrid.supportedScales.contains(pixelGrid.scale) { refuse("scale", "must be 1, 2 or 3") }
        return problems
    }

    /// The 422 problems of the pictures' aspect ratios, each at `pointer(index)`.
    public static func problems(ratios: [Double], at pointer: (Int) -> String) -> [InputError.Problem] {
        ratios.indices.compactMap { index in
            accepts(ratios[index]) ? nil : InputError.Problem(pointer: pointer(index), detail: rangeRefusal)
        }
    }
}
