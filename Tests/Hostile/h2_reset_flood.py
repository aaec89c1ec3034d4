"""Reset floods and cancellation (issue 13, case 4): (a) 1 000 × (HEADERS `GET /` with
`accept-encoding: gzip`, then RST_STREAM at once), reconnecting whenever the server ends the
connection; (b) 100 × (HEADERS + a gzip layout POST + RST_STREAM). Reset streams must cost
nothing further: their queued work is dropped, a running one's result is not compressed,
and a flood of resets ends the connection with GOAWAY ENHANCE_YOUR_CALM.

Passes when: every connection the server ended was ended with GOAWAY ENHANCE_YOUR_CALM (or
stayed open), a normal client is served throughout, the server is answering within the hang
guard right after the client leaves, and descriptors come back. Printed: the server's CPU
seconds during the attack and in the 2 s after the client left, RSS peak, probe latency."""
import subprocess
import time

from h2_support import CODES, H2, HANG_GUARD, Probe, RssSampler, RstStreamFrame, cpu_seconds, gzip_layout_body
from hostile_support import (Server, fd_count_returned_to, get_status, raise_fd_limit, report, rss_kib,
                             settled_fd_count, short_mode)


def flood(port, rounds, make_request):
    """Sends `rounds` request + RST pairs, reconnecting when the server ends a connection;
    returns the GOAWAY codes of the connections it ended, and how many it opened."""
    codes = []
    connections = 0
    client = None
    stream = 1
    for _ in range(rounds):
        if client is None or client.closed or client.goaway_code() is not None:
            if client is not None:
                client.read_until(lambda frames: False, seconds=2)
                codes.append(client.goaway_code())
                client.close()
            client = H2(port)
            connections += 1
            stream = 1
        client.send(make_request(client, stream) + RstStreamFrame(stream, error_code=8).serialize())
        stream += 2
        client.read(0)
    if client is not None:
        client.read(0.2)
        if client.goaway_code() is not None:
            codes.append(client.goaway_code())
        client.close()
    return codes, connections


def main():
    raise_fd_limit()
    server = Server()
    body = gzip_layout_body(100 if short_mode() else 800)
    try:
        pid = server.process.pid
        get_status(server.port)
        rss_before, fds_before, cpu_before = rss_kib(pid), settled_fd_count(pid), cpu_seconds(pid)
        sampler = RssSampler(pid)
        probe = Probe(server.port)
        gets, get_connections = flood(
            server.port, 1_000, lambda c, s: c.request(s, "GET", "/", [("accept-encoding", "gzip")]))
        extra = [("content-type", "application/json"), ("content-encoding", "gzip"), ("accept-encoding", "gzip")]
        posts, post_connections = flood(
            server.port, 100, lambda c, s: c.request(s, "POST", "/v1/timeline/layout", extra, body))
        left = time.monotonic()
        cpu_attack = cpu_seconds(pid) - cpu_before
        answered = get_status(server.port) == 200  # the hang guard is the client's timeout
        answer_after = time.monotonic() - left
        time.sleep(2)
        cpu_after = cpu_seconds(pid) - cpu_before - cpu_attack
        rss_peak = sampler.stop()
        probe.stop()
        fds_after = fd_count_returned_to(pid, fds_before)
        rss_after = rss_kib(pid)
    finally:
        try:
            stopped = server.stop() == 0
        except subprocess.TimeoutExpired:  # still busy with the work of reset streams
            server.process.kill()
            stopped = False
    codes = gets + posts
    names = sorted({CODES.get(code, str(code)) for code in codes})
    figures = (f"1000 GET+RST on {get_connections} connection(s), 100 layout POST+RST on {post_connections}: "
               f"GOAWAY {names or 'none'}; server CPU {cpu_attack:.2f}s during, {cpu_after:.2f}s in the 2 s after "
               f"the client left; a new client answered {answer_after * 1000:.0f} ms after; RSS "
               f"{rss_before / 1024:.1f} → peak {rss_peak / 1024:.1f} → {rss_after / 1024:.1f} MiB; "
               f"fds {fds_before} → {fds_after}; {probe.figures()}; drained on SIGTERM: {stopped}")
    passed = (stopped and all(code == 11 for code in codes) and answered and answer_after < HANG_GUARD
              and fds_after == fds_before and probe.failures == 0 and probe.latencies)
    report("h2-reset-flood", bool(passed), figures)


if __name__ == "__main__":
    main()
