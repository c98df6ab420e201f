"""pytest tests of libcanvas.so through ctypes (python/canvas/_native.py).

Expected numbers are worked out by hand from the rules in include/canvas.h
and the issue; the comments show the arithmetic. Run from the repository
root:  CANVAS_LIB=.build/debug/libcanvas.so python -m pytest tests/python
"""

from __future__ import annotations

import functools

import ctypes
import math
import pathlib
import re
import threading

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine, Insets, Point, Rect, Size

# Flow set: every item 42 wide (w + 8 = 50), heights + 8 sum to 200, so the
# default square side is sqrt(50 * 200) = 100 exactly.
FLOW = [(42, 22), (42, 62), (42, 42), (42, 42)]
# Grid set.
GRID = [(30, 20), (50, 10), (20, 40), (40, 30), (10, 10)]
# Ring set: centers (r,0), (0,r), (-r,0), (0,-r).
RING = [(20, 20), (40, 10), (20, 20), (10, 30)]


def at(positions, sizes):
    """Frames from expected origins and the item sizes."""
    return [(x, y, w, h) for (x, y), (w, h) in zip(positions, sizes)]


def approx_frames(frames):
    return [pytest.approx(f, abs=1e-9) for f in frames]


@pytest.fixture
def engine(lib):
    with Engine(lib) as e:
        yield e


def ring_place(user, sizes, proposal):
    """Item i centered on a circle of radius user['radius'] at angle 2*pi*i/n."""
    user["calls"] += 1
    user["sizes"] = list(sizes)
    user["proposal"] = proposal
    if user.get("fail"):
        raise RuntimeError(user["fail"])
    count = len(sizes)
    radius = user["radius"]
    frames = []
    for i, (w, h) in enumerate(sizes):
        angle = 2 * math.pi * i / count
        cx, cy = radius * math.cos(angle), radius * math.sin(angle)
        frames.append((cx - w / 2, cy - h / 2, w, h))
    return frames


def new_ring(radius):
    return {"radius": radius, "calls": 0, "sizes": None, "proposal": None, "fail": None}


# ----------------------------------------------------------------------------


def test_every_function_declared(lib):
    """The client declares exactly the functions canvas.h declares."""
    header = (pathlib.Path(__file__).resolve().parents[2] / "include" / "canvas.h").read_text()
    declared = set(re.findall(r"^[a-z_ ]+\*?\s*(canvas_[a-z_]+)\(", header, re.MULTILINE))
    assert declared == set(cv.FUNCTIONS)
    for name in cv.FUNCTIONS:
        function = getattr(lib, name)
        assert function.argtypes is not None, name


def test_version(lib):
    assert lib.canvas_abi_version() == cv.ABI_VERSION
    assert lib.canvas_version().decode() == cv.VERSION


def test_status_strings(lib):
    texts = [lib.canvas_status_string(code).decode() for code in range(10)]
    assert all(texts)
    assert "unknown status" not in texts
    assert len(set(texts)) == 10
    for code in (10, -1, 1000):
        assert lib.canvas_status_string(code) == b"unknown status"


def test_null_engine(lib):
    count = ctypes.c_size_t(5)
    rect = Rect()
    size = Size()
    sizes = (Size * 1)(Size(1, 1))
    lib.canvas_engine_destroy(None)  # no-op
    assert lib.canvas_set_items(None, sizes, None, 1) == cv.ERR_NULL
    assert lib.canvas_get_item_count(None) == 0
    assert lib.canvas_engine_last_error(None)  # a static message
    assert lib.canvas_set_layout_flow(None, 8, 8, cv.FLOW_ALIGN_CENTER, 0) == cv.ERR_NULL
    assert lib.canvas_set_layout_grid(None, 2, 8, 8, Point(0.5, 0.5)) == cv.ERR_NULL
    assert lib.canvas_set_layout_custom(None, cv.PLACE_FN(lambda *a: 0), None) == cv.ERR_NULL
    assert lib.canvas_set_content_size(None, cv.CONTENT_FIXED, Size(1, 1)) == cv.ERR_NULL
    assert lib.canvas_set_margins(None, Insets(1, 2, 3, 4)) == cv.ERR_NULL
    assert lib.canvas_set_content_anchor(None, Point(0, 0)) == cv.ERR_NULL
    assert lib.canvas_set_layout_direction(None, cv.DIRECTION_RTL) == cv.ERR_NULL
    assert lib.canvas_resolve(None) == cv.ERR_NULL
    assert lib.canvas_copy_frames(None, None, 0, ctypes.byref(count)) == cv.ERR_NULL
    assert lib.canvas_copy_ids(None, None, 0, ctypes.byref(count)) == cv.ERR_NULL
    assert lib.canvas_get_content_size(None, ctypes.byref(size)) == cv.ERR_NULL
    assert lib.canvas_get_content_bounds(None, ctypes.byref(rect)) == cv.ERR_NULL
    assert lib.canvas_callback_error(None, b"x") == cv.ERR_NULL


def test_null_arguments(engine, lib):
    h = engine.handle
    assert lib.canvas_set_items(h, None, None, 2) == cv.ERR_NULL
    assert engine.last_error()
    assert lib.canvas_set_layout_custom(h, cv.PLACE_FN(), None) == cv.ERR_NULL  # a NULL place
    assert lib.canvas_copy_frames(h, None, 0, None) == cv.ERR_NULL
    assert lib.canvas_get_content_size(h, None) == cv.ERR_NULL
    assert lib.canvas_get_content_bounds(h, None) == cv.ERR_NULL


def test_fresh_engine(engine):
    assert engine.last_error() == ""
    assert engine.item_count() == 0
    engine.resolve()
    assert engine.frames() == []
    assert engine.content_size() == (0, 0)
    assert engine.content_bounds() == (0, 0, 0, 0)


def test_empty_fixed_stays(engine):
    engine.set_items([])
    engine.set_content_size(cv.CONTENT_FIXED, 640, 480)
    engine.resolve()
    assert engine.frames() == []
    assert engine.content_size() == (640, 480)
    # An empty cluster, centered: (320, 240).
    assert engine.content_bounds() == (320, 240, 0, 0)


def test_flow_default_square(engine):
    engine.set_items(FLOW)
    engine.resolve()
    # Wrap at 100: row 1 x 0, 50 (ends 92); item 2 would end at 142. Row 1
    # 62 tall, item 0 centered at 20; row 2 at 62 + 8 = 70.
    assert engine.frames() == approx_frames(at([(0, 20), (50, 0), (0, 70), (50, 70)], FLOW))
    assert engine.content_size() == pytest.approx((92, 112))
    assert engine.ids() == [1, 2, 3, 4]
    default = engine.frames()
    engine.set_flow(8, 8, cv.FLOW_ALIGN_CENTER, 0)
    engine.resolve()
    assert engine.frames() == default
    engine.set_flow(8, 8, cv.FLOW_ALIGN_CENTER, float("nan"))
    engine.resolve()
    assert engine.frames() == default


def test_flow_alignment_spacing_and_max_width(engine):
    engine.set_items(FLOW)
    engine.set_flow(8, 8, cv.FLOW_ALIGN_BOTTOM)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(0, 40), (50, 0), (0, 70), (50, 70)], FLOW))

    # No spacing: wrap at sqrt(42 * 168) = 84; item 1 ends exactly at 84 and stays.
    engine.set_flow(0, 0, cv.FLOW_ALIGN_TOP)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(0, 0), (42, 0), (0, 62), (42, 62)], FLOW))
    assert engine.content_size() == pytest.approx((84, 104))

    # Max width 91.9: item 1 would end at 92, so one per row: y 0, 30, 100, 150.
    engine.set_flow(8, 8, cv.FLOW_ALIGN_CENTER, 91.9)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(0, 0), (0, 30), (0, 100), (0, 150)], FLOW))
    # Max width below the widest item wraps at the widest (42): same.
    engine.set_flow(8, 8, cv.FLOW_ALIGN_CENTER, 1)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(0, 0), (0, 30), (0, 100), (0, 150)], FLOW))


def test_flow_proposal_with_margins(engine):
    engine.set_items(FLOW)
    # Fixed 180x100 less margins (5, 10, 5, 20): proposal (150, 90). Row 1
    # x 0 50 100 (ends 142), item 3 wraps to y 70. Cluster 142x112;
    # origin (10 + 8/2, 5) = (14, 5).
    engine.set_margins(5, 10, 5, 20)
    engine.set_content_size(cv.CONTENT_FIXED, 180, 100)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(14, 25), (64, 5), (114, 15), (14, 75)], FLOW))
    assert engine.content_size() == (180, 100)
    assert engine.content_bounds() == pytest.approx((14, 5, 142, 112))
    # Proposal width 0 (fixed 30 wide) is not positive: the square decides.
    engine.set_content_size(cv.CONTENT_FIXED, 30, 100)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(10, 25), (60, 5), (10, 75), (60, 75)], FLOW))


def test_grid(engine):
    engine.set_items(GRID)
    # Columns 40 50 20 at x 0 50 110; rows 40 30 at y 0 45.
    engine.set_grid(3, 10, 5, (0.5, 0.5))
    engine.resolve()
    assert engine.frames() == approx_frames(at([(5, 10), (50, 15), (110, 0), (0, 45), (70, 55)], GRID))
    assert engine.content_size() == pytest.approx((130, 75))
    engine.set_grid(3, 10, 5, (0, 1))
    engine.resolve()
    assert engine.frames() == approx_frames(at([(0, 20), (50, 30), (110, 0), (0, 45), (50, 65)], GRID))
    # Zero columns count as one; right-aligned in a 50-wide column.
    engine.set_grid(0, 10, 5, (1, 0))
    engine.resolve()
    assert engine.frames() == approx_frames(at([(20, 0), (0, 25), (30, 40), (10, 85), (40, 120)], GRID))
    assert engine.content_size() == pytest.approx((50, 130))


def test_sanitize(engine):
    nan, inf = float("nan"), float("inf")
    ring = new_ring(10)
    # Non-finite sizes are refused, as Lua refuses them (issue 22); negative ones are taken as 0.
    for bad in (nan, inf, -inf):
        with pytest.raises(ValueError, match="expected a finite number"):
            engine.set_items([(10, 30), (bad, 10)])
    engine.set_items([(10, 30), (-5, 20), (30, -1), (10, 30)])
    engine.set_layout(functools.partial(ring_place, ring))
    engine.resolve()
    assert ring["sizes"] == [(10, 30), (0, 20), (30, 0), (10, 30)]
    assert [f[2:] for f in engine.frames()] == ring["sizes"]


def test_custom_place_with_user_data(engine):
    ring = new_ring(100)
    engine.set_items(RING)
    engine.set_layout(functools.partial(ring_place, ring))
    assert ring["calls"] == 0
    engine.resolve()
    assert ring["calls"] == 1
    assert ring["sizes"] == RING
    assert ring["proposal"] == (None, None)  # both sides open
    # Negative coordinates: cluster x -110..110, y -115..105 -> 220x220,
    # shifted by (110, 115).
    assert engine.frames() == approx_frames(at([(200, 105), (90, 210), (0, 105), (105, 0)], RING))
    assert engine.content_size() == pytest.approx((220, 220))
    assert engine.content_bounds() == pytest.approx((0, 0, 220, 220))

    # Fixed / at-least proposals: size less margins (50 across, 20 down).
    engine.set_margins(5, 10, 15, 40)
    engine.set_content_size(cv.CONTENT_FIXED, 300, 200)
    engine.resolve()
    assert ring["proposal"] == pytest.approx((250, 180))
    assert engine.content_bounds() == pytest.approx((25, 5, 220, 220))
    engine.set_content_size(cv.CONTENT_AT_LEAST, 300, 200)
    engine.resolve()
    assert ring["proposal"] == pytest.approx((250, 180))
    assert engine.content_size() == pytest.approx((300, 240))
    engine.set_content_size(cv.CONTENT_FIXED, 30, 10)
    engine.resolve()
    assert ring["proposal"] == (0, 0)

    # The radius is read from the user data on every call.
    engine.set_margins()
    engine.set_content_size(cv.CONTENT_AUTOMATIC)
    ring["radius"] = 50
    engine.resolve()
    assert engine.content_size() == pytest.approx((120, 120))
    assert engine.frames() == approx_frames(at([(100, 55), (40, 110), (0, 55), (55, 0)], RING))


def test_raw_callback_user_pointer(lib):
    """A bare CFUNCTYPE callback whose user pointer is a C double (the radius)."""
    seen = {}

    @cv.PLACE_FN
    def place(user, sizes, count, pw, ph, frames_out):
        radius = ctypes.cast(user, ctypes.POINTER(ctypes.c_double)).contents.value
        seen["user"], seen["count"], seen["proposal"] = user, count, (pw, ph)
        for i in range(count):
            angle = 2 * math.pi * i / count
            w, h = sizes[i].width, sizes[i].height
            frames_out[i] = Rect(radius * math.cos(angle) - w / 2, radius * math.sin(angle) - h / 2, w, h)
        return cv.OK

    radius = ctypes.c_double(100)
    e = lib.canvas_engine_create()
    try:
        sizes = (Size * 4)(*(Size(*s) for s in RING))
        assert lib.canvas_set_items(e, sizes, None, 4) == cv.OK
        assert lib.canvas_set_layout_custom(e, place, ctypes.addressof(radius)) == cv.OK
        assert lib.canvas_set_layout_direction(e, cv.DIRECTION_RTL) == cv.OK
        assert lib.canvas_resolve(e) == cv.OK
        assert seen["user"] == ctypes.addressof(radius)
        assert seen["count"] == 4
        assert all(math.isnan(v) for v in seen["proposal"])
        # Mirrored: x' = 220 - (x + w) = 0, 90, 200, 105.
        frames = (Rect * 4)()
        count = ctypes.c_size_t()
        assert lib.canvas_copy_frames(e, frames, 4, ctypes.byref(count)) == cv.OK
        assert count.value == 4
        assert [tuple(f) for f in frames] == approx_frames(at([(0, 105), (90, 210), (200, 105), (105, 0)], RING))
    finally:
        lib.canvas_engine_destroy(e)


def test_failing_callback_keeps_message_and_frames(engine):
    ring = new_ring(100)
    engine.set_items(RING)
    engine.set_layout(functools.partial(ring_place, ring))
    engine.resolve()
    good = (engine.frames(), engine.content_size(), engine.content_bounds())

    ring["fail"] = "ring exploded"
    ring["radius"] = 50
    with pytest.raises(CanvasError) as info:
        engine.resolve()
    assert info.value.status == cv.ERR_CALLBACK
    assert info.value.message == "ring exploded"
    assert engine.last_error() == "ring exploded"
    assert (engine.frames(), engine.content_size(), engine.content_bounds()) == good

    # A Python callable returning the wrong number of frames is a failure too.
    engine.set_custom(lambda sizes, proposal: [(0, 0, 1, 1)])
    with pytest.raises(CanvasError) as info:
        engine.resolve()
    assert info.value.status == cv.ERR_CALLBACK
    assert "1 frames for 4 items" in engine.last_error()
    assert (engine.frames(), engine.content_size(), engine.content_bounds()) == good


def test_raw_failing_callback(lib):
    state = {}

    @cv.PLACE_FN
    def place(user, sizes, count, pw, ph, frames_out):
        state["callback_error"] = lib.canvas_callback_error(state["engine"], b"no room at the inn")
        return 42

    e = lib.canvas_engine_create()
    state["engine"] = e
    try:
        sizes = (Size * 2)(Size(1, 1), Size(2, 2))
        assert lib.canvas_set_items(e, sizes, None, 2) == cv.OK
        assert lib.canvas_resolve(e) == cv.OK  # flow first
        assert lib.canvas_callback_error(e, b"outside") == cv.ERR_INVALID_ARGUMENT
        assert lib.canvas_set_layout_custom(e, place, None) == cv.OK
        assert lib.canvas_resolve(e) == cv.ERR_CALLBACK
        assert state["callback_error"] == cv.OK
        assert lib.canvas_engine_last_error(e) == b"no room at the inn"
        count = ctypes.c_size_t()
        assert lib.canvas_copy_frames(e, None, 0, ctypes.byref(count)) == cv.OK
        assert count.value == 2
    finally:
        lib.canvas_engine_destroy(e)


def test_reentrant_call_is_busy(engine, lib):
    ring = new_ring(100)
    busy = {}

    def place(sizes, proposal):
        for name, call in [
            ("resolve", engine.resolve),
            ("set_items", lambda: engine.set_items(sizes)),
            ("set_flow", engine.set_flow),
            ("frames", engine.frames),
            ("content_size", engine.content_size),
        ]:
            try:
                call()
                busy[name] = cv.OK
            except CanvasError as error:
                busy[name] = error.status
        return ring_place(ring, sizes, proposal)

    engine.set_items(RING)
    engine.set_layout(place)
    engine.resolve()
    assert busy == dict.fromkeys(["resolve", "set_items", "set_flow", "frames", "content_size"], cv.ERR_BUSY)
    assert ring["calls"] == 1
    assert engine.item_count() == 4
    assert engine.frames() == approx_frames(at([(200, 105), (90, 210), (0, 105), (105, 0)], RING))


def test_non_finite_frame_is_bad_layout(engine):
    ring = new_ring(100)
    engine.set_items(RING)
    engine.set_layout(functools.partial(ring_place, ring))
    engine.resolve()
    good = engine.frames()
    for bad in [(float("nan"), 0, 1, 1), (0, 0, float("inf"), 1), (0, 0, -1, 1)]:
        engine.set_custom(lambda sizes, proposal, bad=bad: [bad] + [(0, 0, 1, 1)] * (len(sizes) - 1))
        with pytest.raises(CanvasError) as info:
            engine.resolve()
        assert info.value.status == cv.ERR_BAD_LAYOUT
        assert engine.last_error()
        assert engine.frames() == good


def test_buffer_too_small(engine, lib):
    engine.set_items(GRID)
    engine.resolve()
    count = ctypes.c_size_t(999)
    assert lib.canvas_copy_frames(engine.handle, None, 0, ctypes.byref(count)) == cv.OK
    assert count.value == 5

    buffer = (Rect * 8)(*([Rect(-7, -7, -7, -7)] * 8))
    count.value = 999
    assert lib.canvas_copy_frames(engine.handle, buffer, 4, ctypes.byref(count)) == cv.ERR_BUFFER_TOO_SMALL
    assert count.value == 5
    assert all(tuple(r) == (-7, -7, -7, -7) for r in buffer)
    assert engine.last_error()

    ids = (ctypes.c_uint64 * 8)(*([77] * 8))
    count.value = 999
    assert lib.canvas_copy_ids(engine.handle, ids, 2, ctypes.byref(count)) == cv.ERR_BUFFER_TOO_SMALL
    assert count.value == 5
    assert list(ids) == [77] * 8

    assert lib.canvas_copy_frames(engine.handle, buffer, 8, ctypes.byref(count)) == cv.OK
    assert count.value == 5
    assert all(tuple(r) == (-7, -7, -7, -7) for r in buffer[5:])


def test_ids_and_duplicates(engine):
    engine.set_items(GRID[:3], ids=[30, 10, 2**64 - 1])
    engine.resolve()
    assert engine.ids() == [30, 10, 2**64 - 1]
    before = engine.frames()
    with pytest.raises(CanvasError) as info:
        engine.set_items(GRID[:3], ids=[5, 6, 5])
    assert info.value.status == cv.ERR_INVALID_ARGUMENT
    assert engine.item_count() == 3
    engine.resolve()
    assert engine.ids() == [30, 10, 2**64 - 1]
    assert engine.frames() == before


@pytest.mark.parametrize(
    "call, status",
    [
        (lambda e: e.set_flow(float("nan"), 8), cv.ERR_NON_FINITE),
        (lambda e: e.set_flow(8, float("inf")), cv.ERR_NON_FINITE),
        (lambda e: e.set_flow(-1, 8), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_flow(8, 8, 5), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_flow(8, 8, cv.FLOW_ALIGN_TOP, -3), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_grid(2, float("nan")), cv.ERR_NON_FINITE),
        (lambda e: e.set_grid(2, 8, 8, (float("nan"), 0)), cv.ERR_NON_FINITE),
        (lambda e: e.set_grid(-1), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_grid(2, 8, 8, (1.5, 0)), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_content_size(cv.CONTENT_FIXED, float("nan"), 1), cv.ERR_NON_FINITE),
        (lambda e: e.set_content_size(cv.CONTENT_AT_LEAST, 1, float("inf")), cv.ERR_NON_FINITE),
        (lambda e: e.set_content_size(cv.CONTENT_FIXED, -1, 1), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_content_size(7, 1, 1), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_margins(float("nan")), cv.ERR_NON_FINITE),
        (lambda e: e.set_margins(0, 0, 0, -1), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_anchor(float("nan"), 0), cv.ERR_NON_FINITE),
        (lambda e: e.set_anchor(0, 1.01), cv.ERR_INVALID_ARGUMENT),
        (lambda e: e.set_direction(2), cv.ERR_INVALID_ARGUMENT),
    ],
)
def test_bad_arguments_change_nothing(engine, call, status):
    engine.set_items(GRID)
    engine.set_grid(3, 10, 5, (0.5, 0.5))
    engine.set_margins(5, 10, 15, 40)
    engine.set_content_size(cv.CONTENT_AT_LEAST, 300, 200)
    engine.set_anchor(0.25, 0.75)
    engine.set_direction(cv.DIRECTION_RTL)
    engine.resolve()
    good = (engine.frames(), engine.content_size(), engine.content_bounds())
    # Cluster 130x75 in 300x200 (available 250x180), RTL ax 0.75:
    # origin (40 + 120 * 0.75, 5 + 105 * 0.75) = (130, 83.75).
    assert good[2] == pytest.approx((130, 83.75, 130, 75))
    with pytest.raises(CanvasError) as info:
        call(engine)
    assert info.value.status == status
    assert engine.last_error()
    engine.resolve()
    assert (engine.frames(), engine.content_size(), engine.content_bounds()) == good


def test_rtl_margins_anchor(engine):
    # Grid, 2 columns, spacing 10x0, top-leading: (0,0) 30x20 and (40,0)
    # 50x10; cluster 90x20. Margins top 5, leading 10, bottom 15, trailing 40.
    items = GRID[:2]
    engine.set_items(items)
    engine.set_grid(2, 10, 0, (0, 0))
    engine.set_margins(5, 10, 15, 40)
    engine.resolve()
    assert engine.frames() == approx_frames(at([(10, 5), (50, 5)], items))
    assert engine.content_size() == pytest.approx((140, 40))

    engine.set_direction(cv.DIRECTION_RTL)
    engine.resolve()
    # Mirrored x' = 90 - maxX: 60, 0; left inset = trailing = 40.
    assert engine.frames() == approx_frames(at([(100, 5), (40, 5)], items))
    assert engine.content_bounds() == pytest.approx((40, 5, 90, 20))

    # At least 200x100, anchor (0.25, 1): available (150, 80), spare (60, 60);
    # RTL ax 0.75: origin (40 + 45, 5 + 60) = (85, 65).
    engine.set_content_size(cv.CONTENT_AT_LEAST, 200, 100)
    engine.set_anchor(0.25, 1)
    engine.resolve()
    assert engine.content_size() == pytest.approx((200, 100))
    assert engine.content_bounds() == pytest.approx((85, 65, 90, 20))
    assert engine.frames() == approx_frames(at([(145, 65), (85, 65)], items))

    engine.set_direction(cv.DIRECTION_LTR)
    engine.resolve()
    # LTR: origin (10 + 15, 65).
    assert engine.content_bounds() == pytest.approx((25, 65, 90, 20))
    assert engine.frames() == approx_frames(at([(25, 65), (65, 65)], items))


def test_engines_on_threads(lib):
    errors = []

    def work(columns):
        try:
            with Engine(lib) as e:
                e.set_items([(10 + i, 20 - i) for i in range(16)])
                e.set_grid(columns, 2, 3)
                e.resolve()
                first = e.frames()
                for _ in range(100):
                    e.resolve()
                    if e.frames() != first:
                        errors.append(f"frames changed on the {columns}-column engine")
        except Exception as error:  # pragma: no cover - reported below
            errors.append(repr(error))

    threads = [threading.Thread(target=work, args=(c,)) for c in (3, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_status_names_cover_the_header(lib):
    """Every status code canvas.h declares has a Python constant and name."""
    header = (pathlib.Path(__file__).resolve().parents[2] / "include" / "canvas.h").read_text()
    codes = dict(re.findall(r"CANVAS_((?:OK|ERR_\w+)) = (\d+)", header))
    for name, value in codes.items():
        assert getattr(cv, name) == int(value), name
        assert cv.status_name(int(value)) == "CANVAS_" + name
