"""HTTP/1.1 with real clients: curl and httpx against the real binary."""
import json
import subprocess

import httpx
import pytest

from conftest import BINARY, golden, sample_path

SAMPLES = ["client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_curl_layout_equals_the_offline_command(server, sample):
    """The README's curl call returns the golden layout and, byte for byte, what `timeline-layout layout`
    prints (one code path behind both doors)."""
    served = subprocess.run(
        ["curl", "-sS", "--fail-with-body", f"{server.url}/v1/timeline/layout", "-H", "Content-Type: application/json",
         "--data-binary", f"@{sample_path(sample)}"], capture_output=True, check=True).stdout
    offline = subprocess.run([BINARY, "layout", sample_path(sample)], capture_output=True, check=True).stdout
    assert json.loads(served) == golden(sample)
    assert served + b"\n" == offline


def test_curl_default_form_content_type(server):
    """`curl --data @file` sends application/x-www-form-urlencoded; JSON bodies are accepted anyway."""
    out = subprocess.run(["curl", "-sS", "-w", "\n%{http_code}", f"{server.url}/v1/timeline/layout", "--data",
                          f"@{sample_path('open-api-legacy-2012')}"], capture_output=True, text=True, check=True).stdout
    body, status = out.rsplit("\n", 1)
    assert status == "200"
    assert len(json.loads(body)["statuses"]) == 20


def test_httpx_keep_alive_and_problems(server):
    """One httpx client, one connection: layout, a 422 problem with pointers, a 404, a 405 with Allow."""
    with httpx.Client(base_url=server.url) as client:
        ok = client.post("/v1/timeline/layout", json={"statuses": [{"idstr": "1", "pic_ids": ["a"], "pic_infos": {
            "a": {"thumbnail": {"url": "http://h/or180/a.gif"}, "bmiddle": {"url": "http://h/or360/a.gif", "width": 300, "height": 200}}}}],
            "options": {"style": "adaptive", "content_width": 355}})
        assert ok.status_code == 200
        item = ok.json()["statuses"][0]["photos"]["items"][0]
        # Landscape single picture: L = 2·115.5 + 4 = 235 wide, 200/300·235 = 156.67 → 156.5 tall.
        assert item["frame"] == {"x": 0, "y": 0, "width": 235, "height": 156.5}
        assert item["badge"] == {"kind": "gif", "frame": {"x": 207, "y": 138.5, "width": 28, "height": 18}}

        bad = client.post("/v1/timeline/layout", json={"statuses": [], "options": {"scale": 5, "max_items": 0}})
        assert bad.status_code == 422
        assert bad.headers["content-type"] == "application/problem+json"
        assert {e["pointer"] for e in bad.json()["errors"]} == {"#/options/scale", "#/options/max_items"}

        missing = client.get("/v2/nothing")
        assert missing.status_code == 404 and missing.json()["title"] == "Not Found"
        wrong = client.delete("/v1/timeline/layout")
        assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"


def test_sigterm_exits_zero(start_server):
    """SIGTERM drains and exits 0."""
    server = start_server()
    assert httpx.get(f"{server.url}/readyz").status_code == 200
    assert server.stop() == 0

