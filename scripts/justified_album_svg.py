#!/usr/bin/env python3
"""Draws the README's justified album: the pictures of a sample Weibo response, laid out by a
running server (`POST /v1/album/layout`, `"style": "justified"`), as an SVG of the boxes.

    python3 scripts/justified_album_svg.py --url http://127.0.0.1:8080 > docs/justified-album.svg

The pictures are every `pic_infos` entry of the sample, in document order, at their bmiddle
size; each box is labelled with its picture's number, and its size where the box is wide enough."""
import argparse
import json
import os
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SAMPLES = os.path.join(ROOT, "Sources", "LayoutService", "Resources", "samples")
COLOURS = ["#e8a87c", "#85c1c8", "#c38d9e", "#41b3a3", "#e27d60", "#afd275", "#9fa8da", "#f6c667"]


def sizes(node):
    """The bmiddle (width, height) of every picture of `pic_infos` under `node`, in order."""
    found = []
    if isinstance(node, dict):
        infos = node.get("pic_infos")
        if isinstance(infos, dict):
            for info in infos.values():
                variant = info.get("bmiddle") or {}
                if variant.get("width") and variant.get("height"):
                    found.append((int(variant["width"]), int(variant["height"])))
        for key, value in node.items():
            if key != "pic_infos":
                found += sizes(value)
    elif isinstance(node, list):
        for value in node:
            found += sizes(value)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="a running server's base URL")
    parser.add_argument("--sample", default="weibo-com-web-ajax")
    parser.add_argument("--width", type=float, default=375)
    args = parser.parse_args()
    pictures = sizes(json.load(open(os.path.join(SAMPLES, args.sample + ".json"), encoding="utf-8")))
    body = {"screen": {"width": args.width, "height": 667}, "style": "justified",
            "photos": [{"width": width, "height": height} for width, height in pictures]}
    request = urllib.request.Request(args.url + "/v1/album/layout", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    album = json.load(urllib.request.urlopen(request, timeout=10))
    size = album["content_size"]
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size["width"]:g}" height="{size["height"]:g}" '
             f'viewBox="0 0 {size["width"]:g} {size["height"]:g}" font-family="sans-serif" font-size="11">',
             f'<rect width="100%" height="100%" fill="#fafafa"/>']
    for index, item in enumerate(album["items"]):
        x, y, width, height = item["x"], item["y"], item["width"], item["height"]
        lines.append(f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="3" '
                     f'fill="{COLOURS[index % len(COLOURS)]}"/>')
        lines.append(f'<text x="{x + 6:g}" y="{y + 16:g}" fill="#222" font-weight="bold">{index + 1}</text>')
        if width >= 72:
            label = f"{pictures[index][0]}×{pictures[index][1]}"
            lines.append(f'<text x="{x + 6:g}" y="{y + height - 8:g}" fill="#333">{label}</text>')
    lines.append(f'<!-- {album["rows"]} rows, {album["widows"]} widows; {args.sample}, W {args.width:g} -->')
    lines.append("</svg>")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
