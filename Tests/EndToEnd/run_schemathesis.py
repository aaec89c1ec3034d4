"""Runs the schemathesis CLI with a deeper Python recursion limit.

CPython 3.11 can fail with "SystemError: AST constructor recursion depth mismatch" when
Hypothesis describes a lambda (it parses source with `ast`) while already deep in the
recursion of a nested schema's strategies; the AST builder's depth budget derives from the
recursion limit. A higher limit, with thread stacks large enough to use it, avoids the
interpreter bug; it changes nothing schemathesis checks.
"""
import sys
import threading

sys.setrecursionlimit(20_000)
threading.stack_size(256 * 1024 * 1024)

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
