"""HPACK bomb (issue 13, case 2): one 3.9 KB header put into the dynamic table, then
referenced by one-byte indexes 16 000 times per 16 KB HEADERS frame (62 MB of header fields
per frame), one frame per stream, 200 frames. The server must stop decoding at the header-list
limit and end the connection with GOAWAY ENHANCE_YOUR_CALM once it repeats.

Passes when: GOAWAY ENHANCE_YOUR_CALM arrives, the connection is closed (hang guard 30 s), a
normal client is served throughout and descriptors come back."""
import time

from h2_support import CODES, H2, HANG_GUARD, HeadersFrame, Probe, RssSampler, cpu_seconds
from hostile_support import (Server, fd_count_returned_to, get_status, raise_fd_limit, report, rss_kib,
                             settled_fd_count, short_mode)

FRAMES = 200


def bomb_frames(client):
    """The seeding request on stream 1, then FRAMES bomb HEADERS frames (streams 3, 5, …)."""
    seed = client.headers_block(extra=[("x-bomb", "a" * 3900)])  # hpack indexes it: dynamic index 62
    first = HeadersFrame(1, seed)
    first.flags.add("END_HEADERS")
    first.flags.add("END_STREAM")
    references = b"\xbe" * 16_000
    frames = [first.serialize()]
    for index in range(FRAMES):
        frame = HeadersFrame(2 * index + 3, client.headers_block() + references)
        frame.flags.add("END_HEADERS")
        frame.flags.add("END_STREAM")
        frames.append(frame.serialize())
    return frames


def main():
    raise_fd_limit()
    server = Server()
    try:
        pid = server.process.pid
        get_status(server.port)
        rss_before, fds_before, cpu_before = rss_kib(pid), settled_fd_count(pid), cpu_seconds(pid)
        sampler = RssSampler(pid)
        probe = Probe(server.port)
        time.sleep(0.5)
        client = H2(server.port)
        started = time.monotonic()
        sent = 0
        for frame in bomb_frames(client):
            if client.closed or client.goaway_code() is not None or not client.send(frame):
                break
            sent += 1
            client.read(0.001)
        client.read_until(lambda frames: False, seconds=HANG_GUARD)
        took = time.monotonic() - started
        closed, code = client.closed, client.goaway_code()
        client.close()
        cpu = cpu_seconds(pid) - cpu_before
        time.sleep(0.5)
        rss_peak = sampler.stop()
        probe.stop()
        fds_after = fd_count_returned_to(pid, fds_before)
        healthy = get_status(server.port)
    finally:
        server.stop()
    figures = (f"{sent - 1} bomb frames of 16 KB sent before the server ended it: GOAWAY "
               f"{CODES.get(code, code)}, closed after {took:.2f}s; server CPU {cpu:.2f}s; RSS "
               f"{rss_before / 1024:.1f} → peak {rss_peak / 1024:.1f} MiB; fds {fds_before} → {fds_after}; "
               f"{probe.figures()}")
    passed = (closed and code == 11 and fds_after == fds_before and healthy == 200 and probe.failures == 0
              and probe.latencies)
    report("h2-hpack-bomb", bool(passed), figures)


if __name__ == "__main__":
    main()
