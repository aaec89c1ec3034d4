"""HTTP/2 with real clients: curl (prior knowledge and Upgrade: h2c), the Python h2 package, h2load."""
import gzip
import json
import re
import socket
import subprocess
import time

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
import pytest

from conftest import BINARY, golden, sample_path

LAYOUT = "/v1/timeline/layout"


class H2Client:
    """One h2c connection by prior knowledge, driven by hand; `events` keeps everything received."""

    def __init__(self, port, auto_ack=True, settings=None):
        self.auto_ack = auto_ack
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
        self.conn.local_settings = h2.settings.Settings(client=True, initial_values=settings or None)
        self.conn.initiate_connection()
        self.flush()
        self.events = []
        self.closed = False

    def flush(self):
        self.socket.sendall(self.conn.data_to_send())

    def request(self, method, path, body=None, headers=(), end=True):
        stream = self.conn.get_next_available_stream_id()
        fields = [(":method", method), (":path", path), (":scheme", "http"), (":authority", "127.0.0.1"), *headers]
        self.conn.send_headers(stream, fields, end_stream=body is None and end)
        if body is not None:
            self.send_body(stream, body, end)
        self.flush()
        return stream

    def send_body(self, stream, body, end=True):
        """Sends as much as the windows allow, waiting for WINDOW_UPDATEs for the rest."""
        while body:
            room = min(self.conn.local_flow_control_window(stream), self.conn.max_outbound_frame_size)
            if room == 0:
                self.flush()
                self.pump()
                continue
            self.conn.send_data(stream, body[:room])
            body = body[room:]
        if end:
            self.conn.end_stream(stream)
        self.flush()

    def pump(self):
        """Reads one chunk and records its events; returns them."""
        try:
            data = self.socket.recv(65536)
        except socket.timeout:
            return []
        except ConnectionResetError:
            data = b""
        if not data:
            self.closed = True
            return []
        events = self.conn.receive_data(data)
        for event in events:
            if self.auto_ack and isinstance(event, h2.events.DataReceived):
                self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        self.flush()
        self.events += events
        return events

    def until(self, done, seconds=10):
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, f"timed out; events: {self.events[-5:]}"
            if self.closed:
                raise AssertionError(f"connection closed; events: {self.events[-5:]}")
            self.pump()

    def response(self, stream, ack=True):
        """(status, headers, body) of a stream once it ended or was reset."""
        self.until(lambda: any(isinstance(e, (h2.events.StreamEnded, h2.events.StreamReset))
                               and e.stream_id == stream for e in self.events))
        headers, body = {}, b""
        for event in self.events:
            if isinstance(event, h2.events.ResponseReceived) and event.stream_id == stream:
                headers = dict(event.headers)
            elif isinstance(event, h2.events.DataReceived) and event.stream_id == stream:
                body += event.data
        return int(headers.get(":status", 0)), headers, body

    def close(self):
        self.socket.close()


def sample_bytes(name="open-api-legacy-2012"):
    with open(sample_path(name), "rb") as handle:
        return handle.read()


def offline_layout(name):
    return subprocess.run([BINARY, "layout", sample_path(name)], capture_output=True, check=True).stdout


def curl(*args):
    return subprocess.run(["curl", "-sS", *args], capture_output=True, check=True)


def test_curl_prior_knowledge_layout(server):
    """`curl --http2-prior-knowledge` gets, over HTTP/2, what the offline command prints."""
    out = curl("--http2-prior-knowledge", "-w", "\n%{http_version}", f"{server.url}{LAYOUT}",
               "-H", "Content-Type: application/json", "--data-binary", f"@{sample_path('client-api-timeline')}").stdout
    body, version = out.rsplit(b"\n", 1)
    assert version == b"2"
    assert json.loads(body) == golden("client-api-timeline")
    assert body + b"\n" == offline_layout("client-api-timeline")


def test_curl_upgrade(server):
    """`curl --http2` on http:// upgrades with Upgrade: h2c: 101, then the answer over HTTP/2 on stream 1."""
    result = curl("--http2", "-v", "-w", "\n%{http_version}", f"{server.url}/healthz")
    body, version = result.stdout.rsplit(b"\n", 1)
    assert version == b"2" and json.loads(body) == {"status": "ok"}
    assert b"HTTP/1.1 101 Switching Protocols" in result.stderr
    upload = curl("--http2", "-w", "\n%{http_code} %{http_version}", f"{server.url}{LAYOUT}",
                  "--data-binary", f"@{sample_path('open-api-legacy-2012')}").stdout
    body, status = upload.rsplit(b"\n", 1)
    assert status == b"200 2" and body + b"\n" == offline_layout("open-api-legacy-2012")
    assert json.loads(body) == golden("open-api-legacy-2012")


def test_curl_gzip_over_http2(server):
    """gzip works on HTTP/2 too: content-encoding gzip on the wire, the same JSON decoded."""
    result = curl("--http2-prior-knowledge", "--compressed", "-D", "-", f"{server.url}{LAYOUT}",
                  "-H", "Content-Type: application/json", "--data-binary", f"@{sample_path('open-api-legacy-2012')}")
    assert b"content-encoding: gzip" in result.stdout and b"vary: Accept-Encoding" in result.stdout
    assert result.stdout.split(b"\r\n\r\n", 1)[1] + b"\n" == offline_layout("open-api-legacy-2012")


def test_settings_and_concurrent_streams(server):
    """The server allows 100 concurrent streams; 20 streams on one connection (layouts, health, a 404
    and a 405) are all answered, each with its own body, X-Request-Id and the HTTP/1.1 semantics."""
    client = H2Client(server.port)
    client.until(lambda: any(isinstance(e, h2.events.RemoteSettingsChanged) for e in client.events))
    assert client.conn.remote_settings.max_concurrent_streams == 100
    body = sample_bytes()
    streams = {}
    for index in range(16):
        streams[client.request("POST", LAYOUT, body, [("content-type", "application/json"),
                                                      ("x-request-id", f"req-{index}")])] = index
    health = client.request("GET", "/healthz")
    missing = client.request("GET", "/nothing")
    wrong = client.request("DELETE", LAYOUT)
    gzipped = client.request("POST", LAYOUT, gzip.compress(body), [("content-encoding", "gzip")])
    expected = offline_layout("open-api-legacy-2012")
    assert json.loads(expected) == golden("open-api-legacy-2012")
    for stream, index in streams.items():
        status, headers, answer = client.response(stream)
        assert status == 200 and headers["x-request-id"] == f"req-{index}"
        assert answer + b"\n" == expected
    assert client.response(health)[2] == b'{"status":"ok"}'
    assert client.response(missing)[0] == 404
    status, headers, _ = client.response(wrong)
    assert status == 405 and headers["allow"] == "POST"
    assert client.response(gzipped)[2] + b"\n" == expected
    client.close()


def test_errors_as_on_http1(server):
    """The same problems as on HTTP/1.1: 400 malformed JSON, 415 a non-JSON type or coding, 422 with
    pointers, each application/problem+json with an X-Request-Id; /readyz answers 200."""
    client = H2Client(server.port)
    json_type = [("content-type", "application/json")]
    malformed = client.request("POST", LAYOUT, b'{"statuses": [', json_type)
    text = client.request("POST", LAYOUT, b"{}", [("content-type", "text/plain")])
    brotli = client.request("POST", LAYOUT, b"{}", [*json_type, ("content-encoding", "br")])
    invalid = client.request("POST", LAYOUT, b'{"statuses": [], "options": {"scale": 5}}', json_type)
    ready = client.request("GET", "/readyz")
    for stream, expected in [(malformed, 400), (text, 415), (brotli, 415), (invalid, 422)]:
        status, headers, body = client.response(stream)
        assert status == expected and headers["content-type"] == "application/problem+json"
        assert json.loads(body)["status"] == expected and headers["x-request-id"]
    assert json.loads(client.response(invalid)[2])["errors"][0]["pointer"] == "#/options/scale"
    assert client.response(ready)[0] == 200
    client.close()


def test_flow_control_with_a_small_window(server):
    """With a 1 KiB stream window the server sends exactly 1 KiB and waits; each WINDOW_UPDATE
    lets more through, and the whole body arrives."""
    client = H2Client(server.port, auto_ack=False, settings={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 1024})
    stream = client.request("GET", "/openapi.yaml")

    def data(events):
        return [e for e in events if isinstance(e, h2.events.DataReceived)]

    received = 0
    while received < 1024:
        received += sum(len(e.data) for e in data(client.pump()))
    assert received == 1024
    client.socket.settimeout(0.3)
    assert data(client.pump()) == []  # the window is spent: the server waits
    client.socket.settimeout(5)
    client.conn.acknowledge_received_data(received, stream)
    client.flush()
    while not any(isinstance(e, h2.events.StreamEnded) for e in client.events):
        for event in data(client.pump()):
            assert len(event.data) <= 1024
            client.conn.acknowledge_received_data(event.flow_controlled_length, stream)
            client.flush()
    status, headers, body = client.response(stream)
    assert status == 200 and len(body) == int(headers["content-length"]) > 4096
    assert body.startswith(b"openapi: 3.1")
    client.close()


def test_rst_stream_both_ways(server):
    """A stream the client resets mid-body is forgotten; a body passing 1 MiB is answered 413 at once
    and, as the client has not finished sending, the server resets the stream with NO_ERROR
    (RFC 9113 §8.1); the connection serves the next request."""
    client = H2Client(server.port)
    cancelled = client.request("POST", LAYOUT, b'{"statu', end=False)
    client.conn.reset_stream(cancelled, h2.errors.ErrorCodes.CANCEL)
    client.flush()
    large = client.request("POST", LAYOUT, end=False, headers=[("content-type", "application/json")])
    client.send_body(large, b" " * (1 << 20) + b"{}", end=False)  # still sending: the server must stop it
    status, headers, _ = client.response(large)
    assert status == 413 and headers["content-type"] == "application/problem+json"
    client.until(lambda: any(isinstance(e, h2.events.StreamReset) and e.stream_id == large for e in client.events))
    resets = [e for e in client.events if isinstance(e, h2.events.StreamReset) and e.stream_id == large]
    assert [e.error_code for e in resets] == [h2.errors.ErrorCodes.NO_ERROR]
    after = client.request("GET", "/healthz")
    assert client.response(after)[0] == 200
    client.close()


def test_oversized_header_block(server):
    """A 20 KiB header list (limit 16 KiB) is answered 431 on its stream; the connection goes on."""
    client = H2Client(server.port)
    big = client.request("GET", "/healthz", headers=[("x-big", "a" * 20_000)])
    status, headers, body = client.response(big)
    assert status == 431 and json.loads(body)["status"] == 431
    assert client.response(client.request("GET", "/healthz"))[0] == 200
    client.close()


def test_malformed_frame_closes_only_its_connection(server):
    """A PING frame 7 bytes long is a connection error: GOAWAY FRAME_SIZE_ERROR and close; a
    second connection opened before it keeps working."""
    bystander = H2Client(server.port)
    assert bystander.response(bystander.request("GET", "/healthz"))[0] == 200
    client = H2Client(server.port)
    client.socket.sendall(b"\x00\x00\x07\x06\x00\x00\x00\x00\x00" + b"1234567")
    client.until(lambda: client.closed or any(isinstance(e, h2.events.ConnectionTerminated) for e in client.events))
    terminated = [e for e in client.events if isinstance(e, h2.events.ConnectionTerminated)]
    assert terminated and terminated[0].error_code == h2.errors.ErrorCodes.FRAME_SIZE_ERROR
    client.until(lambda: client.closed)
    assert bystander.response(bystander.request("GET", "/healthz"))[0] == 200
    bystander.close()


def test_goaway_on_graceful_shutdown(start_server):
    """SIGTERM: an open HTTP/2 connection gets GOAWAY NO_ERROR, then the server exits 0."""
    server = start_server()
    client = H2Client(server.port)
    assert client.response(client.request("GET", "/healthz"))[0] == 200
    server.process.send_signal(15)
    client.until(lambda: any(isinstance(e, h2.events.ConnectionTerminated) for e in client.events))
    terminated = [e for e in client.events if isinstance(e, h2.events.ConnectionTerminated)][0]
    assert terminated.error_code == h2.errors.ErrorCodes.NO_ERROR and terminated.last_stream_id == 1
    assert server.stop() == 0
    client.close()


def test_h2load_healthz(server):
    """`h2load -n 100000 -c 64 -m 10` against /healthz finishes with every request a 2xx and 0 errors."""
    out = subprocess.run(["h2load", "-n", "100000", "-c", "64", "-m", "10", f"{server.url}/healthz"],
                         capture_output=True, text=True, timeout=120).stdout
    assert re.search(r"requests: 100000 total, 100000 started, 100000 done, 100000 succeeded, 0 failed, "
                     r"0 errored, 0 timeout", out), out
    assert "status codes: 100000 2xx, 0 3xx, 0 4xx, 0 5xx" in out
