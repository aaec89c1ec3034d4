#!/usr/bin/env python3
"""Cost per request in counts that do not drift with the machine's load (docs/API.md §8).

For each case, the server (timeline-layout with one I/O thread; nginx with one process,
`master_process off`, `return 200` with the same body as /healthz) runs twice under the same
tool: once idle (start, stop) and once loaded (start, N requests by `h2load --h1`, stop). The
idle run is subtracted and the rest divided by N:

  - user-space instructions per request: valgrind's callgrind (`Ir`, every thread);
  - system calls per request, by name: `strace -c -f`.

Cases: GET /healthz (both servers), a small POST /v1/timeline/layout (one status, one
picture; nginx answers the same POST with its fixed body, as the floor of reading a request),
the 275 KB client-API sample (the service only; also per input byte), the same sample laid out
for three clients in one request (`--cases variants`: `variants` iOS @3x, Android, web; also
as a multiple of the one-option case when both run), the same sample in one other grid style
(`--cases adaptive,mosaic`: 355 points at @3x; the mosaic also as a multiple of the adaptive
case when both run), the album of thirty squares and a justified album of the nine browser
pictures and three more (`--cases album,justified`), the photo browser's
open and close on nine pictures with keyframes (`--cases open,close`; the service only), and
GET /healthz over HTTP/2 in cleartext (`--cases h2c`: h2load's prior-knowledge h2c, two
connections of up to 16 concurrent streams each; beside it nghttpd, on the same libnghttp2, with
one worker serving a file `healthz` holding the same body, as the floor of that library).

Under valgrind the server is slow to stop: SIGTERM is repeated until it exits.
Prints Markdown tables; scripts/bench puts them into BENCHMARKS.md.
  python3 Benchmarks/bench_cost.py --binary .build/static/release/timeline-layout [--requests 5000]
"""
import argparse
import collections
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from bench_http import SMALL_TIMELINE, free_port  # noqa: E402  (same folder)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SAMPLE = os.path.join(ROOT, "Sources/LayoutService/Resources/samples/client-api-timeline.json")
HEALTH_BODY = '{"status":"ok"}'
VARIANTS = (b'"variants":{"ios3x":{"style":"adaptive","content_width":355,"scale":3},'
            b'"android":{"style":"adaptive","content_width":392,"scale":2},"web":{}},')


STYLE_OPTIONS = {
    "adaptive": b'"options":{"style":"adaptive","content_width":355,"scale":3},',
    "mosaic": b'"options":{"style":"mosaic","content_width":355,"scale":3},',
}


def album_body():
    """POST /v1/album/layout: the album grid of thirty pictures on a 414-point screen."""
    return json.dumps({"screen": {"width": 414, "height": 896}, "count": 30}).encode()


def justified_body():
    """POST /v1/album/layout, justified: the nine browser pictures and three more, on a 390-point screen."""
    sizes = [{"width": p["width"], "height": p["height"]} for p in browser_photos()]
    sizes += [{"width": 1920, "height": 1080}, {"width": 800, "height": 1200}, {"width": 1000, "height": 1000}]
    return json.dumps({"screen": {"width": 390, "height": 844}, "scale": 3, "style": "justified",
                       "photos": sizes}).encode()


def browser_photos():
    """Nine pictures of a status as a client sends them to the browser: bmiddle URL and size."""
    pids = [f"006{k}Yz9gly1hf4jwowf7vj30u0{k:02d}0abc" for k in range(9)]
    sizes = [(440, 660), (690, 460), (440, 440), (1080, 1920), (690, 9000), (440, 293), (1200, 800), (640, 640),
             (720, 1280)]
    return [{"url": f"https://wx{k % 4 + 1}.sinaimg.cn/bmiddle/{pid}.jpg", "width": w, "height": h}
            for k, (pid, (w, h)) in enumerate(zip(pids, sizes))]


def browser_thumbnails():
    """The nine thumbnails of a classic grid at (12, 240) in window coordinates."""
    return [{"x": 12 + 80 * (k % 3), "y": 240 + 80 * (k // 3), "width": 70, "height": 70} for k in range(9)]


def browser_open_body():
    """POST /v1/browser/open: tapping the fifth of nine pictures, with the open transition's keyframes (60 fps)."""
    return json.dumps({
        "screen": {"width": 390, "height": 844}, "scale": 3, "photos": browser_photos(), "index": 4,
        "thumbnail_frames": browser_thumbnails(), "content_mode": "fill_width",
        "transition": {"keyframes": True, "curve": "ease_in_out", "duration": 0.35, "corner_radius_from": 4},
    }).encode()


def browser_close_body():
    """POST /v1/browser/close: back to the fifth of nine thumbnails inside a scrolled feed, with keyframes."""
    return json.dumps({
        "screen": {"width": 390, "height": 844}, "scale": 3, "photos": browser_photos(), "index": 4,
        "thumbnail_frames": browser_thumbnails(),
        "scroll": {"viewport": {"x": 0, "y": 91, "width": 390, "height": 670}, "content_offset": {"x": 0, "y": 120},
                   "content_size": {"width": 390, "height": 5200}},
        "transition": {"keyframes": True, "duration": 0.35, "corner_radius_to": 4},
    }).encode()


def wait_port(port, process, timeout=120):
    """Waits for a listener (valgrind starts slowly); a hang guard, not a measurement."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited with {process.returncode} before listening")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listening on {port}")


def stop(process, pid=None):
    """SIGTERM, repeated every second until the process exits (valgrind is slow to stop)."""
    target = pid or process.pid
    for _ in range(120):
        if process.poll() is not None:
            return
        try:
            os.kill(target, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=1)
            return
        except subprocess.TimeoutExpired:
            continue
    process.kill()
    process.wait()
    if pid:  # strace killed: its tracee may outlive it
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def child_pid(parent, timeout=30):
    """The traced program's pid under strace (its first child)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{parent}/task/{parent}/children") as f:
                children = f.read().split()
            if children:
                return int(children[0])
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit("strace started no child")


class Server:
    """A command line for one server on a port, with its own temporary folder."""

    def __init__(self, name, workdir):
        self.name = name
        self.workdir = workdir

    def command(self, port):
        raise NotImplementedError


class Service(Server):
    def __init__(self, binary, workdir):
        super().__init__("timeline-layout", workdir)
        self.binary = binary

    def command(self, port):
        return [self.binary, "serve", "--port", str(port), "--threads", "1", "--log-format", "off"]


class Nginx(Server):
    def __init__(self, workdir):
        super().__init__("nginx", workdir)

    def command(self, port):
        conf = os.path.join(self.workdir, f"nginx-{port}.conf")
        with open(conf, "w") as f:
            f.write(f"""
daemon off; master_process off; worker_processes 1; error_log stderr crit; pid {self.workdir}/nginx-{port}.pid;
events {{ worker_connections 1024; }}
http {{
  access_log off; client_body_temp_path {self.workdir}; keepalive_requests 1000000;
  server {{ listen 127.0.0.1:{port}; default_type application/json;
           location / {{ client_max_body_size 2m; return 200 '{HEALTH_BODY}'; }} }}
}}
""")
        return ["nginx", "-p", self.workdir, "-c", conf]


class Nghttpd(Server):
    """nghttpd in cleartext (prior knowledge), one worker, serving a file with /healthz's body."""

    def __init__(self, workdir):
        super().__init__("nghttpd", workdir)
        self.htdocs = os.path.join(workdir, "htdocs")
        os.makedirs(self.htdocs, exist_ok=True)
        with open(os.path.join(self.htdocs, "healthz"), "w") as f:
            f.write(HEALTH_BODY)

    def command(self, port):
        return ["nghttpd", "--no-tls", "-n", "1", "-d", self.htdocs, "-a", "127.0.0.1", str(port)]


def drive(port, path, requests, body_file=None, h2c=False):
    """N requests by h2load: HTTP/1.1 on up to 16 connections, or (h2c) prior-knowledge HTTP/2 on
    two connections of up to 16 concurrent streams."""
    if h2c:
        command = ["h2load", "-n", str(requests), "-c", str(min(2, requests)), "-m", "16", "-t", "1"]
    else:
        command = ["h2load", "--h1", "-n", str(requests), "-c", str(min(16, requests)), "-t", "1"]
    if body_file:
        command += ["-d", body_file, "-H", "content-type: application/json"]
    result = subprocess.run(command + [f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True,
                            timeout=1800)
    out = result.stdout + result.stderr
    done = re.search(r"requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded", out)
    if not done or int(done.group(2)) != requests:
        raise SystemExit(f"h2load did not complete {requests} requests:\n{out}")


def callgrind_run(server, path, requests, body_file, h2c=False):
    """Instructions of one run (requests = 0: the idle run)."""
    port = free_port()
    out = os.path.join(server.workdir, f"callgrind.{port}")
    process = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + server.command(port),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, process)
        if requests:
            drive(port, path, requests, body_file, h2c)
    finally:
        stop(process)  # also when the run failed: no server is left behind
    with open(out) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"no totals in {out}")


def strace_run(server, path, requests, body_file, h2c=False, attempts=3):
    """System calls by name of one run (requests = 0: the idle run); a run that left no
    summary (strace did not see its tracee exit: it happens now and then) is run again."""
    for attempt in range(attempts):
        calls = strace_attempt(server, path, requests, body_file, h2c)
        if calls:
            return calls
        print(f"strace left no summary (attempt {attempt + 1} of {attempts})", file=sys.stderr)
    raise SystemExit(f"strace wrote no summary in {attempts} runs")


def strace_attempt(server, path, requests, body_file, h2c=False):
    """One strace run: its calls by name, empty when strace wrote no summary."""
    port = free_port()
    out = os.path.join(server.workdir, f"strace.{port}")
    # Its own process group: whatever happens, the group (strace and the server it started,
    # nothing else) is killed at the end, so no `timeline-layout serve` outlives the run.
    process = subprocess.Popen(["strace", "-f", "-c", "-o", out, "--"] + server.command(port),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    pid = None
    try:
        pid = child_pid(process.pid)
        wait_port(port, process)
        if requests:
            drive(port, path, requests, body_file, h2c)
    finally:
        stop(process, pid)  # also when the run failed: no server is left behind
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    calls = collections.Counter()
    with open(out) as f:
        for line in f:
            fields = line.split()
            # "% time seconds usecs/call calls [errors] syscall"
            if len(fields) >= 5 and re.fullmatch(r"[\d.]+", fields[0]) and fields[-1] != "total":
                calls[fields[-1]] += int(fields[3])
    return calls  # empty when strace was killed before its summary: never printed as "0.00 ()"


def per_request(server, path, requests, body_file=None, count_syscalls=True, h2c=False):
    """Instructions and system calls (by name) per request: a loaded run minus an idle one.
    Without `count_syscalls` the strace runs are skipped and the calls are empty."""
    loaded = callgrind_run(server, path, requests, body_file, h2c)
    idle = callgrind_run(server, path, 0, body_file, h2c)
    if not count_syscalls:
        return (loaded - idle) / requests, {}
    calls_loaded = strace_run(server, path, requests, body_file, h2c)
    calls_idle = strace_run(server, path, 0, body_file, h2c)
    syscalls = {name: (calls_loaded[name] - calls_idle[name]) / requests for name in calls_loaded}
    syscalls = {name: count for name, count in syscalls.items() if count >= 0.005}
    return (loaded - idle) / requests, syscalls


def describe(syscalls):
    if not syscalls:
        return "not counted"
    total = sum(syscalls.values())
    parts = ", ".join(f"{name} {count:.2f}" for name, count in sorted(syscalls.items(), key=lambda kv: -kv[1]))
    return f"{total:.2f} ({parts})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/timeline-layout"))
    parser.add_argument("--requests", type=int, default=5000, help="requests per loaded run (small cases)")
    parser.add_argument("--sample-requests", type=int, default=200, help="requests with the 275 KB sample")
    parser.add_argument("--cases", default="healthz,h2c,small,sample,variants,adaptive,mosaic,album,justified,open,close",
                        help="which cases, comma-separated")
    parser.add_argument("--no-strace", action="store_true",
                        help="count instructions only (strace's runs are the slow and load-sensitive part)")
    parser.add_argument("--no-nginx", action="store_true", help="measure the service alone over HTTP/1.1")
    parser.add_argument("--no-nghttpd", action="store_true", help="measure the service alone over h2c")
    args = parser.parse_args()
    for tool in ("valgrind", "h2load") + (() if args.no_strace else ("strace",)):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is not installed (scripts/bench installs it)")
    workdir = tempfile.mkdtemp(prefix="bench-cost-")
    try:
        service = Service(args.binary, workdir)
        servers = [service] + ([Nginx(workdir)] if shutil.which("nginx") and not args.no_nginx else [])
        h2c_servers = [service] + ([Nghttpd(workdir)] if shutil.which("nghttpd") and not args.no_nghttpd else [])
        small = os.path.join(workdir, "small.json")
        with open(small, "wb") as f:
            f.write(SMALL_TIMELINE)
        variants = os.path.join(workdir, "variants.json")
        with open(SAMPLE, "rb") as f, open(variants, "wb") as out:
            sample = f.read().lstrip()
            out.write(sample[:1] + VARIANTS + sample[1:])
        styled = {}
        for style, options in STYLE_OPTIONS.items():
            styled[style] = os.path.join(workdir, f"{style}.json")
            with open(styled[style], "wb") as out:
                out.write(sample[:1] + options + sample[1:])
        browser_bodies = {}
        for name, body in (("open", browser_open_body()), ("close", browser_close_body()), ("album", album_body()),
                           ("justified", justified_body())):
            browser_bodies[name] = os.path.join(workdir, f"{name}.json")
            with open(browser_bodies[name], "wb") as f:
                f.write(body)
        rows = []
        cases = {
            "healthz": ("`GET /healthz`", "/healthz", None, args.requests, servers),
            "small": ("`POST /v1/timeline/layout`, one status, one picture", "/v1/timeline/layout", small,
                      args.requests, servers),
            "sample": ("`POST /v1/timeline/layout`, client-API sample (275 KB)", "/v1/timeline/layout", SAMPLE,
                       args.sample_requests, [service]),
            "variants": ("`POST /v1/timeline/layout`, the same sample, three `variants`", "/v1/timeline/layout",
                         variants, args.sample_requests, [service]),
            "adaptive": ("`POST /v1/timeline/layout`, the same sample, `adaptive` 355@3x", "/v1/timeline/layout",
                         styled["adaptive"], args.sample_requests, [service]),
            "mosaic": ("`POST /v1/timeline/layout`, the same sample, `mosaic` 355@3x", "/v1/timeline/layout",
                       styled["mosaic"], args.sample_requests, [service]),
            "album": ("`POST /v1/album/layout`, thirty squares", "/v1/album/layout", browser_bodies["album"],
                      args.requests, [service]),
            "justified": ("`POST /v1/album/layout`, justified, twelve pictures", "/v1/album/layout",
                          browser_bodies["justified"], args.requests, [service]),
            "open": ("`POST /v1/browser/open`, nine pictures, keyframes", "/v1/browser/open", browser_bodies["open"],
                     args.requests, [service]),
            "close": ("`POST /v1/browser/close`, nine pictures, scroll, keyframes", "/v1/browser/close",
                      browser_bodies["close"], args.requests, [service]),
            "h2c": ("`GET /healthz` over h2c (prior knowledge, 2 connections × 16 streams)", "/healthz", None,
                    args.requests, h2c_servers),
        }
        for key in args.cases.split(","):
            case, path, body, count, who = cases[key]
            results = {server.name: per_request(server, path, count, body, not args.no_strace, key == "h2c")
                       for server in who}
            rows.append((case, body, results))
        one = adaptive = None
        print("| case | server | user-space instructions / request | system calls / request (by name) |")
        print("|---|---|---|---|")
        for case, body, results in rows:
            reference = next(((name, results[name][0]) for name in ("nginx", "nghttpd") if name in results), None)
            for name, (instructions, syscalls) in results.items():
                note = ""
                if name == "timeline-layout" and reference:
                    note = f" ({instructions / reference[1]:.2f}× {reference[0]})"
                if body == SAMPLE:
                    note += f"; {instructions / os.path.getsize(SAMPLE):.1f} per input byte"
                    one = instructions
                if body == variants and one:
                    note += f"; {instructions / one:.2f}× one option set"
                if body == styled["adaptive"]:
                    adaptive = instructions
                if body == styled["mosaic"] and adaptive:
                    note += f"; {instructions / adaptive:.2f}× adaptive"
                print(f"| {case} | {name} | {instructions:,.0f}{note} | {describe(syscalls)} |")
    finally:
        if os.path.isfile(os.path.join(workdir, "small.json")):  # our own folder, nothing else
            shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
