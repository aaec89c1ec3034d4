"""Runs the schemathesis CLI, working around a CPython 3.11 interpreter bug.

CPython 3.11 (3.11.2 and 3.11.7 here) can raise "SystemError: AST constructor recursion depth
mismatch" from `ast.parse` when it is called deep in a recursion. Hypothesis parses source with
`ast.parse` only to *describe* a lambda in its reports, and does so while drawing values for a
nested schema, so the bug surfaces as a flaky internal error of the run, never as a finding
about the server. Here that parse treats the SystemError as source it cannot read (which
Hypothesis already handles: the lambda is described as "<unknown>"). Nothing schemathesis
generates or checks changes.
"""
import ast
import sys
import types

from hypothesis.internal import lambda_sources, reflection


def _parse(source, *args, **kwargs):
    try:
        return ast.parse(source, *args, **kwargs)
    except SystemError as error:
        raise SyntaxError(f"CPython AST bug while describing a lambda: {error}") from error


_patched_ast = types.ModuleType("ast")
_patched_ast.__dict__.update(vars(ast))
_patched_ast.parse = _parse
for module in (lambda_sources, reflection):
    if getattr(module, "ast", None) is ast:
        module.ast = _patched_ast

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
