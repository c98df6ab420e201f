"""The package's Python face: layouts as callables over sizes, frames as
tuples or a flat buffer, errors as exceptions carrying the engine's message."""
from __future__ import annotations

import math

import pytest

import canvas


def test_the_package_reports_versions():
    assert canvas.ABI_VERSION == canvas.load().canvas_abi_version() == 1
    assert canvas.__version__ == "0.1.0"
    assert canvas.FLOW_ALIGN_TOP == 0 and canvas.ZOOM_BOTH == 2


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
