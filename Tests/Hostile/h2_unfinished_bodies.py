"""Unfinished HTTP/2 bodies (issue 13, case 5): 100 streams (20 short) each send HEADERS and
as much of a 1 MiB body as flow control lets them (never the end), then the client keeps the
connection busy with a PING every second. (The server gives window back only while the
connection's unfinished bodies are under their cap, issue 26: the streams past it hold what
they sent, or nothing.) Each stream must get the request deadline HTTP/1.1 has (408 at the request
timeout after its head, then RST_STREAM), not one timer for the whole connection that any
byte resets; their bodies are freed.

Passes when: every stream is answered 408 within the request timeout + the hang
guard while the pings go on, RSS comes back under its level before + 64 MiB, descriptors
come back, and a normal client is served throughout."""
import time

from h2_support import GreedyH2, HANG_GUARD, HeadersFrame, PingFrame, Probe, RssSampler, RstStreamFrame, cpu_seconds
from hostile_support import (Server, fd_count_returned_to, get_status, raise_fd_limit, report, rss_kib,
                             settled_fd_count, short_mode)

MAX_RSS_AFTER_GROWTH_MIB = 64


def answered_streams(frames):
    """Streams answered (a HEADERS frame from the server) or reset."""
    return {frame.stream_id for frame in frames if isinstance(frame, (HeadersFrame, RstStreamFrame))}


def main():
    raise_fd_limit()
    streams = 20 if short_mode() else 100
    request_timeout = 2 if short_mode() else 5
    server = Server("--request-timeout", str(request_timeout), "--idle-timeout", "60")
    try:
        pid = server.process.pid
        get_status(server.port)
        rss_before, fds_before, cpu_before = rss_kib(pid), settled_fd_count(pid), cpu_seconds(pid)
        sampler = RssSampler(pid)
        probe = Probe(server.port)
        client = GreedyH2(server.port, streams, 1 << 20)
        ids = [2 * index + 1 for index in range(streams)]
        client.pump(1.0)  # sends while the server grants window
        sent_at = time.monotonic()
        ping = 0
        while (not answered_streams(client.frames) >= set(ids) and not client.closed
               and time.monotonic() - sent_at < request_timeout + HANG_GUARD):
            ping += 1
            client.send_all(PingFrame(0, opaque_data=ping.to_bytes(8, "big")).serialize())
            client.pump(1.0)
        took = time.monotonic() - sent_at
        timeouts = sum(1 for stream in ids if client.statuses.get(stream) == 408)
        done = answered_streams(client.frames) >= set(ids)
        cpu = cpu_seconds(pid) - cpu_before
        rss_settled = rss_kib(pid)
        client.close()
        rss_peak = sampler.stop()
        probe.stop()
        fds_after = fd_count_returned_to(pid, fds_before)
    finally:
        server.stop()
    figures = (f"{streams} streams × up to 1 MiB unfinished ({client.sent >> 10} KiB sent as flow control allowed), "
               f"pinged every second: {timeouts} answered 408 (then reset) "
               f"after {took:.1f}s (request timeout {request_timeout}s); server CPU {cpu:.2f}s; RSS "
               f"{rss_before / 1024:.1f} → peak {rss_peak / 1024:.1f} → {rss_settled / 1024:.1f} MiB once "
               f"answered; fds {fds_before} → {fds_after}; {probe.figures()}")
    passed = (done and timeouts == streams and (rss_settled - rss_before) / 1024 <= MAX_RSS_AFTER_GROWTH_MIB
              and fds_after == fds_before and probe.failures == 0 and probe.latencies)
    report("h2-unfinished-bodies", bool(passed), figures)


if __name__ == "__main__":
    main()
