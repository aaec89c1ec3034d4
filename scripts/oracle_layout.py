#!/usr/bin/env python3
"""An independent oracle for docs/API.md §3–4: recomputes every sample's grid from the raw JSON
with Python's json module and compares it to the golden files the Swift tests check.

A second implementation, written from the contract's text (docs/API.md) rather than from the Swift code, so a
golden file recorded from a wrong rule is caught. Usage: scripts/oracle_layout.py (exit 1 on
any difference)."""
import json, math, os, re, sys, zlib

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


def grid(pics, style, W=None, scale=2, s=70, maxn=9, count=None):
    g = 10 if style == "classic" else 4
    n = min(len(pics), maxn)
    if n == 0:
        return None
    R = lambda x, y, w, h: {"x": px(x, scale), "y": px(y, scale), "width": px(w, scale), "height": px(h, scale)}
    frames = []
    if style == "adaptive" and n == 1:
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


def photos(st, **kw):
    pics = pictures(st)
    return grid(pics, count=total(st, len(pics)), **kw)


def layout(doc, **kw):
    out = []
    for source, st in statuses(doc):
        rt = st.get("retweeted_status") if isinstance(st.get("retweeted_status"), dict) else None
        retweet_source = source + pointer("retweeted_status")
        out.append({"id": sid(st), "source": source, "photos": photos(st, **kw),
                    "retweeted": {"id": sid(rt), "source": retweet_source, "photos": photos(rt, **kw)}
                    if rt is not None else None})
    return {"statuses": out}


def main():
    samples = ("client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
               "m-weibo-cn-container")
    cases = [(n, n + ".classic", dict(style="classic")) for n in samples]
    cases += [(n, n + ".adaptive-355@3x", dict(style="adaptive", W=355, scale=3))
              for n in ("client-api-timeline", "weibo-com-web-ajax", "m-weibo-cn-container")]
    # Hand-written timelines of one rule each, beside the samples (Fixtures/timelines).
    cases += [("timelines/adaptive-single-aspect", "adaptive-single-aspect.adaptive-355@2x",
               dict(style="adaptive", W=355, scale=2))]
    failures = 0
    for sample, golden, kw in cases:
        path = sample if "/" in sample else os.path.join("samples", sample)
        doc = json.load(open(os.path.join(ROOT, path + ".json")))
        expected = layout(doc, **kw)
        actual = json.load(open(os.path.join(ROOT, "golden", golden + ".json")))
        ok = expected == actual
        failures += not ok
        print(("ok  " if ok else "FAIL"), golden)
        if not ok:
            for a, b in zip(expected["statuses"], actual["statuses"]):
                if a != b:
                    print("  oracle:", json.dumps(a)[:600]); print("  golden:", json.dumps(b)[:600]); break
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
