"""Requests truncated or reset mid-body: a client that ends its input mid-request gets a 400
problem (then the close), one that resets its connection (RST) mid-head, mid-body or before
reading a large response costs the server nothing: it keeps serving, and every descriptor
comes back."""
import json
import socket
import struct
import time

from hostile_support import (Server, connect, fd_count_returned_to, get_status, raise_fd_limit,
                             read_response, report, request_bytes, settled_fd_count, short_mode)

BODY = json.dumps({"statuses": [{"idstr": "1", "pic_ids": ["a", "b"]}]}).encode()

# What the client sends before it stops.
TRUNCATIONS = {
    "head": b"POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le",
    "length body": request_bytes("POST", "/v1/timeline/layout", BODY).replace(
        f"Content-Length: {len(BODY)}".encode(), b"Content-Length: 1000"),
    "chunk data": b"POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                  b"100\r\n" + BODY,
    "chunk size": b"POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n1",
    "trailers": b"POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                b"0\r\nX-Trailer: 1\r\n",
}


def reset(sock):
    """Closes with SO_LINGER 0: the kernel sends RST instead of FIN."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def half_closed(port, payload):
    """Sends `payload`, shuts the sending side, returns the status and content type answered."""
    with connect(port) as sock:
        sock.sendall(payload)
        sock.shutdown(socket.SHUT_WR)
        response = read_response(sock)
        return (response[0], response[1].get("content-type")) if response else None


def main():
    raise_fd_limit()
    rounds = 20 if short_mode() else 200
    server = Server()
    outcomes = {}
    try:
        pid = server.process.pid
        get_status(server.port)
        fds_before = settled_fd_count(pid)
        for _ in range(rounds):
            for name, payload in TRUNCATIONS.items():
                answer = half_closed(server.port, payload)
                key = f"FIN after {name}: {answer[0] if answer else 'no answer'}"
                outcomes[key] = outcomes.get(key, 0) + (answer == (400, "application/problem+json"))
            sockets = []
            for name, payload in TRUNCATIONS.items():
                sock = connect(server.port)
                sock.sendall(payload)
                sockets.append(sock)
            big = connect(server.port)  # a large response the client resets instead of reading
            big.sendall(request_bytes("GET", "/openapi.yaml") * 8)
            sockets.append(big)
            time.sleep(0.01)
            for sock in sockets:
                reset(sock)
        fds_after = fd_count_returned_to(pid, fds_before, 60)
        healthy = get_status(server.port)
        alive = server.process.poll() is None
    finally:
        server.stop()
    answered = sum(outcomes.values())
    expected = rounds * len(TRUNCATIONS)
    figures = (f"{expected} requests cut by FIN: {answered} answered 400 problem+json "
               f"({', '.join(sorted(outcomes))}); {rounds * (len(TRUNCATIONS) + 1)} reset mid-request or "
               f"before reading; afterwards /healthz {healthy}, fds {fds_before} → {fds_after}")
    report("truncated-and-reset", alive and answered == expected and healthy == 200 and fds_after == fds_before,
           figures)


if __name__ == "__main__":
    main()
