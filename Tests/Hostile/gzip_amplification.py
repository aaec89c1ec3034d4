"""gzip amplification on HTTP/1.1 (issue 13, case 6): two connections send back-to-back
gzip layout requests (a few KB each, inflating to a timeline with a layout of megabytes)
with `Accept-Encoding: gzip`, while a probe asks for /v1/grid; then three clients pipeline
three such requests each and never read. Layout and compression run on the bounded worker
pool, not the I/O loops, so the probe is still served; past the queue, 503 with
Retry-After; a client that does not read is cut at the write timeout and its responses freed.

Passes when: the probe never fails (each request answered within the hang guard), every
attack response is 200 or 503 (shed), the non-reading clients are disconnected and their
descriptors come back, and RSS comes back under its level before + 64 MiB."""
import socket
import threading
import time

from h2_support import HANG_GUARD, known_flags, Probe, RssSampler, cpu_seconds, gzip_layout_body
from hostile_support import (Server, connect, fd_count_returned_to, get_status, raise_fd_limit,
                             read_response, report, request_bytes, rss_kib, settled_fd_count, short_mode)

MAX_RSS_AFTER_GROWTH_MIB = 64


def hammer(port, body, seconds, counts):
    """Back-to-back gzip layout requests on one keep-alive connection for `seconds`."""
    request = request_bytes("POST", "/v1/timeline/layout", body,
                            extra="Content-Encoding: gzip\r\nAccept-Encoding: gzip\r\n")
    deadline = time.monotonic() + seconds
    with connect(port, timeout=HANG_GUARD) as sock:
        while time.monotonic() < deadline:
            sock.sendall(request)
            response = read_response(sock)
            status = response[0] if response else None
            counts[status] = counts.get(status, 0) + 1
            if response is None:
                return


def main():
    raise_fd_limit()
    seconds = 5 if short_mode() else 15
    write_timeout = 2 if short_mode() else 5
    body = gzip_layout_body(100 if short_mode() else 800)
    # In the short mode the (debug binary's) layouts are small enough to fit the kernel's socket
    # buffers: nothing waits in the server, so the idle timeout is what cuts those clients.
    idle_timeout = 4 if short_mode() else 60
    server = Server(*known_flags("--write-timeout", str(write_timeout), "--idle-timeout", str(idle_timeout)))
    try:
        pid = server.process.pid
        get_status(server.port)
        rss_before, fds_before, cpu_before = rss_kib(pid), settled_fd_count(pid), cpu_seconds(pid)
        sampler = RssSampler(pid)
        probe = Probe(server.port)  # a grid: on the worker pool, as the layouts
        health = Probe(server.port, "/healthz")  # trivial: on the I/O loop
        counts = {}
        threads = [threading.Thread(target=hammer, args=(server.port, body, seconds, counts)) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(seconds + HANG_GUARD)
        cpu_attack = cpu_seconds(pid) - cpu_before
        probe.stop()
        health.stop()
        # Clients that pipeline three layouts each and never read.
        pipelined = request_bytes("POST", "/v1/timeline/layout", body, extra="Content-Encoding: gzip\r\n") * 3
        readers = []
        for _ in range(3):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(pipelined)
            readers.append(sock)
        stalled_at = time.monotonic()
        fds_stalled = settled_fd_count(pid)
        fds_cut = fd_count_returned_to(pid, fds_before, idle_timeout + HANG_GUARD)
        cut_after = time.monotonic() - stalled_at
        for sock in readers:
            sock.close()
        time.sleep(0.5)
        rss_peak = sampler.stop()
        rss_after = rss_kib(pid)
    finally:
        server.stop()
    answered = {str(status): count for status, count in counts.items()}
    figures = (f"2 connections × {seconds}s of gzip layout requests ({len(body)} B each, Accept-Encoding gzip): "
               f"{answered}; server CPU {cpu_attack:.2f}s; grid {probe.figures()}; /healthz {health.figures()}; 3 non-reading pipeliners cut after "
               f"{cut_after:.1f}s (write timeout {write_timeout}s, idle {idle_timeout}s), fds {fds_before} → {fds_stalled} → {fds_cut}; RSS "
               f"{rss_before / 1024:.1f} → peak {rss_peak / 1024:.1f} → {rss_after / 1024:.1f} MiB")
    passed = (probe.failures == 0 and probe.latencies and health.failures == 0 and set(answered) <= {"200", "503"} and "200" in answered
              and fds_cut == fds_before
              and (rss_after - rss_before) / 1024 <= MAX_RSS_AFTER_GROWTH_MIB)
    report("gzip-amplification", bool(passed), figures)


if __name__ == "__main__":
    main()
