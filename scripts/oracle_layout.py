#!/usr/bin/env python3
"""An independent oracle for docs/API.md §3–4: recomputes every sample's grid and card from the
raw JSON with Python's json module and compares them to the golden files the Swift tests check.

A second implementation, written from the contract's text (docs/API.md) rather than from the Swift code, so a
golden file recorded from a wrong rule is caught.

Usage:
  scripts/oracle_layout.py            compares the golden files (exit 1 on any difference, naming
                                      the first differing JSON pointer of each)
  scripts/oracle_layout.py --counts   lays out every sample (classic, and adaptive 355@3x) and
                                      prints how many statuses and retweets get a video card, a
                                      link card, and how many grid items a non-null crop

Cards (docs/API.md §4 "Cards"), as this oracle reads the text:
- `page_info` counts only as an object; anything else is no page_info, so no card.
- Kind `video` when `object_type` or `type` is exactly the string "video" (case-sensitive) and
  there is a cover; a number or any other string is "any other page_info". A video page_info
  without a cover falls to the link rule (a card when it has a type_icon or a title).
- `page_pic`: a non-empty string is the cover URL with no size; an object whose `url` is a
  non-empty string is the cover URL, its size `width`/`height` read as picture sides are
  (numbers or numeric strings, both positive, else no size); anything else is no cover.
- `type_icon`, `page_title`: non-empty strings, else absent.
- `buttons`: an array; the button is its first entry that is an object whose `pic` and `name`
  are non-empty strings (`icon_url` is `pic`, `title` is `name`); anything else is no button.
- Which status has a card: one whose `photos` is null (no picture read, whatever `pic_num`)
  and that has no `retweeted_status` object (one that has shows the retweet's media: its own
  card is null, and the retweet object gets the card from its own page_info). A retweet's own
  `retweeted_status` is ignored (one level of nesting), so it never hides the retweet's card.
- Sizes: classic L = 2s + g, Wc = 3s + 2g; adaptive c = px((W + g)/3 − g), L = 2c + g, Wc = W
  (s, g, W the grid options'). A video card: size (L, L), cover (0, 0, L, L), play_badge
  ((L − bw)/2, (L − bh)/2, bw, bh) for `play_badge_size` (bw, bh), default 48×48; type_icon,
  button, text_frame null. A link card: size (Wc, 70), type_icon (0, 0, 25, 25), cover
  (0, 0, 100, 70) with a type_icon else (0, 0, 70, 70), button (Wc − 60, 0, 60, 70),
  text_frame (x0, 0, max(0, x1 − x0), 70) with x0 = (cover ? (icon ? 100 : 70) : (icon ? 42 :
  0)) + 10, x1 = Wc − (button ? 60 : 0) − 10; play_badge null. `title` is page_title or null.
- Every frame and size number is computed exactly and rounded once to the pixel grid; the
  cover's crop is the grid items' crop rule on the rounded cover frame and page_pic's size.
- `card` follows `photos` in every status and retweet object.

Mosaic (docs/API.md §4 "`mosaic`"), as this oracle reads the text:
- The frames, sides and fallback are `oracle_geometry.mosaic` (written from the same text on its
  own), given each shown picture's crop size (`asize`: bmiddle, else thumbnail, else the size
  is_long is judged by; none is an unknown size); `keep_size` plays no part.
- n = min(pictures, max_items, 10) with max_items 10 unless given, g = 2 and m = 100 unless given.
- `columns` and `rows` are null; each item has `sides` (top, left, bottom, right order) unless the
  grid fell back to adaptive, when no item has the member. Badges are 28x18 at each frame's
  bottom-right corner, rounded once; crops on the frames; total, more and "+N" as for the
  other styles.
- Cards are sized as adaptive ones, with the mosaic's W and g.
"""
import json, math, os, re, sys, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_geometry import mosaic  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "Tests", "PhotoLayoutTests", "Fixtures")
SIZE = re.compile(r"^(thumbnail|bmiddle|large|largest|original|woriginal|square|small|middle|(or|orj|wap|thumb|mw)[0-9]+)$")


def px(v, scale):
    # Half away from zero; values a few ulps short of an exact half pixel count as that half
    # (the same 1e-9 relative tolerance PixelGrid documents).
    p = abs(v) * scale
    r = math.floor(p + 1e-9 * max(1, p) + 0.5) / scale
    return math.copysign(r, v) if r else 0


def replace(url, target):
    m = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*|//[^/?#]*)?([^?#]*)(.*)$", url)
    prefix, path, rest = m.group(1) or "", m.group(2), m.group(3)
    parts = path.split("/")
    for i, seg in enumerate(parts[:-1]):
        if SIZE.match(seg):
            parts[i] = target
            return prefix + "/".join(parts) + rest
    return url


def num(v):
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        try:
            f = float(v)
            return f if math.isfinite(f) else None
        except ValueError:
            return None
    return None


def size(var):
    if not isinstance(var, dict):
        return None
    w, h = num(var.get("width")), num(var.get("height"))
    return (w, h) if w and h and w > 0 and h > 0 else None


def is_gif_path(url):
    return re.split(r"[?#]", url)[0].lower().endswith(".gif")


def pid_gif(pid):
    return isinstance(pid, str) and len(pid) > 21 and pid[21] == "g"


def pid_picture(pid):
    # Weibo's web client: host wx{crc32 % 4 + 1}, gif when the pid's index 21 is "g".
    host = "https://wx%d.sinaimg.cn" % (zlib.crc32(pid.encode("utf-8")) % 4 + 1)
    ext = "gif" if pid_gif(pid) else "jpg"
    u = lambda size: "%s/%s/%s.%s" % (host, size, pid, ext)
    return dict(thumbnail_url=u("thumbnail"), bmiddle_url=u("bmiddle"), large_url=u("large"),
                kind="gif" if pid_gif(pid) else "image", is_long=False, keep=False, asize=None)


def geo(g):
    return size(g)


def pics_list(pics):
    if isinstance(pics, list):
        return [p for p in pics if isinstance(p, dict)]
    if isinstance(pics, dict):
        keys = [k for k in pics if re.fullmatch(r"[0-9]+", k)]
        keys.sort(key=lambda k: (len(k.lstrip("0")), k.lstrip("0"), k))
        return [pics[k] for k in keys if isinstance(pics[k], dict)]
    return []


def from_pics(st):
    out = []
    for p in pics_list(st.get("pics")):
        url = p.get("url")
        if not isinstance(url, str) or not url:
            continue
        large = p.get("large") if isinstance(p.get("large"), dict) else {}
        sz = geo(large.get("geo")) or geo(p.get("geo"))
        # docs/API.md §4: the aspect is the bmiddle's (none here), else the thumbnail's (geo), else sz.
        aspect = geo(p.get("geo")) or sz
        lu = large.get("url") if isinstance(large.get("url"), str) and large.get("url") else None
        t = p.get("type").lower() if isinstance(p.get("type"), str) else None
        gif = t == "gif" or is_gif_path(url) or pid_gif(p.get("pid"))
        out.append(dict(thumbnail_url=url, bmiddle_url=replace(url, "bmiddle"), large_url=lu or replace(url, "large"),
                        kind="gif" if gif else "livephoto" if t == "livephoto" else "image",
                        is_long=bool(sz and sz[1] / sz[0] > 3), keep=False, asize=aspect))
    return out


def total(st, read):
    n = st.get("pic_num")
    if isinstance(n, bool):
        return read
    if isinstance(n, str):
        n = num(n) if re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", n) else None
    if isinstance(n, (int, float)) and float(n).is_integer() and 0 <= n <= 2**31 - 1:
        return max(read, int(n))
    return read


def pictures(st):
    out = []
    infos = st.get("pic_infos") if isinstance(st.get("pic_infos"), dict) else {}
    for pid in st.get("pic_ids") or []:
        info = infos.get(pid) if isinstance(pid, str) else None
        if not isinstance(info, dict):
            continue
        var = {k: info[k] for k in ("thumbnail", "bmiddle", "large", "largest", "original") if isinstance(info.get(k), dict)}
        url = lambda k: var.get(k, {}).get("url") if isinstance(var.get(k, {}).get("url"), str) and var[k]["url"] else None
        thumb = url("thumbnail") or next((replace(url(k), "thumbnail") for k in ("bmiddle", "large", "largest", "original") if url(k)), None)
        if not thumb:
            continue
        types = [t.lower() for t in [info.get("type")] + [v.get("type") for v in var.values()] if isinstance(t, str)]
        kind = "gif" if "gif" in types or is_gif_path(thumb) or pid_gif(pid) else "livephoto" if "livephoto" in types else "image"
        known = next((size(var.get(k)) for k in ("largest", "original", "large", "bmiddle") if size(var.get(k))), None)
        ks = info.get("keep_size")
        keep = bool(ks) if isinstance(ks, (bool, int, float)) else (num(ks) not in (None, 0) if isinstance(ks, str) else False)
        out.append(dict(thumbnail_url=thumb, bmiddle_url=url("bmiddle") or replace(thumb, "bmiddle"),
                        large_url=url("large") or url("largest") or url("original") or replace(thumb, "large"),
                        kind=kind, is_long=bool(known and known[1] / known[0] > 3), keep=keep,
                        asize=size(var.get("bmiddle")) or size(var.get("thumbnail")) or known))
    if out:
        return out
    out = from_pics(st)
    if out:
        return out
    urls = [p["thumbnail_pic"] for p in st.get("pic_urls") or [] if isinstance(p, dict) and isinstance(p.get("thumbnail_pic"), str) and p["thumbnail_pic"]]
    if not urls and isinstance(st.get("thumbnail_pic"), str) and st["thumbnail_pic"]:
        urls = [st["thumbnail_pic"]]
    if urls:
        return [dict(thumbnail_url=u, bmiddle_url=replace(u, "bmiddle"), large_url=replace(u, "large"),
                     kind="gif" if is_gif_path(u) else "image", is_long=False, keep=False, asize=None) for u in urls]
    return [pid_picture(p) for p in st.get("pic_ids") or [] if isinstance(p, str) and p]


def spacing(style, g):
    return g if g is not None else {"classic": 10, "adaptive": 4, "mosaic": 2}[style]


def grid(pics, style, W=None, scale=2, s=70, g=None, maxn=None, count=None, m=100):
    g = spacing(style, g)
    maxn = maxn if maxn is not None else 10 if style == "mosaic" else 9
    n = min(len(pics), maxn, 10 if style == "mosaic" else maxn)
    if n == 0:
        return None
    R = lambda x, y, w, h: {"x": px(x, scale), "y": px(y, scale), "width": px(w, scale), "height": px(h, scale)}
    frames = []
    sides = None
    if style == "mosaic":
        laid = mosaic([p["asize"] for p in pics[:n]], W, g, m, scale, maxn)
        frames, sides = [tuple(f) for f in laid["frames"]], laid["sides"]
        cols = rows = None
        gw, gh = laid["size"]
    elif style == "adaptive" and n == 1:
        p = pics[0]
        c = px((W + g) / 3 - g, scale)
        L = 2 * c + g
        if p["asize"] and not p["keep"]:
            w, h = p["asize"]
            fw, fh = (w / h * L, L) if w < h else (L, h / w * L)
        else:
            fw = fh = W / 2
        frames, cols, rows, gw, gh = [(0, 0, fw, fh)], 1, 1, fw, fh
    else:
        side = s if style == "classic" else px((W + g) / 3 - g, scale)
        k = 2 if n == 4 else 3
        frames = [((i % k) * (side + g), (i // k) * (side + g), side, side) for i in range(n)]
        cols, rows = min(n, k), math.ceil(n / k)
        gw, gh = cols * (side + g) - g, rows * (side + g) - g
    items = []
    for i, (p, f) in enumerate(zip(pics, frames)):
        b = "gif" if p["kind"] == "gif" else "long" if p["is_long"] else "live" if p["kind"] == "livephoto" else None
        x, y, w, h = f
        items.append({"index": i, "frame": R(*f), "crop": crop(p["asize"], R(*f)), "thumbnail_url": p["thumbnail_url"], "bmiddle_url": p["bmiddle_url"],
                      "large_url": p["large_url"], "kind": p["kind"], "is_gif": p["kind"] == "gif", "is_long": p["is_long"],
                      "badge": {"kind": b, "frame": R(x + w - 28, y + h - 18, 28, 18)} if b else None})
        if sides is not None:
            items[-1]["sides"] = sides[i]
    t = max(len(pics), count or 0)
    more = t - n
    label = {"text": "+%d" % more, "frame": items[-1]["frame"]} if more > 0 else None
    return {"size": {"width": px(gw, scale), "height": px(gh, scale)}, "columns": cols, "rows": rows,
            "total": t, "more": more, "more_label": label, "items": items}


def crop(asize, frame):
    """docs/API.md §4 "Crop": the unit rect of the picture (aspect a = w/h of its bmiddle, else its
    thumbnail, else the size is_long is judged by) that a cell of the output frame shows: the
    middle of a wider picture at full height, the top of a taller one at full width; None
    without a size or for a frame with a zero side."""
    if asize is None or frame["width"] == 0 or frame["height"] == 0:
        return None
    a = asize[0] / asize[1]
    c = frame["width"] / frame["height"]
    if a > c:
        q = c / a
        return {"x": (1 - q) / 2, "y": 0, "width": q, "height": 1}
    if a < c:
        return {"x": 0, "y": 0, "width": 1, "height": a / c}
    return {"x": 0, "y": 0, "width": 1, "height": 1}


def nonempty(v):
    return isinstance(v, str) and v != ""


def page_info(st):
    """The values of a status's `page_info` the card rule reads (see the module docstring), or
    None when it is not an object."""
    info = st.get("page_info")
    if not isinstance(info, dict):
        return None
    pic = info.get("page_pic")
    if nonempty(pic):
        cover = (pic, None)
    elif isinstance(pic, dict) and nonempty(pic.get("url")):
        cover = (pic["url"], size(pic))
    else:
        cover = None
    buttons = info.get("buttons") if isinstance(info.get("buttons"), list) else []
    button = next((b for b in buttons if isinstance(b, dict) and nonempty(b.get("pic")) and nonempty(b.get("name"))), None)
    return dict(video="video" in (info.get("type"), info.get("object_type")), cover=cover,
                icon=info.get("type_icon") if nonempty(info.get("type_icon")) else None,
                title=info.get("page_title") if nonempty(info.get("page_title")) else None,
                button=(button["pic"], button["name"]) if button else None)


def card(info, style, W=None, scale=2, s=70, g=None, play_badge=(48, 48)):
    """docs/API.md §4 "Cards": the card of page_info values (page_info above), or None."""
    if info is None:
        return None
    g = spacing(style, g)
    R = lambda x, y, w, h: {"x": px(x, scale), "y": px(y, scale), "width": px(w, scale), "height": px(h, scale)}
    if style == "classic":
        L, Wc = 2 * s + g, 3 * s + 2 * g
    else:
        L, Wc = 2 * px((W + g) / 3 - g, scale) + g, W
    cover, icon, button = info["cover"], info["icon"], info["button"]
    out = {"kind": None, "size": None, "cover": None, "play_badge": None, "type_icon": None, "button": None,
           "text_frame": None, "title": info["title"]}
    if info["video"] and cover:
        frame = R(0, 0, L, L)
        bw, bh = play_badge
        out.update(kind="video", size={"width": px(L, scale), "height": px(L, scale)},
                   cover={"frame": frame, "url": cover[0], "crop": crop(cover[1], frame)},
                   play_badge=R((L - bw) / 2, (L - bh) / 2, bw, bh))
        return out
    if not (cover or icon or info["title"]):
        return None
    out.update(kind="link", size={"width": px(Wc, scale), "height": px(70, scale)})
    if icon:
        out["type_icon"] = {"frame": R(0, 0, 25, 25), "url": icon}
    if cover:
        frame = R(0, 0, 100, 70) if icon else R(0, 0, 70, 70)
        out["cover"] = {"frame": frame, "url": cover[0], "crop": crop(cover[1], frame)}
    if button:
        out["button"] = {"frame": R(Wc - 60, 0, 60, 70), "icon_url": button[0], "title": button[1]}
    x0 = ((100 if icon else 70) if cover else (42 if icon else 0)) + 10
    x1 = Wc - (60 if button else 0) - 10
    out["text_frame"] = R(x0, 0, max(0, x1 - x0), 70)
    return out


def sid(st):
    if isinstance(st.get("idstr"), str):
        return st["idstr"]
    v = st.get("id")
    if isinstance(v, bool) or v is None:
        return None
    return v if isinstance(v, str) else str(v) if isinstance(v, int) else None


def pointer(*segments):
    """RFC 6901: each segment with "~" as "~0" and "/" as "~1", after a "/"."""
    return "".join("/" + str(seg).replace("~", "~0").replace("/", "~1") for seg in segments)


def statuses(doc):
    """docs/API.md §3's envelopes: statuses, a bare array, data.list/data.statuses, data.cards/cards.
    Each status with its JSON pointer in the document (docs/API.md §3's `source`): indices of the
    request's arrays, skipped entries counted; a card's own mblog before its card_group's."""
    def present(obj, key):
        return isinstance(obj, dict) and obj.get(key) is not None
    def entries(array, *path):
        return [(pointer(*path, i), s) for i, s in enumerate(array) if isinstance(s, dict)]
    def cards(cs, *path):
        out = []
        for i, c in enumerate(cs):
            if not isinstance(c, dict):
                continue
            if isinstance(c.get("mblog"), dict):
                out.append((pointer(*path, i, "mblog"), c["mblog"]))
            group = c.get("card_group") if isinstance(c.get("card_group"), list) else []
            for j, inner in enumerate(group):
                if isinstance(inner, dict) and isinstance(inner.get("mblog"), dict):
                    out.append((pointer(*path, i, "card_group", j, "mblog"), inner["mblog"]))
        return out
    if isinstance(doc, list):
        return entries(doc)
    if present(doc, "statuses"):
        return entries(doc["statuses"], "statuses")
    if present(doc, "data"):
        d = doc["data"]
        for k in ("list", "statuses"):
            if present(d, k):
                return entries(d[k], "data", k)
        if present(d, "cards"):
            return cards(d["cards"], "data", "cards")
    if present(doc, "cards"):
        return cards(doc["cards"], "cards")
    raise ValueError("no envelope")


def photos(st, style, W=None, scale=2, s=70, g=None, maxn=None, play_badge=(48, 48)):
    pics = pictures(st)
    return grid(pics, style, W=W, scale=scale, s=s, g=g, maxn=maxn, count=total(st, len(pics)))


def media(st, retweet, **kw):
    """A status's (or retweet's) `photos` and `card`: the card only when there is no grid and,
    for a status, no retweet (whose media it shows instead)."""
    grid_ = photos(st, **kw)
    shown = grid_ is None and retweet is None
    sizing = {k: v for k, v in kw.items() if k != "maxn"}
    return {"photos": grid_, "card": card(page_info(st), **sizing) if shown else None}


def layout(doc, **kw):
    out = []
    for source, st in statuses(doc):
        rt = st.get("retweeted_status") if isinstance(st.get("retweeted_status"), dict) else None
        retweet_source = source + pointer("retweeted_status")
        out.append({"id": sid(st), "source": source, **media(st, rt, **kw),
                    "retweeted": {"id": sid(rt), "source": retweet_source, **media(rt, None, **kw)}
                    if rt is not None else None})
    return {"statuses": out}


def difference(a, b, path=""):
    """The JSON pointer of the first place two JSON values differ, with both sides there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in b or k not in a:
                return path + pointer(k), a.get(k, "(missing)"), b.get(k, "(missing)")
            d = difference(a[k], b[k], path + pointer(k))
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = difference(x, y, path + pointer(i))
            if d:
                return d
        return None if len(a) == len(b) else (path, "%d entries" % len(a), "%d entries" % len(b))
    return None if a == b else (path, a, b)


SAMPLES = ("client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
           "m-weibo-cn-container")


def load(sample):
    path = sample if "/" in sample else os.path.join("samples", sample)
    with open(os.path.join(ROOT, path + ".json")) as f:
        return json.load(f)


def counts():
    """--counts: per sample and style, the cards by kind (statuses and retweets) and the grid
    items with a crop."""
    total_ = {}
    for style, kw in (("classic", dict(style="classic")), ("adaptive-355@3x", dict(style="adaptive", W=355, scale=3))):
        for sample in SAMPLES:
            objects = []
            for st in layout(load(sample), **kw)["statuses"]:
                objects += [st] + ([st["retweeted"]] if st["retweeted"] else [])
            kinds = [o["card"]["kind"] for o in objects if o["card"]]
            crops = sum(1 for o in objects if o["photos"] for item in o["photos"]["items"] if item["crop"] is not None)
            row = (kinds.count("video"), kinds.count("link"), crops)
            total_[style] = tuple(a + b for a, b in zip(total_.get(style, (0, 0, 0)), row))
            print("%-16s %-24s video cards %2d  link cards %2d  items with a crop %3d" % ((style, sample) + row))
        print("%-16s %-24s video cards %2d  link cards %2d  items with a crop %3d" % ((style, "all") + total_[style]))
    return 0


def main():
    if sys.argv[1:] == ["--counts"]:
        return counts()
    if sys.argv[1:]:
        print(__doc__)
        return 2
    cases = [(n, n + ".classic", dict(style="classic")) for n in SAMPLES]
    cases += [(n, n + ".adaptive-355@3x", dict(style="adaptive", W=355, scale=3))
              for n in ("client-api-timeline", "weibo-com-web-ajax", "m-weibo-cn-container")]
    # Hand-written timelines of one rule each, beside the samples (Fixtures/timelines).
    cases += [("timelines/adaptive-single-aspect", "adaptive-single-aspect.adaptive-355@2x",
               dict(style="adaptive", W=355, scale=2))]
    # page_info read leniently, and which status or retweet shows a card (docs/API.md §4 "Cards").
    cases += [("timelines/page-info-cards", "page-info-cards.classic", dict(style="classic")),
              ("timelines/page-info-cards", "page-info-cards.adaptive-355@3x", dict(style="adaptive", W=355, scale=3))]
    # The mosaic of every sample (docs/API.md §4 "`mosaic`").
    cases += [(n, n + ".mosaic-355@3x", dict(style="mosaic", W=355, scale=3)) for n in SAMPLES]
    failures = 0
    for sample, golden, kw in cases:
        expected = layout(load(sample), **kw)
        try:
            with open(os.path.join(ROOT, "golden", golden + ".json")) as f:
                actual = json.load(f)
        except FileNotFoundError:
            failures += 1
            flags = (" --style %s --content-width %g --scale %d" % (kw["style"], kw["W"], kw["scale"])
                     if kw["style"] != "classic" else "")
            fixtures = os.path.relpath(ROOT, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
            print("FAIL", golden, "(no golden file; the service records it, from the repository's root, byte for "
                  "byte as the Swift tests compare:")
            print("  .build/debug/timeline-layout layout --pretty%s %s/%s.json > %s/golden/%s.json)"
                  % (flags, fixtures, sample, fixtures, golden))
            continue
        d = difference(expected, actual)
        failures += d is not None
        print(("ok  " if d is None else "FAIL"), golden)
        if d is not None:
            where, a, b = d
            print("  first difference at %s" % (where or "the root"))
            print("  oracle:", json.dumps(a, ensure_ascii=False)[:600])
            print("  golden:", json.dumps(b, ensure_ascii=False)[:600])
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
