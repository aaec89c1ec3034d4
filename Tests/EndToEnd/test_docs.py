"""The repository's documents stand alone: every link and every repository path they cite
exists, and none cites the design document that lives outside the repository."""
import glob
import os
import re

from conftest import ROOT

# The documents a reader is given: the README, docs/, the benchmarks' report, the contract
# served at /openapi.yaml and the playground page.
DOCUMENTS = (["README.md", "BENCHMARKS.md", "openapi.yaml",
              "Sources/LayoutService/Resources/playground/index.html",
              "Sources/LayoutService/Resources/samples/README.md"]
             + sorted(os.path.relpath(path, ROOT) for path in glob.glob(os.path.join(ROOT, "docs", "**", "*.md"),
                                                                          recursive=True)))
TOP_LEVEL = ("Sources/", "Tests/", "docs/", "scripts/", "Benchmarks/", "deploy/", "Fuzz/", ".ci/")
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_PATH = re.compile(r"`([^`\s]+)`")


def documents():
    for name in DOCUMENTS:
        with open(os.path.join(ROOT, name), encoding="utf-8") as handle:
            yield name, handle.read()


def test_documents_exist():
    for name in DOCUMENTS:
        assert os.path.exists(os.path.join(ROOT, name)), name


def test_no_document_cites_the_outside_design():
    """The contract is docs/API.md; "DESIGN" (the design document outside the repository) is cited nowhere."""
    for name, text in documents():
        for number, line in enumerate(text.splitlines(), 1):
            assert "DESIGN" not in line, f"{name}:{number}: {line.strip()}"


def anchors(path):
    """The heading anchors of a Markdown file, as GitHub makes them."""
    with open(path, encoding="utf-8") as handle:
        headings = [line.lstrip("#").strip() for line in handle if line.startswith("#")]
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_every_link_and_cited_path_exists():
    """Relative links resolve to files (and their #anchors to headings); repository paths in
    backquotes (`scripts/container-test`, `docs/API.md`) exist."""
    missing = []
    for name, text in documents():
        base = os.path.dirname(os.path.join(ROOT, name))
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(base, path)) if path else os.path.join(ROOT, name)
            if not os.path.exists(resolved):
                missing.append(f"{name}: link {target}")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                missing.append(f"{name}: anchor {target}")
        for cited in CODE_PATH.findall(text):
            cited = cited.rstrip(".,:;")
            if not cited.startswith(TOP_LEVEL) or re.search(r"[…*{}<>|$]", cited):
                continue
            if not os.path.exists(os.path.join(ROOT, cited)):
                missing.append(f"{name}: path {cited}")
    assert missing == []


def test_readme_architecture_matches_the_tree():
    """Every folder the README's architecture tree names (`Name/`, nested by indentation) exists."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    block = text.split("## Architecture", 1)[1].split("```", 2)[1]
    stack = []  # (indent, path)
    missing = []
    checked = 0
    for line in block.splitlines():
        match = re.match(r"^( *)([A-Za-z][\w.-]*)/(?:\s|$)", line)
        if not match:
            continue
        indent, name = len(match.group(1)), match.group(2)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = os.path.join(stack[-1][1], name) if stack else name
        stack.append((indent, path))
        checked += 1
        if not os.path.isdir(os.path.join(ROOT, path)):
            missing.append(path)
    assert checked > 20 and missing == []


# A comment line in Sources (Swift `//`/`///`, C `//` and block comments) that cites a measurement,
# an issue or the design document outside the repository: reasons and figures belong in
# docs/decisions/ and BENCHMARKS.md, where they are dated and regenerated.
COMMENT = re.compile(r"^\s*(///|//|/\*|\*)")
NARRATION = re.compile(r"callgrind|\binstructions\b|\bissue [0-9]+|\bDESIGN\b")


def test_source_comments_state_what_the_code_does():
    """No comment in Sources cites callgrind, instruction counts, issue numbers or DESIGN."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.*"), recursive=True)):
        if not path.endswith((".swift", ".c", ".h")):
            continue
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if COMMENT.match(line) and NARRATION.search(line):
                    found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_test_comments_cite_the_repository_contract():
    """No comment in the Swift tests, fuzzers or benchmarks cites DESIGN: a clone has docs/API.md."""
    found = []
    for folder in ("Tests", "Fuzz", "Benchmarks"):
        for path in sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True)):
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    if COMMENT.match(line) and re.search(r"\bDESIGN\b", line):
                        found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert found == []
