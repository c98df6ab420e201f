"""Runs the Python tests against the package in this repository (python/canvas)."""
import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python"))

from canvas import _native as cv  # noqa: E402  (after the path is set)


@pytest.fixture(scope="session")
def lib():
    """The library every test talks to: $CANVAS_LIB, or wherever the package finds it."""
    path = cv.library_path()
    if not os.path.exists(path):
        pytest.fail(f"{path} not found: build it (scripts/build) or set CANVAS_LIB")
    return cv.load(path)
