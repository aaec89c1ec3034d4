#!/usr/bin/env python3
"""Instructions per stage of the timeline layout, offline (issue 15's "Measure it"): the reader
alone, the rules alone and the writer alone, on each sample, counted by callgrind.

For each sample, ReaderWriterBench runs under `valgrind --tool=callgrind` once with
`--passes 0` (reading the file, preparing the requests and layouts: the fixed cost) and once per
stage with `--passes N`; a stage's instructions per pass are (run - baseline) / N. Counts of
user-space instructions do not drift with the machine's load. Prints a Markdown table: per
input byte for every stage, per laid-out picture for the rules, per output byte for the writer.

    python3 Benchmarks/bench_stages.py --bench PATH [--passes N] FILE...
"""
import argparse
import os
import re
import subprocess
import sys

STAGES = ("reader", "rules", "writer")


def collected(bench, stage, passes, path):
    """The instructions callgrind collected in one run, and the bench's own summary line."""
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        bench, "--stage", stage, "--passes", str(passes), path,
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{run.stdout}\n{run.stderr}")
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not match:
        sys.exit(f"no callgrind total in:\n{run.stderr}")
    summary = dict(item.split("=") for item in run.stdout.split())
    return int(match.group(1)), {key: int(value) for key, value in summary.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", required=True, help="the release ReaderWriterBench binary")
    parser.add_argument("--passes", type=int, default=20)
    parser.add_argument("files", nargs="+")
    options = parser.parse_args()

    print(f"callgrind, release build, {options.passes} passes of each stage minus a run of none, per file:")
    print()
    print("| sample | input bytes | pictures | reader | per byte | rules | per byte | per picture "
          "| writer | per byte | per output byte |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    totals = dict.fromkeys(STAGES, 0)
    total_bytes = total_pictures = total_output = 0
    for path in options.files:
        baseline, summary = collected(options.bench, "reader", 0, path)
        per_pass = {}
        for stage in STAGES:
            count, _ = collected(options.bench, stage, options.passes, path)
            per_pass[stage] = (count - baseline) / options.passes
            totals[stage] += per_pass[stage]
        size, pictures, output = summary["input_bytes"], summary["pictures"], summary["output_bytes"]
        total_bytes += size
        total_pictures += pictures
        total_output += output
        print(row(os.path.basename(path), size, pictures, output, per_pass))
    print(row("all samples", total_bytes, total_pictures, total_output, totals))


def row(name, size, pictures, output, per_pass):
    reader, rules, writer = (per_pass[stage] for stage in STAGES)
    per_picture = f"{rules / pictures:,.0f}" if pictures else "–"
    return (f"| {name} | {size:,} | {pictures:,} | {reader:,.0f} | {reader / size:.2f} | {rules:,.0f} "
            f"| {rules / size:.2f} | {per_picture} | {writer:,.0f} | {writer / size:.2f} | {writer / output:.2f} |")


if __name__ == "__main__":
    main()
