"""10 000 idle keep-alive connections: each makes one request and then stays silent. The server's
memory stays bounded (RSS before, with all of them open, and after they close), a normal client
is still served meanwhile, and every descriptor comes back once they are gone."""
import socket
import time

from hostile_support import (Server, fd_count, fd_count_returned_to, get_status, raise_fd_limit,
                             read_response, report, request_bytes, rss_kib, settled_fd_count, short_mode)

# Bound on the server's memory per idle connection (its state machine, parser and buffers).
MAX_KIB_PER_CONNECTION = 32


def main():
    limit = raise_fd_limit()
    count = 2000 if short_mode() else 10_000
    if limit < count + 100:
        if not short_mode():
            report("idle-connections", False, f"descriptor limit {limit} is below {count}")
        # The test command judges the same invariants with as many connections as the machine
        # lets this process and the server hold (a container's hard limit may be 1024, and
        # only root outside it may raise that): a machine limit is not a product failure.
        count = limit - 100
        print(f"idle-connections: descriptor limit {limit} (hard): {count} connections instead of 2000")
    server = Server("--max-connections", str(count + 1000), "--idle-timeout", "120")
    sockets = []
    try:
        pid = server.process.pid
        get_status(server.port)  # the loops and the date cache are warm
        rss_before, fds_before = rss_kib(pid), settled_fd_count(pid)
        request = request_bytes("GET", "/healthz")
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
            sock.sendall(request)
            sockets.append(sock)
        answered = sum(1 for sock in sockets if (read_response(sock) or (0,))[0] == 200)
        time.sleep(1)
        rss_open, fds_open = rss_kib(pid), fd_count(pid)
        normal = get_status(server.port, "/v1/grid?count=4")
        for sock in sockets:
            sock.close()
        sockets = []
        fds_after = fd_count_returned_to(pid, fds_before, 60)
        rss_after = rss_kib(pid)
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
    per_connection = (rss_open - rss_before) / count
    mib = [f"{kib / 1024:.1f} MiB" for kib in (rss_before, rss_open, rss_after)]
    figures = (f"{count} idle keep-alive connections ({answered} answered 200 first): RSS {mib[0]} before, "
               f"{mib[1]} open ({per_connection:.1f} KiB each), {mib[2]} after; "
               f"fds {fds_before} → {fds_open} → {fds_after}; normal client {normal}")
    passed = (answered == count and normal == 200 and per_connection <= MAX_KIB_PER_CONNECTION
              and fds_open >= fds_before + count and fds_after == fds_before)
    report("idle-connections", passed, figures)


if __name__ == "__main__":
    main()
