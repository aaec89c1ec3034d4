/// Two to four pictures, none wider than 2:1, in the square box of side `H` = `Wp`
/// (docs/API.md §4, each branch's formulas in the order written there).
extension MosaicPixels {
    private var box: Double { width }

    /// Two pictures: stacked (two wide pictures of near aspects), equal halves (two wide or
    /// two square-ish), or unequal halves.
    func two(_ r: [Double], classes: String, average: Double) -> [Cell] {
        let (r0, r1) = (r[0], r[1])
        let (wp, gp, mp) = (width, spacing, minWidth)
        if classes == "ww", average > 1.4, r1 - r0 < 0.2 {
            let h = Self.round(min(wp / r0, wp / r1, (box - gp) / 2))
            return [Cell(0, 0, wp, h, [.top, .left, .right]), Cell(0, h + gp, wp, h, [.left, .bottom, .right])]
        }
        if classes == "ww" || classes == "qq" {
            let w = Self.quotient(wp - gp, 2)
            let h = Self.round(min(w / r0, w / r1, box))
            return [Cell(0, 0, w, h, [.top, .left, .bottom]), Cell(w + gp, 0, w, h, [.top, .bottom, .right])]
        }
        let w1 = min(
            Self.round(max(0.4 * (wp - gp), (wp - gp) / r0 / (1 / r0 + 1 / r1))), wp - gp - Self.round(1.5 * mp))
        let w0 = wp - w1 - gp
        let h = min(box, Self.round(min(w0 / r0, w1 / r1)))
        return [Cell(0, 0, w0, h, [.top, .left, .bottom]), Cell(w0 + gp, 0, w1, h, [.top, .bottom, .right])]
    }

    /// Three pictures: a narrow first one on the left beside two stacked, else the first on
    /// top of two side by side.
    func three(_ r: [Double], classes: String) -> [Cell] {
        let (r0, r1, r2) = (r[0], r[1], r[2])
        let (wp, gp, mp) = (width, spacing, minWidth)
        if classes.first == "n" {
            let h2 = Self.round(min((box - gp) / 2, r1 * (wp - gp) / (r2 + r1)))
            let h1 = box - h2 - gp
            let wr = max(mp, Self.round(min((wp - gp) / 2, h2 * r2, h1 * r1)))
            let wl = min(Self.round(box * r0), wp - gp - wr)
            return [
                Cell(0, 0, wl, box, [.top, .left, .bottom]), Cell(wl + gp, 0, wr, h1, [.top, .right]),
                Cell(wl + gp, h1 + gp, wr, h2, [.bottom, .right]),
            ]
        }
        let h0 = Self.round(min(wp / r0, (box - gp) * 0.66))
        let w1 = Self.quotient(wp - gp, 2)
        let h1 = min(box - h0 - gp, Self.round(min(w1 / r1, w1 / r2)))
        let w2 = wp - w1 - gp
        return [
            Cell(0, 0, wp, h0, [.top, .left, .right]), Cell(0, h0 + gp, w1, h1, [.left, .bottom]),
            Cell(w1 + gp, h0 + gp, w2, h1, [.bottom, .right]),
        ]
    }

    /// Four pictures: a wide first one on top of three side by side, else the first on the
    /// left beside three stacked.
    func four(_ r: [Double], classes: String) -> [Cell] {
        let (r0, r1, r2, r3) = (r[0], r[1], r[2], r[3])
        let (wp, gp, mp) = (width, spacing, minWidth)
        if classes.first == "w" {
            let h0 = Self.round(min(wp / r0, (box - gp) * 0.66))
            let h = Self.round((wp - 2 * gp) / (r1 + r2 + r3))
            let w0 = max(mp, Self.round(min((wp - 2 * gp) * 0.4, h * r1)))
            let w2 = Self.round(max(mp, (wp - 2 * gp) * 0.33, h * r3))
            let w1 = wp - w0 - w2 - 2 * gp
            let h1 = min(box - h0 - gp, h)
            return [
                Cell(0, 0, wp, h0, [.top, .left, .right]), Cell(0, h0 + gp, w0, h1, [.left, .bottom]),
                Cell(w0 + gp, h0 + gp, w1, h1, [.bottom]), Cell(w0 + w1 + 2 * gp, h0 + gp, w2, h1, [.bottom, .right]),
            ]
        }
        let w0 = Self.round(min(box * r0, (wp - gp) * 0.6))
        let w = Self.round((box - 2 * gp) / (1 / r1 + 1 / r2 + 1 / r3))
        let h0 = Self.round(w / r1)
        let h1 = Self.round(w / r2)
        let h2 = box - h0 - h1 - 2 * gp
        let w1 = max(mp, min(wp - w0 - gp, w))
        return [
            Cell(0, 0, w0, box, [.top, .left, .bottom]), Cell(w0 + gp, 0, w1, h0, [.top, .right]),
            Cell(w0 + gp, h0 + gp, w1, h1, [.right]), Cell(w0 + gp, h0 + h1 + 2 * gp, w1, h2, [.bottom, .right]),
        ]
    }
}
