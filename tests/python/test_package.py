"""The package's Python face: layouts as callables over sizes, frames as
tuples or a flat buffer, errors as exceptions carrying the engine's message."""
from __future__ import annotations

import ctypes
import inspect
import math
import pathlib
import re
import typing

import pytest

import canvas
from canvas import _native as cv

ROOT = pathlib.Path(__file__).resolve().parents[2]


def header_define(name: str) -> str:
    return re.search(rf"^#define {name} (.*)$", (ROOT / "include" / "canvas.h").read_text(), re.M).group(1)


def test_the_package_reports_versions():
    assert canvas.ABI_VERSION == canvas.load().canvas_abi_version() == int(header_define("CANVAS_ABI_VERSION"))
    # One version: canvas.h's CANVAS_VERSION, the library's, the package's (and so the wheel's metadata).
    assert canvas.__version__ == header_define("CANVAS_VERSION").strip('"')
    assert canvas.__version__ == canvas.VERSION == canvas.load().canvas_version().decode()
    assert 'version = {attr = "canvas._version.__version__"}' in (ROOT / "python" / "pyproject.toml").read_text()
    assert canvas.FLOW_ALIGN_TOP == 0 and canvas.ZOOM_BOTH == 2


def test_the_readme_example_runs(capsys):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "python" / "README.md").read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "python/README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == ("(360.0, 110.0) [(270.0, 10.0, 80.0, 60.0), (140.0, 10.0, 40.0, 40.0), "
                          "(10.0, 10.0, 120.0, 90.0)]")
    assert printed[-1] == "no room 3"


def test_reads_are_methods_never_properties():
    """The rule at the top of Engine: one style for reads."""
    properties = [name for name, member in vars(canvas.Engine).items() if isinstance(member, property)]
    assert properties == []
    with canvas.Engine() as engine:
        assert (engine.item_count(), engine.zoom(), engine.pending_measurements(), engine.last_error()) == (0, 1, 0, "")


def public_functions():
    yield from (f for name, f in vars(cv).items() if inspect.isfunction(f) and not name.startswith("_")
                and f.__module__ == cv.__name__)
    yield from (f for name, f in vars(canvas.Engine).items() if inspect.isfunction(f)
                and (not name.startswith("_") or name in ("__init__", "__enter__", "__exit__")))


@pytest.mark.parametrize("function", list(public_functions()), ids=lambda f: f.__qualname__)
def test_every_public_function_is_typed(function):
    """py.typed promises hints: every parameter and every return is annotated, and the hints resolve."""
    signature = inspect.signature(function)
    unannotated = [name for name, p in signature.parameters.items()
                   if name != "self" and p.annotation is inspect.Parameter.empty]
    assert unannotated == []
    assert signature.return_annotation is not inspect.Signature.empty
    typing.get_type_hints(function, vars(cv))


def test_the_package_ships_py_typed():
    assert (ROOT / "python" / "canvas" / "py.typed").exists()
    assert '"py.typed"' in (ROOT / "python" / "pyproject.toml").read_text()


def test_the_distribution_name_is_not_the_taken_canvas():
    text = (ROOT / "python" / "pyproject.toml").read_text()
    assert re.search(r'^name = "canvas-layout-engine"$', text, re.M)


def test_a_python_layout_places_items_and_the_engine_normalizes():
    seen = []

    def row_to_the_left(sizes, proposal):
        seen.append(proposal)
        return [(-100 * i, -5, w, h) for i, (w, h) in enumerate(sizes)]

    with canvas.Engine() as engine:
        engine.set_items([(80, 60), (40, 40), (120, 90)])
        engine.set_layout(row_to_the_left)
        engine.resolve()
        # Automatic content: both sides of the proposal are open (None).
        assert seen == [(None, None)]
        # The leftmost frame is at x = -200; normalizing moves it to 0.
        assert engine.frames() == [(200, 0, 80, 60), (100, 0, 40, 40), (0, 0, 120, 90)]
        assert engine.content_size() == (280, 90)


def test_a_fixed_canvas_proposes_its_size_less_margins():
    seen = []
    with canvas.Engine() as engine:
        engine.set_items([(10, 10)])
        engine.set_layout(lambda sizes, proposal: seen.append(proposal) or [(0, 0, 10, 10)])
        engine.set_content_size(canvas.CONTENT_FIXED, 200, 100)
        engine.set_margins(top=5, leading=10, bottom=15, trailing=20)
        engine.resolve()
    assert seen == [(170, 80)]


def test_frames_come_as_one_flat_buffer_too():
    with canvas.Engine() as engine:
        engine.set_items([(10, 20), (30, 40)])
        engine.set_flow(h_spacing=5, v_spacing=5, alignment=canvas.FLOW_ALIGN_TOP, max_width=1000)
        engine.resolve()
        buffer = engine.frames_buffer()
        assert buffer.typecode == "d" and len(buffer) == 8
        assert list(buffer) == [c for frame in engine.frames() for c in frame]


def test_an_exception_in_a_layout_becomes_a_canvas_error_with_its_message():
    def broken(sizes, proposal):
        raise ValueError("no room for item 2")

    with canvas.Engine() as engine:
        engine.set_items([(10, 10), (10, 10)])
        engine.set_flow()
        engine.resolve()
        before = engine.frames()
        engine.set_layout(broken)
        with pytest.raises(canvas.CanvasError) as error:
            engine.resolve()
        assert error.value.status == canvas.ERR_CALLBACK
        assert "no room for item 2" in error.value.message
        assert engine.frames() == before  # the last good layout is kept


def test_a_bad_frame_is_reported_with_the_item():
    with canvas.Engine() as engine:
        engine.set_items([(10, 10), (10, 10)])
        engine.set_layout(lambda sizes, proposal: [(0, 0, 10, 10), (math.nan, 0, 10, 10)])
        with pytest.raises(canvas.CanvasError) as error:
            engine.resolve()
        assert error.value.status == canvas.ERR_BAD_LAYOUT
        assert "item 1:" in error.value.message  # counted from 0, as canvas.h says


def test_the_library_is_found_without_being_told(monkeypatch):
    monkeypatch.delenv("CANVAS_LIB", raising=False)
    assert canvas.library_path().endswith((".so", ".so.1"))


@pytest.fixture
def finder(monkeypatch, tmp_path):
    """library_path() with every place it looks under the test's control;
    places(...) names which of them hold a library."""
    for name in ("CANVAS_LIB", "LD_LIBRARY_PATH"):
        monkeypatch.delenv(name, raising=False)
    import ctypes.util

    found = {}
    monkeypatch.setattr(cv, "BUNDLED", tmp_path / "package" / "libcanvas.so.1")
    monkeypatch.setattr(cv, "SOURCE_BUILD", tmp_path / "tree" / "libcanvas.so")
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: found.get("cache"))
    monkeypatch.setattr(cv, "_pkg_config_libdir", lambda: str(tmp_path / "pc") if "pkg-config" in found else None)

    def places(*names):
        for name in names:
            if name == "CANVAS_LIB":
                monkeypatch.setenv("CANVAS_LIB", "/explicit/libcanvas.so")
            elif name == "bundled":
                cv.BUNDLED.parent.mkdir(exist_ok=True)
                cv.BUNDLED.touch()
            elif name == "LD_LIBRARY_PATH":
                (tmp_path / "ld").mkdir(exist_ok=True)
                (tmp_path / "ld" / "libcanvas.so.1").touch()
                monkeypatch.setenv("LD_LIBRARY_PATH", f"/nowhere:{tmp_path / 'ld'}")
            elif name == "cache":
                found["cache"] = "libcanvas.so.1"
            elif name == "pkg-config":
                found["pkg-config"] = True
                (tmp_path / "pc").mkdir(exist_ok=True)
                (tmp_path / "pc" / "libcanvas.so.1").touch()
            elif name == "source tree":
                cv.SOURCE_BUILD.parent.mkdir(exist_ok=True)
                cv.SOURCE_BUILD.touch()
        return canvas.library_path()

    return tmp_path, places


ORDER = ["CANVAS_LIB", "bundled", "LD_LIBRARY_PATH", "cache", "pkg-config", "source tree"]


@pytest.mark.parametrize("first", range(len(ORDER)), ids=ORDER)
def test_the_library_is_looked_for_in_order(finder, first):
    tmp, places = finder
    expected = {
        "CANVAS_LIB": "/explicit/libcanvas.so",
        "bundled": str(tmp / "package" / "libcanvas.so.1"),
        "LD_LIBRARY_PATH": str(tmp / "ld" / "libcanvas.so.1"),
        "cache": "libcanvas.so.1",  # a name the loader resolves
        "pkg-config": str(tmp / "pc" / "libcanvas.so.1"),
        "source tree": str(tmp / "tree" / "libcanvas.so"),
    }
    assert places(*ORDER[first:]) == expected[ORDER[first]]


def test_no_library_anywhere_says_what_to_do(finder):
    _, places = finder
    with pytest.raises(OSError, match="scripts/wheel"):
        places()


def test_a_library_name_is_left_to_the_loader(monkeypatch):
    """A bare name (what the loader's cache gives) is loaded as a name, not made into a path."""
    opened = []
    real = ctypes.CDLL(canvas.library_path())
    monkeypatch.setattr(ctypes, "CDLL", lambda path: opened.append(path) or real)
    monkeypatch.setattr(cv, "_loaded", {})
    cv.load("libcanvas.so.1")
    assert opened == ["libcanvas.so.1"]
