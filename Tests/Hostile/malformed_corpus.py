"""Replays every request of Tests/Hostile/corpus/ (see make_corpus.py) on its own connection:
each must be answered 4xx with an RFC 9457 application/problem+json body whose `status` is the
response's, never 5xx, and the server must keep serving."""
import collections
import json
import os
import socket

from hostile_support import HERE, Server, get_status, read_response, report

CORPUS = os.path.join(HERE, "corpus")


def replay(port, payload):
    """The status, content type and parsed body answered to `payload`, or a description of what went wrong."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(payload)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # refused before the whole request was sent: the answer is read below
        response = read_response(sock)
    if response is None:
        return "no response"
    status, headers, body = response
    try:
        problem = json.loads(body)
    except ValueError:
        return f"{status} with a body that is not JSON"
    if headers.get("content-type") != "application/problem+json":
        return f"{status} as {headers.get('content-type')}"
    if problem.get("status") != status or not problem.get("title") or not problem.get("type"):
        return f"{status} with problem {problem}"
    return status


def main():
    names = sorted(os.listdir(CORPUS))
    server = Server()
    failures, statuses = [], collections.Counter()
    try:
        for name in names:
            with open(os.path.join(CORPUS, name), "rb") as corpus_file:
                outcome = replay(server.port, corpus_file.read())
            if isinstance(outcome, int) and 400 <= outcome < 500:
                statuses[outcome] += 1
            else:
                failures.append(f"{name}: {outcome}")
        healthy = get_status(server.port)
        alive = server.process.poll() is None
    finally:
        server.stop()
    for failure in failures:
        print(f"  {failure}")
    counts = ", ".join(f"{count}×{status}" for status, count in sorted(statuses.items()))
    figures = f"{len(names)} malformed requests: {counts}; {len(failures)} not 4xx problem+json; /healthz {healthy}"
    report("malformed-corpus", alive and not failures and len(names) >= 200 and healthy == 200, figures)


if __name__ == "__main__":
    main()
