"""Writes the malformed-request corpus, Tests/Hostile/corpus/NNN-name.http: one raw HTTP/1.1
request per file, each of which the server must answer 4xx with application/problem+json
(never 5xx). Re-run after changing a case: `python3 Tests/Hostile/make_corpus.py`.

Kinds: wrong JSON types, huge and tiny numbers (1e400, 1e-400…), invalid number syntax, deep
nesting, invalid UTF-8, unpaired surrogates, oversized bodies and arrays, wrong content types,
hostile request lines and headers, bad chunked framing, bad queries, unknown routes and methods.
Excluded on purpose: an unknown transfer coding (501) and HTTP/2.0 in an HTTP/1 request line
(505) are the statuses RFC 9112 prescribes, not client errors."""
import gzip
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")

SCREEN = {"width": 375, "height": 667}
PHOTOS = [{"url": "http://ww1.sinaimg.cn/bmiddle/a.jpg", "width": 440, "height": 660}]
GOOD = {
    "timeline": {"statuses": [{"idstr": "1", "pic_ids": ["a"]}], "options": {"style": "classic"}},
    "browser/open": {"screen": SCREEN, "photos": PHOTOS, "index": 0},
    "browser/close": {"screen": SCREEN, "photos": PHOTOS, "index": 0},
    "album": {"screen": SCREEN, "count": 3},
}
PATHS = {"timeline": "/v1/timeline/layout", "browser/open": "/v1/browser/open",
         "browser/close": "/v1/browser/close", "album": "/v1/album/layout"}

# Bodies that are not JSON, or not JSON any endpoint takes; sent to every POST endpoint.
NOT_JSON = {
    "empty": b"",
    "whitespace": b"  \r\n\t ",
    "truncated-object": b'{"statuses": [',
    "trailing-comma": b'{"screen": {"width": 1, "height": 1},}',
    "single-quotes": b"{'a': 1}",
    "unquoted-key": b"{a: 1}",
    "nan": b'{"a": NaN}',
    "infinity": b'{"a": -Infinity}',
    "hex-number": b'{"a": 0x10}',
    "leading-zero": b'{"a": 01}',
    "bare-dot": b'{"a": 1.}',
    "dot-first": b'{"a": .5}',
    "plus-sign": b'{"a": +1}',
    "lone-minus": b'{"a": -}',
    "exponent-without-digits": b'{"a": 1e}',
    "comment": b'{"a": 1 /* x */}',
    "two-documents": b"{} {}",
    "garbage-after": b"{}x",
    "control-in-string": b'{"a": "\x01"}',
    "bad-escape": b'{"a": "\\x41"}',
    "short-unicode-escape": b'{"a": "\\u12"}',
    "lone-high-surrogate": b'{"a": "\\ud800"}',
    "lone-low-surrogate": b'{"a": "\\udc00"}',
    "high-surrogate-then-letter": b'{"a": "\\ud83dA"}',
    "two-high-surrogates": b'{"a": "\\ud800\\ud800"}',
    "surrogate-in-key": b'{"\\udfff": 1}',
    "invalid-utf8-byte": b'{"a": "\xff"}',
    "overlong-utf8": b'{"a": "\xc0\xaf"}',
    "utf8-encoded-surrogate": b'{"a": "\xed\xa0\x80"}',
    "truncated-utf8": b'{"a": "\xe2\x82"}',
    "utf8-above-u10ffff": b'{"a": "\xf5\x80\x80\x80"}',
    "invalid-utf8-in-key": b'{"\x80": 1}',
    "latin1-body": '{"a": "é"}'.encode("latin-1"),
    "nul-byte": b"{\x00}",
    "bom-only": b"\xef\xbb\xbf",
    "string": b'"statuses"',
    "number": b"1e400",
    "null": b"null",
    "array-of-numbers": b"[1, 2, 3]",
}

DEEP_AND_LARGE = {
    "deep-arrays": b"[" * 5000 + b"]" * 5000,
    "deep-objects": b'{"a":' * 2000 + b"1" + b"}" * 2000,
    "deep-in-status": b'{"statuses": [{"pic_ids": ' + b"[" * 5000 + b"]" * 5000 + b'}], "options": 1}',
    "deep-unclosed": b"[" * 10000,
    # Entries that are not statuses are skipped (docs/API.md §3, 2026-11-30); the misspelt option keeps it a 4xx.
    "oversized-statuses-of-numbers": b'{"statuses": [' + b"1," * 5000 + b'1], "options": {"maxItems": 1}}',
    "oversized-options-array": b'{"statuses": [], "options": [' + b"{}," * 5000 + b"{}]}",
}

# Field values of the wrong type or out of range, per endpoint: (field path, value).
HUGE = [1e400, -1e400, 1e-400, 1e308, -1e308, 123456789012345678901234567890, -0.0]


def timeline_cases():
    cases = {}
    for value in ["x", 1, True, None, {}]:
        cases[f"statuses-{json.dumps(value)}"] = {"statuses": value}
    cases["statuses-missing"] = {"options": {}}
    # Since the contract's 2026-11-30 envelopes, entries that are not statuses are skipped (200): in
    # their places, envelope keys of the wrong type (400) and an unknown option name (422).
    cases["data-5"] = {"ok": 1, "data": 5}
    cases["data-list-object"] = {"ok": 1, "data": {"list": {}}}
    cases["cards-string-option-typo"] = {"cards": "x", "options": {"maxItems": 1}}
    for option, bad in [("style", 1), ("style", "cubist"), ("scale", "2"), ("scale", 4), ("scale", 0),
                        ("item_size", True), ("item_size", 0), ("item_size", -70), ("spacing", []),
                        ("spacing", -1), ("max_items", {}), ("max_items", 0), ("max_items", 1.5),
                        ("content_width", "a"), ("badge_size", {"width": 0, "height": 18}),
                        ("badge_size", [28, 18])]:
        cases[f"option-{option}-{json.dumps(bad)}"] = {"statuses": [], "options": {option: bad}}
    cases["adaptive-without-width"] = {"statuses": [], "options": {"style": "adaptive"}}
    cases["options-array"] = {"statuses": [], "options": []}
    cases["options-string"] = {"statuses": [], "options": "classic"}
    for index, number in enumerate(HUGE):
        for option in ["item_size", "spacing", "content_width"]:
            if number == -0.0 and option == "spacing":
                continue  # -0 is a valid spacing
            cases[f"option-{option}-huge-{index}"] = {"statuses": [], "options": {option: number,
                                                                                   "style": "adaptive"}}
    return cases


def browser_cases(base):
    cases = {}
    for field, bad in [("screen", None), ("screen", "375x667"), ("screen", {"width": -1, "height": 667}),
                       ("screen", {"width": 375}), ("screen", {"width": 1e400, "height": 1}),
                       ("screen", {"width": 0, "height": 0}), ("index", "0"), ("index", -1), ("index", 1),
                       ("index", 1.5), ("index", 1e400), ("index", None), ("photos", {}), ("photos", []),
                       ("photos", [{"url": 1}]), ("photos", [{"width": 10}]), ("photos", [1]),
                       ("scale", 7), ("scale", "2"), ("content_mode", "stretch"), ("content_mode", 1),
                       ("thumbnail_frames", {}), ("thumbnail_frames", [{"x": "a"}]), ("grid_origin", []),
                       ("transition", []), ("transition", {"duration": -1}), ("transition", {"fps": 1e400}),
                       ("transition", {"curve": "wobbly"}), ("upscale", "yes")]:
        body = dict(base)
        if bad is None:
            body.pop(field, None)
        else:
            body[field] = bad
        cases[f"{field}-{json.dumps(bad)[:40]}"] = body
    return cases


def album_cases():
    cases = {}
    for field, bad in [("count", -1), ("count", 1.5), ("count", "3"), ("count", 1e400), ("count", 1e12),
                       ("count", None), ("screen", None), ("screen", []), ("item_size", -1), ("item_size", "a"),
                       ("spacing", -5), ("inset", 1e400), ("scale", 0)]:
        body = dict(GOOD["album"])
        if bad is None:
            body.pop(field)
        else:
            body[field] = bad
        cases[f"{field}-{json.dumps(bad)}"] = body
    return cases


def post(path, body, content_type="application/json", extra=b""):
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\n").encode()
    return head + extra + b"\r\n" + body


def raw(text):
    return text.encode("latin-1")


def header_cases():
    grid = "GET /v1/grid?count=4 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    body = json.dumps(GOOD["timeline"]).encode()
    timeline = "POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    return {
        "header-block-too-large": raw(grid + "X-Big: " + "a" * 20000 + "\r\n\r\n"),
        "too-many-headers": raw(grid + "".join(f"X-{i}: {i}\r\n" for i in range(3000)) + "\r\n"),
        "long-target": raw("GET /v1/grid?count=4&x=" + "a" * 17000 + " HTTP/1.1\r\nHost: a\r\n\r\n"),
        "nul-in-header": raw(grid + "X-A: a\x00b\r\n\r\n"),
        "bare-lf": raw(grid.replace("\r\n", "\n") + "\n"),
        "bare-cr-in-value": raw(grid + "X-A: a\rb\r\n\r\n"),
        "obs-fold": raw(grid + "X-A: a\r\n b\r\n\r\n"),
        "space-before-colon": raw(grid + "X-A : a\r\n\r\n"),
        "no-colon": raw(grid + "X-A a\r\n\r\n"),
        "empty-header-name": raw(grid + ": a\r\n\r\n"),
        "non-token-header-name": raw(grid + "X(A): a\r\n\r\n"),
        "del-in-value": raw(grid + "X-A: a\x7fb\r\n\r\n"),
        "missing-host": raw("GET /healthz HTTP/1.1\r\n\r\n"),
        "two-hosts": raw("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        "lowercase-version": raw("GET /healthz http/1.1\r\nHost: a\r\n\r\n"),
        "version-garbage": raw("GET /healthz HTTP/1.x\r\nHost: a\r\n\r\n"),
        "no-version": raw("GET /healthz\r\nHost: a\r\n\r\n"),
        "double-space-request-line": raw("GET  /healthz HTTP/1.1\r\nHost: a\r\n\r\n"),
        "tab-request-line": raw("GET\t/healthz HTTP/1.1\r\nHost: a\r\n\r\n"),
        "method-not-token": raw("G(T /healthz HTTP/1.1\r\nHost: a\r\n\r\n"),
        "control-in-target": raw("GET /health\x01z HTTP/1.1\r\nHost: a\r\n\r\n"),
        "utf8-in-target": b"GET /h\xc3\xa9 HTTP/1.1\r\nHost: a\r\n\r\n",
        "binary-request-line": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
        "cl-and-te": raw(timeline + f"Content-Length: {len(body)}\r\nTransfer-Encoding: chunked\r\n\r\n") + body,
        "cl-negative": raw(timeline + "Content-Length: -1\r\n\r\n"),
        "cl-not-a-number": raw(timeline + "Content-Length: abc\r\n\r\n"),
        "cl-hex": raw(timeline + "Content-Length: 0x10\r\n\r\n"),
        "cl-plus": raw(timeline + "Content-Length: +15\r\n\r\n"),
        "cl-conflicting": raw(timeline + "Content-Length: 15\r\nContent-Length: 16\r\n\r\n"),
        "cl-conflicting-list": raw(timeline + "Content-Length: 15, 16\r\n\r\n"),
        "cl-empty": raw(timeline + "Content-Length:\r\n\r\n"),
        "cl-overflow": raw(timeline + "Content-Length: 99999999999999999999999\r\n\r\n"),
        "cl-over-limit": raw(timeline + f"Content-Length: {2 << 20}\r\n\r\n") + body,
        "te-chunked-twice": raw(timeline + "Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n"),
        "te-empty-coding": raw(timeline + "Transfer-Encoding: chunked,\r\n\r\n0\r\n\r\n"),
        "te-in-http10": raw("POST /v1/timeline/layout HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        "chunk-size-not-hex": raw(timeline + "Transfer-Encoding: chunked\r\n\r\nzz\r\n"),
        "chunk-size-overflow": raw(timeline + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n"),
        "chunk-over-limit": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n200000\r\n") + body,
        "chunk-missing-crlf": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n"),
        "chunk-extension-control": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n2;a=\x01\r\n{}\r\n0\r\n\r\n"),
        "chunk-line-too-long": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n2;" + "a" * 5000 + "\r\n"),
        "chunk-bare-lf": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n2\n{}\r\n0\r\n\r\n"),
        "chunk-garbage-after-size": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n2 x\r\n{}\r\n0\r\n\r\n"),
        "trailer-too-large": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n0\r\nX-T: " + "a" * 17000 + "\r\n\r\n"),
        "trailer-malformed": raw(timeline + "Transfer-Encoding: chunked\r\n\r\n0\r\n bad\r\n\r\n"),
        "expect-unknown": raw(timeline + f"Expect: 200-ok\r\nContent-Length: {len(body)}\r\n\r\n") + body,
        "post-without-length": raw(timeline + "\r\n"),
        "gzip-corrupt": post(PATHS["timeline"], b"not gzip at all", extra=b"Content-Encoding: gzip\r\n"),
        "gzip-cut-short": post(PATHS["timeline"], gzip.compress(body)[:-12], extra=b"Content-Encoding: gzip\r\n"),
        "gzip-bomb": post(PATHS["timeline"], gzip.compress(b" " * (4 << 20), 9), extra=b"Content-Encoding: gzip\r\n"),
        "gzip-of-malformed-json": post(PATHS["timeline"], gzip.compress(b'{"statuses": [}'),
                                       extra=b"Content-Encoding: gzip\r\n"),
        "content-encoding-br": post(PATHS["timeline"], body, extra=b"Content-Encoding: br\r\n"),
        "oversized-photos-index-out-of-range": post("/v1/browser/open", json.dumps(
            {"screen": SCREEN, "photos": [{"url": "u"}] * 2000, "index": 2000}).encode()),
    }


def content_type_cases():
    body = json.dumps(GOOD["timeline"]).encode()
    cases = {}
    for content_type in ["text/plain", "application/xml", "text/html", "image/png", "application/octet-stream",
                         "multipart/form-data; boundary=x", "application/jsonx", "application/json-seq",
                         "text/json+xml", "application/x-www-form-urlencoded"]:
        payload = body if content_type != "application/x-www-form-urlencoded" else b"statuses=1"
        for name, path in PATHS.items():
            if name != "timeline" and content_type not in ("text/plain", "application/xml"):
                continue
            cases[f"content-type-{content_type.split(';')[0].replace('/', '_')}-{name.replace('/', '-')}"] = post(
                path, payload, content_type)
    return cases


def query_cases():
    cases = {}
    for query in ["", "count=abc", "count=-1", "count=1e400", "count=1.5", "count=99999999999999999999",
                  "count=%ff", "count=%", "count=4&style=cubist", "count=4&scale=5", "count=4&item_size=-1",
                  "count=4&spacing=x", "count=4&max_items=0", "count=4&style=adaptive",
                  "count=4&style=adaptive&content_width=1e400", "count=4&scale=nan", "count=4&item_size=inf",
                  "count=4&content_width=-0x10", "count=%00", "count=4&scale=%zz"]:
        cases[f"grid-query-{query or 'none'}"[:60]] = raw(f"GET /v1/grid?{query} HTTP/1.1\r\nHost: a\r\n\r\n")
    for method, path in [("DELETE", "/v1/grid?count=1"), ("PUT", "/v1/timeline/layout"), ("GET", "/v1/timeline/layout"),
                         ("POST", "/healthz"), ("PATCH", "/v1/album/layout"), ("GET", "/v2/grid"),
                         ("GET", "/../../etc/passwd"), ("GET", "/%2e%2e/%2e%2e/etc/passwd"), ("GET", "*"),
                         ("BREW", "/v1/grid?count=1"), ("GET", "/v1/grid/"), ("GET", "//v1/grid?count=1")]:
        length = "Content-Length: 0\r\n" if method in ("PUT", "POST", "PATCH") else ""
        cases[f"route-{method}-{path}".replace("/", "_")[:60]] = raw(
            f"{method} {path} HTTP/1.1\r\nHost: a\r\n{length}\r\n")
    return cases


def main():
    cases = {}
    for name, path in PATHS.items():
        for kind, body in NOT_JSON.items():
            if name == "timeline" and kind == "array-of-numbers":
                body = b'{"data": [1, 2, 3]}'  # a bare array of non-statuses is a timeline of none (200)
            cases[f"{name}-{kind}"] = post(path, body)
    for kind, body in DEEP_AND_LARGE.items():  # large: one endpoint only, to keep the corpus small
        cases[f"timeline-{kind}"] = post(PATHS["timeline"], body)
    for kind, body in timeline_cases().items():
        cases[f"timeline-{kind}"] = post(PATHS["timeline"], json.dumps(body).encode())
    for endpoint in ["browser/open", "browser/close"]:
        for kind, body in browser_cases(GOOD[endpoint]).items():
            cases[f"{endpoint}-{kind}"] = post(PATHS[endpoint], json.dumps(body).encode())
    for kind, body in album_cases().items():
        cases[f"album-{kind}"] = post(PATHS["album"], json.dumps(body).encode())
    cases.update(header_cases())
    cases.update(content_type_cases())
    cases.update(query_cases())
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    for number, (name, payload) in enumerate(cases.items()):
        safe = "".join(c if c.isalnum() or c in "-_.=" else "_" for c in name)[:80]
        with open(os.path.join(OUT, f"{number:03d}-{safe}.http"), "wb") as out:
            out.write(payload)
    print(f"{len(cases)} requests in {OUT}")


if __name__ == "__main__":
    main()
