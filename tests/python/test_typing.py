"""The Python surface as users and type checkers meet it: canvas.h's
constants spelled in the package (not put there at run time), IntEnums for
C's typed enums, no ctypes names leaking, exceptions that fit Python's, and
callbacks without a user argument."""
from __future__ import annotations

import ast
import enum
import pathlib
import pickle
import runpy
import subprocess
import sys

import pytest

import canvas

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_constants_module_is_current():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen-python-constants"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_enumerator_of_canvas_h_is_a_package_constant():
    header = (ROOT / "include" / "canvas.h").read_text()
    import re
    names = set(re.findall(r"^\s*(?:enum \{ )?CANVAS_([A-Z_0-9]+) = ", header, flags=re.M))
    assert {"FLOW_ALIGN_TOP", "ZOOM_BOTH", "ERR_NULL", "KEY_DELETE"} <= names
    assert names <= set(canvas.__all__), sorted(names - set(canvas.__all__))
    for name in names:
        assert hasattr(canvas, name), name


def test_the_package_names_its_exports_statically():
    """Type checkers read __init__.py, not what it does at run time: no
    globals().update, and __all__ built from literal lists."""
    source = (ROOT / "python" / "canvas" / "__init__.py").read_text()
    assert "globals()" not in source
    ast.parse(source)


def test_nothing_of_ctypes_or_typing_leaks_into_the_package():
    for name in ("CFUNCTYPE", "POINTER", "TYPE_CHECKING", "PLACE_FN", "MEASURE_FN", "ZOOM_FN", "ENGINE_P",
                 "C_INTEGERS", "STATUS_NAMES", "FUNCTIONS", "BUNDLED", "SOURCE_BUILD"):
        assert not hasattr(canvas, name), name
    for name in canvas.__all__:
        assert hasattr(canvas, name), name


def test_typed_enums_are_int_enums_and_the_flat_names_are_their_members():
    assert issubclass(canvas.ZoomAxis, enum.IntEnum)
    assert canvas.ZOOM_BOTH is canvas.ZoomAxis.BOTH and canvas.ZOOM_BOTH == 2
    assert canvas.FLOW_ALIGN_TOP is canvas.FlowAlignment.TOP
    assert canvas.Status.ERR_BUSY == 7
    assert issubclass(canvas.Modifiers, enum.IntFlag)
    assert canvas.MODIFIER_SHIFT | canvas.MODIFIER_CTRL == 3
    assert isinstance(canvas.LOD_CELL, int) and not isinstance(canvas.LOD_CELL, enum.Enum)


def test_a_bad_value_is_a_value_error_and_a_canvas_error():
    with canvas.Engine() as engine:
        with pytest.raises(ValueError) as info:
            engine.set_margins(top=float("nan"))
        assert isinstance(info.value, canvas.CanvasError)
        assert isinstance(info.value, canvas.NonFiniteError)
        assert info.value.status is canvas.Status.ERR_NON_FINITE
        with pytest.raises(canvas.InvalidArgumentError) as invalid:
            engine.set_item_size(-1, 1)
        assert isinstance(invalid.value, ValueError)
        engine.set_items([(1, 1)])
        engine.resolve()
        with pytest.raises(LookupError) as missing:
            engine.frame(99)
        assert isinstance(missing.value, canvas.NotFoundError)


def test_each_status_has_its_subclass_and_pickles_as_itself():
    for status in canvas.Status:
        if status is canvas.Status.OK:
            continue
        error = canvas.CanvasError(status, "message", "canvas_resolve")
        assert type(error) is not canvas.CanvasError and isinstance(error, canvas.CanvasError)
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error) and again.status is status
    assert type(canvas.CanvasError(99, "?")) is canvas.CanvasError  # a status this package does not know


def test_callbacks_take_no_user_argument():
    seen = []
    with canvas.Engine() as engine:
        engine.set_estimated_item_size(5, 5)
        engine.set_items(None, ids=[7])
        engine.set_measure(lambda item_id, index, width: (seen.append((item_id, index)) or (10, 20)))
        engine.step()
        assert seen == [(7, 0)]
        events = []
        engine.set_zoom_callback(lambda event, scale: events.append((event, scale)))
        engine.set_zoom(2)
        assert events and all(isinstance(event, canvas.ZoomEvent) for event, _ in events)


def test_the_typed_example_runs():
    runpy.run_path(str(ROOT / "examples" / "python" / "typed.py"), run_name="__main__")
