"""Runs the Python tests against the package in this repository (python/canvas)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python"))
