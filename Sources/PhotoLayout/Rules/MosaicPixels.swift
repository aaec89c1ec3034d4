/// The mosaic rule of docs/API.md §4 in device pixels, with its arithmetic exactly as written
/// there: `Wp`, `gp`, `mp`, `H` and `Hc` and every frame number are whole numbers (held in
/// doubles, where they are exact), `round` is C's (half away from zero), ⌊a/b⌋ truncates,
/// and everything else is double arithmetic evaluated left to right as each formula is
/// written.
struct MosaicPixels {
    /// One cell: its frame in device pixels and the grid edges it lies on.
    struct Cell: Hashable {
        var frame: Rect
        var sides: MosaicSides

        init(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ sides: MosaicSides) {
            frame = Rect(x: x, y: y, width: width, height: height)
            self.sides = sides
        }
    }

    /// The content width `Wp`, also the height `H` of the square box of two to four pictures.
    let width: Double
    /// The spacing `gp`.
    let spacing: Double
    /// The least cell width `mp`.
    let minWidth: Double
    /// The target height `Hc` = ⌊4·Wp/3⌋ of five or more pictures.
    let targetHeight: Double

    init(width: Double, spacing: Double, minWidth: Double) {
        self.width = width
        self.spacing = spacing
        self.minWidth = minWidth
        targetHeight = Self.quotient(4 * width, 3)
    }

    /// ⌊a/b⌋ of two whole numbers, truncating toward zero.
    static func quotient(_ a: Double, _ b: Double) -> Double {
        (a / b).rounded(.towardZero)
    }

    /// C's `round`: to the nearest whole number, half away from zero.
    static func round(_ value: Double) -> Double {
        value.rounded(.toNearestOrAwayFromZero)
    }

    /// The cells of the pictures of `sizes` (one or more; `nil` is an unknown size).
    func cells(for sizes: [Size?]) -> [Cell] {
        let ratios = sizes.map { size in size.map { $0.width / $0.height } ?? 1 }
        if ratios.count == 1 {
            let height = sizes[0].map { min(Self.round(width * $0.height / $0.width), targetHeight) } ?? width
            return [Cell(0, 0, width, height, .all)]
        }
        var total = 1.0
        for ratio in ratios { total += ratio }
        let average = total / Double(ratios.count)
        if ratios.count <= 4, !ratios.contains(where: { $0 > 2 }) {
            let classes = String(ratios.map { $0 > 1.2 ? "w" : $0 < 0.8 ? "n" : "q" })
            switch ratios.count {
            case 2: return two(ratios, classes: classes, average: average)
            case 3: return three(ratios, classes: classes)
            default: return four(ratios, classes: classes)
            }
        }
        return rows(ratios, average: average)
    }
}
