#!/usr/bin/env python3
"""HTTP benchmark: the service next to nginx in the same run (issue 7).

Starts the release build of timeline-layout and an nginx (one worker, `return 200` with a
2 KB JSON body) on loopback, drives both with wrk, and reads each server's CPU time and RSS
from /proc. Then HTTP/2 (h2c, issue 14): `h2load -m 10` against the service's /healthz and
against `nghttpd` (one worker) serving a file of the same size, same run, ratio printed.
Prints Markdown tables (scripts/bench puts them into BENCHMARKS.md).

  python3 Benchmarks/bench_http.py --seconds 10            # wrk and h2c
  python3 Benchmarks/bench_http.py --only h2c --seconds 5  # the h2c comparison alone
  python3 Benchmarks/bench_http.py --only wrk --threads 2  # two event loops against one nginx worker
  python3 Benchmarks/bench_http.py --only wrk --cpus 0     # the service pinned to one CPU (a 1-CPU pod)

The wrk part has /healthz, the small POST (one status, answered on the event loop) and the
275 KB timeline; nginx answers /healthz and the small POST with its fixed body.

Absolute numbers drift on these shared machines: read the ratios, measured minutes apart.
"""
import argparse, json, os, re, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SAMPLE = os.path.join(ROOT, "Sources/LayoutService/Resources/samples/client-api-timeline.json")
TICKS = os.sysconf("SC_CLK_TCK")
# The small POST: one status with one picture (also bench_cost.py's), answered inline on the loop.
SMALL_TIMELINE = (b'{"statuses":[{"idstr":"1","pic_ids":["p1"],"pic_infos":{"p1":{"thumbnail":'
                  b'{"url":"http://wx1.sinaimg.cn/thumbnail/p1.jpg","width":180,"height":120},'
                  b'"bmiddle":{"url":"http://wx1.sinaimg.cn/bmiddle/p1.jpg","width":440,"height":293}}}}]}')


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listening on {port}")


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def rss_mb(pids):
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/status") as f:
            m = re.search(r"VmRSS:\s+(\d+) kB", f.read())
            total += int(m.group(1)) if m else 0
    return total / 1024


def wrk(url, connections, seconds, script=None, pids=()):
    """Runs wrk; samples the servers' RSS every 100 ms meanwhile (the peak is `rss_peak_mb`)."""
    cmd = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if script:
        cmd += ["-s", script]
    process = subprocess.Popen(cmd + [url], stdout=subprocess.PIPE, text=True)
    peak = 0.0
    while process.poll() is None:
        if pids:
            peak = max(peak, rss_mb(pids))
        time.sleep(0.1)
    out = process.stdout.read()
    if process.returncode != 0:
        raise SystemExit(f"wrk failed: {out}")

    def latency(label):
        m = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non2xx = int((re.search(r"Non-2xx or 3xx responses: (\d+)", out) or [0, 0])[1])
    return dict(requests=requests, rps=rps, p50=latency(50), p99=latency(99), errors=errors + non2xx, rss_peak_mb=peak)


def measure(pids, url, connections, seconds, script=None):
    before = cpu_seconds(pids)
    result = wrk(url, connections, seconds, script, pids)
    result["cpu"] = cpu_seconds(pids) - before
    result["cpu_us_per_request"] = result["cpu"] / max(result["requests"], 1) * 1e6
    return result


def start_nginx(port, workdir, pin=()):
    body = json.dumps({"status": "ok", "padding": "x" * 2000})[:2048]
    body = body[: 2048 - 2] + '"}' if len(body) >= 2048 else body
    conf = os.path.join(workdir, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""
worker_processes 1;
daemon off;
pid {workdir}/nginx.pid;
error_log {workdir}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {workdir}/body;
  proxy_temp_path {workdir}/proxy;
  fastcgi_temp_path {workdir}/fastcgi;
  uwsgi_temp_path {workdir}/uwsgi;
  scgi_temp_path {workdir}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location / {{ default_type application/json; return 200 '{body}'; }}
  }}
}}
""")
    proc = subprocess.Popen([*pin, "nginx", "-c", conf, "-p", workdir], stderr=subprocess.DEVNULL)
    wait_port(port)
    # The master only supervises; the worker answers.
    time.sleep(0.3)
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    return proc, [proc.pid] + [int(c) for c in children], len(body)


def h2load(url, seconds, pids):
    """h2c by prior knowledge, 16 connections, 10 streams each; req/s and server CPU µs per request."""
    before = cpu_seconds(pids)
    out = subprocess.run(["h2load", "-t1", "-c16", "-m10", "-D", str(seconds), "--warm-up-time", "1", url],
                         capture_output=True, text=True).stdout
    cpu = cpu_seconds(pids) - before
    m = re.search(r"finished in [^,]*, ([\d.]+) req/s", out)
    done = re.search(r"requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored", out)
    if not m or not done:
        raise SystemExit(f"h2load failed: {out}")
    requests = int(done.group(1))
    return dict(rps=float(m.group(1)), requests=requests, errors=int(done.group(3)) + int(done.group(4)),
                cpu_us_per_request=cpu / max(requests, 1) * 1e6)


def h2c_table(binary, seconds, workdir):
    """The service (one thread) next to nghttpd (one worker) serving a file as large as the /healthz body."""
    for tool in ("h2load", "nghttpd"):
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            raise SystemExit(f"{tool} is missing: apt-get install nghttp2-client")
    port, nghttpd_port = free_port(), free_port()
    service = subprocess.Popen([binary, "serve", "--port", str(port), "--log-format", "off", "--threads", "1"],
                               stderr=subprocess.DEVNULL)
    nghttpd = None
    try:
        wait_port(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as response:
            body = response.read()
        htdocs = os.path.join(workdir, "htdocs")
        os.makedirs(htdocs, exist_ok=True)
        with open(os.path.join(htdocs, "healthz"), "wb") as f:
            f.write(body)
        nghttpd = subprocess.Popen([shutil.which("nghttpd") or "/usr/sbin/nghttpd", "--no-tls", "-a", "127.0.0.1",
                                    "-n", "1", "-d", htdocs, str(nghttpd_port)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(nghttpd_port)
        ours = h2load(f"http://127.0.0.1:{port}/healthz", seconds, [service.pid])
        theirs = h2load(f"http://127.0.0.1:{nghttpd_port}/healthz", seconds, [nghttpd.pid])
    finally:
        for p in (service, nghttpd):
            if p:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()
    rows = [
        (f"`/healthz` h2c, h2load -c16 -m10, {seconds} s", f"{ours['rps']:,.0f} req/s",
         f"nghttpd {theirs['rps']:,.0f} req/s ({len(body)} B file)",
         f"{ours['rps'] / max(theirs['rps'], 1e-9):.2f}× nghttpd (target ≥ 0.7×)"),
        ("server CPU per h2c request", f"{ours['cpu_us_per_request']:.1f} µs",
         f"nghttpd {theirs['cpu_us_per_request']:.1f} µs",
         f"{ours['cpu_us_per_request'] / max(theirs['cpu_us_per_request'], 1e-9):.2f}× nghttpd"),
        ("h2c errors (failed + errored)", f"{ours['errors']}", f"nghttpd {theirs['errors']}", ""),
    ]
    table = "| measure | timeline-layout | reference | ratio / target |\n|---|---|---|---|\n"
    return table + "".join(f"| {a} | {b} | {c} | {d} |\n" for a, b, c, d in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/timeline-layout"))
    parser.add_argument("--only", choices=["wrk", "h2c"], help="run one part (default: both)")
    parser.add_argument("--threads", type=int, default=1,
                        help="the service's event loops for the wrk part (nginx keeps one worker)")
    parser.add_argument("--cpus", help="pin the service and nginx to these CPUs (taskset list; 0: a 1-CPU pod)")
    args = parser.parse_args()
    if args.only != "wrk":
        workdir = tempfile.mkdtemp(prefix="bench-h2c-")
        try:
            h2c = h2c_table(args.binary, args.seconds, workdir)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        if args.only == "h2c":
            print(h2c)
            return
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: apt-get install wrk nginx-light")

    workdir = tempfile.mkdtemp(prefix="bench-")
    port, nginx_port = free_port(), free_port()
    pin = ["taskset", "-c", args.cpus] if args.cpus else []
    service = subprocess.Popen(pin + [args.binary, "serve", "--port", str(port), "--log-format", "off",
                                      "--threads", str(args.threads)], stderr=subprocess.DEVNULL)
    nginx = None
    try:
        wait_port(port)
        time.sleep(0.3)
        idle_rss = rss_mb([service.pid])
        nginx, nginx_pids, nginx_body = start_nginx(nginx_port, workdir, pin)  # on the same CPUs
        script = os.path.join(workdir, "timeline.lua")
        with open(script, "w") as f:
            f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                    f'local f = io.open("{SAMPLE}", "rb")\nwrk.body = f:read("*a")\nf:close()\n')
        body_bytes = os.path.getsize(SAMPLE)
        small_script = os.path.join(workdir, "small.lua")
        with open(small_script, "w") as f:
            f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                    f'wrk.body = [[{SMALL_TIMELINE.decode()}]]\n')

        rows = []
        warm = max(2, args.seconds // 5)
        wrk(f"http://127.0.0.1:{port}/healthz", 64, warm)
        wrk(f"http://127.0.0.1:{nginx_port}/", 64, warm)
        ours = measure([service.pid], f"http://127.0.0.1:{port}/healthz", 64, args.seconds)
        theirs = measure(nginx_pids, f"http://127.0.0.1:{nginx_port}/", 64, args.seconds)
        timeline = measure([service.pid], f"http://127.0.0.1:{port}/v1/timeline/layout", 16, args.seconds, script)
        # The same small POST to both; nginx answers it with its fixed body (the floor of reading a request).
        small = measure([service.pid], f"http://127.0.0.1:{port}/v1/timeline/layout", 64, args.seconds, small_script)
        small_nginx = measure(nginx_pids, f"http://127.0.0.1:{nginx_port}/", 64, args.seconds, small_script)

        mb_per_cpu_s = timeline["requests"] * body_bytes / 1e6 / max(timeline["cpu"], 1e-9)
        rows = [
            (f"`/healthz`, wrk -t1 -c64, {args.threads} event loop(s)", f"{ours['rps']:,.0f} req/s", f"nginx {theirs['rps']:,.0f} req/s",
             f"{ours['rps'] / theirs['rps']:.2f}× nginx (target ≥ 0.9×)"),
            ("server CPU per request", f"{ours['cpu_us_per_request']:.1f} µs", f"nginx {theirs['cpu_us_per_request']:.1f} µs",
             f"{ours['cpu_us_per_request'] / theirs['cpu_us_per_request']:.2f}× nginx (target ≤ 1.2×)"),
            ("`/healthz` p50 / p99", f"{ours['p50']:.2f} / {ours['p99']:.2f} ms", f"nginx {theirs['p50']:.2f} / {theirs['p99']:.2f} ms", ""),
            (f"small POST `/v1/timeline/layout` (one status, one picture), wrk -t1 -c64, {args.threads} event loop(s)",
             f"{small['rps']:,.0f} req/s", f"nginx {small_nginx['rps']:,.0f} req/s (its fixed answer)",
             f"{small['rps'] / small_nginx['rps']:.2f}× nginx"),
            ("small POST server CPU per request", f"{small['cpu_us_per_request']:.1f} µs",
             f"nginx {small_nginx['cpu_us_per_request']:.1f} µs",
             f"{small['cpu_us_per_request'] / small_nginx['cpu_us_per_request']:.2f}× nginx"),
            ("timeline (client-api sample, 275 KB), wrk -t1 -c16", f"{timeline['rps']:,.0f} req/s",
             f"p50 {timeline['p50']:.2f} ms, p99 {timeline['p99']:.2f} ms", "p99 target ≤ 5 ms"),
            ("timeline request body per server CPU-second", f"{mb_per_cpu_s:,.0f} MB/s", "", "target ≥ 300 MB/s"),
            ("RSS idle / peak under load", f"{idle_rss:.1f} MB / {max(ours['rss_peak_mb'], timeline['rss_peak_mb']):.1f} MB",
             f"nginx {theirs['rss_peak_mb']:.1f} MB", "idle target ≤ 20 MB"),
            ("errors (wrk socket errors + non-2xx)", f"{ours['errors'] + timeline['errors'] + small['errors']}",
             f"nginx {theirs['errors'] + small_nginx['errors']}", ""),
        ]
        table = "| measure | timeline-layout | reference | ratio / target |\n|---|---|---|---|\n"
        table += "".join(f"| {a} | {b} | {c} | {d} |\n" for a, b, c, d in rows)
        print(table)
        if args.only is None:
            print("h2c (HTTP/2 by prior knowledge, h2load -t1 -c16 -m10; one server thread, nghttpd one worker):\n")
            print(h2c)
    finally:
        service.send_signal(signal.SIGTERM)
        if nginx:
            nginx.send_signal(signal.SIGQUIT)
        for p in (service, nginx):
            if p:
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
