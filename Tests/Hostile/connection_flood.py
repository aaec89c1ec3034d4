"""A flood past --max-connections: the excess connections are answered 503 and closed at once,
the ones admitted are served, and once the flood ends the server is healthy with every
descriptor back."""
import select
import socket
import time

from hostile_support import (Server, fd_count_returned_to, get_status, raise_fd_limit, read_response,
                             report, request_bytes, settled_fd_count, short_mode)

LIMIT = 100


def main():
    raise_fd_limit()
    attempts = 400 if short_mode() else 3000
    server = Server("--max-connections", str(LIMIT))
    sockets = []
    try:
        pid = server.process.pid
        get_status(server.port)  # warm: the first request opens what the process keeps open
        fds_before = settled_fd_count(pid)
        for _ in range(attempts):
            sockets.append(socket.create_connection(("127.0.0.1", server.port), timeout=10))
        # Waits, without judging how long, until every connection past the limit has its answer
        # (or a generous hang guard passes); the connections with nothing to read are the admitted.
        refused, other = 0, 0
        pending = {sock.fileno(): sock for sock in sockets}
        poller = select.poll()
        for fd in pending:
            poller.register(fd, select.POLLIN)
        deadline = time.monotonic() + 60
        while refused + other < attempts - LIMIT and time.monotonic() < deadline:
            for fd, _ in poller.poll(100):
                poller.unregister(fd)
                data = pending.pop(fd).recv(4096)
                if data.startswith(b"HTTP/1.1 503") and b"application/problem+json" in data:
                    refused += 1
                else:
                    other += 1
        time.sleep(0.2)  # a straggler answered past the count would show up as "other"
        for fd, _ in poller.poll(0):
            other += 1
            pending.pop(fd)
        held = list(pending.values())
        served = 0
        for sock in held:
            sock.setblocking(True)
            sock.sendall(request_bytes("GET", "/healthz"))
            served += (read_response(sock) or (0,))[0] == 200
        healthy_during = get_status(server.port)  # one over the limit: refused
        for sock in sockets:
            sock.close()
        sockets = []
        fds_after = fd_count_returned_to(pid, fds_before, 60)
        healthy_after = get_status(server.port)
        alive = server.process.poll() is None
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
    figures = (f"{attempts} connections against --max-connections {LIMIT}: {len(held)} admitted ({served} served 200), "
               f"{refused} refused with 503, {other} otherwise; a request at the limit got {healthy_during}; "
               f"after the flood /healthz {healthy_after}, fds {fds_before} → {fds_after}")
    passed = (alive and len(held) == LIMIT and served == LIMIT and refused == attempts - LIMIT and other == 0
              and healthy_during == 503 and healthy_after == 200 and fds_after == fds_before)
    report("connection-flood", passed, figures)


if __name__ == "__main__":
    main()
