"""pytest tests of motion through the Python client: the host's frame
(visible_items, frame), the clock (tick), pointer drags and flings, the
rubber band, wheel and ctrl-wheel zoom, the crown, keys, animated scrolls,
zoom to fit and the indicators, each against the published formula.

The tile canvas: 100 items of 100 x 100 in a 10-column grid, content
1000 x 1000, a 200 x 100 viewport opened at the top-left, no overscan.
"""

from __future__ import annotations

import math

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine

D = cv.DECELERATION_NORMAL


def tiles(lib, count=100, columns=10) -> Engine:
    engine = Engine(lib)
    engine.set_items([(100, 100)] * count)
    engine.set_grid(columns, 0, 0)
    engine.resolve()
    engine.set_initial_anchor(0, 0)
    engine.set_overscan(0)
    engine.set_viewport_size(200, 100)
    return engine


@pytest.fixture
def canvas(lib):
    with tiles(lib) as engine:
        yield engine


def run(engine, t, every=16, limit=20_000):
    while engine.tick(t)["active"] and t < limit:
        t += every
    return t


def test_visible_items_are_the_visible_ids_with_their_frames(canvas):
    canvas.set_viewport_offset(150, 0)
    items = canvas.visible_items()
    assert [item[0] for item in items] == canvas.visible() == [2, 3, 4]
    assert items[2] == (4, 300, 0, 100, 100)
    assert canvas.frame(4) == (300, 0, 100, 100)
    with pytest.raises(CanvasError) as error:
        canvas.frame(999)
    assert error.value.status == cv.ERR_NOT_FOUND


def test_fling_follows_the_deceleration_formula(canvas):
    canvas.set_viewport_offset(300, 300)
    canvas.fling(0.6, 0.0, 100)
    motion = canvas.motion()
    assert motion["phase"] == "decelerating" and motion["moving"]
    assert motion["projected_end"][0] == pytest.approx(300 - 0.6 / math.log(D), abs=1e-9)
    for t in range(116, 2000, 16):
        result = canvas.tick(t)
        expected = 300 + 0.6 * (D ** (t - 100) - 1) / math.log(D)
        assert canvas.offset()[0] == pytest.approx(expected, abs=1e-9)
        if not result["active"]:
            break


def test_drag_keeps_the_touched_point_and_flings(canvas):
    canvas.set_viewport_offset(300, 300)
    canvas.pointer_down(150, 50, 0)
    for step in range(1, 11):
        canvas.pointer_move(150 - 8 * step, 50, 16 * step)
    assert canvas.offset() == pytest.approx((380, 300))
    assert canvas.motion()["phase"] == "dragging"
    canvas.pointer_up(70, 50, 160)
    assert canvas.motion()["velocity"] == pytest.approx((0.5, 0))


def test_rubber_band_and_spring_back(canvas):
    canvas.pointer_down(100, 50, 0)
    canvas.pointer_move(100, 110, 16)
    assert canvas.offset()[1] == pytest.approx(-(1 - 1 / (60 * 0.55 / 100 + 1)) * 100)
    canvas.pointer_up(100, 110, 100)
    assert canvas.motion()["phase"] == "bouncing"
    t = 100
    while canvas.tick(t)["active"]:
        assert canvas.offset()[1] <= 0
        t += 16
    assert canvas.offset()[1] == 0 and t - 100 <= 800


def test_bounce_never_and_scroll_disabled(canvas):
    canvas.set_motion(bounce="never")
    canvas.pointer_down(100, 50, 0)
    canvas.pointer_move(100, 110, 16)
    assert canvas.offset()[1] == 0
    canvas.pointer_cancel(100, 110, 32)
    canvas.set_motion(scroll_enabled=False)
    canvas.fling(1, 1, 40)
    canvas.wheel(0, 50, t=41)
    canvas.key("end", 42)
    canvas.crown(30, 43)
    run(canvas, 50)
    assert canvas.offset() == (0, 0)
    canvas.scroll_to_point(300, 300, anchor=(0, 0))
    assert canvas.offset() == (300, 300)


def test_wheel_scrolls_and_ctrl_wheel_zooms_about_the_pointer(canvas):
    canvas.wheel(0, 2, mode="line", t=0)
    assert canvas.offset() == (0, 80)
    canvas.wheel(0, 30, shift=True, t=1)
    assert canvas.offset() == (30, 80)
    canvas.set_zoom_axis(cv.ZOOM_BOTH)
    canvas.set_zoom_limits(0.1, 10)
    canvas.wheel(0, -10, x=50, y=40, ctrl=True, t=2)
    k = 2 ** (10 * 0.002 * 10)  # d3's defaultWheelDelta: x10 with ctrl
    assert canvas.zoom() == pytest.approx(k)
    assert canvas.offset() == pytest.approx(((30 + 50) * k - 50, (80 + 40) * k - 40))
    with pytest.raises(ValueError):
        canvas.wheel(0, 1, mode="inches", t=3)


def test_keys_animate_and_end_on_the_target(canvas):
    canvas.key("down", 0)
    canvas.key("down", 10)
    assert canvas.motion()["phase"] == "animating"
    run(canvas, 20)
    assert canvas.offset() == (0, 80)
    canvas.scroll_to_id(56, anchor=(0, 0), animated=True, duration=200, t=1000)
    canvas.tick(1100)
    assert 80 < canvas.offset()[1] < 500
    canvas.tick(1200)
    assert canvas.offset() == (500, 500)


def test_zoom_to_fit_and_the_smooth_path(lib):
    with tiles(lib, count=10_000, columns=100) as engine:
        engine.set_zoom_axis(cv.ZOOM_BOTH)
        engine.set_zoom_limits(0.001, 10)
        engine.zoom_to_fit(padding=10)
        assert engine.zoom() == pytest.approx(min(180 / 10_000, 80 / 10_000))
        engine.set_zoom(1)
        engine.set_viewport_offset(0, 0)
        engine.zoom_to_fit(region=(9000, 9000, 200, 100), animated=True, t=0)
        lowest, t = 1.0, 0
        while engine.tick(t)["active"]:
            lowest = min(lowest, engine.zoom())
            t += 16
        assert lowest < 0.5 and engine.zoom() == 1
        assert engine.offset() == pytest.approx((9000, 9000))


def test_indicators(canvas):
    canvas.set_viewport_offset(400, 0)
    canvas.set_motion(indicators="visible")
    shown = canvas.indicators()
    h = shown["horizontal"]
    track, thumb = h["track"], h["thumb"]
    assert thumb[2] == pytest.approx(max(36, track[2] * 200 / 1000))
    assert thumb[0] - track[0] == pytest.approx((track[2] - thumb[2]) * 400 / 800)
    assert h["opacity"] == 1


def test_bad_input_changes_nothing(canvas):
    canvas.pointer_down(10, 10, 100)
    with pytest.raises(CanvasError) as error:
        canvas.pointer_move(40, 40, 50)
    assert error.value.status == cv.ERR_INVALID_ARGUMENT and "go back" in error.value.message
    with pytest.raises(CanvasError) as error:
        canvas.tick(math.nan)
    assert error.value.status == cv.ERR_NON_FINITE
    assert canvas.motion()["t"] == 100
    canvas.pointer_up(10, 10, 110)
    with pytest.raises(CanvasError):
        canvas.pointer_move(40, 40, 120)
    with pytest.raises(CanvasError):
        canvas.set_motion(deceleration=1.5)
    with pytest.raises(ValueError):
        canvas.key("tab", 130)
