"""Drain under load: wrk posts timelines on 32 keep-alive connections, and a probe client on 4
more checks each of its requests; SIGTERM mid-run. Not one request that reached the server may
fail, and the server exits 0 within its grace period.

Failed: a non-2xx answer, or a connection cut with a request in it (wrk's read and timeout
errors; for the probe, any request written on a connected socket and not answered 200).
Not failed: a connection refused once the listener closed. wrk counts such refusals (its
non-blocking connect fails at the first write) as write errors, which it cannot tell from a
write cut mid-request, so the probe, which can, is the judge of those; wrk's write errors are
reported as refused connections."""
import os
import signal
import subprocess
import tempfile
import threading
import time

from hostile_support import (SAMPLES, Server, connect, raise_fd_limit, read_response, report, request_bytes,
                             short_mode, wrk)

GRACE = 5
LUA = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("{sample}", "rb")
wrk.body = file:read("*a")
file:close()
"""


def probe(port, body, stop, tally):
    """Posts timelines in a loop, reconnecting after `Connection: close`, until `stop` is set."""
    request = request_bytes("POST", "/v1/timeline/layout", body)
    while not stop.is_set():
        try:
            sock = connect(port)
        except ConnectionRefusedError:
            tally["refused"] += 1
            time.sleep(0.01)
            continue
        with sock:
            while not stop.is_set():
                try:
                    sock.sendall(request)
                    response = read_response(sock)
                except OSError as error:
                    response = error
                if not isinstance(response, tuple) or response[0] != 200:
                    tally["failed"] += 1
                    tally["failures"].append(repr(response)[:80])
                    break
                tally["ok"] += 1
                if response[1].get("connection") == "close":
                    break


def main():
    raise_fd_limit()
    load_seconds, term_after = (4, 2) if short_mode() else (10, 5)
    rounds = 1 if short_mode() else 3
    totals = {"requests": 0, "non2xx": 0, "read": 0, "write": 0, "timeout": 0, "connect": 0}
    tally = {"ok": 0, "failed": 0, "refused": 0, "failures": []}
    with open(os.path.join(SAMPLES, "open-api-legacy-2012.json"), "rb") as sample:
        body = sample.read()
    exits, waits = [], []
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA.format(sample=os.path.join(SAMPLES, "open-api-legacy-2012.json")))
    try:
        for _ in range(rounds):
            server = Server("--shutdown-grace", str(GRACE))
            url = f"http://127.0.0.1:{server.port}/v1/timeline/layout"
            outcome = {}
            load = threading.Thread(target=lambda: outcome.update(
                wrk(url, load_seconds, connections=32, threads=2, script=script.name)))
            load.start()
            stop = threading.Event()
            probes = [threading.Thread(target=probe, args=(server.port, body, stop, tally)) for _ in range(4)]
            for thread in probes:
                thread.start()
            time.sleep(term_after)
            signalled = time.monotonic()
            server.process.send_signal(signal.SIGTERM)
            try:
                exits.append(server.process.wait(timeout=GRACE * 10))
            except subprocess.TimeoutExpired:
                server.process.kill()
                exits.append("killed")
            waits.append(time.monotonic() - signalled)
            stop.set()
            for thread in probes + [load]:
                thread.join()
            for key in totals:
                totals[key] += outcome.get(key, 0)
    finally:
        os.unlink(script.name)
    failed = totals["non2xx"] + totals["read"] + totals["timeout"] + tally["failed"]
    for failure in tally["failures"][:5]:
        print(f"  probe: {failure}")
    figures = (f"{rounds}× SIGTERM after {term_after}s of wrk -c32 + probe -c4: {totals['requests']} + {tally['ok']} "
               f"requests, {failed} failed (wrk non-2xx {totals['non2xx']}, read {totals['read']}, timeout "
               f"{totals['timeout']}; probe {tally['failed']}); refused after the listener closed: wrk "
               f"{totals['write'] + totals['connect']}, probe {tally['refused']}; "
               f"exit {exits} after {', '.join(f'{wait:.2f}s' for wait in waits)} (grace {GRACE}s)")
    # Judged: no request lost and a clean exit by itself (the wait for it is a hang guard); how long
    # the exit took after SIGTERM is a figure.
    report("drain", failed == 0 and all(code == 0 for code in exits), figures)


if __name__ == "__main__":
    main()
