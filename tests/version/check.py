#!/usr/bin/env python3
"""One version number everywhere: canvas.h's CANVAS_VERSION is the source;
canvas.version in Lua (the 5.4 module and canvas.ffi), canvas.__version__ and
the distribution's version in Python, the rockspec (its name and its
version), and the newest CHANGELOG.md entry must all say the same. (The .pc
file is written from canvas.h by scripts/install; tests/install/run checks
pkg-config --modversion.) BUILD_DIR picks the build (default .build/debug)."""
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("BUILD_DIR", ROOT / ".build" / "debug"))


def run(command, **env):
    result = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env}, cwd=ROOT)
    return result.stdout.strip() if result.returncode == 0 else f"(failed: {result.stderr.strip()})"


def main():
    header = (ROOT / "include" / "canvas.h").read_text()
    version = re.search(r'^#define CANVAS_VERSION "([^"]+)"$', header, re.M).group(1)
    sys.path.insert(0, str(ROOT / "python"))
    import canvas

    version_file = (ROOT / "python" / "canvas" / "_version.py").read_text()
    rockspecs = sorted(ROOT.glob("*.rockspec"))
    changelog = (ROOT / "CHANGELOG.md").read_text()
    found = {
        "canvas.version (Lua 5.4)": run(["lua5.4", "-e", 'io.write(require("canvas").version)'],
                                        LUA_CPATH=f"{BUILD}/?.so"),
        "canvas.version (canvas.ffi)": run(["luajit", "-e", 'io.write(require("canvas.ffi").version)'],
                                           LUA_PATH=f"{ROOT}/lua/?.lua;;", CANVAS_LIB=str(BUILD / "libcanvas.so")),
        "canvas.__version__ (Python)": canvas.__version__,
        "python/canvas/_version.py (the distribution's version)":
            re.search(r'^__version__ = "([^"]+)"$', version_file, re.M).group(1),
        "the rockspec's file name": ",".join(re.sub(r"^canvas-(.*)-\d+\.rockspec$", r"\1", r.name) for r in rockspecs),
        "the rockspec's version": ",".join(
            re.search(r'^version = "(.*)-\d+"$', r.read_text(), re.M).group(1) for r in rockspecs),
        "CHANGELOG.md's newest entry": re.search(r"^## \[?(\d+\.\d+\.\d+)", changelog, re.M).group(1),
    }
    wrong = {where: value for where, value in found.items() if value != version}
    for where, value in wrong.items():
        print(f"version: {where} says {value!r}, canvas.h says {version!r}", file=sys.stderr)
    if not wrong:
        print(f"version: {version} everywhere ({len(found)} places and canvas.h)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
