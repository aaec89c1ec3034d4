"""gzip with real clients: curl --compressed, httpx with chosen Accept-Encoding, gzip request bodies."""
import gzip
import json
import subprocess

import httpx
import pytest

from conftest import BINARY, golden, sample_path, status_kib

LAYOUT = "/v1/timeline/layout"


def sample_bytes(name="open-api-legacy-2012"):
    with open(sample_path(name), "rb") as handle:
        return handle.read()


def raw_post(client, body, **headers):
    """httpx without its own Accept-Encoding, so the test decides what is offered."""
    return client.post(LAYOUT, content=body, headers={"Content-Type": "application/json", **headers})


def test_curl_compressed_equals_the_offline_command(server):
    """`curl --compressed` gets gzip on the wire and, decoded, the bytes `timeline-layout layout` prints."""
    out = subprocess.run(
        ["curl", "-sS", "--compressed", "-D", "-", "-o", "/tmp/gzip-e2e-body", f"{server.url}{LAYOUT}",
         "-H", "Content-Type: application/json", "--data-binary", f"@{sample_path('client-api-timeline')}"],
        capture_output=True, text=True, check=True).stdout.lower()
    assert "content-encoding: gzip" in out and "vary: accept-encoding" in out
    offline = subprocess.run([BINARY, "layout", sample_path("client-api-timeline")], capture_output=True,
                             check=True).stdout
    with open("/tmp/gzip-e2e-body", "rb") as handle:
        served = handle.read()
    assert json.loads(served) == golden("client-api-timeline")
    assert served + b"\n" == offline


@pytest.mark.parametrize("offer, compressed", [
    ("gzip", True), ("gzip;q=0.5, br", True), ("*", True), ("gzip;q=0", False), ("identity", False),
    ("gzip;q=0, *", False), ("br", False), (None, False),
])
def test_q_values(server, offer, compressed):
    """q-values decide; gzip;q=0 and identity get the plain body; every variant says Vary: Accept-Encoding."""
    body = sample_bytes()
    with httpx.Client(base_url=server.url) as client:
        headers = {"Accept-Encoding": offer} if offer is not None else {}
        request = client.build_request("POST", LAYOUT, content=body,
                                       headers={"Content-Type": "application/json", **headers})
        if offer is None:
            del request.headers["Accept-Encoding"]
        response = client.send(request, stream=True)
        wire = b"".join(response.iter_raw())
        response.close()
    assert response.status_code == 200
    assert response.headers["vary"] == "Accept-Encoding"
    assert (response.headers.get("content-encoding") == "gzip") == compressed
    assert int(response.headers["content-length"]) == len(wire)
    plain = gzip.decompress(wire) if compressed else wire
    assert len(plain) > 1024 and plain.startswith(b'{"statuses":[')


def test_small_bodies_and_head_stay_plain(server):
    """/healthz (15 bytes) is never compressed; HEAD of a large computed answer has Vary but no
    Content-Encoding (nothing is compressed for a HEAD); HEAD of a static document, gzipped once
    at start, carries the very headers its GET does."""
    with httpx.Client(base_url=server.url, headers={"Accept-Encoding": "gzip"}) as client:
        health = client.get("/healthz")
        assert health.status_code == 200 and "content-encoding" not in health.headers
        grid_head = client.head("/v1/grid?count=300&max_items=300")
        head = client.head("/openapi.yaml")
        get = client.get("/openapi.yaml")
    assert grid_head.status_code == 200 and "content-encoding" not in grid_head.headers
    assert grid_head.headers["vary"] == "Accept-Encoding"
    assert head.status_code == 200 and head.headers["content-encoding"] == "gzip"
    assert head.headers["vary"] == "Accept-Encoding"
    for name in ("content-encoding", "content-length", "etag", "content-type"):
        assert head.headers[name] == get.headers[name]
    assert get.headers["content-encoding"] == "gzip" and get.text.startswith("openapi: 3.1")


def test_gzip_request_body(server):
    """A gzip request body is inflated before the handler: same answer as the plain body."""
    body = sample_bytes("open-api-timeline-2020")
    with httpx.Client(base_url=server.url, headers={"Accept-Encoding": "identity"}) as client:
        plain = raw_post(client, body)
        zipped = raw_post(client, gzip.compress(body), **{"Content-Encoding": "gzip"})
    assert plain.status_code == 200 and zipped.status_code == 200
    assert zipped.content == plain.content


def test_gzip_bomb_is_413(server):
    """64 MiB of zeros gzipped (~64 KiB) gets 413 without being inflated whole (the server's peak
    resident memory grows by far less than 64 MiB); the server goes on."""
    bomb = gzip.compress(bytes(64 << 20), compresslevel=9)
    assert len(bomb) < 100_000
    with httpx.Client(base_url=server.url) as client:
        assert client.get("/healthz").status_code == 200
        peak_before = status_kib(server.process.pid, "VmHWM")
        response = raw_post(client, bomb, **{"Content-Encoding": "gzip"})
        assert response.status_code == 413
        assert response.headers["content-type"] == "application/problem+json"
        assert status_kib(server.process.pid, "VmHWM") - peak_before < 16 * 1024
        assert client.get("/healthz").status_code == 200


def test_other_codings_and_corrupt_gzip(server):
    """Content-Encoding br is 415; a body that is not gzip despite saying so is 400."""
    with httpx.Client(base_url=server.url) as client:
        assert raw_post(client, b"{}", **{"Content-Encoding": "br"}).status_code == 415
        assert raw_post(client, b"{}", **{"Content-Encoding": "gzip"}).status_code == 400
        assert raw_post(client, b'{"statuses":[]}', **{"Content-Encoding": "identity"}).status_code == 200
