"""`source` through the real server (docs/API.md §3): every answer of a timeline, and its retweet, names
the status object it was laid out from by its JSON pointer (RFC 6901) in the request."""
import json
import subprocess

import httpx
import pytest

from conftest import BINARY, sample_path

SAMPLES = ["client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
           "m-weibo-cn-container"]


def resolve(document, pointer):
    """RFC 6901 written out: "" is the document, each "/segment" a member or an index; ~1 is /, ~0 is ~."""
    value = document
    for raw in pointer.split("/")[1:]:
        segment = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list):
            value = value[int(segment)]
        else:
            value = value[segment]
    return value


def status_id(status):
    """docs/API.md §3: `idstr`, else `id`'s digits, else null."""
    if isinstance(status.get("idstr"), str):
        return status["idstr"]
    value = status.get("id")
    return value if isinstance(value, str) else str(value) if isinstance(value, int) and value is not True else None


def layout(server, body):
    response = httpx.post(f"{server.url}/v1/timeline/layout", content=body,
                          headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["statuses"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_source_resolves_to_its_status(server, sample):
    """Each sample: every source resolves in the request to an object whose id is the answer's."""
    body = open(sample_path(sample), "rb").read()
    document = json.loads(body)
    answers = layout(server, body)
    assert answers
    for answer in answers:
        target = resolve(document, answer["source"])
        assert isinstance(target, dict) and status_id(target) == answer["id"], answer["source"]
        if answer["retweeted"] is not None:
            retweet = answer["retweeted"]
            assert retweet["source"] == answer["source"] + "/retweeted_status"
            assert status_id(resolve(document, retweet["source"])) == retweet["id"]
    sources = [answer["source"] for answer in answers]
    assert len(set(sources)) == len(sources)


def test_skipped_entries_and_card_groups(server):
    """The issue's example (two answers for four entries, the first without an id) and m.weibo.cn
    cards with a card_group: a card's own mblog first, skipped entries keeping their indices."""
    answers = layout(server, b'[1, null, {"pic_ids":["a"]}, {"idstr":"b"}]')
    assert [(a["id"], a["source"]) for a in answers] == [(None, "/2"), ("b", "/3")]
    cards = {"ok": 1, "data": {"cards": [
        {"card_type": 4},
        {"card_group": [5, {"mblog": {"idstr": "g"}}], "mblog": {"idstr": "own", "retweeted_status": {"id": 9}}},
    ]}}
    answers = layout(server, json.dumps(cards).encode())
    assert [(a["id"], a["source"]) for a in answers] == [
        ("own", "/data/cards/1/mblog"), ("g", "/data/cards/1/card_group/1/mblog")]
    assert answers[0]["retweeted"] == {"id": "9", "source": "/data/cards/1/mblog/retweeted_status", "photos": None,
                                    "card": None}


def test_offline_command_writes_the_same_sources(server):
    """`timeline-layout layout` shares the writer: the same bytes as the server, sources included."""
    body = b'{"cards": [{"mblog": {"idstr": "1"}}, {"card_group": [{"mblog": {}}]}]}'
    served = httpx.post(f"{server.url}/v1/timeline/layout", content=body, timeout=30).content
    offline = subprocess.run([BINARY, "layout"], input=body, capture_output=True, check=True).stdout
    assert served + b"\n" == offline
    assert [a["source"] for a in json.loads(served)["statuses"]] == ["/cards/0/mblog", "/cards/1/card_group/0/mblog"]


def test_offline_command_writes_the_same_cards(server):
    """Cards (docs/API.md §4) through the shared writer: a video, and a link on a retweet (the
    status that reposts has none), the same bytes from the server and the offline command."""
    body = json.dumps({"statuses": [
        {"idstr": "1", "page_info": {"object_type": "video", "page_pic": "https://a/v.jpg", "page_title": "Clip"}},
        {"idstr": "2", "page_info": {"type": 0, "page_title": "x"},
         "retweeted_status": {"idstr": "3", "page_info": {"page_title": "T", "type_icon": "https://a/i.png"}}},
    ]}).encode()
    served = httpx.post(f"{server.url}/v1/timeline/layout", content=body, timeout=30).content
    offline = subprocess.run([BINARY, "layout"], input=body, capture_output=True, check=True).stdout
    assert served + b"\n" == offline
    statuses = json.loads(served)["statuses"]
    assert [s["card"] and s["card"]["kind"] for s in statuses] == ["video", None]
    assert statuses[1]["retweeted"]["card"]["kind"] == "link"
    assert statuses[1]["retweeted"]["card"]["text_frame"] == {"x": 52, "y": 0, "width": 168, "height": 70}
