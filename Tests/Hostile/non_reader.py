"""Clients that never read their responses: each pipelines requests for a 30 KB document
for as long as the server takes them. The server's buffered output stays bounded (it stops
reading a connection whose unsent output passes 1 MiB), a normal client is served meanwhile,
and the server closes each such connection once its writes make no progress for the write
timeout (3 s here, as the idle timeout).

Judged without a clock: the growth of resident memory is bounded, the normal client is answered,
and every stalled connection is closed by the server (its descriptors come back; the wait is a
hang guard of ten timeouts). How long the closing took is a figure."""
import socket
import time

from hostile_support import (Server, fd_count, get_status, raise_fd_limit, report, request_bytes, rss_kib,
                             settled_fd_count, short_mode)

CLIENTS = 10
IDLE_TIMEOUT = 3
# Unsent output per connection is held to ~1 MiB plus the responses already in the kernel.
MAX_GROWTH_KIB_PER_CLIENT = 4096


def flood(sockets, seconds, pid):
    """Sends pipelined requests on every socket without reading for `seconds`; returns the bytes
    sent and the server's peak RSS meanwhile."""
    request = request_bytes("GET", "/openapi.yaml") * 64
    sent = 0
    peak = rss_kib(pid)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        peak = max(peak, rss_kib(pid))
        progressed = False
        for sock in sockets:
            try:
                sent += sock.send(request)
                progressed = True
            except BlockingIOError:
                pass
            except OSError:
                return sent, peak
        if not progressed:
            time.sleep(0.05)
    return sent, peak


def main():
    raise_fd_limit()
    server = Server("--idle-timeout", str(IDLE_TIMEOUT), "--write-timeout", str(IDLE_TIMEOUT))
    sockets = []
    try:
        pid = server.process.pid
        get_status(server.port, "/openapi.yaml")
        rss_before, fds_before = rss_kib(pid), settled_fd_count(pid)
        for _ in range(CLIENTS):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", server.port))
            sock.setblocking(False)
            sockets.append(sock)
        # Shorter than the idle timeout: the connections are still open when it ends.
        sent, rss_stalled = flood(sockets, 1.5 if short_mode() else 2.5, pid)
        fds_stalled = fd_count(pid)
        normal = get_status(server.port, "/v1/grid?count=3")
        stalled_at = time.monotonic()
        while fd_count(pid) > fds_before and time.monotonic() < stalled_at + IDLE_TIMEOUT * 10:
            time.sleep(0.1)
        closed_after = time.monotonic() - stalled_at
        fds_after = fd_count(pid)
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
    growth = rss_stalled - rss_before
    figures = (f"{CLIENTS} clients sent {sent / 1e6:.1f} MB of requests and read nothing: "
               f"RSS peak +{growth / 1024:.1f} MiB ({rss_before / 1024:.1f} → {rss_stalled / 1024:.1f}); "
               f"closed by the server {closed_after:.1f}s after the flood (idle timeout {IDLE_TIMEOUT}s); "
               f"fds {fds_before} → {fds_stalled} → {fds_after}; normal client {normal}")
    passed = growth <= MAX_GROWTH_KIB_PER_CLIENT * CLIENTS and normal == 200 and fds_after == fds_before
    report("non-reading-clients", passed, figures)


if __name__ == "__main__":
    main()
