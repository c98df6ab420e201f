"""pytest tests of the free layout and editing through ctypes (python/canvas/_editing.py)."""
from __future__ import annotations

import math

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine


@pytest.fixture
def free(lib):
    engine = Engine(lib)
    engine.set_item_frames([(-100, -50, 40, 30), (0, 0, 50, 50), (100, 0, 50, 50)], ids=[10, 20, 30])
    engine.resolve()
    engine.set_viewport_size(400, 300)
    yield engine
    engine.close()


def frame(engine, item_id):
    return dict(zip(engine.ids(), engine.frames()))[item_id]


def test_world_coordinates_and_scroll_bounds(free):
    assert frame(free, 10) == (-100, -50, 40, 30)
    min_x, max_x, min_y, max_y = free.scroll_bounds()
    assert math.isinf(min_x) and min_x < 0 and math.isinf(max_y)
    free.set_scroll_extent(cv.SCROLL_CONTENT)
    # 250 x 100 of content in a 400 x 300 window: centred, as content_anchor says.
    assert free.scroll_bounds() == (-175, -175, -150, -150)


def test_edits_batch_and_undo(free):
    free.move(20, 7, 8)
    assert frame(free, 20) == (7, 8, 50, 50)
    free.insert([(40, (5, 5, 5, 5))], before=10)
    assert free.ids() == [40, 10, 20, 30]
    free.bring_to_front([40])
    free.send_to_back([30])
    assert free.ids() == [30, 10, 20, 40]
    with pytest.raises(CanvasError) as failure:
        with free.batch():
            free.remove([40])
            free.move(99, 0, 0)
    assert failure.value.status == cv.ERR_NOT_FOUND
    assert free.ids() == [30, 10, 20, 40]
    with free.batch():
        free.remove([40])
        free.resize([20], [(1, 2)])
    assert free.ids() == [30, 10, 20] and frame(free, 20) == (7, 8, 1, 2)
    for _ in range(5):
        free.undo()
    assert free.ids() == [10, 20, 30] and frame(free, 20) == (0, 0, 50, 50)
    with pytest.raises(CanvasError, match="nothing to undo"):
        free.undo()
    free.redo()
    assert frame(free, 20) == (7, 8, 50, 50)


def test_bad_edits_change_nothing(free):
    with pytest.raises(CanvasError) as failure:
        free.set_frames_by_id([20], [(math.nan, 0, 1, 1)])
    assert failure.value.status == cv.ERR_NON_FINITE
    with pytest.raises(CanvasError):
        free.remove([20, 20])
    with pytest.raises(CanvasError):
        free.insert([(20, (0, 0, 1, 1))])
    assert free.ids() == [10, 20, 30] and frame(free, 20) == (0, 0, 50, 50)


def test_selection_tool_snap_nudge_focus(free):
    assert free.select_rect((-10, -10, 200, 100), cv.MARQUEE_CONTAIN) == [20, 30]
    assert free.selection_bounds() == (0, 0, 150, 50)
    assert free.select_rect((-10, -10, 20, 20), op=cv.SELECTION_SUBTRACT) == [30]
    free.select_all()
    assert free.selection() == [10, 20, 30]
    free.set_tool(cv.TOOL_SELECT)
    free.set_snap(grid=10)
    assert free.guides() == [] and free.marquee() is None
    free.nudge(cv.PAGE_RIGHT)
    assert frame(free, 20) == (10, 0, 50, 50)
    free.undo()
    free.focus(20)
    assert free.focus_next(cv.PAGE_RIGHT) == 30
    assert free.focus_next(cv.PAGE_RIGHT) is None
    assert free.focused() == 30
    with pytest.raises(CanvasError):
        free.set_snap(threshold=-1)


def test_new_items_on_a_free_canvas_leave_no_index_over_the_old_ones():
    # Issue 21.3: every query before the next resolve trapped, and set_items itself at a zoom other than 1.
    with Engine() as e:
        e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)])
        e.resolve()
        e.set_viewport(100, 100)
        e.set_zoom(2)
        e.set_items([(5, 5)] * 3, ids=[7, 8, 9])
        assert e.zoom() == 1
        assert e.query(0, 0, 100, 100) == [1, 2]  # the last resolution, until the next resolve
        e.hit_test(1, 1)
        e.tick(1)
        e.resolve()
        assert e.query(-1, -1, 100, 100) == [7, 8, 9]
