"""Issue 22's defaults through Python: the same as Lua's, taken from the engine."""
import math

import pytest

import canvas as cv


def board():
    engine = cv.Engine()
    engine.set_item_frames([(1000, 1000, 100, 100), (1300, 1100, 100, 100)])
    engine.resolve()
    engine.set_viewport(800, 600, 0, 0)
    return engine


def test_scroll_to_id_centres_as_lua_does():
    engine = cv.Engine()
    engine.set_items([(100, 100)] * 30)
    engine.set_grid(5, 0, 0)
    engine.resolve()
    engine.set_viewport(300, 200, 0, 0)
    engine.scroll_to_id(13)
    # Item 13 is at (200, 200, 100, 100); centred: (250 - 150, 250 - 100).
    assert engine.offset() == (100, 150)


def test_nan_sizes_refused():
    engine = cv.Engine()
    with pytest.raises(ValueError, match="expected a finite number"):
        engine.set_items([(10, math.nan)])


def test_free_canvas_zooms_both_axes_and_fits_centred():
    engine = board()
    assert engine.zoom_axis() == cv.ZOOM_BOTH
    engine.zoom_to_fit()
    assert engine.zoom() == pytest.approx(2)
    assert engine.offset() == pytest.approx((2000, 1900))
    engine.set_zoom_axis(cv.ZOOM_HORIZONTAL)
    assert engine.zoom_axis() == cv.ZOOM_HORIZONTAL
    engine.set_zoom_axis(cv.ZOOM_AUTOMATIC)
    assert engine.zoom_axis() == cv.ZOOM_BOTH
