#!/usr/bin/env python3
"""Server CPU for the static documents (the playground `GET /`, `/openapi.yaml`).

Starts the real binary on 127.0.0.1 (port 0) and reads its CPU seconds (user + system, from
/proc/PID/stat) around two loads:

  - N × `GET /` with `Accept-Encoding: gzip` over HTTP/1.1 keep-alive (one connection), every
    answer read to its end and checked to be a 200;
  - R rounds of 1,000 × (HEADERS `GET /` with `accept-encoding: gzip`, then RST_STREAM at
    once) over cleartext HTTP/2, reconnecting whenever the server ends a connection.

Prints a Markdown table, one row per load (scripts/bench puts it into BENCHMARKS.md). Bounded
in time (every read has a hang guard).
  python3 Benchmarks/bench_documents.py --binary .build/release/timeline-layout [--gets 300] [--rounds 5]
"""
import argparse
import os
import socket
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Hostile"))
from h2_support import H2, RstStreamFrame, cpu_seconds  # noqa: E402  (the hostile checks' HTTP/2 client)
from hostile_support import Server  # noqa: E402

HANG_GUARD = 30


def read_response(sock, buffered):
    """Reads one HTTP/1.1 response with a Content-Length; returns (status, body, rest)."""
    data = buffered
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed before a response head")
        data += chunk
    head, data = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(data) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed inside a body")
        data += chunk
    return status, data[:length], data[length:]


def gets(port, count):
    """`count` gzip GETs of `/` on one keep-alive connection; returns the gzip body's size."""
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n"
    size = 0
    with socket.create_connection(("127.0.0.1", port), timeout=HANG_GUARD) as sock:
        rest = b""
        for _ in range(count):
            sock.sendall(request)
            status, body, rest = read_response(sock, rest)
            if status != 200:
                raise RuntimeError(f"GET / answered {status}")
            size = len(body)
    return size


def resets(port, count):
    """`count` HEADERS + RST_STREAM pairs on `/`; returns the connections it took."""
    client = None
    connections = 0
    stream = 1
    for _ in range(count):
        if client is None or client.closed or client.goaway_code() is not None:
            if client is not None:
                client.close()
            client = H2(port)
            connections += 1
            stream = 1
        request = client.request(stream, "GET", "/", [("accept-encoding", "gzip")])
        client.send(request + RstStreamFrame(stream, error_code=8).serialize())
        stream += 2
        client.read(0)
    if client is not None:
        client.read(0.2)
        client.close()
    return connections


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "timeline-layout"))
    parser.add_argument("--gets", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    os.environ["TIMELINE_LAYOUT_BINARY"] = arguments.binary
    import conftest  # the launcher reads the binary's path when imported

    conftest.BINARY = arguments.binary
    server = Server()
    try:
        pid = server.process.pid
        gets(server.port, 1)  # first use: whatever is prepared lazily is not counted
        before = cpu_seconds(pid)
        started = time.monotonic()
        size = gets(server.port, arguments.gets)
        cpu_gets = cpu_seconds(pid) - before
        wall_gets = time.monotonic() - started
        print("| load | server CPU | per request | wall |")
        print("|---|---|---|---|")
        print(f"| {arguments.gets} × `GET /` with gzip ({size} bytes each), one keep-alive connection | "
              f"{cpu_gets:.2f} s | {cpu_gets / arguments.gets * 1000:.2f} ms | {wall_gets:.2f} s |")
        connections = 0
        before = cpu_seconds(pid)
        for _ in range(arguments.rounds):
            connections += resets(server.port, 1_000)
        time.sleep(1)  # work the resets left queued, if any, is done or dropped
        cpu_resets = cpu_seconds(pid) - before
        print(f"| {arguments.rounds} × 1,000 HEADERS+RST_STREAM on `/` (h2c, {connections} connection(s)) | "
              f"{cpu_resets:.2f} s | {cpu_resets / (arguments.rounds * 1000) * 1000:.3f} ms | - |")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
