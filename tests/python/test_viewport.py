"""pytest tests of the viewport, culling, sizing and backdrop parts of
libcanvas.so, through ctypes (python/canvas/_native.py).

Expected numbers are worked out by hand from the rules in include/canvas.h;
the comments show the arithmetic. Most tests use the "tile canvas": 100
items of 100 x 100 in a 10-column grid with no spacing, so the item at data
position p (id p + 1 unless a test gives ids) sits at (100 (p % 10),
100 (p // 10)) and the content is 1000 x 1000. Its viewport is 200 x 100,
opened at the top-left, with no overscan.

Run from the repository root:
    CANVAS_LIB=.build/debug/libcanvas.so python -m pytest tests/python
"""

from __future__ import annotations

import ctypes
import math

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine, Point, Rect, Size

# Position p of a reversed tile canvas has id 1000 - p: data order is not id order.
REVERSED = [1000 - p for p in range(100)]


def tile_canvas(lib, count=100, columns=10, ids=None, viewport=(200, 100), anchor=(0, 0), overscan=0) -> Engine:
    """count tiles of 100 x 100 in a grid with no spacing; the viewport
    opens at anchor (viewport None leaves it without a size)."""
    engine = Engine(lib)
    engine.set_items([(100, 100)] * count, ids)
    engine.set_grid(columns, 0, 0)
    engine.resolve()
    engine.set_initial_anchor(*anchor)
    engine.set_overscan(overscan)
    if viewport:
        engine.set_viewport_size(*viewport)
    return engine


def frames_canvas(lib, frames, ids=None) -> Engine:
    """Items placed exactly at frames by a custom layout (the smallest x and
    y are 0, so normalizing moves nothing); no viewport, no overscan."""
    engine = Engine(lib)
    engine.set_items([(w, h) for _, _, w, h in frames], ids)
    engine.set_custom(lambda sizes, proposal: frames)
    engine.resolve()
    engine.set_initial_anchor(0, 0)
    engine.set_overscan(0)
    return engine


@pytest.fixture
def tiles(lib):
    with tile_canvas(lib) as engine:
        yield engine


def refused(call, status):
    """Runs call, which must fail with status; returns the message."""
    with pytest.raises(CanvasError) as failure:
        call()
    assert failure.value.status == status, failure.value
    assert failure.value.message
    return failure.value.message


# ----------------------------------------------------------------------------
# Errors common to the new functions


def _null_engine_calls():
    """Every new function that takes an engine, called with NULL."""
    n = ctypes.c_size_t(0)
    flag = ctypes.c_int(0)
    ident = ctypes.c_uint64(0)
    scale = ctypes.c_double(0)
    rect = Rect(0, 0, 10, 10)
    tile = cv.BackdropTile()
    fingers = (Point * 2)(Point(0, 0), Point(10, 0))
    stops = (ctypes.c_double * 1)(1.0)
    ref = ctypes.byref
    return {
        "canvas_set_item_size": (Size(1, 1),),
        "canvas_set_estimated_item_size": (Size(1, 1),),
        "canvas_set_measure": (cv.MEASURE_FN(lambda *a: 0), None, 0),
        "canvas_step": (None,),
        "canvas_invalidate_measurements": (),
        "canvas_set_viewport_size": (Size(1, 1), ref(flag)),
        "canvas_set_viewport_offset": (Point(1, 1), ref(flag)),
        "canvas_set_overscan": (1.0, ref(flag)),
        "canvas_set_moving": (1,),
        "canvas_set_initial_anchor": (Point(0.5, 0.5),),
        "canvas_get_viewport": (ref(rect),),
        "canvas_copy_visible": (None, 0, ref(n)),
        "canvas_copy_appeared": (None, 0, ref(n)),
        "canvas_copy_disappeared": (None, 0, ref(n)),
        "canvas_query": (rect, None, 0, ref(n)),
        "canvas_hit_test": (Point(1, 1), ref(ident), ref(flag)),
        "canvas_scroll_to_id": (1, Point(0.5, 0.5), ref(flag)),
        "canvas_scroll_to_point": (Point(1, 1), Point(0.5, 0.5), ref(flag)),
        "canvas_scroll_to_rect": (rect, Point(0.5, 0.5), ref(flag)),
        "canvas_page": (cv.PAGE_DOWN, ref(flag)),
        "canvas_set_backdrop": (cv.BACKDROP_DOTS, 10.0, 1.0),
        "canvas_get_backdrop_tile": (ref(tile),),
        "canvas_copy_backdrop_origins": (None, 0, ref(n)),
        "canvas_set_zoom_callback": (cv.ZOOM_FN(lambda *a: 0), None),
        "canvas_set_zoom_axis": (cv.ZOOM_BOTH,),
        "canvas_set_zoom_limits": (0.5, 2.0),
        "canvas_set_zoom_speed": (2.0,),
        "canvas_set_zoom_stops": (stops, 1),
        "canvas_set_pinch_enabled": (0,),
        "canvas_set_selection_during_zoom": (1,),
        "canvas_set_zoom": (2.0,),
        "canvas_get_zoom": (ref(scale),),
        "canvas_pinch": (cv.PINCH_BEGAN, 1.0, 2, Point(0, 0)),
        "canvas_touches": (fingers, 2),
        "canvas_two_finger_tap": (),
        "canvas_select_at": (Point(1, 1), ref(ident), ref(flag)),
        "canvas_select_id": (1,),
        "canvas_deselect_id": (1,),
        "canvas_clear_selection": (),
        "canvas_copy_selection": (None, 0, ref(n)),
    }


@pytest.mark.parametrize("function", sorted(_null_engine_calls()))
def test_null_engine_is_refused(lib, function):
    args = _null_engine_calls()[function]
    assert getattr(lib, function)(None, *args) == cv.ERR_NULL


def test_pending_measurements_of_null_engine_is_zero(lib):
    assert lib.canvas_get_pending_measurements(None) == 0


NAN = float("nan")
INF = float("inf")

# (description, call on an Engine) for every argument the header says must be finite.
NON_FINITE_CALLS = [
    ("item size", lambda e: e.set_item_size(NAN, 1)),
    ("estimate", lambda e: e.set_estimated_item_size(1, INF)),
    ("viewport size", lambda e: e.set_viewport_size(NAN, 100)),
    ("viewport offset", lambda e: e.set_viewport_offset(10, NAN)),
    ("infinite offset", lambda e: e.set_viewport_offset(-INF, 0)),
    ("overscan", lambda e: e.set_overscan(NAN)),
    ("initial anchor", lambda e: e.set_initial_anchor(NAN, 0)),
    ("hit test", lambda e: e.hit_test(NAN, 5)),
    ("scroll anchor", lambda e: e.scroll_to_id(5, (NAN, 0))),
    ("scroll point", lambda e: e.scroll_to_point(INF, 0)),
    ("scroll rect", lambda e: e.scroll_to_rect((0, 0, NAN, 10))),
    ("backdrop spacing", lambda e: e.set_backdrop(cv.BACKDROP_GRID, NAN, 1)),
    ("backdrop size", lambda e: e.set_backdrop(cv.BACKDROP_DOTS, 10, INF)),
    ("zoom minimum", lambda e: e.set_zoom_limits(NAN, 2)),
    ("zoom maximum", lambda e: e.set_zoom_limits(0.5, INF)),
    ("zoom speed", lambda e: e.set_zoom_speed(NAN)),
    ("zoom stop", lambda e: e.set_zoom_stops([1, NAN])),
    ("zoom", lambda e: e.set_zoom(NAN)),
    ("infinite zoom", lambda e: e.set_zoom(INF)),
    ("finger", lambda e: e.touches([(0, 0), (NAN, 0)])),
]


def state(engine):
    """What a refused call must leave alone."""
    return (engine.viewport(), engine.zoom(), engine.update(), repr(engine.backdrop_tile()), engine.selection())


@pytest.mark.parametrize("call", [c for _, c in NON_FINITE_CALLS], ids=[n for n, _ in NON_FINITE_CALLS])
def test_non_finite_arguments_are_refused(tiles, call):
    tiles.set_viewport_offset(150, 250)
    tiles.set_backdrop(cv.BACKDROP_DOTS, 40, 3)
    tiles.select_id(7)
    before = state(tiles)
    refused(lambda: call(tiles), cv.ERR_NON_FINITE)
    assert state(tiles) == before


INVALID_CALLS = [
    ("negative item size", lambda e: e.set_item_size(-1, 1)),
    ("negative estimate", lambda e: e.set_estimated_item_size(1, -1)),
    ("negative viewport", lambda e: e.set_viewport_size(-200, 100)),
    ("anchor outside", lambda e: e.set_initial_anchor(1.5, 0)),
    ("scroll anchor outside", lambda e: e.scroll_to_point(0, 0, (2, 0))),
    ("page direction", lambda e: e.page(4)),
    ("backdrop kind", lambda e: e.set_backdrop(3, 10, 1)),
    ("negative spacing", lambda e: e.set_backdrop(cv.BACKDROP_DOTS, -10, 1)),
    ("zoom axis", lambda e: e.set_zoom_axis(4)),
    ("limits crossed", lambda e: e.set_zoom_limits(2, 1)),
    ("zero speed", lambda e: e.set_zoom_speed(0)),
    ("zero stop", lambda e: e.set_zoom_stops([1, 0])),
    ("negative zoom", lambda e: e.set_zoom(-2)),
    ("pinch phase", lambda e: e.pinch(5, 1.0)),
]


@pytest.mark.parametrize("call", [c for _, c in INVALID_CALLS], ids=[n for n, _ in INVALID_CALLS])
def test_invalid_arguments_are_refused(tiles, call):
    tiles.set_viewport_offset(150, 250)
    before = state(tiles)
    refused(lambda: call(tiles), cv.ERR_INVALID_ARGUMENT)
    assert state(tiles) == before


# ----------------------------------------------------------------------------
# Viewport and culling


@pytest.mark.parametrize(
    "anchor, offset",
    [
        # offset = (max(0, 1000 - 200) * ax, max(0, 1000 - 100) * ay)
        ((0, 0), (0, 0)),
        ((1, 1), (800, 900)),
        ((0.5, 0.5), (400, 450)),
        ((0.25, 0.75), (200, 675)),
    ],
)
def test_initial_anchor(lib, anchor, offset):
    with tile_canvas(lib, viewport=None, anchor=anchor) as engine:
        assert engine.set_viewport_size(200, 100) is True
        assert engine.offset() == offset


def test_initial_anchor_defaults_to_center_with_overscan_128(lib):
    with Engine(lib) as engine:
        engine.set_items([(100, 100)] * 100)
        engine.set_grid(10, 0, 0)
        engine.resolve()
        engine.set_viewport_size(200, 100)
        assert engine.viewport() == (400, 450, 200, 100)
        # Grown by 128: x 272..728 takes columns 2..7, y 322..678 rows 3..6.
        expected = [10 * row + column + 1 for row in range(3, 7) for column in range(2, 8)]
        assert engine.update() == (expected, expected, [])


def test_initial_anchor_applies_once_to_the_first_non_empty_size(lib):
    with tile_canvas(lib, viewport=None, anchor=(1, 0)) as engine:
        engine.set_viewport_size(0, 0)
        engine.set_viewport_size(0, 100)
        assert engine.offset() == (0, 0)
        engine.set_viewport_size(200, 100)
        assert engine.offset() == (800, 0)
        engine.set_initial_anchor(1, 1)  # too late
        engine.set_viewport_offset(10, 10)
        engine.set_viewport_size(250, 100)
        assert engine.viewport() == (10, 10, 250, 100)


@pytest.mark.parametrize(
    "asked, clamped",
    [((-50, 5000), (0, 900)), ((850, -3), (800, 0)), ((123.5, 456.25), (123.5, 456.25)), ((1e12, 1e12), (800, 900))],
)
def test_offset_is_clamped(tiles, asked, clamped):
    tiles.set_viewport_offset(*asked)
    assert tiles.offset() == clamped


def test_viewport_larger_than_content_stays_at_zero(tiles):
    tiles.set_viewport_size(2000, 1500)
    tiles.set_viewport_offset(100, 100)
    assert tiles.viewport() == (0, 0, 2000, 1500)


def test_visible_appeared_disappeared_in_data_order(lib):
    with tile_canvas(lib, ids=REVERSED) as engine:
        assert engine.update() == ([1000, 999], [1000, 999], [])
        # Overscan 50: (-50, -50, 300, 200) takes positions 0..2 and 10..12.
        assert engine.set_overscan(50) is True
        assert engine.update() == ([1000, 999, 998, 990, 989, 988], [998, 990, 989, 988], [])
        # Offset (150, 0): (100, -50, 300, 200) takes positions 1..3 and 11..13.
        assert engine.set_viewport_offset(150, 0) is True
        assert engine.update() == ([999, 998, 997, 989, 988, 987], [997, 987], [1000, 990])
        # Equal updates are not published again; the last one stays.
        assert engine.set_viewport_offset(150, 0) is False
        assert engine.set_overscan(50) is False
        assert engine.update() == ([999, 998, 997, 989, 988, 987], [997, 987], [1000, 990])


def test_echoing_a_clamped_offset_cannot_loop(tiles):
    assert tiles.set_viewport_offset(5000, 0) is True
    x, y = tiles.offset()
    assert (x, y) == (800, 0)
    # A host that echoes the offset back (or re-sends its own) publishes nothing.
    for _ in range(3):
        assert tiles.set_viewport_offset(x, y) is False
        assert tiles.set_viewport_offset(5000, 0) is False


def test_negative_overscan_is_zero(tiles):
    tiles.set_overscan(100)
    assert tiles.visible() == [1, 2, 3, 11, 12, 13]
    tiles.set_overscan(-10)
    assert tiles.update() == ([1, 2], [], [3, 11, 12, 13])


@pytest.mark.parametrize(
    "anchor, offset",
    [
        # Id 56 is at (500, 500, 100, 100): offset = 500 + 100 a - (200, 100) a.
        ((0.5, 0.5), (450, 500)),
        ((0, 0), (500, 500)),
        ((1, 1), (400, 500)),
        ((0.25, 0.75), (475, 500)),
    ],
)
def test_scroll_to_id(tiles, anchor, offset):
    assert tiles.scroll_to_id(56, anchor) is True
    assert tiles.offset() == offset


def test_scroll_to_id_clamps_and_refuses_unknown_ids(tiles):
    tiles.scroll_to_id(100, (0, 0))  # (900, 900) clamps to (800, 900)
    assert tiles.offset() == (800, 900)
    refused(lambda: tiles.scroll_to_id(101, (0.5, 0.5)), cv.ERR_NOT_FOUND)
    assert tiles.offset() == (800, 900)
    assert tiles.visible() == [99, 100]


def test_scroll_to_point_and_rect(tiles):
    tiles.scroll_to_point(300, 250, (0.5, 0.5))  # (300 - 100, 250 - 50)
    assert tiles.offset() == (200, 200)
    tiles.scroll_to_rect((100, 100, 400, 300), (1, 1))  # (100 + 400 - 200, 100 + 300 - 100)
    assert tiles.offset() == (300, 300)
    tiles.scroll_to_rect((100, 100, 400, 300), (0.25, 0.75))  # (100 + 100 - 50, 100 + 225 - 75)
    assert tiles.offset() == (150, 250)
    tiles.scroll_to_point(-500, 5000, (0.5, 0.5))
    assert tiles.offset() == (0, 900)


def test_paging(tiles):
    # Right by 0.85 * 200 = 170 until the edge at 800, then no move.
    xs = []
    while tiles.page(cv.PAGE_RIGHT):
        xs.append(tiles.offset()[0])
    assert xs == pytest.approx([170, 340, 510, 680, 800])
    assert tiles.page(cv.PAGE_LEFT) is True
    assert tiles.offset()[0] == pytest.approx(630)
    assert tiles.page(cv.PAGE_UP) is False
    assert tiles.page(cv.PAGE_DOWN) is True  # 0.85 * 100
    assert tiles.offset() == pytest.approx((630, 85))
    tiles.set_viewport_offset(0, 850)
    assert tiles.page(cv.PAGE_DOWN) is True  # 935 clamps to 900
    assert tiles.offset() == pytest.approx((0, 900))
    assert tiles.page(cv.PAGE_DOWN) is False


def test_page_with_null_moved_out(tiles, lib):
    assert lib.canvas_page(tiles.handle, cv.PAGE_RIGHT, None) == cv.OK
    assert tiles.offset()[0] == pytest.approx(170)


def test_hit_test_last_in_data_order_wins(lib):
    frames = [(0, 0, 100, 100), (50, 50, 100, 100), (300, 0, 10, 10)]
    with frames_canvas(lib, frames) as engine:
        assert [engine.hit_test(x, y) for x, y in [(25, 25), (75, 75), (120, 120), (305, 5)]] == [1, 2, 2, 3]
        assert engine.hit_test(200, 50) is None
        assert engine.hit_test(-5, 5) is None
    with frames_canvas(lib, frames[::-1]) as engine:
        assert engine.hit_test(75, 75) == 3  # now A is later


def test_hit_test_needs_its_out_pointers(tiles, lib):
    found = ctypes.c_int(0)
    ident = ctypes.c_uint64(0)
    assert lib.canvas_hit_test(tiles.handle, Point(5, 5), None, ctypes.byref(found)) == cv.ERR_NULL
    assert lib.canvas_hit_test(tiles.handle, Point(5, 5), ctypes.byref(ident), None) == cv.ERR_NULL


@pytest.mark.parametrize(
    "rect, expected",
    [
        ((100, 0, 100, 100), [2]),  # exactly item 2: neighbours only touch
        ((99, 99, 2, 2), [1, 2, 11, 12]),  # four corners, data order
        ((-50, -50, 50, 50), []),  # touches item 1's corner
        ((-50, -50, 50.5, 50.5), [1]),
        ((150, 150, 0, 50), []),  # empty
        ((150, 150, 50, 0), []),
        ((150, 150, -50, 50), []),
        ((NAN, 0, 100, 100), []),
        ((150, 150, INF, 50), []),
        ((950, 950, 1000, 1000), [100]),
    ],
)
def test_query_strict_intersection(tiles, rect, expected):
    assert tiles.query(*rect) == expected


def test_query_everything_once_in_data_order(lib):
    with tile_canvas(lib, ids=REVERSED) as engine:
        assert engine.query(0, 0, 1000, 1000) == REVERSED
        assert engine.query(99, 99, 2, 2) == [1000, 999, 990, 989]


def test_query_buffer_rules(tiles, lib):
    count = ctypes.c_size_t(0)
    two = (ctypes.c_uint64 * 2)()
    rect = Rect(99, 99, 2, 2)
    assert lib.canvas_query(tiles.handle, rect, None, 0, ctypes.byref(count)) == cv.OK
    assert count.value == 4
    assert lib.canvas_query(tiles.handle, rect, two, 2, ctypes.byref(count)) == cv.ERR_BUFFER_TOO_SMALL
    assert count.value == 4
    assert list(two) == [0, 0]


def test_items_1e7_apart(lib):
    with frames_canvas(lib, [(0, 0, 10, 10), (1e7, 1e7, 10, 10)]) as engine:
        assert engine.content_size() == (1e7 + 10, 1e7 + 10)
        assert engine.query(-1, -1, 20, 20) == [1]
        assert engine.query(1e7 - 5, 1e7 - 5, 10, 10) == [2]
        assert engine.query(0, 0, 1e7 + 10, 1e7 + 10) == [1, 2]
        assert engine.query(5e6, 5e6, 1000, 1000) == []
        assert (engine.hit_test(1e7 + 5, 1e7 + 5), engine.hit_test(5, 5), engine.hit_test(5e6, 5e6)) == (2, 1, None)
        engine.set_viewport_size(200, 100)
        assert engine.visible() == [1]
        engine.set_viewport_offset(1e9, 1e9)
        assert engine.viewport() == (1e7 - 190, 1e7 - 90, 200, 100)
        assert engine.update() == ([2], [2], [1])


def test_big_item_among_small_ones(lib):
    # Id 1: 5000 x 5000 at (50, 50); ids 2..101: 20 x 20 at (100 i, 100 j), k = 10 j + i, id k + 2.
    frames = [(50, 50, 5000, 5000)] + [(100 * (k % 10), 100 * (k // 10), 20, 20) for k in range(100)]
    with frames_canvas(lib, frames) as engine:
        assert engine.content_size() == (5050, 5050)
        assert engine.query(3000, 3000, 10, 10) == [1]
        assert engine.query(2000, 2000, 2000, 2000) == [1]
        assert engine.query(95, 95, 30, 30) == [1, 13]
        assert engine.query(0, 0, 5050, 5050) == list(range(1, 102))
        assert [engine.hit_test(x, y) for x, y in [(105, 105), (60, 60), (10, 10), (4000, 4000)]] == [13, 1, 2, 1]
        engine.set_viewport_size(200, 100)
        engine.set_viewport_offset(2000, 2000)
        assert engine.visible() == [1]


# ----------------------------------------------------------------------------
# Sizing by id


class Measurer:
    """A measure function that sizes id as (10 id, 5 + id) and logs its calls
    as (id, index, proposal_width). fail_id makes it raise for that id."""

    def __init__(self, engine=None):
        self.engine = engine
        self.calls = []
        self.fail_id = None
        self.reentry = None  # a callable run from inside, its result kept
        self.reentry_results = []

    def __call__(self, item_id, index, proposal_width):
        self.calls.append((item_id, index, proposal_width))
        if self.reentry:
            self.reentry_results.append(self.reentry())
        if item_id == self.fail_id:
            raise RuntimeError(f"no font for item {item_id}")
        return 10.0 * item_id, 5.0 + item_id


def measured(lib, ids=None, count=None, chunk=0):
    """An engine whose items (ids, or 1..count) are measured by a Measurer."""
    engine = Engine(lib)
    measurer = Measurer(engine)
    engine.set_measure(measurer, chunk)
    engine.set_items(None, ids, count)
    engine.resolve()
    return engine, measurer


def sizes(engine):
    return [(w, h) for _, _, w, h in engine.frames()]


def test_fixed_item_size(lib):
    with Engine(lib) as engine:
        engine.set_item_size(30, 20)
        engine.set_items(None, count=5)  # sizes may be NULL now
        engine.resolve()
        assert sizes(engine) == [(30, 20)] * 5
        engine.set_items([(50, 50), (70, 10)], [7, 8])  # given sizes are overridden
        engine.resolve()
        assert sizes(engine) == [(30, 20)] * 2
        assert engine.ids() == [7, 8]
        assert engine.pending_measurements() == 0
        assert engine.step() == cv.STEP_IDLE


def test_default_estimate_then_a_new_estimate(lib):
    engine, measurer = measured(lib, count=3)
    with engine:
        assert engine.pending_measurements() == 3
        assert sizes(engine) == [(120, 120)] * 3
        engine.set_estimated_item_size(40, 30)
        engine.resolve()
        assert sizes(engine) == [(40, 30)] * 3
        assert measurer.calls == []


def test_estimate_set_first_survives_set_measure(lib):
    with Engine(lib) as engine:
        engine.set_estimated_item_size(40, 30)
        engine.set_items(None, count=2)
        engine.set_measure(lambda *args: (1, 1))
        engine.resolve()
        assert sizes(engine) == [(40, 30)] * 2


def test_measure_in_chunks_then_resolve_once(lib):
    engine, measurer = measured(lib, count=5, chunk=2)
    with engine:
        results, pending, frame_sizes = [], [], []
        for _ in range(4):
            results.append(engine.step())
            pending.append(engine.pending_measurements())
            frame_sizes.append(sizes(engine)[0])
        assert results == [cv.STEP_MEASURED, cv.STEP_MEASURED, cv.STEP_RESOLVED, cv.STEP_IDLE]
        assert pending == [3, 1, 0, 0]
        # Frames change only with the resolve after the last chunk.
        assert frame_sizes == [(120, 120), (120, 120), (10, 6), (10, 6)]
        assert sizes(engine) == [(10, 6), (20, 7), (30, 8), (40, 9), (50, 10)]
        # id, position, and an open (NaN) proposal from the default flow.
        assert [(i, p) for i, p, _ in measurer.calls] == [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]
        assert all(math.isnan(w) for _, _, w in measurer.calls)


def test_default_chunk_is_200(lib):
    engine, measurer = measured(lib, count=250)
    with engine:
        assert engine.step() == cv.STEP_MEASURED
        assert (len(measurer.calls), engine.pending_measurements()) == (200, 50)
        assert engine.step() == cv.STEP_RESOLVED
        assert len(measurer.calls) == 250


def test_measuring_waits_while_moving(lib):
    engine, measurer = measured(lib, count=3)
    with engine:
        engine.set_moving(True)
        assert [engine.step(), engine.step()] == [cv.STEP_DEFERRED, cv.STEP_DEFERRED]
        assert measurer.calls == []
        engine.set_moving(False)
        assert engine.step() == cv.STEP_RESOLVED
        assert len(measurer.calls) == 3


def test_measure_gets_the_proposed_width(lib):
    engine, measurer = measured(lib, count=2)
    with engine:
        engine.set_content_size(cv.CONTENT_FIXED, 500, 400)
        engine.set_margins(leading=20, trailing=30)  # 500 - 20 - 30
        engine.step()
        assert [w for _, _, w in measurer.calls] == [450, 450]


@pytest.mark.parametrize(
    "measured_size, clamped",
    [((NAN, 20000), (0, 10000)), ((-5, INF), (0, 0)), ((10000.5, 3), (10000, 3)), ((12.5, 0.25), (12.5, 0.25))],
)
def test_measured_sizes_are_clamped(lib, measured_size, clamped):
    with Engine(lib) as engine:
        engine.set_measure(lambda *args: measured_size)
        engine.set_items(None, count=1)
        assert engine.step() == cv.STEP_RESOLVED
        assert sizes(engine) == [clamped]


def test_measurements_are_cached_by_id(lib):
    engine, measurer = measured(lib, ids=[10, 20, 30])
    with engine:
        engine.step()
        # Reordered with one new id: only 40 (at position 2) is measured.
        engine.set_items(None, [30, 10, 40, 20])
        assert engine.pending_measurements() == 1
        assert engine.step() == cv.STEP_RESOLVED
        assert [(i, p) for i, p, _ in measurer.calls[3:]] == [(40, 2)]
        assert sizes(engine) == [(300, 35), (100, 15), (400, 45), (200, 25)]
        # Removed in one update and back in a later one: forgotten, only 20 (still present) is cached.
        engine.set_items(None, [20])
        engine.resolve()
        assert sizes(engine) == [(200, 25)]
        engine.set_items(None, [30, 10, 40, 20])
        assert engine.pending_measurements() == 3
        assert len(measurer.calls) == 4
        # Invalidated: all measured again.
        engine.invalidate_measurements()
        assert engine.pending_measurements() == 4
        engine.step()
        assert [i for i, _, _ in measurer.calls[4:]] == [30, 10, 40, 20]


def test_failing_measure_changes_nothing(lib):
    engine, measurer = measured(lib, count=5, chunk=2)
    with engine:
        engine.step()  # ids 1, 2
        measurer.fail_id = 3
        message = refused(engine.step, cv.ERR_CALLBACK)
        assert message == "no font for item 3"
        assert engine.pending_measurements() == 3
        assert sizes(engine)[2] == (120, 120)
        measurer.fail_id = None
        done = len(measurer.calls)
        assert engine.step() == cv.STEP_MEASURED  # the same chunk again
        assert [i for i, _, _ in measurer.calls[done:]] == [3, 4]
        assert engine.step() == cv.STEP_RESOLVED
        assert sizes(engine) == [(10, 6), (20, 7), (30, 8), (40, 9), (50, 10)]


def test_raw_failing_measure_without_message(lib):
    engine = lib.canvas_engine_create()
    try:
        fail = cv.MEASURE_FN(lambda user, item_id, index, width, out: 7)
        assert lib.canvas_set_measure(engine, fail, None, 0) == cv.OK
        assert lib.canvas_set_items(engine, None, None, 2) == cv.OK
        result = ctypes.c_int(-1)
        assert lib.canvas_step(engine, ctypes.byref(result)) == cv.ERR_CALLBACK
        assert lib.canvas_engine_last_error(engine)
        assert lib.canvas_get_pending_measurements(engine) == 2
    finally:
        lib.canvas_engine_destroy(engine)


def test_calls_from_inside_measure_are_busy(lib):
    engine, measurer = measured(lib, count=1)
    with engine:
        measurer.reentry = lambda: (
            lib.canvas_resolve(engine.handle),
            lib.canvas_set_viewport_offset(engine.handle, Point(0, 0), None),
            lib.canvas_invalidate_measurements(engine.handle),
        )
        assert engine.step() == cv.STEP_RESOLVED
        assert measurer.reentry_results == [(cv.ERR_BUSY, cv.ERR_BUSY, cv.ERR_BUSY)]
        assert sizes(engine) == [(10, 6)]


def test_set_measure_after_a_fixed_size_measures(lib):
    """canvas_set_measure selects measuring with the default estimate unless
    an estimate is set; a fixed size (canvas_set_item_size) is no estimate."""
    with Engine(lib) as engine:
        measurer = Measurer(engine)
        engine.set_item_size(50, 50)
        engine.set_items(None, count=2)
        engine.set_measure(measurer)
        assert engine.pending_measurements() == 2
        assert engine.step() == cv.STEP_RESOLVED
        assert sizes(engine) == [(10, 6), (20, 7)]


def test_set_item_size_replaces_the_measure_function(lib):
    engine, measurer = measured(lib, count=2)
    with engine:
        engine.set_item_size(50, 50)
        assert engine.pending_measurements() == 0
        assert engine.step() == cv.STEP_IDLE
        engine.resolve()
        assert sizes(engine) == [(50, 50)] * 2
        assert measurer.calls == []


# ----------------------------------------------------------------------------
# Backdrop


def test_backdrop_dots(tiles):
    tiles.set_viewport_offset(130, 45)
    tiles.set_backdrop(cv.BACKDROP_DOTS, 40, 3)
    tile = tiles.backdrop_tile()
    assert (tile.kind, tile.side) == (cv.BACKDROP_DOTS, 40)
    assert tuple(tile.phase) == (10, 5)  # 130 - 3 * 40, 45 - 40
    assert tile.shape_count == 1
    assert tuple(tile.shapes[0]) == (17, 17, 6, 6)  # radius 3 around (20, 20)
    # Columns 3..8 (130 / 40 down, 330 / 40 up), rows 1..3 (45 / 40, 145 / 40).
    assert tiles.backdrop_origins() == [(40.0 * c, 40.0 * r) for r in range(1, 4) for c in range(3, 9)]


@pytest.mark.parametrize(
    "offset, phase, columns, rows",
    [
        ((0, 0), (0, 0), range(0, 5), range(0, 3)),  # 200 / 40 = 5 columns, 100 / 40 -> 3 rows
        ((200, 80), (0, 0), range(5, 10), range(2, 5)),
        ((799.5, 900), (39.5, 20), range(19, 25), range(22, 25)),
    ],
)
def test_backdrop_phase_and_origins(tiles, offset, phase, columns, rows):
    tiles.set_backdrop(cv.BACKDROP_DOTS, 40, 3)
    tiles.set_viewport_offset(*offset)
    assert tuple(tiles.backdrop_tile().phase) == phase
    assert tiles.backdrop_origins() == [(40.0 * c, 40.0 * r) for r in rows for c in columns]


@pytest.mark.parametrize(
    "spacing, width, side, shapes",
    [
        (50, 2, 50, [(0, 0, 50, 2), (0, 0, 2, 50)]),
        (50, 0, 50, [(0, 0, 50, 0.5), (0, 0, 0.5, 50)]),  # 0 draws a hairline
        (0.25, 0, 1, [(0, 0, 1, 0.5), (0, 0, 0.5, 1)]),  # the side is at least 1
    ],
)
def test_backdrop_grid(tiles, spacing, width, side, shapes):
    tiles.set_backdrop(cv.BACKDROP_GRID, spacing, width)
    tile = tiles.backdrop_tile()
    assert (tile.kind, tile.side, tile.shape_count) == (cv.BACKDROP_GRID, side, 2)
    assert [tuple(tile.shapes[i]) for i in range(2)] == shapes


def test_backdrop_none_has_no_shapes(tiles):
    tiles.set_backdrop(cv.BACKDROP_DOTS, 40, 3)
    tiles.set_backdrop(cv.BACKDROP_NONE)
    tile = tiles.backdrop_tile()
    assert (tile.kind, tile.shape_count) == (cv.BACKDROP_NONE, 0)


def test_backdrop_origins_buffer_rules(tiles, lib):
    tiles.set_backdrop(cv.BACKDROP_GRID, 50, 1)
    count = ctypes.c_size_t(0)
    two = (Point * 2)()
    assert lib.canvas_copy_backdrop_origins(tiles.handle, None, 0, ctypes.byref(count)) == cv.OK
    assert count.value == 8  # 4 columns x 2 rows
    assert lib.canvas_copy_backdrop_origins(tiles.handle, two, 2, ctypes.byref(count)) == cv.ERR_BUFFER_TOO_SMALL
    assert count.value == 8


def test_set_viewport_changes_size_and_offset_in_one_update(tiles):
    # 200 x 100 at (0, 0) shows 1 and 2; 300 x 200 at x = 500 (y kept) shows
    # columns 5..7 of rows 0..1, reported as one diff against 1 and 2.
    assert tiles.visible() == [1, 2]
    assert tiles.set_viewport(300, 200, x=500)
    assert tiles.viewport() == (500, 0, 300, 200)
    assert tiles.update() == ([6, 7, 8, 16, 17, 18], [6, 7, 8, 16, 17, 18], [1, 2])
    assert not tiles.set_viewport(300, 200, x=500)  # the same again publishes nothing
