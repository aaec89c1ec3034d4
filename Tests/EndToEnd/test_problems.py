"""Problem responses of the real server, each with the type of its kind, every type one that
openapi.yaml's Problem schema lists; the README's typo examples of issue 28 are refused."""
import json
import os
import re
import socket
import subprocess

import httpx

from conftest import BINARY, ROOT, sample_path

PREFIX = "urn:problem:timeline-layout:"
SCREEN = '"screen": {"width": 375, "height": 667}'
BASE = SCREEN + ', "photos": [{"url": "http://x/bmiddle/a.jpg", "width": 440, "height": 660}], "index": 0'


def listed_types():
    text = open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8").read()
    return set(re.findall(r"- (urn:problem:timeline-layout:[a-z0-9-]+)", text))


def raw(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def test_every_problem_has_its_listed_type(server):
    listed = listed_types()
    cases = [
        ("POST", "/v1/timeline/layout", '{"statuses": [', {}, 400, "invalid-json"),
        ("POST", "/v1/timeline/layout", '{"statuses": 5}', {}, 400, "wrong-type"),
        ("POST", "/v1/timeline/layout", '{"statuses": [], "options": {"scale": 4}}', {}, 422, "invalid-value"),
        ("POST", "/v1/timeline/layout", '{"statuses": [], "options": {"columns": 4}}', {}, 422, "unknown-field"),
        ("POST", "/v1/timeline/layout", '{"statuses": [], "options": {"scale": 2, "scale": 3}}', {}, 422,
         "repeated-field"),
        ("POST", "/v1/timeline/layout", '{"statuses": [], "options": {"badge_size": {"width": 28, "heigth": 18}}}',
         {}, 422, "unknown-field"),
        ("POST", "/v1/timeline/layout", '{"statuses": [], "options": {"play_badge_size": {"width": 1, "width": 2}}}',
         {}, 422, "repeated-field"),
        ("POST", "/v1/timeline/layout", '{"statuses": []}', {"Content-Type": "text/plain"}, 415,
         "unsupported-media-type"),
        ("POST", "/v1/timeline/layout", '{"statuses": []}', {"Content-Type": "application/json; charset=iso-8859-1"},
         415, "unsupported-media-type"),
        ("POST", "/v1/album/layout", "{" + SCREEN + ', "count": 4, "columns": 4}', {}, 422, "unknown-field"),
        ("POST", "/v1/browser/open", "{" + BASE + ', "thumbnailFrames": []}', {}, 422, "unknown-field"),
        ("POST", "/v1/browser/open", "{" + BASE + ', "transition": {"keyframe": true}}', {}, 422, "unknown-field"),
        ("POST", "/v1/browser/open", "{" + BASE + ', "contentMode": "aspect_fit"}', {}, 422, "unknown-field"),
        ("POST", "/v1/browser/close", "{" + BASE + ', "index": 0}', {}, 422, "repeated-field"),
        ("POST", "/v1/album/layout", "{" + SCREEN + ', "count": 4, "item_size": 1e400}', {}, 422, "invalid-value"),
        ("POST", "/v1/album/layout", "{" + SCREEN + ', "style": "justified", "aspect_ratios": [0]}', {}, 422,
         "invalid-value"),
        ("POST", "/v1/album/layout", "{" + SCREEN + ', "style": "justified", "aspect_ratios": [1], "spacing": {"h": 1}}',
         {}, 422, "unknown-field"),
        ("GET", "/v1/grid?count=x", None, {}, 400, "wrong-type"),
        ("GET", "/v1/grid?count=4&columns=4", None, {}, 422, "unknown-field"),
        ("GET", "/nowhere", None, {}, 404, "not-found"),
        ("DELETE", "/v1/timeline/layout", None, {}, 405, "method-not-allowed"),
        ("GET", "/healthz", None, {"Accept": "text/html"}, 406, "not-acceptable"),
    ]
    for method, path, body, headers, status, kind in cases:
        response = httpx.request(method, server.url + path, content=body, headers=headers)
        assert response.status_code == status, (path, body, response.text)
        problem = response.json()
        assert problem["type"] == PREFIX + kind, (path, body, problem)
        assert problem["type"] in listed
    # UTF-8 in any case is fine.
    response = httpx.post(server.url + "/v1/timeline/layout", content='{"statuses": []}',
                          headers={"Content-Type": "application/json; Charset=\"UTF-8\""})
    assert response.status_code == 200


def test_server_side_problems_have_their_type(server):
    listed = listed_types()
    status, body = raw(server.port, b"POST /v1/timeline/layout HTTP/1.1\r\nHost: t\r\nContent-Length: 999999999\r\n"
                                    b"Connection: close\r\n\r\n")
    assert status == 413 and json_type(body) == PREFIX + "body-too-large"
    status, body = raw(server.port, b"GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + b"a" * 70000 + b"\r\n\r\n")
    assert status == 431 and json_type(body) == PREFIX + "header-too-large"
    status, body = raw(server.port, b"GARBAGE\r\n\r\n")
    assert status == 400 and json_type(body) == PREFIX + "bad-request"
    for kind in ["body-too-large", "header-too-large", "bad-request", "timeout", "overloaded"]:
        assert PREFIX + kind in listed


def json_type(body):
    return json.loads(body)["type"]


VARIANTS = ('"variants": {"ios3x": {"style": "adaptive", "content_width": 355, "scale": 3}, '
            '"android": {"style": "adaptive", "content_width": 392}, "web": {}}')


def test_variant_refusals_point_at_their_member(server):
    """docs/API.md §7, "Layout variants": every refusal of `variants` is a problem of its listed
    type with the JSON pointer of the member at fault."""
    listed = listed_types()
    nine = ", ".join(f'"v{i}": {{}}' for i in range(9))
    cases = [
        ('"options": {}, "variants": {"a": {}}', 422, "invalid-value", ["#/variants"]),
        ('"variants": {}', 422, "invalid-value", ["#/variants"]),
        ('"variants": {' + nine + "}", 422, "invalid-value", ["#/variants"]),
        ('"variants": {"ios 3x": {}}', 422, "invalid-value", ["#/variants/ios 3x"]),
        ('"variants": {"a": {}, "a": {}}', 422, "repeated-field", ["#/variants/a"]),
        ('"variants": {"a": {"maxItems": 1}}', 422, "unknown-field", ["#/variants/a/maxItems"]),
        ('"variants": {"a": {"scale": 2, "scale": 3}}', 422, "repeated-field", ["#/variants/a/scale"]),
        ('"variants": {"a": {"style": "adaptive"}}', 422, "invalid-value", ["#/variants/a/content_width"]),
        ('"variants": {"a": {"scale": "3"}}', 400, "wrong-type", ["#/variants/a/scale"]),
        ('"variants": [{}]', 400, "wrong-type", ["#/variants"]),
    ]
    for member, status, kind, pointers in cases:
        response = httpx.post(server.url + "/v1/timeline/layout", content='{"statuses": [], ' + member + "}")
        assert response.status_code == status, (member, response.text)
        problem = response.json()
        assert problem["type"] == PREFIX + kind and problem["type"] in listed, (member, problem)
        assert [error["pointer"] for error in problem["errors"]] == pointers, (member, problem)


def test_variants_answer_and_response_limit(start_server):
    """Three variants of the client-API sample: each is the single answer of its options, the
    offline command prints the same bytes, and the response limit applies to the whole answer."""
    with open(sample_path("client-api-timeline"), encoding="utf-8") as handle:
        rest = handle.read().lstrip()[1:]
    body = "{" + VARIANTS + ", " + rest
    server = start_server()
    answer = httpx.post(server.url + "/v1/timeline/layout", content=body)
    assert answer.status_code == 200
    variants = json.loads(VARIANTS.join("{}"))["variants"]
    parts = []
    for name, options in variants.items():
        single = httpx.post(server.url + "/v1/timeline/layout",
                            content='{"options": ' + json.dumps(options) + ", " + rest)
        assert single.status_code == 200
        parts.append(b'"' + name.encode() + b'":' + single.content)
    assert answer.content == b'{"variants":{' + b",".join(parts) + b"}}"
    printed = subprocess.run([BINARY, "layout", "-"], input=body.encode(), capture_output=True, check=True)
    assert printed.stdout == answer.content + b"\n"
    # A limit the single answers fit in but the three together do not: 413.
    largest = max(len(part) for part in parts)
    limited = start_server("--max-response-bytes", str(largest + 64))
    assert httpx.post(limited.url + "/v1/timeline/layout",
                      content='{"options": ' + json.dumps(variants["ios3x"]) + ", " + rest).status_code == 200
    refused = httpx.post(limited.url + "/v1/timeline/layout", content=body)
    assert refused.status_code == 413 and refused.json()["type"] == PREFIX + "body-too-large"
