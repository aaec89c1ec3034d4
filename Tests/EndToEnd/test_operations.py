"""What operators and browser clients see, against the real binary: /metrics linted by promtool
after hostile traffic with a bounded series count, CORS, 406, Retry-After, the access log and
the start line."""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time

import httpx

from conftest import BINARY

ORIGIN = "https://app.example"


def raw_request(port, method, target):
    """One request with any method token (httpx refuses none, but curl -X is slower to spawn)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"{method} {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1])


def hostile_burst(port, tag, count=60):
    """Made-up methods, lower-case methods, unknown paths, odd targets: all answered 4xx."""
    statuses = set()
    for i in range(count):
        statuses.add(raw_request(port, f"M{tag}{i}", "/healthz"))
        statuses.add(raw_request(port, "get", f"/v1/grid?count={i}"))
        statuses.add(raw_request(port, "GET", f"/scan/{tag}/{i}?x={i}"))
        statuses.add(raw_request(port, f"PROPFIND{i}", f"/wp-admin/{tag}{i}.php"))
    return statuses


def series(text):
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_metrics_stay_bounded_and_pass_promtool(server):
    """promtool check metrics is clean after hostile traffic, and a second, different burst adds no series."""
    promtool = os.path.join(os.path.dirname(sys.executable), "promtool")  # the venv's (scripts/bootstrap)
    if not os.access(promtool, os.X_OK):
        promtool = shutil.which("promtool")
    assert promtool, "promtool is missing: scripts/bootstrap --test extracts it into .venv/bin"
    httpx.get(f"{server.url}/metrics")  # the scrape's own series exist from here on
    assert hostile_burst(server.port, "a") <= {404, 405}
    first = httpx.get(f"{server.url}/metrics").text
    assert hostile_burst(server.port, "b") <= {404, 405}
    second = httpx.get(f"{server.url}/metrics").text

    check = subprocess.run([promtool, "check", "metrics"], input=second, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.strip() == "" and check.stderr.strip() == "", check.stdout + check.stderr

    def names(text):
        return sorted(re.sub(r" \S+$", "", line) for line in series(text))
    assert names(first) == names(second)
    requests = [line for line in series(second) if line.startswith("http_requests_total")]
    # 240 hostile requests per burst, on four shapes: a handful of series, each label from a closed set.
    assert len(requests) <= 6, requests
    for line in requests:
        labels = dict(re.findall(r'(\w+)="([^"]*)"', line))
        assert labels["method"] in {"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "other"}
        assert labels["route"] == "other" or re.fullmatch(r"[a-z][A-Za-z]+", labels["route"]), line
    assert 'http_requests_total{route="getHealth",method="other",status="405"} 120' in second
    assert 'http_requests_total{route="other",method="GET",status="404"} 120' in second
    assert 'http_requests_total{route="other",method="other",status="404"} 120' in second
    for name in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds",
                 "process_max_fds", "process_start_time_seconds", "http_requests_in_flight",
                 "http_connections_refused_total", "timeline_layout_build_info{"]:
        assert any(line.startswith(name) for line in series(second)), name
    assert "http_request_duration_seconds_bucket{route=\"getGrid\",le=\"+Inf\"} 120" in second


def test_cors_with_curl(start_server):
    """--cors-origins: curl's preflight gets the grant; the POST gets the origin and the exposed headers."""
    server = start_server("--cors-origins", f"{ORIGIN},http://localhost:3000")
    preflight = subprocess.run(
        ["curl", "-sS", "-i", "-X", "OPTIONS", f"{server.url}/v1/timeline/layout", "-H", f"Origin: {ORIGIN}",
         "-H", "Access-Control-Request-Method: POST", "-H", "Access-Control-Request-Headers: content-type"],
        capture_output=True, text=True, check=True).stdout
    head = preflight.split("\r\n\r\n")[0].lower()
    assert head.startswith("http/1.1 204")
    for field in [f"access-control-allow-origin: {ORIGIN}", "access-control-allow-methods: post",
                  "access-control-allow-headers: content-type, content-encoding, x-request-id",
                  "access-control-max-age: 86400", "vary: origin"]:
        assert field in head.lower(), field
    response = httpx.post(f"{server.url}/v1/timeline/layout", json={"statuses": []}, headers={"Origin": ORIGIN})
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == ORIGIN
    assert response.headers["access-control-expose-headers"] == "X-Request-Id, ETag"


def test_cors_from_the_environment_and_without(start_server):
    """CORS_ORIGINS=* grants every origin; without it OPTIONS is 204 with Allow and no CORS header."""
    env_server = server_with_env({"CORS_ORIGINS": "*"})
    try:
        granted = httpx.options(f"{env_server[1]}/v1/grid", headers={"Origin": "http://x.test", "Access-Control-Request-Method": "GET"})
        assert granted.status_code == 204 and granted.headers["access-control-allow-origin"] == "*"
        assert granted.headers["access-control-allow-methods"] == "GET, HEAD"
    finally:
        env_server[0].terminate()
        env_server[0].wait(timeout=15)
    plain = start_server()
    answer = httpx.options(f"{plain.url}/v1/timeline/layout", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "POST"})
    assert answer.status_code == 204 and answer.headers["allow"] == "OPTIONS, POST"
    assert not [name for name in answer.headers if name.lower().startswith("access-control-")]


def server_with_env(extra):
    """A server configured by environment variables only; (process, base URL)."""
    process = subprocess.Popen([BINARY, "serve", "--port", "0", "--log-format", "off"],
                               env={**os.environ, **extra}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    match = re.search(r"listening on http://[\d.]+:(\d+)", line)
    assert match, line
    return process, f"http://127.0.0.1:{match.group(1)}"


def test_not_acceptable_and_retry_after(start_server):
    """Accept: application/xml is 406 problem+json; over the connection limit, 503 with Retry-After."""
    server = start_server("--max-connections", "1")
    with httpx.Client(base_url=server.url) as client:
        xml = client.get("/v1/grid?count=4", headers={"Accept": "application/xml"})
        assert xml.status_code == 406
        assert xml.headers["content-type"] == "application/problem+json"
        assert xml.json()["title"] == "Not Acceptable"
        assert client.get("/v1/grid?count=4", headers={"Accept": "application/json"}).status_code == 200
        # The client's connection is the one allowed: the next is refused at once.
        refused = subprocess.run(["curl", "-sS", "-i", f"{server.url}/healthz"], capture_output=True, text=True).stdout
        assert refused.startswith("HTTP/1.1 503")
        assert "\nRetry-After: 1\n" in refused  # text mode turned CRLF into LF
        assert "http_connections_refused_total 1\n" in client.get("/metrics").text


def test_access_log_lines_and_start_line():
    """The text access log is a Combined-like line with a UTC time and the user agent; JSON has time and
    user_agent; one thread is '(1 thread)'."""
    for log_format in ["text", "json"]:
        process = subprocess.Popen([BINARY, "serve", "--port", "0", "--threads", "1", "--log-format", log_format],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            start = process.stderr.readline()
            assert start.rstrip().endswith("(1 thread)"), start
            port = re.search(r":(\d+) \(", start).group(1)
            httpx.get(f"http://127.0.0.1:{port}/healthz", headers={"User-Agent": 'probe/1.0 "quoted"'})
            line = process.stdout.readline().rstrip("\n")
            subprocess.run(["curl", "-sS", "--http2-prior-knowledge", "-A", "h2agent/2", "-o", "/dev/null",
                            f"http://127.0.0.1:{port}/healthz"], check=True)
            h2_line = process.stdout.readline().rstrip("\n")
        finally:
            process.terminate()
            process.wait(timeout=15)
        if log_format == "text":
            match = re.fullmatch(
                r'127\.0\.0\.1:\d+ - - \[(\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000)\] "GET /healthz HTTP/1\.1" 200 \d+ "-" '
                r'"probe/1\.0 \\"quoted\\"" [\d.]+ms id=\S+', line)
            assert match, line
            logged = time.mktime(time.strptime(match.group(1), "%d/%b/%Y:%H:%M:%S +0000")) - time.timezone
            assert abs(logged - time.time()) < 3600, line  # a UTC time of this run, not a local one
            assert '"GET /healthz HTTP/2.0" 200' in h2_line and '"h2agent/2"' in h2_line, h2_line
        else:
            entry = json.loads(line)
            assert entry["user_agent"] == 'probe/1.0 "quoted"'
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry["time"])
            assert entry["status"] == 200 and entry["path"] == "/healthz"
            assert json.loads(h2_line)["user_agent"] == "h2agent/2"


def test_refusals_before_routing_keep_the_request():
    """A 413 from Content-Length, a 431 and a 408 keep the client's X-Request-Id, and the access
    log and /metrics record their method and route; the limits' details name their settings."""
    process = subprocess.Popen([BINARY, "serve", "--port", "0", "--threads", "1", "--log-format", "text",
                                "--max-body-bytes", "1000", "--request-timeout", "0.5"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+) \(", process.stderr.readline()).group(1))

        def exchange(head):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(head.encode())
                data = b""
                while chunk := sock.recv(65536):
                    data += chunk
            head_bytes, _, body = data.partition(b"\r\n\r\n")
            lines = head_bytes.decode().split("\r\n")
            fields = {name.lower(): value for name, _, value in (line.partition(": ") for line in lines[1:])}
            return int(lines[0].split(" ")[1]), fields, body

        status, fields, body = exchange(
            "POST /v1/timeline/layout HTTP/1.1\r\nHost: t\r\nX-Request-Id: big-413\r\nContent-Length: 1001\r\n\r\n")
        assert status == 413 and fields["x-request-id"] == "big-413"
        assert json.loads(body)["detail"] == (
            "The body exceeds 1000 bytes, the server's limit (--max-body-bytes / MAX_BODY_BYTES).")
        log_413 = process.stdout.readline()
        assert '"POST /v1/timeline/layout HTTP/1.1" 413 ' in log_413 and "id=big-413" in log_413, log_413

        status, fields, body = exchange(
            "GET /v1/grid?count=4 HTTP/1.1\r\nHost: t\r\nX-Request-Id: big-431\r\nX-Pad: " + "x" * 17000 + "\r\n\r\n")
        assert status == 431 and fields["x-request-id"] == "big-431"
        assert json.loads(body)["detail"] == (
            "The request head exceeds 16384 bytes, the server's limit (--max-header-bytes / MAX_HEADER_BYTES).")
        log_431 = process.stdout.readline()
        assert '"GET /v1/grid HTTP/1.1" 431 ' in log_431 and "id=big-431" in log_431, log_431

        status, fields, _ = exchange("POST /v1/browser/open HTTP/1.1\r\nX-Request-Id: late-408\r\n")
        assert status == 408 and fields["x-request-id"] == "late-408"
        log_408 = process.stdout.readline()
        assert '"POST /v1/browser/open HTTP/1.1" 408 ' in log_408 and "id=late-408" in log_408, log_408

        metrics = httpx.get(f"http://127.0.0.1:{port}/metrics").text
        for route, method, status in [("layoutTimeline", "POST", 413), ("getGrid", "GET", 431),
                                      ("openBrowser", "POST", 408)]:
            assert f'http_requests_total{{route="{route}",method="{method}",status="{status}"}} 1' in metrics
    finally:
        process.terminate()
        process.wait(timeout=15)
