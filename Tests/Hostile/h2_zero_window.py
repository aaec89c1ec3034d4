"""HTTP/2 zero-window stall (issue 13, case 1): a client sets SETTINGS_INITIAL_WINDOW_SIZE 0
and sends 20 gzip layout POSTs (a few KB each, inflating to about 0.9 MB of statuses whose
layout is about 3 MB), then reads frames but never opens its window. The server must bound
what it buffers for it and disconnect it once it took nothing for the write timeout,
freeing its buffers; a normal client is served meanwhile.

Passes when: the server closes the connection (hang guard: the write timeout + 30 s), its
RSS growth stays under 128 MiB at the peak, descriptors come back, and the probe is answered."""
from h2_support import H2, HANG_GUARD, known_flags, Probe, RssSampler, cpu_seconds, gzip_layout_body
from hostile_support import (Server, fd_count_returned_to, get_status, raise_fd_limit, report, rss_kib,
                             settled_fd_count, short_mode)

STREAMS = 20
MAX_GROWTH_MIB = 128


def main():
    raise_fd_limit()
    write_timeout = 2 if short_mode() else 5
    server = Server(*known_flags("--write-timeout", str(write_timeout), "--idle-timeout", "60"))
    body = gzip_layout_body(100 if short_mode() else 800)  # the debug binary lays out ~10x slower
    try:
        pid = server.process.pid
        get_status(server.port)
        rss_before, fds_before, cpu_before = rss_kib(pid), settled_fd_count(pid), cpu_seconds(pid)
        sampler = RssSampler(pid)
        probe = Probe(server.port)
        client = H2(server.port, settings={INITIAL_WINDOW_SIZE: 0})
        extra = [("content-type", "application/json"), ("content-encoding", "gzip")]
        client.send(b"".join(client.request(2 * index + 1, "POST", "/v1/timeline/layout", extra, body)
                             for index in range(STREAMS)))
        took = client.read_until(lambda frames: False, seconds=write_timeout + HANG_GUARD)
        closed = client.closed
        client.close()
        rss_peak = sampler.stop()
        probe.stop()
        cpu = cpu_seconds(pid) - cpu_before
        fds_after = fd_count_returned_to(pid, fds_before)
        rss_after = rss_kib(pid)
        healthy = get_status(server.port)
    finally:
        server.stop()
    growth_mib = (rss_peak - rss_before) / 1024
    figures = (f"{STREAMS} gzip layout POSTs ({len(body)} B each) on a window of 0: closed by the server "
               f"{closed} after {took:.1f}s (write timeout {write_timeout}s); server CPU {cpu:.2f}s; RSS {rss_before / 1024:.1f} → "
               f"peak {rss_peak / 1024:.1f} → {rss_after / 1024:.1f} MiB; fds {fds_before} → {fds_after}; "
               f"{probe.figures()}")
    passed = (closed and growth_mib <= MAX_GROWTH_MIB and fds_after == fds_before and healthy == 200
              and probe.failures == 0 and probe.latencies)
    report("h2-zero-window-stall", bool(passed), figures)


INITIAL_WINDOW_SIZE = 0x4

if __name__ == "__main__":
    main()
