"""Shared helpers of the hostile-client checks: the real server, its memory and descriptors,
wrk runs, raw sockets, and one PASS/FAIL line per check (scripts/harden counts them).

Every check is a script `python3 Tests/Hostile/<check>.py [--short]`, bounded in time, on
127.0.0.1 only, exiting 0 when it passed."""
import os
import re
import resource
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "EndToEnd"))
from conftest import BINARY, SAMPLES, Server, status_kib  # noqa: E402  (the end-to-end suite's launcher)

__all__ = ["BINARY", "HERE", "SAMPLES", "Server", "short_mode", "raise_fd_limit", "rss_kib", "fd_count",
           "fd_count_returned_to", "settled_fd_count", "wrk", "connect", "request_bytes", "read_response",
           "get_status", "report"]


def short_mode():
    return "--short" in sys.argv[1:]


def raise_fd_limit():
    """Raises this process's descriptor limit to its hard limit (servers started later inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def rss_kib(pid):
    return status_kib(pid, "VmRSS")


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def fd_count_returned_to(pid, count, seconds=10):
    """Waits up to `seconds` for the server to be back at `count` descriptors; returns its count."""
    deadline = time.monotonic() + seconds
    while fd_count(pid) > count and time.monotonic() < deadline:
        time.sleep(0.1)
    return fd_count(pid)


def settled_fd_count(pid):
    """The descriptor count once the server closed the connections of requests just answered."""
    time.sleep(0.3)
    return fd_count(pid)


def wrk(url, seconds, connections=8, threads=1, script=None):
    """Runs wrk; returns requests/s, completed requests, non-2xx/3xx responses and socket errors."""
    command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "5s"]
    if script:
        command += ["-s", script]
    output = subprocess.run(command + [url], capture_output=True, text=True, timeout=seconds + 30).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    total = re.search(r"(\d+) requests in", output)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rate": float(rate.group(1)) if rate else 0.0,
        "requests": int(total.group(1)) if total else 0,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "connect": int(errors.group(1)) if errors else 0,
        "read": int(errors.group(2)) if errors else 0,
        "write": int(errors.group(3)) if errors else 0,
        "timeout": int(errors.group(4)) if errors else 0,
        "output": output,
    }


def connect(port, timeout=10):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def request_bytes(method, path, body=b"", content_type="application/json", extra=""):
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}"
    if body or method in ("POST", "PUT", "PATCH"):
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


def read_response(sock):
    """Reads one response (Content-Length framed); returns (status, headers dict, body) or None at EOF."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body[:length]


def get_status(port, path="/healthz"):
    with connect(port) as sock:
        sock.sendall(request_bytes("GET", path, extra="Connection: close\r\n"))
        response = read_response(sock)
        return response[0] if response else None


def report(name, passed, figures):
    """Prints the check's one line and exits with its outcome."""
    print(f"{'PASS' if passed else 'FAIL'} {name}: {figures}", flush=True)
    sys.exit(0 if passed else 1)
