/// Five or more pictures, or a picture wider than 2:1 (docs/API.md §4): the pictures in two to
/// four rows, the split whose height comes closest to `Hc`.
extension MosaicPixels {
    /// One candidate split: how many pictures each of its `rows` rows (two to four) holds, and
    /// each row's exact height. Held inline: a grid weighs up to a few dozen candidates.
    struct RowSplit {
        var rows: Int
        var counts: InlineArray<4, Int>
        var heights: InlineArray<4, Double> = .init(repeating: 0)

        init(_ counts: InlineArray<4, Int>, rows: Int) {
            self.counts = counts
            self.rows = rows
        }
    }

    /// The pictures in the best-scoring rows, each row the full width, its pictures as wide
    /// as their cropped aspects give at the row's height, the last taking what is left.
    func rows(_ ratios: [Double], average: Double) -> [Cell] {
        let cropped = ratios.map { ratio in
            average > 1.1 ? min(max(ratio, 1), 2.75) : min(max(ratio, 0.6667), 1)
        }
        var best: (split: RowSplit, score: Double)?
        Self.forEachSplit(count: ratios.count, average: average) { split in
            var split = split
            setRowHeights(&split, cropped)
            let score = self.score(split)
            // Of scores equal as doubles, the earliest split stays.
            if let current = best, current.score <= score { return }
            best = (split, score)
        }
        guard let best = best?.split else { return [] }
        var cells: [Cell] = []
        cells.reserveCapacity(ratios.count)
        var y = 0.0
        var first = 0
        for row in 0..<best.rows {
            let count = best.counts[row]
            let exact = best.heights[row]
            let height = Self.round(exact)
            var x = 0.0
            for column in 0..<count {
                let last = column == count - 1
                let cellWidth = last ? width - x : Self.round(cropped[first + column] * exact)
                var sides: MosaicSides = []
                if row == 0 { sides.insert(.top) }
                if column == 0 { sides.insert(.left) }
                if row == best.rows - 1 { sides.insert(.bottom) }
                if last { sides.insert(.right) }
                cells.append(Cell(x, y, cellWidth, height, sides))
                x += cellWidth + spacing
            }
            y += height + spacing
            first += count
        }
        return cells
    }

    /// Calls `body` with each candidate split of `n` pictures in the contract's order: two rows
    /// (a, n − a) by a; three rows by a then b (b up to 4 when the average aspect is below
    /// 0.85); four rows by a, b, c. No row has more than three pictures but that middle one,
    /// and every row has one at least. Heights are left for the caller.
    static func forEachSplit(count n: Int, average: Double, _ body: (RowSplit) -> Void) {
        for a in 1...3 where (1...3).contains(n - a) {
            body(RowSplit([a, n - a, 0, 0], rows: 2))
        }
        let middleMost = average < 0.85 ? 4 : 3
        for a in 1...3 {
            for b in 1...middleMost where (1...3).contains(n - a - b) {
                body(RowSplit([a, b, n - a - b, 0], rows: 3))
            }
        }
        for a in 1...3 {
            for b in 1...3 {
                for c in 1...3 where (1...3).contains(n - a - b - c) {
                    body(RowSplit([a, b, c, n - a - b - c], rows: 4))
                }
            }
        }
    }

    /// Each row's exact height: (Wp − (k − 1)·gp) over its pictures' cropped aspects,
    /// summed in order.
    private func setRowHeights(_ split: inout RowSplit, _ cropped: [Double]) {
        var first = 0
        for row in 0..<split.rows {
            let count = split.counts[row]
            var sum = cropped[first]
            for index in (first + 1)..<(first + count) { sum += cropped[index] }
            split.heights[row] = (width - Double(count - 1) * spacing) / sum
            first += count
        }
    }

    /// |Σ heights + gp·(rows − 1) − Hc|, times 1.5 when the shortest row is below `mp`, and
    /// times 1.5 again when a row has more pictures than the row after it.
    private func score(_ split: RowSplit) -> Double {
        var total = split.heights[0]
        var shortest = split.heights[0]
        var shrinks = false
        for row in 1..<split.rows {
            total += split.heights[row]
            shortest = min(shortest, split.heights[row])
            if split.counts[row - 1] > split.counts[row] { shrinks = true }
        }
        var score = abs(total + spacing * Double(split.rows - 1) - targetHeight)
        if shortest < minWidth { score *= 1.5 }
        if shrinks { score *= 1.5 }
        return score
    }
}
