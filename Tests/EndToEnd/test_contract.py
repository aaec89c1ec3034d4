"""The contract: openapi.yaml is valid OpenAPI 3.1, and the running server conforms to it (schemathesis)."""
import os
import subprocess
import sys

from conftest import ROOT

BIN = os.path.dirname(sys.executable)


def test_openapi_document_is_valid():
    """openapi-spec-validator accepts openapi.yaml."""
    subprocess.run([os.path.join(BIN, "openapi-spec-validator"), os.path.join(ROOT, "openapi.yaml")], check=True)


def test_server_conforms_to_the_contract(server):
    """schemathesis, every operation, positive and negative data, all default checks: no failure.

    schemathesis.toml (repository root) lists which operations may answer 422 to schema-valid
    data, and why (semantic rules JSON Schema cannot state)."""
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Tests", "EndToEnd", "run_schemathesis.py"), "run", os.path.join(ROOT, "openapi.yaml"), "--url", server.url,
         "--max-examples", os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "60"), "--workers", "2", "--no-color"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    print(result.stdout[-6000:], result.stderr[-2000:])
    assert result.returncode == 0
