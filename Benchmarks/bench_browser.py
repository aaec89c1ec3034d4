#!/usr/bin/env python3
"""The photo browser's handlers in-process (issue 15: open and close <= 15 us each), on the
bodies bench_cost.py sends (nine pictures, keyframes at 60 fps): read the JSON request,
validate, compute, write the JSON response, per call.

  - us per call: BrowserBench's best of three rounds of this thread's CPU time;
  - instructions per call: callgrind runs of BrowserBench with --passes N and with 0 (the
    fixed cost: start, reading the file, one warm-up call), the difference divided by N.

    TIMELINE_LAYOUT_BENCHMARKS=1 swift build -c release --product BrowserBench
    python3 Benchmarks/bench_browser.py --bench "$(TIMELINE_LAYOUT_BENCHMARKS=1 swift build -c release --show-bin-path)/BrowserBench"
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from bench_cost import browser_close_body, browser_open_body  # noqa: E402  (same folder)


def instructions(bench, case, passes, path):
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", bench, case, "--passes",
               str(passes), path]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if run.returncode != 0 or not match:
        sys.exit(f"{' '.join(command)} failed:\n{run.stdout}\n{run.stderr}")
    return int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", required=True, help="the release BrowserBench binary")
    parser.add_argument("--cases", default="open,close")
    parser.add_argument("--passes", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--no-callgrind", action="store_true", help="time only")
    options = parser.parse_args()
    bodies = {"open": browser_open_body(), "close": browser_close_body()}
    with tempfile.TemporaryDirectory() as folder:
        # valgrind 3.19 (Debian 12) gives up on this binary's DWARF 5 (the order its C compile
        # units are linked in; timeline-layout's loads): callgrind runs a copy without debug
        # information, whose symbols still name every function.
        stripped = os.path.join(folder, "BrowserBench")
        subprocess.run(["objcopy", "--strip-debug", options.bench, stripped], check=True)
        print("| case | body bytes | µs per call | instructions per call |")
        print("|---|---:|---:|---:|")
        for case in options.cases.split(","):
            path = os.path.join(folder, f"{case}.json")
            with open(path, "wb") as f:
                f.write(bodies[case])
            timing = subprocess.run([options.bench, case, "--seconds", str(options.seconds), path],
                                    capture_output=True, text=True, check=True).stdout
            micros = re.search(r"([\d.]+) µs per call", timing).group(1)
            count = "not measured"
            if not options.no_callgrind:
                loaded = instructions(stripped, case, options.passes, path)
                idle = instructions(stripped, case, 0, path)
                count = f"{(loaded - idle) / options.passes:,.0f}"
            print(f"| {case} | {len(bodies[case])} | {micros} | {count} |")


if __name__ == "__main__":
    main()
