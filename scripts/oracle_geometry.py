#!/usr/bin/env python3
"""An independent oracle for the geometry of docs/API.md §4 ("mosaic", "Crop", "Cards"), §5
("Justified album") and §6 ("Crops in transitions"), written from the contract's text (docs/API.md), not from
the Swift code.

Usage:
  scripts/oracle_geometry.py --write   writes Tests/PhotoLayoutTests/Fixtures/geometry/cases.json,
                                       a few hundred seeded random cases with their answers
  scripts/oracle_geometry.py --check   recomputes them in memory; exit 1 if the committed
                                       fixture differs (the Swift tests require the Swift rules
                                       to give exactly the fixture's numbers)
"""
import json, math, os, random, sys

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "PhotoLayoutTests",
                       "Fixtures", "geometry", "cases.json")
SEED = 20261203


# ---- roundings ---------------------------------------------------------------------------

def c_round(x):
    """C's round: to the nearest whole number, half away from zero (x - floor(x) is exact)."""
    a = abs(x)
    if math.isinf(a):
        return x
    f = math.floor(a)
    r = f + 1 if a - f >= 0.5 else f
    return float(math.copysign(r, x))


def js_round(x):
    """JavaScript's Math.round: to the nearest whole number, half toward +infinity."""
    f = math.floor(x)
    return float(f + 1 if x - f >= 0.5 else f)


def px(v, scale):
    """The pixel grid (§4): the nearest 1/scale, half away from zero, exact halves a few ulps
    short counted as halves (1e-9 relative), no negative zero."""
    p = abs(v) * scale
    r = math.floor(p + 1e-9 * max(1, p) + 0.5) / scale
    return math.copysign(r, v) if r else 0.0


def px_rect(r, scale):
    return [px(v, scale) for v in r]


# ---- adaptive (the mosaic's fallback and the cards' sizes) -------------------------------

def adaptive_cell(W, g, scale):
    return px((W + g) / 3 - g, scale)


def adaptive(sizes, W, g, scale):
    """§4 adaptive for len(sizes) pictures: c x c cells (2 columns for 4, else 3), one known
    picture sized from its aspect along L = 2c + g, unknown a px(W/2) square."""
    n = len(sizes)
    c = adaptive_cell(W, g, scale)
    if n == 1:
        s = sizes[0]
        if s is None:
            side = px(W / 2, scale)
            return [[0.0, 0.0, side, side]], [side, side]
        w, h = s
        L = 2 * c + g
        size = [w / h * L, L] if w < h else [L, h / w * L]
        size = [px(size[0], scale), px(size[1], scale)]
        return [[0.0, 0.0] + size], size
    wrap = 2 if n == 4 else 3
    frames = [px_rect([(i % wrap) * (c + g), (i // wrap) * (c + g), c, c], scale) for i in range(n)]
    cols, rows = min(n, wrap), (n + wrap - 1) // wrap
    return frames, [px(cols * (c + g) - g, scale), px(rows * (c + g) - g, scale)]


# ---- mosaic ------------------------------------------------------------------------------

TOP, LEFT, BOTTOM, RIGHT = "top", "left", "bottom", "right"


def usable(s):
    return s is not None and s[0] > 0 and s[1] > 0 and math.isfinite(s[0]) and math.isfinite(s[1])


def mosaic_pixels(sizes, Wp, gp, mp):
    """The §4 mosaic in device pixels: a list of ([x, y, w, h], sides)."""
    n = len(sizes)
    H = Wp
    Hc = (4 * Wp) // 3
    r = [s[0] / s[1] if usable(s) else 1.0 for s in sizes]
    cls = "".join("w" if x > 1.2 else ("n" if x < 0.8 else "q") for x in r)
    total = 1.0
    for x in r:
        total = total + x
    avg = total / n
    R = lambda v: c_round(v)
    A = [TOP, LEFT, BOTTOM, RIGHT]
    if n == 1:
        s = sizes[0]
        if not usable(s):
            return [([0, 0, Wp, Wp], A)]
        return [([0, 0, Wp, min(R(Wp * s[1] / s[0]), Hc)], A)]
    if n <= 4 and not any(x > 2 for x in r):
        if n == 2:
            r0, r1 = r
            if cls == "ww" and avg > 1.4 and r1 - r0 < 0.2:
                h = R(min(Wp / r0, Wp / r1, (H - gp) / 2))
                return [([0, 0, Wp, h], [TOP, LEFT, RIGHT]), ([0, h + gp, Wp, h], [LEFT, BOTTOM, RIGHT])]
            if cls in ("ww", "qq"):
                w = (Wp - gp) // 2
                h = R(min(w / r0, w / r1, H))
                return [([0, 0, w, h], [TOP, LEFT, BOTTOM]), ([w + gp, 0, w, h], [TOP, BOTTOM, RIGHT])]
            w1 = min(R(max(0.4 * (Wp - gp), (Wp - gp) / r0 / (1 / r0 + 1 / r1))), Wp - gp - R(1.5 * mp))
            w0 = Wp - w1 - gp
            h = min(H, R(min(w0 / r0, w1 / r1)))
            return [([0, 0, w0, h], [TOP, LEFT, BOTTOM]), ([w0 + gp, 0, w1, h], [TOP, BOTTOM, RIGHT])]
        if n == 3:
            r0, r1, r2 = r
            if cls[0] == "n":
                h2 = R(min((H - gp) / 2, r1 * (Wp - gp) / (r2 + r1)))
                h1 = H - h2 - gp
                wr = max(mp, R(min((Wp - gp) / 2, h2 * r2, h1 * r1)))
                wl = min(R(H * r0), Wp - gp - wr)
                return [([0, 0, wl, H], [TOP, LEFT, BOTTOM]), ([wl + gp, 0, wr, h1], [TOP, RIGHT]),
                        ([wl + gp, h1 + gp, wr, h2], [BOTTOM, RIGHT])]
            h0 = R(min(Wp / r0, (H - gp) * 0.66))
            w1 = (Wp - gp) // 2
            h1 = min(H - h0 - gp, R(min(w1 / r1, w1 / r2)))
            w2 = Wp - w1 - gp
            return [([0, 0, Wp, h0], [TOP, LEFT, RIGHT]), ([0, h0 + gp, w1, h1], [LEFT, BOTTOM]),
                    ([w1 + gp, h0 + gp, w2, h1], [BOTTOM, RIGHT])]
        r0, r1, r2, r3 = r
        if cls[0] == "w":
            h0 = R(min(Wp / r0, (H - gp) * 0.66))
            h = R((Wp - 2 * gp) / (r1 + r2 + r3))
            w0 = max(mp, R(min((Wp - 2 * gp) * 0.4, h * r1)))
            w2 = R(max(mp, (Wp - 2 * gp) * 0.33, h * r3))
            w1 = Wp - w0 - w2 - 2 * gp
            h1 = min(H - h0 - gp, h)
            return [([0, 0, Wp, h0], [TOP, LEFT, RIGHT]), ([0, h0 + gp, w0, h1], [LEFT, BOTTOM]),
                    ([w0 + gp, h0 + gp, w1, h1], [BOTTOM]), ([w0 + w1 + 2 * gp, h0 + gp, w2, h1], [BOTTOM, RIGHT])]
        w0 = R(min(H * r0, (Wp - gp) * 0.6))
        w = R((H - 2 * gp) / (1 / r1 + 1 / r2 + 1 / r3))
        h0 = R(w / r1)
        h1 = R(w / r2)
        h2 = H - h0 - h1 - 2 * gp
        w1 = max(mp, min(Wp - w0 - gp, w))
        return [([0, 0, w0, H], [TOP, LEFT, BOTTOM]), ([w0 + gp, 0, w1, h0], [TOP, RIGHT]),
                ([w0 + gp, h0 + gp, w1, h1], [RIGHT]), ([w0 + gp, h0 + h1 + 2 * gp, w1, h2], [BOTTOM, RIGHT])]
    # In rows.
    if avg > 1.1:
        rc = [min(max(x, 1.0), 2.75) for x in r]
    else:
        rc = [min(max(x, 0.6667), 1.0) for x in r]
    splits = []
    for a in range(1, 4):
        if 1 <= n - a <= 3:
            splits.append((a, n - a))
    bmax = 4 if avg < 0.85 else 3
    for a in range(1, 4):
        for b in range(1, bmax + 1):
            if 1 <= n - a - b <= 3:
                splits.append((a, b, n - a - b))
    for a in range(1, 4):
        for b in range(1, 4):
            for c in range(1, 4):
                if 1 <= n - a - b - c <= 3:
                    splits.append((a, b, c, n - a - b - c))

    def heights(split):
        hs, start = [], 0
        for k in split:
            s = rc[start]
            for x in rc[start + 1:start + k]:
                s = s + x
            hs.append((Wp - (k - 1) * gp) / s)
            start += k
        return hs

    best, best_score = None, None
    for split in splits:
        hs = heights(split)
        total = hs[0]
        for h in hs[1:]:
            total = total + h
        score = abs(total + gp * (len(split) - 1) - Hc)
        if min(hs) < mp:
            score = score * 1.5
        if any(split[i] > split[i + 1] for i in range(len(split) - 1)):
            score = score * 1.5
        if best_score is None or score < best_score:
            best, best_score = split, score
    out, y, start = [], 0, 0
    hs = heights(best)
    for row, k in enumerate(best):
        height = R(hs[row])
        x = 0
        for j in range(k):
            width = Wp - x if j == k - 1 else R(rc[start + j] * hs[row])
            sides = [s for s, on in ((TOP, row == 0), (LEFT, j == 0), (BOTTOM, row == len(best) - 1),
                                      (RIGHT, j == k - 1)) if on]
            out.append(([x, y, width, height], sides))
            x += width + gp
        y += height + gp
        start += k
    return out


def mosaic(sizes, W, g, m, scale, max_items):
    """§4 mosaic: frames in points (device pixels / scale), sides (None for the adaptive
    fallback), the grid's size (the frames' bounding box) and whether it fell back."""
    n = min(len(sizes), max_items, 10)
    if n == 0:
        return None
    sizes = [tuple(s) if usable(s) else None for s in sizes[:n]]
    Wp, gp, mp = int(c_round(W * scale)), int(c_round(g * scale)), int(c_round(m * scale))
    cells = mosaic_pixels(sizes, Wp, gp, mp)
    if any(f[2] < 1 or f[3] < 1 for f, _ in cells):
        frames, size = adaptive(sizes, W, g, scale)
        return {"frames": frames, "sides": None, "size": size, "fallback": True}
    frames = [[v / scale for v in f] for f, _ in cells]
    size = [max(f[0] + f[2] for f, _ in cells) / scale, max(f[1] + f[3] for f, _ in cells) / scale]
    return {"frames": frames, "sides": [s for _, s in cells], "size": size, "fallback": False}


# ---- justified album ---------------------------------------------------------------------

def justified(ratios, W, T, tol, hspace, vspace, inset, max_rows, widow, breakout, scale):
    """§5 justified album (Flickr's justified-layout 4.1.0): rows, widows, content size and
    items, every number on the pixel grid."""
    top, right, bottom, left = inset
    R = W - left - right
    lo, hi = R / T * (1 - tol), R / T * (1 + tol)
    rows = []          # (breakout by number, height, boxes)
    items = []
    container = top

    def close(row, height, style):
        n = len(row)
        rs = R - (n - 1) * hspace
        clamped = max(T * 0.5, min(height, T * 2))
        ratio = 1.0 if clamped == height else (rs / clamped) / (rs / height)
        boxes, acc = [], left
        for a in row:
            w = a * clamped * ratio
            boxes.append([acc, 0.0, w, clamped])
            acc += w + hspace
        if style == "justify":
            acc -= hspace + left
            e = (acc - R) / n
            cum = [js_round((i + 1) * e) for i in range(n)]
            if n == 1:
                boxes[0][2] -= js_round(e)
            else:
                for i, b in enumerate(boxes):
                    if i > 0:
                        b[0] -= cum[i - 1]
                        b[2] -= cum[i] - cum[i - 1]
                    else:
                        b[2] -= cum[0]
        elif style == "center":
            offset = (R - acc) / 2
            for b in boxes:
                b[0] += offset + hspace
        return clamped, boxes

    def add_row(breakout_row, height, boxes):
        nonlocal container
        for b in boxes:
            b[1] = container
        rows.append((breakout_row, height))
        items.extend(boxes)
        container += height + vspace

    def new_row():
        return {"items": [], "breakout": breakout is not None and (len(rows) + 1) % breakout == 0}

    def add(row, a):
        """Adds ratio a to the open row: (taken, closed height or None)."""
        its = row["items"]
        new = its + [a]
        A = 0
        for x in new:
            A = A + x
        rs = R - (len(new) - 1) * hspace
        if row["breakout"] and not its and a >= 1:
            row["items"] = new
            return True, R / a
        if A < lo:
            row["items"] = new
            return True, None
        if A > hi:
            if not its:
                row["items"] = new
                return True, rs / A
            Ap = 0
            for x in its:
                Ap = Ap + x
            rsp = R - (len(its) - 1) * hspace
            if abs(A - rs / T) > abs(Ap - rsp / T):
                return False, rsp / Ap
            row["items"] = new
            return True, rs / A
        row["items"] = new
        return True, rs / A

    def finish(row, height):
        h, boxes = close(row["items"], height, "justify")
        add_row(row["breakout"], h, boxes)
        return max_rows is not None and len(rows) >= max_rows

    row, stopped = None, False
    for a in ratios:
        if row is None:
            row = new_row()
        taken, height = add(row, a)
        if height is None:
            continue
        if finish(row, height):
            row, stopped = None, True
            break
        row = new_row()
        if not taken:
            taken, height = add(row, a)
            if height is not None:
                if finish(row, height):
                    row, stopped = None, True
                    break
                row = new_row()
    widows = 0
    if row is not None and row["items"]:
        prev = T
        if rows:
            prev = T if rows[-1][0] else rows[-1][1]
        h, boxes = close(row["items"], prev, widow)
        add_row(row["breakout"], h, boxes)
        widows = len(boxes)
    if rows:
        height = container - vspace + bottom
    else:
        height = top + bottom
    return {"rows": len(rows), "widows": widows, "content_size": [px(W, scale), px(height, scale)],
            "items": [px_rect(b, scale) for b in items]}


# ---- crops -------------------------------------------------------------------------------

def crop(size, frame):
    """§4 Crop: the unit rect of a picture of `size` that a frame (as output) shows."""
    if not usable(size) or frame[2] == 0 or frame[3] == 0:
        return None
    a = size[0] / size[1]
    c = frame[2] / frame[3]
    if a > c:
        q = c / a
        return [(1 - q) / 2, 0.0, q, 1.0]
    if a < c:
        return [0.0, 0.0, 1.0, a / c]
    return [0.0, 0.0, 1.0, 1.0]


def transition_crops(size, frm, to, progresses):
    """§6: from_crop, to_crop and each keyframe's crop (progress clamped to [0, 1]); all
    None for a fade."""
    if frm is None or to is None:
        return {"from_crop": None, "to_crop": None, "crops": [None for _ in progresses]}
    crops = []
    for p in progresses:
        q = min(max(p, 0.0), 1.0)
        crops.append(crop(size, [a + (b - a) * q for a, b in zip(frm, to)]))
    return {"from_crop": crop(size, frm), "to_crop": crop(size, to), "crops": crops}


# ---- cards -------------------------------------------------------------------------------

def card(info, sizing, scale, play_badge):
    """§4 Cards: the card of a page_info (the plain values a reader gives), or None."""
    nonempty = lambda v: isinstance(v, str) and v != ""
    cover = info.get("page_pic")
    cover_url = cover.get("url") if cover else None
    has_cover = nonempty(cover_url)
    icon = info.get("type_icon") if nonempty(info.get("type_icon")) else None
    title = info.get("page_title") if nonempty(info.get("page_title")) else None
    button = info.get("button")
    if button is not None and not (nonempty(button.get("pic")) and nonempty(button.get("name"))):
        button = None
    if sizing["style"] == "classic":
        s, g = sizing["item_size"], sizing["spacing"]
        L, Wc = 2 * s + g, 3 * s + 2 * g
    else:
        W, g = sizing["content_width"], sizing["spacing"]
        L, Wc = 2 * adaptive_cell(W, g, scale) + g, W
    is_video = info.get("object_type") == "video" or info.get("type") == "video"
    P = lambda r: px_rect(r, scale)
    cover_size = (cover.get("width"), cover.get("height")) if cover else None
    if cover_size is not None and (cover_size[0] is None or cover_size[1] is None):
        cover_size = None
    if is_video and has_cover:
        frame = P([0, 0, L, L])
        bw, bh = play_badge
        return {"kind": "video", "size": [px(L, scale), px(L, scale)],
                "cover": {"frame": frame, "url": cover_url, "crop": crop(cover_size, frame)},
                "play_badge": P([(L - bw) / 2, (L - bh) / 2, bw, bh]), "type_icon": None, "button": None,
                "text_frame": None, "title": title}
    if not (has_cover or icon or title):
        return None
    out = {"kind": "link", "size": [px(Wc, scale), px(70, scale)], "play_badge": None, "title": title,
           "type_icon": {"frame": P([0, 0, 25, 25]), "url": icon} if icon else None, "cover": None, "button": None}
    if has_cover:
        frame = P([0, 0, 100, 70] if icon else [0, 0, 70, 70])
        out["cover"] = {"frame": frame, "url": cover_url, "crop": crop(cover_size, frame)}
    if button:
        out["button"] = {"frame": P([Wc - 60, 0, 60, 70]), "icon_url": button["pic"], "title": button["name"]}
    x0 = (100 if icon else 70) if has_cover else (42 if icon else 0)
    x0 = x0 + 10
    x1 = Wc - (60 if button else 0) - 10
    out["text_frame"] = P([x0, 0, max(0, x1 - x0), 70])
    return out


# ---- random cases ------------------------------------------------------------------------

def random_size(rnd):
    k = rnd.random()
    if k < 0.08:
        return None
    if k < 0.11:
        return rnd.choice([[0, 600], [800, 0]])
    if k < 0.13:
        return rnd.choice([[20, 1000], [1000, 20], [1, 60], [4000, 30], [1, 2000], [3000, 1]])
    aspect = rnd.choice([lambda: rnd.uniform(1.21, 2.0), lambda: rnd.uniform(2.0, 4.0), lambda: rnd.uniform(0.3, 0.79),
                         lambda: rnd.uniform(0.8, 1.2), lambda: rnd.choice([1.0, 0.75, 4 / 3, 16 / 9, 9 / 16, 2.0])])()
    w = rnd.randint(100, 4000)
    return [w, max(1, int(round(w / aspect)))]


def mosaic_cases(rnd, count):
    cases = []
    for i in range(count):
        W = float(rnd.randint(320, 414)) if rnd.random() < 0.85 else rnd.randint(640, 828) / 2
        scale = rnd.choice([2, 3])
        g = rnd.choice([2.0, 2.0, 2.0, 0.0, 1.0, 4.0, 1.5])
        m = rnd.choice([100.0, 100.0, 100.0, 0.0, 50.0, 80.0, 120.0])
        if W < 2 * m + 2 * g:
            m = 100.0 if W >= 200 + 2 * g else 0.0
        n = rnd.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12]) if i % 10 else rnd.randint(2, 4)
        max_items = 10 if rnd.random() < 0.85 else rnd.randint(1, 10)
        sizes = [random_size(rnd) for _ in range(n)]
        if i % 8 == 3:
            # Two to four pictures of one class (all wide, all square-ish): the stacked, the
            # equal-halves and the one-on-top branches, which random aspects seldom reach.
            k = rnd.randint(2, 4)
            low, high = rnd.choice([(1.21, 2.0), (1.4, 1.9), (0.8, 1.2)])
            sizes = []
            for _ in range(k):
                w = rnd.randint(400, 4000)
                sizes.append([w, max(1, int(round(w / rnd.uniform(low, high))))])
            max_items = 10
        if i % 8 == 5:
            # Extreme aspects in the three and four branches and an extreme panorama alone:
            # frames below a device pixel, the adaptive fallback.
            k = rnd.choice([1, 3, 4, 4])
            extreme = [[3000, 1]] if k == 1 else [rnd.choice([[1, 2000], [1, 50], [1, 60]])]
            sizes = extreme + [rnd.choice([[1, 50], [3, 4], [4, 3]]) for _ in range(k - 1)]
            max_items = 10
        inp = {"sizes": sizes, "content_width": W, "spacing": g, "min_item_width": m, "scale": scale,
               "max_items": max_items}
        cases.append({"input": inp, "output": mosaic(sizes, W, g, m, scale, max_items)})
    return cases


def justified_cases(rnd, count):
    cases = []
    for i in range(count):
        n = rnd.randint(1, 40) if i % 25 else 0
        ratios = []
        for _ in range(n):
            s = random_size(rnd)
            while not usable(s):
                s = random_size(rnd)
            ratios.append(s[0] / s[1])
        W = float(rnd.choice([320, 375, 414, 768, 1024, 1060])) if rnd.random() < 0.7 else rnd.randint(640, 2400) / 2
        T = rnd.choice([120.0, 120.0, 80.0, 160.0, 250.0, 320.0])
        tol = rnd.choice([0.25, 0.25, 0.0, 0.1, 0.5, 0.9])
        sp = rnd.choice([[4.0, 4.0], [0.0, 0.0], [10.0, 10.0], [2.0, 6.0], [2.5, 3.0]])
        inset = rnd.choice([[4.0, 4.0, 4.0, 4.0], [0.0, 0.0, 0.0, 0.0], [10.0, 10.0, 10.0, 10.0], [8.0, 2.0, 6.0, 5.0]])
        max_rows = None if rnd.random() < 0.75 else rnd.randint(1, 6)
        widow = rnd.choice(["left", "center", "justify"])
        breakout = None if rnd.random() < 0.6 else rnd.randint(1, 4)
        scale = rnd.choice([1, 2, 3])
        inp = {"ratios": ratios, "width": W, "target_row_height": T, "tolerance": tol, "spacing": sp,
               "inset": inset, "max_rows": max_rows, "widow": widow, "breakout_every": breakout, "scale": scale}
        out = justified(ratios, W, T, tol, sp[0], sp[1], inset, max_rows, widow, breakout, scale)
        cases.append({"input": inp, "output": out})
    return cases


def crop_cases(rnd, count):
    cases = []
    for _ in range(count):
        size = random_size(rnd)
        scale = rnd.choice([1, 2, 3])
        frame = [px(rnd.uniform(0, 300), scale), px(rnd.uniform(0, 300), scale),
                 px(rnd.uniform(0, 400), scale), px(rnd.uniform(0, 400), scale)]
        if rnd.random() < 0.05:
            frame[rnd.choice([2, 3])] = 0.0
        if rnd.random() < 0.1 and usable(size):
            frame[3] = px(frame[2] * size[1] / size[0], scale)
        cases.append({"input": {"size": size, "frame": frame}, "output": crop(size, frame)})
    return cases


def transition_cases(rnd, count):
    cases = []
    for i in range(count):
        size = random_size(rnd)
        frm = [px(rnd.uniform(0, 300), 2), px(rnd.uniform(0, 600), 2), 70.0, 70.0]
        to = [0.0, px(rnd.uniform(0, 200), 2), 375.0, px(rnd.uniform(100, 1200), 2)]
        if i % 12 == 0:
            frm = None
        progresses = [-0.05, 0.0] + [rnd.uniform(0, 1) for _ in range(6)] + [1.0, 1.08]
        cases.append({"input": {"size": size, "from": frm, "to": to, "progresses": progresses},
                      "output": transition_crops(size, frm, to, progresses)})
    return cases


def card_cases(rnd, count):
    urls = ["https://wx1.sinaimg.cn/orj480/a.jpg", "", None]
    cases = []
    for _ in range(count):
        info = {}
        k = rnd.random()
        if k < 0.4:
            info["object_type"] = "video"
        elif k < 0.5:
            info["type"] = "video"
        elif k < 0.7:
            info["object_type"] = "webpage"
        url = rnd.choice(urls)
        if url is not None:
            pic = {"url": url}
            if rnd.random() < 0.6:
                pic["width"], pic["height"] = rnd.choice([(480, 270), (300, 300), (270, 480), (1080, 1920)])
            info["page_pic"] = pic
        if rnd.random() < 0.5:
            info["type_icon"] = rnd.choice(["https://h5.sinaimg.cn/upload/icon.png", ""])
        if rnd.random() < 0.7:
            info["page_title"] = rnd.choice(["A title", "", "视频标题"])
        if rnd.random() < 0.5:
            info["button"] = rnd.choice([{"pic": "https://h5.sinaimg.cn/b.png", "name": "Open"},
                                         {"pic": "", "name": "Open"}])
        scale = rnd.choice([1, 2, 3])
        if rnd.random() < 0.5:
            sizing = {"style": "classic", "item_size": rnd.choice([70.0, 80.0, 50.0]),
                      "spacing": rnd.choice([10.0, 4.0, 0.0])}
        else:
            sizing = {"style": "adaptive", "content_width": float(rnd.randint(320, 414)),
                      "spacing": rnd.choice([4.0, 2.0, 0.0, 3.5])}
        badge = rnd.choice([[48.0, 48.0], [48.0, 48.0], [33.0, 21.0]])
        cases.append({"input": {"page_info": info, "sizing": sizing, "scale": scale, "play_badge": badge},
                      "output": card(info, sizing, scale, badge)})
    return cases


def fixture():
    rnd = random.Random(SEED)
    groups = [("mosaic", mosaic_cases(rnd, 320)), ("justified", justified_cases(rnd, 120)),
              ("crop", crop_cases(rnd, 200)), ("transition", transition_cases(rnd, 60)),
              ("card", card_cases(rnd, 80))]
    dump = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"), allow_nan=False)
    parts = ['"%s": [\n%s\n]' % (name, ",\n".join(dump(c) for c in cases)) for name, cases in groups]
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "--check"
    text = fixture()
    if mode == "--write":
        os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
        with open(FIXTURE, "w") as f:
            f.write(text)
        print("wrote", os.path.relpath(FIXTURE))
        return 0
    if mode == "--check":
        try:
            with open(FIXTURE) as f:
                committed = f.read()
        except OSError:
            print("oracle_geometry: no fixture at", FIXTURE, "(run --write)")
            return 1
        if committed != text:
            print("oracle_geometry: the committed fixture differs from the contract's answers; rerun --write and review")
            return 1
        print("oracle_geometry: fixture matches (%d bytes)" % len(text))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
