#!/usr/bin/env python3
"""The playground (GET /) in a real browser: headless Chromium, driven by selenium.

Usage: scripts/browser_test.py BASE_URL [--screenshot PATH]

Loads BASE_URL, picks the client-api sample, lays it out (classic, then adaptive), and checks
that every drawn grid, thumbnail and badge sits at the frame of a POST /v1/timeline/layout this
script makes itself for the same body; opens a thumbnail (ease, then spring), checks the
overlay ends at the API's pages[index].photo_frame, closes it again; checks the round trip
shown is the request's own and the page's icon is served; draws video and link cards at their
frames (those of the service's answers, and of a layout written by hand from docs/API.md §4
"Cards" put in place of one); shows a problem+json in the page,
in view while scrolled to the bottom; checks that the page is under 100 KB (samples are fetched
when picked), that no status text shows HTML markup (the m.weibo.cn and weibo.com samples send
HTML) and that the sample menu follows a paste; offers the mosaic style (drawing the service's
mosaic and a mosaic written by hand, with the outer corners its items' `sides` name rounded); lays the sample's pictures out as justified albums
(every picture, one status's) and checks each box against a direct POST /v1/album/layout; saves
a 1280x900 PNG screenshot, and one of the album beside it (NAME-album.png). One line per check, then `N passed, N failed`;
exit 1 on any failure, 2 when the browser cannot be started.

Needs Debian's `chromium` and `chromium-driver` (installed here with apt-get when missing and
running as root) and selenium (scripts/test-requirements.txt). The browser resolves no host but
the server's, so the test sends no traffic beyond it (the sample pictures are on sinaimg.cn).
"""
import argparse
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import time
from html.parser import HTMLParser
import urllib.error
import urllib.parse
import urllib.request

WIDTH, HEIGHT = 1280, 900
SAMPLE = "client-api-timeline"
SAMPLES = ["client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
           "m-weibo-cn-container"]
MORE_SAMPLE = "m-weibo-cn-container"  # a status with pic_num 13 and nine pics: a "+4"
TOLERANCE = 0.01
# Chromium lays out in 1/64 px units: a frame on a 3x pixel grid (a third of a point) is drawn up to
# 1/128 px off, and a part's position relative to its card, two such edges, up to 1/64.
CARD_TOLERANCE = 1 / 32
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
# The browser and its driver, and fonts for the samples' Chinese text and emoji (for the screenshot).
PACKAGES = ["chromium", "chromium-driver", "fonts-wqy-microhei", "fonts-noto-color-emoji"]

# An element's window frame, exact (offsetLeft & co. are whole pixels).
RECT_JS = """const rect = (n) => {
    const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
};
"""
# Frames of every drawn grid, thumb and badge: window rects, and thumbs/badges relative to their grid.
DRAWN_JS = RECT_JS + """
return [...document.querySelectorAll('[data-role="grid"]')].map((g) => {
    const o = rect(g);
    const rel = (n) => { const r = rect(n); return {x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height}; };
    const part = (role) => [...g.querySelectorAll(`[data-role="${role}"]`)].map((n) => ({
        index: Number(n.dataset.index), kind: n.dataset.kind, frame: rel(n),
        crop: n.dataset.crop ? JSON.parse(n.dataset.crop) : null,
        image: (() => { const i = n.querySelector('img'); return i ? rel(i) : null; })(),
        offset: {x: n.offsetLeft, y: n.offsetTop, width: n.offsetWidth, height: n.offsetHeight}}));
    const more = [...g.querySelectorAll('[data-role="more"]')].map((n) => ({text: n.textContent, frame: rel(n)}));
    return {status: Number(g.dataset.status), which: g.dataset.which, size: {width: o.width, height: o.height},
            thumbs: part('thumb'), badges: part('badge'), more};
});
"""

# Cards (docs/API.md §4 "Cards"): every part of a drawn card, relative to the card.
CARDS_JS = RECT_JS + """
return [...document.querySelectorAll('[data-role="card"]')].map((c) => {
    const o = rect(c);
    const rel = (n) => { const r = rect(n); return {x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height}; };
    const part = (role) => {
        const n = c.querySelector(`[data-role="${role}"]`);
        if (!n) return null;
        const img = n.querySelector('img');
        return {frame: rel(n), text: n.textContent, crop: n.dataset.crop ? JSON.parse(n.dataset.crop) : null,
                src: img ? img.getAttribute('src') : null, image: img ? rel(img) : null};
    };
    return {status: Number(c.dataset.status), which: c.dataset.which, kind: c.dataset.kind,
            size: {width: o.width, height: o.height}, cover: part('card-cover'), play_badge: part('card-play'),
            type_icon: part('card-icon'), text_frame: part('card-text'), button: part('card-button'),
            note: !!c.parentNode.querySelector(':scope > .nogrid')};
});
"""

# A timeline of statuses without pictures, and the layout docs/API.md §4 "Cards" gives it, written by
# hand from the section's numbers (classic: s = 70, g = 10, scale 2, so L = 2s + g = 150 and Wc =
# 3s + 2g = 230), put in place of the service's answer: the page must draw any card it is given.
CARD_URL = "https://wx1.sinaimg.cn/orj480/"
CARD_TIMELINE = {"statuses": [
    {"idstr": "video", "text": "a video, cover 480×270", "page_info": {"object_type": "video", "page_title": "A video",
     "page_pic": {"url": CARD_URL + "v1.jpg", "width": 480, "height": 270}}},
    {"idstr": "link", "text": "a link with an icon, a cover and a button", "page_info": {
     "object_type": "webpage", "page_title": "A page", "type_icon": CARD_URL + "icon.png",
     "page_pic": {"url": CARD_URL + "l1.jpg", "width": 300, "height": 300},
     "buttons": [{"pic": CARD_URL + "b.png", "name": "Open"}]}},
    {"idstr": "with-retweet", "text": "a retweet's card",
     "retweeted_status": {"idstr": "retweeted-link", "text": "a title alone", "page_info": {"page_title": "Retweeted page"}}},
    {"idstr": "video-adaptive", "text": "a video as adaptive 355@3x sizes it, no title",
     "page_info": {"type": "video", "page_pic": CARD_URL + "v2.jpg"}},
    {"idstr": "link-portrait-cover", "text": "a link, portrait cover 270×480, no icon", "page_info": {
     "object_type": "topic", "page_title": "#topic#", "page_pic": {"url": CARD_URL + "l2.jpg", "width": 270, "height": 480}}},
    {"idstr": "nothing", "text": "no pictures, no page_info"},
]}


def _frame(x, y, width, height):
    return {"x": x, "y": y, "width": width, "height": height}


def _card(kind, size, cover=None, play_badge=None, type_icon=None, button=None, text_frame=None, title=None):
    return {"kind": kind, "size": {"width": size[0], "height": size[1]}, "cover": cover, "play_badge": play_badge,
            "type_icon": type_icon, "button": button, "text_frame": text_frame, "title": title}


# Adaptive W = 355, g = 4, scale 3: c = px((355 + 4)/3 − 4) = 347/3, L = 2c + g = 706/3.
L3 = 706 / 3
CARD_LAYOUT = {"statuses": [
    {"id": "video", "source": "/statuses/0", "photos": None, "card": _card(
        "video", (150, 150), title="A video", play_badge=_frame(51, 51, 48, 48),  # ((150 − 48)/2, …)
        # a = 480/270 > c = 1: q = c/a = 0.5625, the middle {(1 − q)/2, 0, q, 1}
        cover={"frame": _frame(0, 0, 150, 150), "url": CARD_URL + "v1.jpg",
               "crop": {"x": 0.21875, "y": 0, "width": 0.5625, "height": 1}}), "retweeted": None},
    {"id": "link", "source": "/statuses/1", "photos": None, "card": _card(
        "link", (230, 70), title="A page", type_icon={"frame": _frame(0, 0, 25, 25), "url": CARD_URL + "icon.png"},
        # with an icon the cover is 100×70: a = 1 < c = 100/70, q = a/c = 0.7, the top
        cover={"frame": _frame(0, 0, 100, 70), "url": CARD_URL + "l1.jpg",
               "crop": {"x": 0, "y": 0, "width": 1, "height": 0.7}},
        button={"frame": _frame(170, 0, 60, 70), "icon_url": CARD_URL + "b.png", "title": "Open"},
        text_frame=_frame(110, 0, 50, 70)), "retweeted": None},  # from 100 + 10 to 230 − 60 − 10
    {"id": "with-retweet", "source": "/statuses/2", "photos": None, "card": None, "retweeted": {
        "id": "retweeted-link", "source": "/statuses/2/retweeted_status", "photos": None,
        "card": _card("link", (230, 70), title="Retweeted page", text_frame=_frame(10, 0, 210, 70))}},
    {"id": "video-adaptive", "source": "/statuses/3", "photos": None, "card": _card(
        "video", (L3, L3), cover={"frame": _frame(0, 0, L3, L3), "url": CARD_URL + "v2.jpg", "crop": None},
        play_badge=_frame(281 / 3, 281 / 3, 48, 48)), "retweeted": None},  # (L − 48)/2 = 281/3
    {"id": "link-portrait-cover", "source": "/statuses/4", "photos": None, "card": _card(
        "link", (230, 70), title="#topic#", text_frame=_frame(80, 0, 140, 70),  # from 70 + 10 to 230 − 10
        cover={"frame": _frame(0, 0, 70, 70), "url": CARD_URL + "l2.jpg",
               "crop": {"x": 0, "y": 0, "width": 1, "height": 0.5625}}), "retweeted": None},  # a = 0.5625 < c = 1
    {"id": "nothing", "source": "/statuses/5", "photos": None, "card": None, "retweeted": None},
]}


class Checks:
    """Collects one line per check and the final count."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, name, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(("ok   " if ok else "FAIL ") + name + (f": {detail}" if detail else ""), flush=True)
        return ok


def close(a, b, tolerance=TOLERANCE):
    return abs(a - b) <= tolerance


def same_frame(a, b, tolerance=TOLERANCE):
    return a is not None and b is not None and all(close(a[k], b[k], tolerance) for k in ("x", "y", "width", "height"))


def px(value, scale):
    """API.md §4's pixel grid: the nearest 1/scale, half away from zero."""
    return math.copysign(math.floor(abs(value) * scale + 0.5) / scale, value)


def on_grid(frame, scale):
    return {k: px(frame[k], scale) for k in ("x", "y", "width", "height")}


def fmt(frame):
    return "null" if frame is None else "({x:g}, {y:g}, {width:g}×{height:g})".format(**frame)


def post(base, path, body):
    request = urllib.request.Request(urllib.parse.urljoin(base, path), data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


# ---- the browser ----------------------------------------------------------------------------------

def installed(package):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return result.returncode == 0 and "install ok installed" in result.stdout


def ensure_chromium():
    """Installs Debian's chromium, its driver and the fonts when missing (as root); else says how."""
    missing = [p for p in PACKAGES if not installed(p)] if shutil.which("dpkg-query") else []
    if not missing and os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK):
        return True
    command = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *(missing or PACKAGES[:2])]
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        print("browser_test: needs Debian's packages: sudo " + " ".join(command), file=sys.stderr)
        return os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)
    print("browser_test: installing " + " ".join(command[5:]), file=sys.stderr)
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=environment)
    subprocess.run(command, check=False, env=environment, stdout=subprocess.DEVNULL)
    return os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)


def start_browser(base):
    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium-manager look for drivers online
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    host = urllib.parse.urlsplit(base).hostname
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--window-size={WIDTH},{HEIGHT}", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps",
                 # Only the server's host resolves: the pictures' hosts fail at once, nothing leaves the machine.
                 f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {host}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    driver.set_script_timeout(10)
    return driver


def wait_for(driver, script, what, timeout=10.0):
    """Polls a JS expression until truthy; returns its value, or None after the timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script("return " + script)
        if value:
            return value
        time.sleep(0.05)
    print(f"     (timed out after {timeout:g} s waiting for {what})", flush=True)
    return None


def set_control(driver, element_id, value):
    driver.execute_script("""
        const input = document.getElementById(arguments[0]);
        input.value = arguments[1];
        input.dispatchEvent(new Event('change', {bubbles: true}));""", element_id, value)


def lay_out(driver):
    """Clicks "Lay out" and waits for the page to draw the response; returns the page's state."""
    driver.execute_script("window.__lastLayout = null; window.__lastRequest = null;")
    driver.find_element("id", "layout").click()
    return wait_for(driver, "document.body.dataset.state !== 'loading' && document.body.dataset.state", "the layout")


# ---- the checks -----------------------------------------------------------------------------------

def check_layout(driver, base, checks, label, options, sample_doc):
    for element_id in ("content_width", "item_size", "spacing", "max_items", "min_item_width"):
        set_control(driver, element_id, "")
    for key, value in options.items():
        set_control(driver, key, str(value))
    state = lay_out(driver)
    if not checks.check(state == "ready", f"{label}: page laid the sample out", f"state {state}"):
        return None
    # The page sends the document as it is (any envelope), with the options beside it.
    body = dict(sample_doc, options=options) if isinstance(sample_doc, dict) else {"statuses": sample_doc, "options": options}
    sent = driver.execute_script("return window.__lastRequest")
    checks.check(sent == body, f"{label}: page sent the sample with options {json.dumps(options)}",
                 "" if sent == body else f"sent options {json.dumps(sent.get('options'))}")
    status, expected = post(base, "v1/timeline/layout", body)
    drawn_layout = driver.execute_script("return window.__lastLayout")
    checks.check(status == 200 and expected == drawn_layout,
                 f"{label}: page drew the response of a direct POST /v1/timeline/layout", f"HTTP {status}")
    if status != 200:
        return None

    grids = {}
    for position, out in enumerate(expected["statuses"]):
        if out["photos"]:
            grids[(position, "status")] = out["photos"]
        if out["retweeted"] and out["retweeted"]["photos"]:
            grids[(position, "retweeted")] = out["retweeted"]["photos"]
    drawn = {(g["status"], g["which"]): g for g in driver.execute_script(DRAWN_JS)}
    checks.check(set(drawn) == set(grids), f"{label}: one grid container per non-null grid",
                 f"{len(drawn)} drawn, {len(grids)} from the API")

    problems, thumbs, badges, offsets, crops = [], 0, 0, [], []
    for key, grid in sorted(grids.items()):
        page = drawn.get(key)
        if page is None:
            continue
        where = f"status {key[0]} {key[1]}"
        if not (close(page["size"]["width"], grid["size"]["width"])
                and close(page["size"]["height"], grid["size"]["height"])):
            problems.append(f"{where} grid size {page['size']} != {grid['size']}")
        drawn_thumbs = {t["index"]: t for t in page["thumbs"]}
        if sorted(drawn_thumbs) != [item["index"] for item in grid["items"]]:
            problems.append(f"{where} thumbs {sorted(drawn_thumbs)}")
        for item in grid["items"]:
            thumb = drawn_thumbs.get(item["index"])
            thumbs += 1
            if thumb is None or not same_frame(thumb["frame"], item["frame"]):
                problems.append(f"{where} item {item['index']} at {fmt(thumb and thumb['frame'])}, "
                                f"API {fmt(item['frame'])}")
            elif any(abs(thumb["offset"][k] - item["frame"][k]) > 0.5 for k in item["frame"]):
                offsets.append(f"{where} item {item['index']} offset {thumb['offset']}")
            if thumb is not None:
                crops.append((where, item, thumb))
        want = {item["index"]: item["badge"] for item in grid["items"] if item["badge"]}
        got = {b["index"]: b for b in page["badges"]}
        badges += len(want)
        if sorted(got) != sorted(want):
            problems.append(f"{where} badges on {sorted(got)}, API {sorted(want)}")
        for index, badge in want.items():
            if index in got and not (got[index]["kind"] == badge["kind"]
                                     and same_frame(got[index]["frame"], badge["frame"])):
                problems.append(f"{where} badge {index} {got[index]['kind']} at {fmt(got[index]['frame'])}, "
                                f"API {badge['kind']} at {fmt(badge['frame'])}")
    checks.check(not problems and thumbs > 0,
                 f"{label}: {len(grids)} grids, {thumbs} thumbs and {badges} badges drawn at the API's frames "
                 f"(±{TOLERANCE})", "; ".join(problems[:5]))
    checks.check(not offsets, f"{label}: offsetLeft/Top/Width/Height agree (whole pixels, ±0.5)",
                 "; ".join(offsets[:5]))
    # Each cell shows the item's crop: its image is laid out so that the crop fills the cell
    # (the image's own frame, relative to the grid, is the cell scaled by 1/crop and shifted).
    wrong_crops = []
    for where, item, thumb in crops:
        crop, cell, image = item["crop"], item["frame"], thumb["image"]
        if thumb["crop"] != crop:
            wrong_crops.append(f"{where} item {item['index']} data-crop {thumb['crop']}, API {crop}")
        elif crop and image:
            want = {"x": cell["x"] - crop["x"] / crop["width"] * cell["width"],
                    "y": cell["y"] - crop["y"] / crop["height"] * cell["height"],
                    "width": cell["width"] / crop["width"], "height": cell["height"] / crop["height"]}
            # Chromium lays out in 1/64 px units: a size of 100/crop % rounds to one of them.
            if any(abs(image[k] - want[k]) > 1 / 32 for k in want):
                wrong_crops.append(f"{where} item {item['index']} image at {fmt(image)}, crop wants {fmt(want)}")
    cropped = sum(1 for _, item, _ in crops if item["crop"])
    checks.check(not wrong_crops, f"{label}: {cropped} of {len(crops)} cells show the API's crop",
                 "; ".join(wrong_crops[:5]))
    labels = [(key, grid["more_label"]) for key, grid in sorted(grids.items()) if grid["more_label"]]
    wrong = [f"status {key[0]} {key[1]}" for key, want in labels
             if key not in drawn or len(drawn[key]["more"]) != 1 or drawn[key]["more"][0]["text"] != want["text"]
             or not same_frame(drawn[key]["more"][0]["frame"], want["frame"])]
    extra = sum(len(g["more"]) for g in drawn.values()) - len(labels)
    checks.check(not wrong and extra == 0, f"{label}: {len(labels)} \"+N\" labels drawn over their last cells",
                 "; ".join(wrong[:5]) + (f"; {extra} extra" if extra else ""))
    cards, problems = card_problems(driver, expected)
    checks.check(not problems, f"{label}: {len(cards)} cards drawn at the API's frames (±1/32)", "; ".join(problems[:5]))
    return grids


def card_problems(driver, layout):
    """What differs between the cards drawn and a layout's cards: one card per non-null `card` of a
    status or retweet without a grid, of its kind and size, each part present when the card has it,
    at its frame, the cover showing its crop and URL, the titles shown. Returns (cards, problems)."""
    cards = {}
    for position, out in enumerate(layout["statuses"]):
        for which, media in (("status", out), ("retweeted", out.get("retweeted"))):
            if media and media.get("card") and not media.get("photos"):
                cards[(position, which)] = media["card"]
    drawn = {(c["status"], c["which"]): c for c in driver.execute_script(CARDS_JS)}
    problems = [] if set(drawn) == set(cards) else [f"cards drawn for {sorted(drawn)}, API {sorted(cards)}"]
    for key, card in sorted(cards.items()):
        page = drawn.get(key)
        if page is None:
            continue
        where = f"status {key[0]} {key[1]}"
        if page["kind"] != card["kind"] or page["note"] or not (
                close(page["size"]["width"], card["size"]["width"], CARD_TOLERANCE)
                and close(page["size"]["height"], card["size"]["height"], CARD_TOLERANCE)):
            problems.append(f"{where} {page['kind']} card of {page['size']}, API {card['kind']} of {card['size']}")
        for part in ("cover", "play_badge", "type_icon", "text_frame", "button"):
            want, got = card[part], page[part]
            frame = want and (want if part in ("play_badge", "text_frame") else want["frame"])
            if (want is None) != (got is None) or (got and not same_frame(got["frame"], frame, CARD_TOLERANCE)):
                problems.append(f"{where} {part} at {fmt(got and got['frame'])}, API {fmt(frame)}")
        cover, shown = card["cover"], page["cover"]
        if cover and shown:
            crop, image = cover["crop"], shown["image"]
            if shown["src"] != cover["url"] or shown["crop"] != crop:
                problems.append(f"{where} cover {shown['src']} crop {shown['crop']}, API {cover['url']} {crop}")
            elif crop and image:  # the image laid out so that the crop fills the cover, as in the grid
                cell = cover["frame"]
                want = {"x": cell["x"] - crop["x"] / crop["width"] * cell["width"],
                        "y": cell["y"] - crop["y"] / crop["height"] * cell["height"],
                        "width": cell["width"] / crop["width"], "height": cell["height"] / crop["height"]}
                if any(abs(image[k] - want[k]) > 1 / 32 for k in want):
                    problems.append(f"{where} cover image at {fmt(image)}, crop wants {fmt(want)}")
        if card["text_frame"] and page["text_frame"] and page["text_frame"]["text"] != (card["title"] or "(no title)"):
            problems.append(f"{where} text {page['text_frame']['text']!r}, title {card['title']!r}")
        button, shown = card["button"], page["button"]
        if button and shown and (shown["text"] != button["title"] or shown["src"] != button["icon_url"]):
            problems.append(f"{where} button {shown['text']!r} {shown['src']}, API {button}")
        icon, shown = card["type_icon"], page["type_icon"]
        if icon and shown and shown["src"] != icon["url"]:
            problems.append(f"{where} type icon {shown['src']}, API {icon['url']}")
        badge, cover = page["play_badge"], page["cover"]
        if badge and cover and not all(close(badge["frame"][a] + badge["frame"][b] / 2,
                                             cover["frame"][a] + cover["frame"][b] / 2, CARD_TOLERANCE)
                                       for a, b in (("x", "width"), ("y", "height"))):
            problems.append(f"{where} play badge {fmt(badge['frame'])} not centred on the cover {fmt(cover['frame'])}")
    return cards, problems


def answer_next_layout_with(driver, timeline, layout):
    """Puts `timeline` in the page's JSON box and makes the page's next POST /v1/timeline/layout
    answer `layout` (a layout written by hand) instead of the service; later requests go through."""
    driver.execute_script("""
        const area = document.getElementById('json');
        area.value = arguments[0];
        area.dispatchEvent(new Event('input', {bubbles: true}));
        const real = window.fetch, layout = arguments[1];
        window.fetch = (input, init) => {
            if (String(input) !== 'v1/timeline/layout') return real(input, init);
            window.fetch = real;
            return Promise.resolve(new Response(layout, {status: 200, headers: {'Content-Type': 'application/json'}}));
        };""", json.dumps(timeline, ensure_ascii=False), json.dumps(layout))


def check_written_cards(driver, checks):
    """A layout with cards, written by hand from docs/API.md §4, given to the page in place of the
    service's answer (fetch is wrapped for that one request): every card and part is drawn at its
    frame, a status with neither grid nor card keeps its note."""
    answer_next_layout_with(driver, CARD_TIMELINE, CARD_LAYOUT)
    state = lay_out(driver)
    drawn_layout = driver.execute_script("return window.__lastLayout")
    if not checks.check(state == "ready" and drawn_layout == CARD_LAYOUT,
                        "written cards: the page drew the layout given in place of the service's", f"state {state}"):
        return
    cards, problems = card_problems(driver, CARD_LAYOUT)
    kinds = [card["kind"] for card in cards.values()]
    checks.check(not problems and kinds.count("video") == 2 and kinds.count("link") == 3,
                 f"written cards: {kinds.count('video')} video and {kinds.count('link')} link cards, every part at its "
                 f"frame (±1/32), covers showing their crops, play badges centred", "; ".join(problems[:5]))
    notes = driver.execute_script(
        "return [...document.querySelectorAll('article.card')].map((a) => !!a.querySelector(':scope > .nogrid'))")
    checks.check(notes == [False, False, True, False, False, True],
                 "written cards: only the statuses with neither grid nor card (nor a retweet's card) say \"no pictures\"",
                 f"notes {notes}")


# ---- mosaic grids and the justified album (issue 30) ---------------------------------------------

# A status with three pictures and a grid shaped as docs/API.md §4's `mosaic` answer (`columns` and
# `rows` null, each item's `sides`): one wide cell over two (frames chosen by hand, spacing 2), put in
# place of the service's answer: the page must draw any mosaic it is given, corners rounded where
# two of an item's sides meet.
MOSAIC_URL = "https://wx1.sinaimg.cn/thumb180/"
MOSAIC_TIMELINE = {"statuses": [{"idstr": "mosaic", "text": "three pictures", "pic_ids": ["m1", "m2", "m3"]}]}


def _mosaic_item(index, frame, sides):
    return {"index": index, "frame": frame, "crop": None, "thumbnail_url": MOSAIC_URL + f"m{index + 1}.jpg",
            "bmiddle_url": None, "large_url": None, "kind": "image", "is_gif": False, "is_long": False,
            "badge": None, "sides": sides}


MOSAIC_LAYOUT = {"statuses": [{"id": "mosaic", "source": "/statuses/0", "card": None, "retweeted": None, "photos": {
    "size": {"width": 300, "height": 301}, "columns": None, "rows": None, "total": 3, "more": 0, "more_label": None,
    "items": [_mosaic_item(0, _frame(0, 0, 300, 150), ["top", "left", "right"]),
              _mosaic_item(1, _frame(0, 152, 149, 149), ["left", "bottom"]),
              _mosaic_item(2, _frame(151, 152, 149, 149), ["bottom", "right"])]}}]}

# The corner radii of every drawn thumb (top-left, top-right, bottom-right, bottom-left) and its sides.
CORNERS_JS = """
return [...document.querySelectorAll('[data-role="thumb"]')].map((n) => {
    const s = getComputedStyle(n);
    return {status: Number(n.dataset.status), which: n.dataset.which, index: Number(n.dataset.index),
            sides: n.dataset.sides ? n.dataset.sides.split(' ') : null,
            radii: [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius]
                .map((r) => parseFloat(r))};
});
"""


def corner_problems(driver, radius):
    """Thumbs with `sides` whose rounded corners are not exactly those where two of its sides meet."""
    problems, rounded = [], 0
    for thumb in driver.execute_script(CORNERS_JS):
        if thumb["sides"] is None:
            continue
        sides = set(thumb["sides"])
        want = [radius if {a, b} <= sides else 0
                for a, b in (("top", "left"), ("top", "right"), ("bottom", "right"), ("bottom", "left"))]
        rounded += sum(1 for r in want if r)
        if thumb["radii"] != want:
            problems.append(f"status {thumb['status']} {thumb['which']} item {thumb['index']} radii {thumb['radii']}, "
                            f"sides {sorted(sides)}")
    return problems, rounded


def check_mosaic(driver, base, checks, sample_doc):
    """The style menu offers mosaic, whose own field is `min_item_width`; the service's mosaic
    answer is drawn at its frames with rounded outer corners; a mosaic written by hand is drawn
    likewise."""
    styles = driver.execute_script("return [...document.querySelectorAll('#style option')].map((o) => o.value)")
    checks.check(styles == ["classic", "adaptive", "mosaic"], "the style menu offers classic, adaptive and mosaic",
                 f"options {styles}")
    set_control(driver, "style", "mosaic")
    fields = driver.execute_script("return ['content_width', 'item_size', 'max_items', 'min_item_width']"
                                   ".map((id) => !document.getElementById(id).disabled)")
    checks.check(fields == [True, False, False, True], "mosaic: content width and min item width enabled",
                 f"enabled {fields}")
    options = {"style": "mosaic", "content_width": 355, "scale": 2}
    for element_id in ("content_width", "spacing", "min_item_width"):
        set_control(driver, element_id, "")
    set_control(driver, "content_width", "355")
    state = lay_out(driver)
    grids = check_layout(driver, base, checks, "mosaic 355@2x", options, sample_doc) if state == "ready" else []
    problems, rounded = corner_problems(driver, 8)
    checks.check(state == "ready" and bool(grids) and not problems and rounded > 0,
                 f"mosaic 355@2x: {rounded} outer corners rounded, where two of an item's sides meet",
                 f"state {state}; " + "; ".join(problems[:5]))
    answer_next_layout_with(driver, MOSAIC_TIMELINE, MOSAIC_LAYOUT)
    state = lay_out(driver)
    drawn = driver.execute_script(DRAWN_JS)
    want = MOSAIC_LAYOUT["statuses"][0]["photos"]
    frames_ok = (state == "ready" and len(drawn) == 1 and [t["index"] for t in drawn[0]["thumbs"]] == [0, 1, 2]
                 and all(same_frame(t["frame"], item["frame"]) for t, item in zip(drawn[0]["thumbs"], want["items"]))
                 and close(drawn[0]["size"]["width"], 300) and close(drawn[0]["size"]["height"], 301))
    problems, rounded = corner_problems(driver, 8)
    title = driver.execute_script("const g = document.querySelector('[data-role=\"grid\"]'); return g && g.title")
    checks.check(frames_ok and not problems and rounded == 4 and title == "mosaic, 300×301 pt",
                 "written mosaic: 3 cells at their frames, the grid's 4 corners rounded, titled mosaic",
                 f"state {state}, {drawn and drawn[0]['thumbs']}, {problems}, title {title!r}")
    set_control(driver, "style", "classic")


def sample_pictures(status):
    """(width, height) of a client-API status's pictures and its retweet's, as the page sends them:
    each `pic_infos` entry in `pic_ids` order, its bmiddle size."""
    sizes = []
    for raw in (status, status.get("retweeted_status") or {}):
        infos = raw.get("pic_infos") or {}
        for key in raw.get("pic_ids") or list(infos):
            bmiddle = (infos.get(key) or {}).get("bmiddle") or {}
            sizes.append((float(bmiddle["width"]), float(bmiddle["height"])))
    return sizes


ALBUM_JS = RECT_JS + """
const box = document.querySelector('[data-role="album-box"]');
if (!box || document.getElementById('album').hidden) return null;
const o = rect(box);
return {size: {width: o.width, height: o.height}, items: [...box.querySelectorAll('[data-role="album-item"]')]
    .map((n) => { const r = rect(n); return {index: Number(n.dataset.index),
                                             frame: {x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height}}; })};
"""


def album_once(driver, base, checks, label, click_script, want_sizes, widow):
    """Clicks an album button; the request carries the pictures' sizes and the page's options, the
    page shows the answer of the same direct POST, and draws every box at its frame."""
    set_control(driver, "widow", widow)
    driver.execute_script("window.__lastAlbum = null; window.__lastAlbumRequest = null;")
    driver.execute_script(click_script)
    album = wait_for(driver, "window.__lastAlbum", f"the album of {label}")
    request = driver.execute_script("return window.__lastAlbumRequest") or {}
    sizes = [(p["width"], p["height"]) for p in request.get("photos", [])]
    checks.check(album is not None and request.get("style") == "justified" and request.get("widow") == widow
                 and sizes == want_sizes,
                 f"album of {label}: the page sent {len(want_sizes)} bmiddle sizes, style justified, widow {widow}",
                 f"sent {len(sizes)} sizes, {json.dumps({k: v for k, v in request.items() if k != 'photos'})}")
    if album is None:
        return None
    status, expected = post(base, "v1/album/layout", request)
    drawn = driver.execute_script(ALBUM_JS)
    wrong = [f"item {i} at {fmt(d['frame'])}, API {fmt(e)}" for i, (d, e) in enumerate(zip(drawn["items"], album["items"]))
             if d["index"] != i or not same_frame(d["frame"], e)]
    checks.check(status == 200 and expected == album and len(drawn["items"]) == len(album["items"]) == len(want_sizes)
                 and not wrong and close(drawn["size"]["height"], album["content_size"]["height"]),
                 f"album of {label}: {len(album['items'])} boxes in {album['rows']} rows ({album['widows']} widows) "
                 f"drawn at the frames of a direct POST /v1/album/layout (±{TOLERANCE})",
                 f"HTTP {status}; " + "; ".join(wrong[:5]))
    return album


def check_album(driver, base, checks, sample_doc):
    """The justified album of every picture of the client-API sample, and of one status's pictures."""
    statuses = sample_doc["statuses"]
    every = [size for status in statuses for size in sample_pictures(status)]
    album_once(driver, base, checks, "every picture", "document.getElementById('album_all').click()", every, "left")
    position = next(i for i, s in enumerate(statuses) if len(sample_pictures(s)) >= 6)
    album_once(driver, base, checks, f"status {position}",
               f"document.querySelector('[data-role=\"album-button\"][data-status=\"{position}\"]').click()",
               sample_pictures(statuses[position]), "justify")


def window_frame(driver, element):
    return driver.execute_script(RECT_JS + "return rect(arguments[0]);", element)


def thumbnails_sent(request, index, thumb_frame, grid_frame, count, options):
    """Whether the open request names the tapped thumb: its window frame among one per drawn thumb,
    or (a grid showing max_items pictures, which may hide more) the grid's window origin and options."""
    frames = request.get("thumbnail_frames")
    if frames is not None:
        return len(frames) == count and same_frame(frames[index], thumb_frame), f"thumbnail_frames[{index}]"
    origin = request.get("grid_origin") or {}
    want_options = {k: v for k, v in options.items() if k != "scale"}
    ok = (close(origin.get("x", math.nan), grid_frame["x"]) and close(origin.get("y", math.nan), grid_frame["y"])
          and request.get("grid_options") == want_options)
    return ok, "grid_origin"


def open_and_close(driver, base, checks, label, curve, key, options):
    """Opens the second picture of a grid with a click on its thumb, then closes it."""
    set_control(driver, "curve", curve)
    status, which = key
    index = 1
    grid = driver.find_element("css selector", f'[data-role="grid"][data-status="{status}"][data-which="{which}"]')
    thumbs = grid.find_elements("css selector", '[data-role="thumb"]')
    thumb = thumbs[index]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", thumb)
    thumb_frame, grid_frame = window_frame(driver, thumb), window_frame(driver, grid)
    driver.execute_script("window.__lastTransition = null")
    thumb.click()
    record = wait_for(driver, "window.__lastTransition && window.__lastTransition.kind === 'open' && "
                              "['done', 'failed'].includes(window.__lastTransition.state) && window.__lastTransition",
                      "the open transition")
    if not checks.check(bool(record) and record["state"] == "done",
                        f"{label}: opened status {status} {which} picture {index} and played the transition",
                        f"state {record and record['state']}"):
        return
    request, response = record["request"], record["response"]
    screen = request["screen"]
    sent, how = thumbnails_sent(request, index, thumb_frame, grid_frame, len(thumbs), options)
    checks.check(screen == {"width": WIDTH, "height": HEIGHT} and request["transition"]["curve"] == curve and sent,
                 f"{label}: open request has the window as screen, the thumb by {how}, curve {curve}",
                 f"screen {screen}, thumb {fmt(thumb_frame)}, grid at {fmt(grid_frame)}")
    code, direct = post(base, "v1/browser/open", request)
    checks.check(code == 200 and direct == response, f"{label}: page played the response of a direct POST "
                 f"/v1/browser/open", f"HTTP {code}")
    transition = response["transition"]
    keyframes = transition["keyframes"]
    photo_frame = response["pages"][index]["photo_frame"]
    scale = request["scale"]
    checks.check(not transition["fade"] and same_frame(transition["from"], on_grid(thumb_frame, scale))
                 and len(keyframes) > 2
                 and record["frames"] > 2,
                 f"{label}: transition starts at the thumb (on the pixel grid), {len(keyframes)} keyframes over "
                 f"{keyframes[-1]['t'] if keyframes else 0:.3f} s, {record['frames']} animation frames drawn",
                 f"from {fmt(transition['from'])}")
    with_crops = sum(1 for k in keyframes if k.get("crop"))
    checks.check("from_crop" in transition and all("crop" in k for k in keyframes)
                 and (record.get("cropped", 0) > 2 if with_crops else not record.get("cropped")),
                 f"{label}: the photo showed the keyframes' crops ({with_crops} of {len(keyframes)} keyframes have "
                 f"one, from_crop {transition.get('from_crop')}), {record.get('cropped', 0)} frames drawn cropped")
    label_text = driver.execute_script("return document.querySelector('#viewer .page-label').textContent")
    checks.check(same_frame(record["final"], photo_frame) and same_frame(transition["to"], photo_frame)
                 and label_text == f"{index + 1}/{response['count']}",
                 f"{label}: overlay ends at pages[{index}].photo_frame {fmt(photo_frame)}, label {label_text}",
                 f"overlay at {fmt(record['final'])}, to {fmt(transition['to'])}")

    driver.execute_script("window.__lastTransition = null")
    driver.find_element("css selector", '[data-role="viewer"] .close').click()
    record = wait_for(driver, "window.__lastTransition && window.__lastTransition.kind === 'close' && "
                              "['done', 'failed'].includes(window.__lastTransition.state) && "
                              "document.getElementById('viewer').hidden && window.__lastTransition",
                      "the close transition")
    if not checks.check(bool(record) and record["state"] == "done", f"{label}: closed the viewer"):
        return
    transition = record["response"]["transition"]
    keyframes = transition["keyframes"]
    # Keyframe frames are exact (docs/API.md §4), `to` is on the pixel grid: the overlay ends on the last keyframe.
    last = keyframes[-1]["frame"] if keyframes else None
    checks.check(not transition["fade"] and same_frame(record["final"], last)
                 and same_frame(transition["to"], on_grid(thumb_frame, scale)) and record["request"]["index"] == index,
                 f"{label}: close played {len(keyframes)} keyframes back to the thumb, `to` {fmt(transition['to'])} "
                 f"on the {scale}x pixel grid", f"thumb {fmt(thumb_frame)}, overlay ended at {fmt(record['final'])}, "
                 f"last keyframe {fmt(last)}")


def check_variants(driver, base, checks, sample_doc):
    """The variant picker (docs/API.md §7, "Layout variants"): the page sends its three sets as
    `variants` instead of `options`, and draws the picked set's answer, which is the answer of a
    direct POST of the same document with that set as `options`; then it is switched off."""
    set_control(driver, "variant", "android")
    state = lay_out(driver)
    sent = driver.execute_script("return window.__lastRequest") or {}
    sets = sent.get("variants") or {}
    # Key order as the page holds it (the WebDriver's own objects do not keep it).
    order = driver.execute_script("return Object.keys((window.__lastRequest || {}).variants || {})")
    checks.check(state == "ready" and "options" not in sent and order == ["ios3x", "android", "web"]
                 and dict(sample_doc, variants=sets) == sent,
                 "variants: page sent the sample with three sets as variants, no options", f"state {state}")
    status, expected = post(base, "v1/timeline/layout", dict(sample_doc, options=sets.get("android")))
    drawn_layout = driver.execute_script("return window.__lastLayout")
    checks.check(status == 200 and drawn_layout == expected,
                 "variants: page drew the android set, the answer of a direct POST with its options", f"HTTP {status}")
    answer = driver.execute_script("return Object.keys((window.__lastAnswer || {}).variants || {})")
    checks.check(answer == ["ios3x", "android", "web"],
                 "variants: the answer holds the three sets in the request's order")
    grids = sum(1 for out in (expected or {}).get("statuses", []) for media in (out, out["retweeted"])
                if media and media["photos"])
    drawn = driver.execute_script(DRAWN_JS)
    checks.check(len(drawn) == grids, "variants: one grid container per non-null grid of the set",
                 f"{len(drawn)} drawn, {grids} in the answer")
    set_control(driver, "variant", "")
    lay_out(driver)


def check_problem(driver, checks):
    """A 422 while the user is scrolled to the bottom: shown with its pointer, in view, on top."""
    set_control(driver, "max_items", "0")
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = driver.execute_script("return window.scrollY")
    state = lay_out(driver)
    text = driver.execute_script(
        "const p = document.querySelector('[data-role=\"problem\"]'); return p.hidden ? '' : p.innerText")
    checks.check(state == "error" and "/options/max_items" in text,
                 "max items 0: the service's problem+json is shown with its pointer", repr(text[:120]))
    seen = driver.execute_script(RECT_JS + """
        const box = document.querySelector('[data-role="problem"]');
        const r = rect(box), header = document.querySelector('header').getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + Math.min(r.height, 40) / 2);
        return {top: r.y, bottom: r.y + r.height, headerBottom: header.bottom, height: window.innerHeight,
                onTop: box.contains(hit), scrollY: window.scrollY};""")
    checks.check(scrolled > HEIGHT and seen["scrollY"] > HEIGHT and seen["top"] >= seen["headerBottom"] - 0.5
                 and seen["bottom"] <= seen["height"] and seen["onTop"],
                 "the problem is in view where the user is scrolled (below the header, not covered)",
                 f"scrolled to {scrolled}, {seen}")
    set_control(driver, "max_items", "")
    driver.execute_script("window.scrollTo(0, 0)")


def check_timing_and_icon(driver, base, checks):
    """The round trip shown is the request's own (Resource Timing), and the page's icon is served."""
    timing = driver.execute_script("return window.__lastTiming")
    stats = driver.execute_script("return document.getElementById('stats').textContent")
    shown = f"{timing['request']:.1f} ms round trip" if timing else None
    checks.check(bool(timing) and timing["source"] == "resource-timing" and timing["request"] <= timing["total"]
                 and stats.endswith(shown),
                 "the round trip shown is the request alone (Resource Timing), within the page's whole wait",
                 f"timing {timing}, stats {stats!r}")
    icon = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const link = document.querySelector('link[rel="icon"]');
        fetch(link.href).then(async (r) => done({status: r.status, type: r.headers.get('content-type'),
            size: (await r.arrayBuffer()).byteLength, href: link.href})).catch((e) => done({error: String(e)}));""")
    checks.check(icon.get("status") == 200 and icon.get("type") == "image/x-icon" and icon.get("size", 0) > 22
                 and icon.get("href") == urllib.parse.urljoin(base, "favicon.ico"),
                 "the page's icon link is served as image/x-icon (no 404 for /favicon.ico)", f"{icon}")


PAGE_LIMIT = 100 * 1024
# The text of every drawn status and retweet.
TEXTS_JS = "return [...document.querySelectorAll('.card .text')].map((n) => n.textContent)"


def check_page_size(base, checks):
    """GET / (identity, as a client without gzip reads it) is under 100 KB."""
    with urllib.request.urlopen(urllib.request.Request(base, headers={"Accept-Encoding": "identity"}),
                                timeout=10) as response:
        size = len(response.read())
    checks.check(size < PAGE_LIMIT, f"GET / is under 100 KB (samples fetched on demand)", f"{size} bytes")


def check_plain_texts(driver, base, checks, name):
    """A sample whose statuses carry HTML text is drawn with none of its markup: no '<', each
    emoji image as its alt text."""
    set_control(driver, "sample", name)
    wait_for(driver, f"window.__lastSample && document.body.dataset.state === 'ready' && "
                     f"document.getElementById('sample').value === '{name}'", f"the {name} sample")
    raw = json.loads(driver.execute_script("return window.__lastSample") or "null")
    texts = driver.execute_script(TEXTS_JS) or []
    markup = [text for text in texts if "<" in text]
    sent = [text for text in strings_named(raw, "text") if "<" in text]
    checks.check(bool(sent) and bool(texts) and not markup, f"{name}: status text shown as text, no HTML markup",
                 f"{len(texts)} texts, {len(markup)} with markup: {markup[:1]}; {len(sent)} sent with markup")
    alts = [alt for text in sent for alt in image_alts(text)]
    if alts:  # m.weibo.cn's emoji (weibo.com's sample has only link icons, without alt)
        checks.check(any(alt in text for alt in alts for text in texts),
                     f"{name}: emoji images show as their alt text", f"alts {alts[:3]}")


def strings_named(value, key):
    """Every string value of `key` anywhere in a JSON value."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if k == key and isinstance(v, str)] + [
            s for v in value.values() for s in strings_named(v, key)]
    if isinstance(value, list):
        return [s for v in value for s in strings_named(v, key)]
    return []


def image_alts(html):
    """The alt texts of the <img> elements of an HTML fragment."""
    alts = []

    class Parser(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "img":
                alts.extend(value for name, value in attrs if name == "alt" and value)

    Parser().feed(html)
    return alts


def check_paste(driver, checks):
    """Typing into the text area sets the sample menu to "pasted JSON"."""
    driver.execute_script("""
        const area = document.getElementById('json');
        area.value = '[]';
        area.dispatchEvent(new Event('input', {bubbles: true}));""")
    chosen = driver.execute_script("return document.getElementById('sample').value")
    checks.check(chosen == "", "the sample menu follows a paste (pasted JSON)", f"menu says {chosen!r}")


def png_size(path):
    with open(path, "rb") as file:
        head = file.read(24)
    return struct.unpack(">II", head[16:24]) if head[:8] == b"\x89PNG\r\n\x1a\n" else None


def run(base, screenshot):
    checks = Checks()
    driver = start_browser(base)
    try:
        driver.get(base)
        names = wait_for(driver, "[...document.querySelectorAll('#sample option')].map((o) => o.value)", "the page")
        checks.check(names is not None and all(name in names for name in SAMPLES), "page lists the five samples",
                     f"options {names}")
        checks.check(wait_for(driver, "document.body.dataset.state === 'ready'", "the first layout") is True,
                     "page lays the first sample out on load")
        set_control(driver, "sample", SAMPLE)
        wait_for(driver, "document.body.dataset.state !== 'loading'", "the sample's layout")
        wait_for(driver, "document.getElementById('sample').value === arguments[0] || true", "the menu")
        sample_doc = json.loads(driver.execute_script("return window.__lastSample"))
        set_control(driver, "style", "adaptive")
        adaptive_options = {"style": "adaptive", "content_width": 355, "scale": 2}
        adaptive = check_layout(driver, base, checks, "adaptive 355@2x", adaptive_options, sample_doc)
        check_timing_and_icon(driver, base, checks)
        if adaptive:  # a retweet's grid of nine: the page sends its origin (the status may hold more)
            key = next(k for k, g in sorted(adaptive.items()) if k[1] == "retweeted" and len(g["items"]) == 9)
            open_and_close(driver, base, checks, "adaptive spring", "spring", key, adaptive_options)
        check_problem(driver, checks)
        set_control(driver, "style", "classic")
        classic_options = {"style": "classic", "scale": 2}
        classic = check_layout(driver, base, checks, "classic", classic_options, sample_doc)
        if classic:  # a status's own grid of 2 to 8: the page sends one window frame per thumb
            key = next(k for k, g in sorted(classic.items()) if k[1] == "status" and 2 <= len(g["items"]) < 9)
            open_and_close(driver, base, checks, "classic ease", "ease_in_out", key, classic_options)
        check_variants(driver, base, checks, sample_doc)
        set_control(driver, "sample", MORE_SAMPLE)
        wait_for(driver, "document.body.dataset.state !== 'loading'", "the m.weibo.cn sample's layout")
        more_doc = json.loads(driver.execute_script("return window.__lastSample"))
        more = check_layout(driver, base, checks, "m.weibo.cn classic", classic_options, more_doc)
        checks.check(bool(more) and any(g["more_label"] for g in more.values()),
                     "m.weibo.cn: a status with pic_num 13 has a \"+N\" label")
        check_plain_texts(driver, base, checks, "weibo-com-web-ajax")
        check_plain_texts(driver, base, checks, "m-weibo-cn-container")
        check_page_size(base, checks)
        check_paste(driver, checks)
        check_written_cards(driver, checks)
        set_control(driver, "sample", SAMPLE)
        wait_for(driver, f"document.body.dataset.state === 'ready' && window.__lastSample", "the sample's layout")
        check_album(driver, base, checks, sample_doc)
        if screenshot:
            driver.execute_script("document.getElementById('album').scrollIntoView({block: 'start'});"
                                  "window.scrollBy(0, -document.querySelector('header').offsetHeight - 16);")
            time.sleep(0.3)
            album_shot = os.path.splitext(screenshot)[0] + "-album.png"
            driver.save_screenshot(album_shot)
            checks.check(png_size(album_shot) == (WIDTH, HEIGHT), f"album screenshot saved to {album_shot}")
        driver.execute_script("document.getElementById('album_close').click()")
        check_mosaic(driver, base, checks, sample_doc)
        set_control(driver, "sample", SAMPLE)
        wait_for(driver, f"document.body.dataset.state === 'ready' && window.__lastSample", "the sample's layout")
        if screenshot:
            # Bring the largest grid with a badge to the top of the window, under the sticky header.
            driver.execute_script("""
                const count = (g, role) => g.querySelectorAll(`[data-role="${role}"]`).length;
                const grids = [...document.querySelectorAll('[data-role="grid"]')].filter((g) => count(g, 'badge'));
                grids.sort((a, b) => count(b, 'thumb') - count(a, 'thumb'));
                if (grids.length) {
                    grids[0].closest('.card').scrollIntoView({block: 'start'});
                    window.scrollBy(0, -document.querySelector('header').offsetHeight - 16);
                }""")
            time.sleep(0.2)
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            driver.save_screenshot(screenshot)
            size = png_size(screenshot)
            checks.check(size == (WIDTH, HEIGHT), f"screenshot saved to {screenshot}", f"PNG size {size}")
    finally:
        driver.quit()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help="the running service, e.g. http://127.0.0.1:8080/")
    parser.add_argument("--screenshot", help="where to save a 1280x900 PNG of the page")
    arguments = parser.parse_args()
    base = arguments.base_url if arguments.base_url.endswith("/") else arguments.base_url + "/"
    if not ensure_chromium():
        return 2
    try:
        import selenium  # noqa: F401
    except ImportError:
        # Run by a bare python3: use the checkout's test environment (scripts/bootstrap --test) when it exists.
        venv = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".venv", "bin", "python")
        if os.access(venv, os.X_OK) and not os.environ.get("BROWSER_TEST_IN_VENV"):
            os.environ["BROWSER_TEST_IN_VENV"] = "1"
            os.execv(venv, [venv, os.path.abspath(__file__), *sys.argv[1:]])
        print("browser_test: needs selenium: scripts/bootstrap --test (scripts/test-requirements.txt)", file=sys.stderr)
        return 2
    return run(base, arguments.screenshot)


if __name__ == "__main__":
    sys.exit(main())
