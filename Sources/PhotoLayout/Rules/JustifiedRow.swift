/// One row of a justified album while it fills (docs/API.md §5), and how it closes: the peer's
/// (Flickr's justified-layout 4.1.0) row, its arithmetic in the peer's order.
struct JustifiedRow {
    /// The row width `R` (the screen less the left and right insets).
    let width: Double
    /// The leftmost x, the left inset.
    let left: Double
    let spacing: Double
    let targetHeight: Double
    let tolerance: Double
    /// Whether the row is a breakout row by its number.
    let isBreakout: Bool
    /// The aspect ratios the row holds, in order.
    private(set) var ratios: [Double] = []
    /// The ratios' sum, added up in order (as summing `ratios` from 0 gives it), so that
    /// offering a picture costs the same however many the row holds.
    private var ratioSum = 0.0

    init(width: Double, left: Double, spacing: Double, targetHeight: Double, tolerance: Double, isBreakout: Bool) {
        self.width = width
        self.left = left
        self.spacing = spacing
        self.targetHeight = targetHeight
        self.tolerance = tolerance
        self.isBreakout = isBreakout
    }

    /// Offers the row a picture of aspect `ratio`: whether the row took it, and the height
    /// at which the row closes (`nil` while it stays open). A row that closes without the
    /// picture leaves it to the next row.
    mutating func add(_ ratio: Double) -> (taken: Bool, closingHeight: Double?) {
        let count = ratios.count + 1
        let sum = ratioSum + ratio
        let spaceless = width - Double(count - 1) * spacing
        if isBreakout, ratios.isEmpty, ratio >= 1 {
            take(ratio, sum)
            return (true, spaceless / ratio)
        }
        if sum < width / targetHeight * (1 - tolerance) {
            take(ratio, sum)
            return (true, nil)
        }
        if sum > width / targetHeight * (1 + tolerance), !ratios.isEmpty {
            let previousSum = ratioSum
            let previousSpaceless = width - Double(count - 2) * spacing
            if abs(sum - spaceless / targetHeight) > abs(previousSum - previousSpaceless / targetHeight) {
                return (false, previousSpaceless / previousSum)
            }
        }
        take(ratio, sum)
        return (true, spaceless / sum)
    }

    private mutating func take(_ ratio: Double, _ sum: Double) {
        ratios.append(ratio)
        ratioSum = sum
    }

    /// The row's boxes (y 0) when it closes at `height` in `style` (`justify` for a row that
    /// closes, the widow style for the last, unfinished one), and the row's height.
    ///
    /// The height is clamped to [T/2, 2T], the widths scaled to match when it is; boxes go
    /// left to right `spacing` apart; `justify` spreads the difference to the row width as
    /// whole points (JavaScript's `Math.round` of the cumulative error), `center` shifts the
    /// boxes as the peer does.
    func close(at height: Double, style: JustifiedAlbumOptions.WidowStyle) -> (height: Double, boxes: [Rect]) {
        let spaceless = width - Double(ratios.count - 1) * spacing
        let clamped = max(targetHeight * 0.5, min(height, targetHeight * 2))
        let scale = clamped == height ? 1 : (spaceless / clamped) / (spaceless / height)
        var boxes: [Rect] = []
        var end = left
        for ratio in ratios {
            let boxWidth = ratio * clamped * scale
            boxes.append(Rect(x: end, y: 0, width: boxWidth, height: clamped))
            end += boxWidth + spacing
        }
        switch style {
        case .left:
            break
        case .center:
            let offset = (width - end) / 2
            for index in boxes.indices { boxes[index].x += offset + spacing }
        case .justify:
            let error = (end - (spacing + left) - width) / Double(boxes.count)
            if boxes.count == 1 {
                boxes[0].width -= Self.jsRound(error)
            } else {
                var previous = 0.0
                for index in boxes.indices {
                    let cumulative = Self.jsRound(Double(index + 1) * error)
                    boxes[index].x -= previous
                    boxes[index].width -= cumulative - previous
                    previous = cumulative
                }
            }
        }
        return (clamped, boxes)
    }

    /// JavaScript's `Math.round`: the nearest whole number, half toward +∞ (−2.5 → −2).
    static func jsRound(_ value: Double) -> Double {
        let floor = value.rounded(.down)
        return value - floor >= 0.5 ? floor + 1 : floor
    }
}
