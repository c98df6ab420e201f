"""Everything is in pyproject.toml but the wheel's tag. A wheel built with
libcanvas.so.1 inside canvas/ (scripts/wheel puts it there) holds machine
code, so it is tagged for this platform (py3-none-linux_x86_64): any Python 3
can load the library through ctypes, only the machine matters. Without the
library the wheel stays pure (py3-none-any) and finds an installed one."""
import sysconfig
from pathlib import Path

from setuptools import setup

cmdclass = {}
if (Path(__file__).resolve().parent / "canvas" / "libcanvas.so.1").exists():
    from setuptools.command.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def get_tag(self):
            return "py3", "none", sysconfig.get_platform().replace("-", "_").replace(".", "_")

    cmdclass["bdist_wheel"] = PlatformWheel

setup(cmdclass=cmdclass)
