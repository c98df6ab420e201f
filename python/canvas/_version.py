"""The package version: include/canvas.h's CANVAS_VERSION (tests/python/test_package.py checks
that they, the library's canvas_version() and the wheel's metadata agree)."""

__version__ = "0.1.0"
