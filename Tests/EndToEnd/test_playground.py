"""The playground in a real browser: scripts/browser_test.py drives headless Chromium against the server."""
import os
import subprocess
import sys

from conftest import ROOT


def test_playground_in_headless_chromium(server):
    """The page draws every frame the API returns (grids, and cards: the service's and a layout written
    by hand from docs/API.md §4) and plays the open/close keyframes."""
    screenshot = os.path.join(ROOT, ".build", "playground.png")
    result = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "browser_test.py"), server.url,
                             "--screenshot", screenshot], capture_output=True, text=True, timeout=600)
    print(result.stdout[-4000:], result.stderr[-2000:])
    assert result.returncode == 0
    assert " 0 failed" in result.stdout.strip().splitlines()[-1]
