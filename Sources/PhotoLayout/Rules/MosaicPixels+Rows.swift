/// Five or more pictures, or a picture wider than 2:1 (docs/API.md §4): the pictures in two to
/// four rows, the split whose height comes closest to `Hc`.
extension MosaicPixels {
    /// The pictures in the best-scoring rows, each row the full width, its pictures as wide
    /// as their cropped aspects give at the row's height, the last taking what is left.
    func rows(_ ratios: [Double], average: Double) -> [Cell] {
        let cropped = ratios.map { ratio in
            average > 1.1 ? min(max(ratio, 1), 2.75) : min(max(ratio, 0.6667), 1)
        }
        var best: (split: [Int], heights: [Double], score: Double)?
        for split in Self.splits(count: ratios.count, average: average) {
            let heights = rowHeights(split, cropped)
            let score = self.score(split, heights: heights)
            // Of scores equal as doubles, the earliest split stays.
            if let current = best, current.score <= score { continue }
            best = (split, heights, score)
        }
        guard let best else { return [] }
        var cells: [Cell] = []
        var y = 0.0
        var first = 0
        for (row, count) in best.split.enumerated() {
            let exact = best.heights[row]
            let height = Self.round(exact)
            var x = 0.0
            for column in 0..<count {
                let last = column == count - 1
                let cellWidth = last ? width - x : Self.round(cropped[first + column] * exact)
                var sides: MosaicSides = []
                if row == 0 { sides.insert(.top) }
                if column == 0 { sides.insert(.left) }
                if row == best.split.count - 1 { sides.insert(.bottom) }
                if last { sides.insert(.right) }
                cells.append(Cell(x, y, cellWidth, height, sides))
                x += cellWidth + spacing
            }
            y += height + spacing
            first += count
        }
        return cells
    }

    /// The candidate splits in the contract's order: two rows (a, n − a) by a; three rows by a then
    /// b (b up to 4 when the average aspect is below 0.85); four rows by a, b, c. No row has
    /// more than three pictures but that middle one, and every row has one at least.
    static func splits(count n: Int, average: Double) -> [[Int]] {
        var splits: [[Int]] = []
        for a in 1...3 where (1...3).contains(n - a) {
            splits.append([a, n - a])
        }
        let middleMost = average < 0.85 ? 4 : 3
        for a in 1...3 {
            for b in 1...middleMost where (1...3).contains(n - a - b) {
                splits.append([a, b, n - a - b])
            }
        }
        for a in 1...3 {
            for b in 1...3 {
                for c in 1...3 where (1...3).contains(n - a - b - c) {
                    splits.append([a, b, c, n - a - b - c])
                }
            }
        }
        return splits
    }

    /// Each row's exact height: (Wp − (k − 1)·gp) over its pictures' cropped aspects,
    /// summed in order.
    private func rowHeights(_ split: [Int], _ cropped: [Double]) -> [Double] {
        var heights: [Double] = []
        var first = 0
        for count in split {
            var sum = cropped[first]
            for index in (first + 1)..<(first + count) { sum += cropped[index] }
            heights.append((width - Double(count - 1) * spacing) / sum)
            first += count
        }
        return heights
    }

    /// |Σ heights + gp·(rows − 1) − Hc|, times 1.5 when the shortest row is below `mp`, and
    /// times 1.5 again when a row has more pictures than the row after it.
    private func score(_ split: [Int], heights: [Double]) -> Double {
        var total = heights[0]
        for height in heights.dropFirst() { total += height }
        var score = abs(total + spacing * Double(split.count - 1) - targetHeight)
        if let shortest = heights.min(), shortest < minWidth { score *= 1.5 }
        if zip(split, split.dropFirst()).contains(where: { $0 > $1 }) { score *= 1.5 }
        return score
    }
}
