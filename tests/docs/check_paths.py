#!/usr/bin/env python3
"""The README and the docs name files that exist: every `path` in code spans
(or Markdown links) of README.md, docs/*.md and python/README.md that starts
at a top-level folder of the tree must match a file or folder (globs allowed).
A stale name, such as a test file that was renamed, fails."""
import glob
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOP = ("Sources/", "Tests/", "tests/", "scripts/", "docs/", "python/", "lua/", "examples/", "include/",
       "bench/", "valgrind/", ".ci/")
DOCUMENTS = [ROOT / "README.md", ROOT / "python" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def named_paths(text):
    for span in re.findall(r"`([^`\n]+)`", text) + re.findall(r"\]\(([^)\s]+)\)", text):
        for word in span.split():
            word = word.rstrip(".,;:)").lstrip("(")
            if word.startswith(TOP) and not re.search(r"[<>$=|]|DIR|\.\.\.|…", word):
                yield word.split("#")[0]


def exists(base, path):
    for root in (ROOT, base):
        if glob.glob(str(root / path)) or (root / path).exists():
            return True
    return False


def main():
    missing = []
    for document in DOCUMENTS:
        if not document.exists():
            continue
        for path in sorted(set(named_paths(document.read_text()))):
            if not exists(document.parent, path):
                missing.append(f"{document.relative_to(ROOT)}: names {path}, which is not in the tree")
    for line in missing:
        print(line, file=sys.stderr)
    if not missing:
        print(f"docs: every path named in {len(DOCUMENTS)} documents exists")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
