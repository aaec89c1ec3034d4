"""The service inside a memory cgroup of the deployment's size (256 MiB, deploy/kubernetes), as
an attacker on loopback would try it (issue 26): memory must be bounded by the pod, never
OOM-killed, and given back.

  1. HTTP/1.1 unfinished bodies: 244 connections each send a head for a 1 MiB body and 1 MiB − 1
     of it, then stall;
  2. HTTP/2 unfinished bodies: 4 connections open 100 streams each and send what flow control
     lets them of ~640 KB bodies, unfinished;
  3. a legitimate burst: hundreds of clients post the 275 KB client-API sample at once; each
     must get 200, or 503 with Retry-After, never a reset;
  4. memory after: the resident size 10 s after each load's clients left (waiting up to 40 s
     for it when the machine is busy).

Each runs against a fresh server started inside a child memory cgroup (cgroup v1
`memory.limit_in_bytes`, or v2 `memory.max`) of the caller's own, made as root and removed
after. Without one (not root, no memory controller) it prints "SKIP … skipped: no cgroup" and
judges nothing: never a silent pass.

Invariants, each phase: the server is alive (not OOM-killed), a /healthz probe on another
connection never fails, the peak RSS stays under the budget plus a fixed overhead, and RSS 10 s
after the clients left (up to 40 s on a busy machine) is within 32 MiB of the idle RSS. Figures: peak RSS, RSS after, probe
failures, server CPU, what the clients got.
  python3 Tests/Hostile/memory_cgroup.py [--short]"""
import asyncio
import os
import select
import subprocess
import sys
import time

from h2_support import HANG_GUARD, GreedyH2, Probe, RssSampler, cpu_seconds, known_flags
from hostile_support import BINARY, SAMPLES, connect, raise_fd_limit, request_bytes, rss_kib, short_mode

CGROUP_BYTES = 256 << 20
BUDGET_BYTES = CGROUP_BYTES * 75 // 100  # the server's default share, stated for the figures
OVERHEAD_MIB = 64  # code, stacks, allocator overhead, what is not charged: RSS ≤ budget + this
RETURN_MIB = 32  # RSS 10 s after the load, above idle, at most
SETTLE_SECONDS = 10
SETTLE_LIMIT_SECONDS = 40  # a hang guard: on a busy machine the trim can come later than 10 s
REQUEST_TIMEOUT = 4  # seconds: the unfinished bodies are cut (408) this long after their head


class Cgroup:
    """A child memory cgroup of this process's own, limited to `limit` bytes; None when the
    machine has none to offer (not root, no memory controller)."""

    @staticmethod
    def make(limit):
        if os.geteuid() != 0:
            return None
        name = f"timeline-layout-hostile-{os.getpid()}"
        with open("/proc/self/cgroup") as membership:
            lines = [line.rstrip("\n").split(":", 2) for line in membership]
        v1 = next((path for _, controllers, path in lines if "memory" in controllers.split(",")), None)
        v2 = next((path for number, controllers, path in lines if number == "0" and not controllers), None)
        if v1 is not None and os.path.exists("/sys/fs/cgroup/memory/memory.limit_in_bytes"):
            directory, limit_file = f"/sys/fs/cgroup/memory{v1.rstrip('/')}/{name}", "memory.limit_in_bytes"
        elif v2 is not None and os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
            with open("/sys/fs/cgroup/cgroup.controllers") as controllers:
                if "memory" not in controllers.read().split():
                    return None
            directory, limit_file = f"/sys/fs/cgroup{v2.rstrip('/')}/{name}", "memory.max"
        else:
            return None
        try:
            os.mkdir(directory)
        except OSError:
            return None
        try:
            with open(os.path.join(directory, limit_file), "w") as file:
                file.write(str(limit))
        except OSError:  # v2 without the memory controller enabled for children
            os.rmdir(directory)
            return None
        return Cgroup(directory, limit_file)

    def __init__(self, directory, limit_file):
        self.directory = directory
        self.limit_file = limit_file
        self.version = "v1" if limit_file == "memory.limit_in_bytes" else "v2"

    def join(self):
        """Moves the calling process in (a child's preexec_fn, before exec)."""
        with open(os.path.join(self.directory, "cgroup.procs"), "w") as procs:
            procs.write(str(os.getpid()))

    def remove(self):
        for _ in range(50):
            try:
                os.rmdir(self.directory)
                return
            except OSError:
                time.sleep(0.1)


class CgroupServer:
    """`timeline-layout serve --port 0` started inside `cgroup` (so it reads its limit at start)."""

    def __init__(self, cgroup, *args):
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0", "--log-format", "off", *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=cgroup.join)
        line = self.process.stderr.readline()
        if "listening on" not in line:
            self.process.kill()
            raise RuntimeError(f"server did not start: {line!r}")
        self.port = int(line.split("listening on http://", 1)[1].split(" ")[0].rsplit(":", 1)[1])
        self.pid = self.process.pid
        # The budget line that follows, from builds that have a budget (`known_flags`).
        budget = self.process.stderr.readline().strip() if known_flags("--memory-budget", "1G") else ""
        self.budget = budget.split("memory budget ", 1)[1] if "memory budget " in budget else "none"

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def unfinished_http1(port, connections, seconds):
    """`connections` sockets each send a head for a 1 MiB body and 1 MiB − 1 of it, for up to
    `seconds`, then stall; returns the sockets and the bytes sent."""
    body_size = 1 << 20
    head = (f"POST /v1/timeline/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {body_size}\r\n\r\n").encode()
    chunk = b"x" * 65536
    sockets, left = [], {}
    for _ in range(connections):
        sock = connect(port)
        sock.setblocking(False)
        sockets.append(sock)
        left[sock] = len(head) + body_size - 1
    sent = 0
    deadline = time.monotonic() + seconds
    while left and time.monotonic() < deadline:
        _, writable, _ = select.select([], list(left), [], 0.1)
        for sock in writable:
            done = len(head) + body_size - 1 - left[sock]
            data = head[done:] if done < len(head) else chunk
            try:
                count = sock.send(data[:left[sock]])
            except BlockingIOError:
                continue
            except OSError:
                del left[sock]
                continue
            sent += count
            left[sock] -= count
            if left[sock] == 0:
                del left[sock]
    return sockets, sent


def http1_outcomes(sockets, seconds):
    """Reads what the server says on each stalled socket (for up to `seconds`): counts of status
    lines by code, and of connections reset."""
    outcomes = {}
    pending = {sock: b"" for sock in sockets}
    deadline = time.monotonic() + seconds
    while pending and time.monotonic() < deadline:
        readable, _, _ = select.select(list(pending), [], [], 0.2)
        for sock in readable:
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                outcomes["reset"] = outcomes.get("reset", 0) + 1
                del pending[sock]
                continue
            pending[sock] += data
            if b"\r\n" in pending[sock] or not data:
                line = pending[sock].split(b"\r\n", 1)[0].split()
                key = line[1].decode() if len(line) > 1 else "closed"
                outcomes[key] = outcomes.get(key, 0) + 1
                del pending[sock]
    if pending:
        outcomes["no answer"] = len(pending)
    return outcomes


async def post_sample(port, body, results):
    """One client: POST the sample on its own connection; records its status (or "reset")."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), HANG_GUARD)
        writer.write(request_bytes("POST", "/v1/timeline/layout", body, extra="Connection: close\r\n"))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HANG_GUARD)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
        await asyncio.wait_for(reader.readexactly(int(headers.get("content-length", "0"))), HANG_GUARD)
        writer.close()
        if status == 503 and "retry-after" not in headers:
            results.append("503 without Retry-After")
        else:
            results.append(str(status))
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError) as error:
        results.append("reset" if isinstance(error, ConnectionResetError) else type(error).__name__)


def legitimate_burst(port, clients, body):
    results = []

    async def run():
        await asyncio.gather(*(post_sample(port, body, results) for _ in range(clients)))

    asyncio.run(run())
    counts = {}
    for result in results:
        counts[result] = counts.get(result, 0) + 1
    return counts


def settled_rss(server, idle):
    """(RSS, seconds waited) once the clients left: RSS `SETTLE_SECONDS` after, or, when that is
    still above idle + `RETURN_MIB`, the first sample within it (every half second) up to
    `SETTLE_LIMIT_SECONDS`, else the last one. The trimmer runs on the server's ticks, which a
    busy shared machine delays: the invariant is that memory comes back, not how fast. 0 when
    the server is gone."""
    time.sleep(SETTLE_SECONDS)
    waited = SETTLE_SECONDS
    while True:
        if not server.alive():
            return 0, waited
        rss = rss_kib(server.pid)
        if (rss - idle) / 1024 <= RETURN_MIB or waited >= SETTLE_LIMIT_SECONDS:
            return rss, waited
        time.sleep(0.5)
        waited += 0.5


def phase(cgroup, name, attack):
    """Runs `attack(server)` (which returns its figures and its own verdict) against a fresh
    server in `cgroup` with a /healthz probe; returns (passed, line)."""
    server = CgroupServer(cgroup, *known_flags("--request-timeout", str(REQUEST_TIMEOUT)))
    try:
        time.sleep(0.5)
        idle = rss_kib(server.pid)
        cpu_before = cpu_seconds(server.pid)
        sampler = RssSampler(server.pid)
        probe = Probe(server.port, path="/healthz")
        own_ok, figures = attack(server)
        alive_after_attack = server.alive()
        peak = sampler.stop()
        probe.stop()
        cpu = cpu_seconds(server.pid) - cpu_before if server.alive() else float("nan")
        after, waited = settled_rss(server, idle)
        alive = alive_after_attack and server.alive()
    finally:
        code = server.stop()
    status = "alive" if alive else f"dead (exit {code}, {'OOM-killed' if code == -9 else 'ended'})"
    passed = (alive and own_ok and probe.failures == 0 and peak / 1024 <= BUDGET_BYTES / (1 << 20) + OVERHEAD_MIB
              and (after - idle) / 1024 <= RETURN_MIB)
    line = (f"{name}: {figures}; server {status} (budget it read: {server.budget}); RSS idle {idle / 1024:.1f} → peak {peak / 1024:.1f} MiB "
            f"(budget {BUDGET_BYTES >> 20} + {OVERHEAD_MIB} MiB) → {after / 1024:.1f} MiB {waited:g}s after "
            f"(idle + {RETURN_MIB} at most); server CPU {cpu:.2f}s; {probe.figures()}")
    return passed, line


def main():
    raise_fd_limit()
    cgroup = Cgroup.make(CGROUP_BYTES)
    if cgroup is None:
        print("SKIP memory-cgroup: skipped: no cgroup (needs root and a memory controller, v1 or v2)", flush=True)
        return 0
    short = short_mode()
    http1_connections = 244
    h2_connections, h2_streams, h2_body = 4, 100, 640_000
    burst_clients = 300 if short else 600
    with open(os.path.join(SAMPLES, "client-api-timeline.json"), "rb") as sample:
        timeline = sample.read()

    def http1_attack(server):
        sockets, sent = unfinished_http1(server.port, http1_connections, seconds=3)
        outcomes = http1_outcomes(sockets, REQUEST_TIMEOUT + 2 * HANG_GUARD if server.alive() else 1)
        for sock in sockets:
            sock.close()
        answered = sum(count for key, count in outcomes.items() if key in ("503", "408"))
        return (answered == http1_connections,
                f"{http1_connections} connections × (1 MiB − 1) unfinished, {sent >> 20} MiB sent; answers {outcomes}")

    def h2_attack(server):
        clients = [GreedyH2(server.port, h2_streams, h2_body) for _ in range(h2_connections)]
        started = time.monotonic()
        while time.monotonic() - started < 3 and server.alive():
            for client in clients:
                client.pump(0.05)
        sent = sum(client.sent for client in clients)
        # The streams are cut by the request timeout (408) or were refused; wait for all of them.
        deadline = time.monotonic() + REQUEST_TIMEOUT + HANG_GUARD
        while time.monotonic() < deadline and server.alive() and any(
                client.left and not client.closed for client in clients):
            for client in clients:
                client.pump(0.05)
        statuses, refused = {}, 0
        for client in clients:
            for status in client.statuses.values():
                statuses[status] = statuses.get(status, 0) + 1
            refused += sum(1 for code in client.resets().values() if code == 7)
            client.close()
        return (True, f"{h2_connections} connections × {h2_streams} streams × {h2_body // 1000} KB unfinished, "
                      f"{sent >> 20} MiB sent; answers {statuses}, {refused} refused (REFUSED_STREAM)")

    def burst(server):
        counts = legitimate_burst(server.port, burst_clients, timeline)
        good = counts.get("200", 0) + counts.get("503", 0)
        return (good == burst_clients,
                f"{burst_clients} clients × the {len(timeline) // 1000} KB sample at once: {counts}")

    results = []
    try:
        for name, attack in [("http1-unfinished-bodies", http1_attack), ("h2-unfinished-bodies", h2_attack),
                             ("legitimate-burst", burst)]:
            passed, line = phase(cgroup, name, attack)
            results.append(passed)
            print(f"{'PASS' if passed else 'FAIL'} memory-cgroup {line}", flush=True)
    finally:
        cgroup.remove()
    print(f"(cgroup {cgroup.version}, {CGROUP_BYTES >> 20} MiB; binary {BINARY})", flush=True)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
