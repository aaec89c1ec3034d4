"""End-to-end fixtures: the real `timeline-layout` binary on an ephemeral loopback port."""
import json
import os
import re
import signal
import subprocess
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("TIMELINE_LAYOUT_BINARY", os.path.join(ROOT, ".build", "debug", "timeline-layout"))
SAMPLES = os.path.join(ROOT, "Sources", "LayoutService", "Resources", "samples")


class Server:
    """A running `timeline-layout serve --port 0`; `url` is its base URL."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0", "--log-format", "off", *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        match = re.search(r"listening on http://([\d.]+):(\d+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"server did not start: {line!r}")
        self.port = int(match.group(2))
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self, timeout=15):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


@pytest.fixture
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture
def start_server():
    started = []

    def start(*args):
        started.append(Server(*args))
        return started[-1]

    yield start
    for running in started:
        running.stop()


def sample_path(name):
    return os.path.join(SAMPLES, f"{name}.json")


def status_kib(pid, field):
    """A KiB figure of /proc/PID/status: `VmRSS` (resident now) or `VmHWM` (peak resident)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


GOLDEN = os.path.join(ROOT, "Tests", "PhotoLayoutTests", "Fixtures", "golden")


def golden(name, variant="classic"):
    """A sample's golden layout, parsed: recomputed by the independent Python oracle
    (scripts/oracle_layout.py), so a layout bug in the binary cannot hide on both sides."""
    with open(os.path.join(GOLDEN, f"{name}.{variant}.json"), "rb") as handle:
        return json.load(handle)
