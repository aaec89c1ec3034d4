"""The README's console examples reproduce: each `$ command` in a ```console block runs against
the real binary (a server on an ephemeral port stands in for localhost:8080), and its output
(stdout and stderr, as a terminal shows them) matches the lines printed under it.

How the printed lines are read: the README wraps long JSON for the page, so every line's
leading spaces and line ends are dropped on both sides before comparing, and `…` (with any
spaces around it) stands for text left out. Every output must end with a newline, so that the shell prompt is not glued to
it."""
import os
import re
import subprocess

import pytest

from conftest import BINARY, ROOT

README = os.path.join(ROOT, "README.md")


def console_examples(path):
    """[(command, printed output)] of every ```console block, in order."""
    examples = []
    block = None
    for line in open(path, encoding="utf-8").read().splitlines():
        if block is None:
            if line.strip() == "```console":
                block = []
            continue
        if line.strip() == "```":
            examples += split_block(block)
            block = None
        else:
            block.append(line)
    return examples


def split_block(lines):
    """Commands start with `$ ` and continue until bash can parse them; output follows."""
    examples = []
    index = 0
    while index < len(lines):
        assert lines[index].startswith("$ "), f"expected a command: {lines[index]!r}"
        command = lines[index][2:]
        index += 1
        while not is_complete(command):
            command += "\n" + lines[index]
            index += 1
        output = []
        while index < len(lines) and not lines[index].startswith("$ "):
            output.append(lines[index])
            index += 1
        examples.append((command, "\n".join(output)))
    return examples


def is_complete(command):
    return not command.endswith("\\") and subprocess.run(
        ["bash", "-n", "-c", command], capture_output=True).returncode == 0


def normalized(text):
    return "".join(line.strip() for line in text.splitlines())


EXAMPLES = console_examples(README)


def test_the_readme_has_examples():
    commands = [command for command, _ in EXAMPLES]
    assert len(commands) >= 8, commands
    assert any("/v1/browser/open" in command for command in commands)
    assert any(" layout " in command and "curl" not in command for command in commands)


@pytest.mark.parametrize("command,printed", EXAMPLES, ids=[c.split("\n")[0][:60] for c, _ in EXAMPLES])
def test_example_reproduces(server, command, printed):
    runnable = command.replace("localhost:8080", f"127.0.0.1:{server.port}").replace(
        ".build/release/timeline-layout", BINARY)
    result = subprocess.run(["bash", "-c", runnable], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            timeout=60)
    actual = result.stdout.decode()
    assert actual.endswith("\n"), f"no newline at the end: the prompt would be glued to {actual[-80:]!r}"
    pattern = ".*?".join(re.escape(part) for part in re.sub(r"\s*…\s*", "…", normalized(printed)).split("…"))
    assert re.fullmatch(pattern, normalized(actual), flags=re.DOTALL), (
        f"\n--- README\n{printed}\n--- actual\n{actual[:3000]}")
