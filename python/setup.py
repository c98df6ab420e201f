"""Everything is in pyproject.toml but the wheel's tag. A wheel built with
libcanvas.so.1 inside canvas/ (scripts/wheel puts it there) holds machine
code, so it is tagged py3-none-manylinux_2_X_ARCH: any Python 3 can load the
library through ctypes, and only the machine and its glibc matter. X is the
newest glibc symbol version the library asks for (objdump -T), so pip refuses
the wheel where the library could not load. Without the library the wheel
stays pure (py3-none-any) and finds an installed one."""
import platform
import re
import subprocess
from pathlib import Path

from setuptools import setup

LIBRARY = Path(__file__).resolve().parent / "canvas" / "libcanvas.so.1"


def glibc_floor(library):
    """(major, minor) of the newest GLIBC_x.y symbol version library needs."""
    symbols = subprocess.run(["objdump", "-T", str(library)], capture_output=True, text=True, check=True).stdout
    versions = {tuple(int(part) for part in found.split(".")[:2])
                for found in re.findall(r"GLIBC_([0-9]+\.[0-9]+(?:\.[0-9]+)?)", symbols)}
    if not versions:
        raise SystemExit(f"setup.py: no GLIBC symbol versions in {library}")
    return max(versions)


cmdclass = {}
if LIBRARY.exists():
    from setuptools.command.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def get_tag(self):
            major, minor = glibc_floor(LIBRARY)
            return "py3", "none", f"manylinux_{major}_{minor}_{platform.machine()}"

    cmdclass["bdist_wheel"] = PlatformWheel

setup(cmdclass=cmdclass)
