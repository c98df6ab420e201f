"""pytest tests of zooming, pinching and selection in libcanvas.so, through
ctypes (python/canvas/_native.py).

Expected numbers are worked out by hand from the rules in include/canvas.h;
the comments show the arithmetic. The "tile canvas" is 100 items of
100 x 100 in a 10-column grid with no spacing (1000 x 1000), shown through a
200 x 100 viewport opened at the top-left with no overscan; the middle of
the viewport is (100, 50).

Pinches are driven through PinchRecognizer, a test double that behaves
like UIKit's UIPinchGestureRecognizer (see its docstring), not a stub
returning fixed numbers: the slow-pinch tests show that the same double,
driven by a host that resets its scale, wedges exactly as SwiftGridView 1.0
did.

Run from the repository root:
    CANVAS_LIB=.build/debug/libcanvas.so python -m pytest tests/python
"""

from __future__ import annotations

import ctypes
import math
import random

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine

MIDDLE = (100.0, 50.0)  # of the 200 x 100 viewport

WILL_BEGIN = cv.ZOOM_WILL_BEGIN
CHANGED = cv.ZOOM_DID_CHANGE
ENDED = cv.ZOOM_DID_END


def tile_canvas(lib, count=100, columns=10, ids=None) -> Engine:
    engine = Engine(lib)
    engine.set_items([(100, 100)] * count, ids)
    engine.set_grid(columns, 0, 0)
    engine.resolve()
    engine.set_initial_anchor(0, 0)
    engine.set_overscan(0)
    engine.set_viewport_size(200, 100)
    return engine


@pytest.fixture
def tiles(lib):
    with tile_canvas(lib) as engine:
        yield engine


def zround(value: float) -> float:
    """Rounds half away from zero, as the engine's whole points do (Python's
    round() would round half to even)."""
    return math.copysign(math.floor(abs(value) + 0.5), value)


# ----------------------------------------------------------------------------
# Test doubles


class ZoomLog:
    """A zoom callback that records (event, scale). fail_on makes it raise
    (so the call that caused it fails); reentry runs a call from inside."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.events: list[tuple[int, float]] = []
        self.fail_on = None
        self.reentry = None
        self.reentry_results = []
        engine.set_zoom_callback(self)

    def __call__(self, event, scale):
        self.events.append((event, scale))
        if self.reentry:
            self.reentry_results.append(self.reentry())
        if event == self.fail_on:
            raise RuntimeError("host refused the zoom")

    def take(self):
        """The events since the last take, WILL_BEGIN's scale left out
        (the header gives no meaning to it)."""
        events = [(e, None) if e == WILL_BEGIN else (e, pytest.approx(s)) for e, s in self.events]
        self.events = []
        return events


class PinchRecognizer:
    """A test double for UIKit's UIPinchGestureRecognizer, feeding an engine
    what UIKit hands a host's action method.

    * The location is the fingers' centroid; the spread their mean distance
      from it.
    * The first report with two or more fingers begins the gesture at scale
      1; later ones change it. scale = spread / spread at began: cumulative
      since the gesture began, never per update.
    * Writing scale rebases the reference so the current spread reads as the
      value written: what ``recognizer.scale = 1`` does in UIKit.
    """

    def __init__(self, engine: Engine):
        self.engine = engine
        self.in_gesture = False
        self.touches = 0
        self.location = (0.0, 0.0)
        self.spread = 1.0
        self._reference_spread = 1.0
        self._reference_scale = 1.0

    @property
    def scale(self) -> float:
        return self._reference_scale * self.spread / self._reference_spread

    @scale.setter
    def scale(self, value: float) -> None:
        self._reference_scale = value
        self._reference_spread = self.spread

    def move(self, fingers) -> None:
        """The fingers are now here: begins or changes the gesture."""
        self.touches = len(fingers)
        if len(fingers) < 2:
            return  # nothing to report without two fingers
        cx = sum(x for x, _ in fingers) / len(fingers)
        cy = sum(y for _, y in fingers) / len(fingers)
        self.location = (cx, cy)
        self.spread = sum(math.hypot(x - cx, y - cy) for x, y in fingers) / len(fingers)
        if not self.in_gesture:
            self.in_gesture = True
            self._reference_spread = self.spread
            self._reference_scale = 1.0
            self._send(cv.PINCH_BEGAN)
        else:
            self._send(cv.PINCH_CHANGED)

    def spread_to(self, spread: float, center=MIDDLE) -> None:
        """Two fingers either side of center, each spread away from it."""
        x, y = center
        self.move([(x - spread, y), (x + spread, y)])

    def lift(self, phase=cv.PINCH_ENDED) -> None:
        """The fingers lift (or the system takes the gesture)."""
        self.in_gesture = False
        self._send(phase)

    def gesture(self, spreads, center=MIDDLE) -> None:
        """Down at spreads[0], through the rest, lifted."""
        for spread in spreads:
            self.spread_to(spread, center)
        self.lift()

    def _send(self, phase) -> None:
        self.engine.pinch(phase, self.scale, self.touches, self.location)


def test_the_double_behaves_like_uikit(tiles):
    recognizer = PinchRecognizer(tiles)
    recognizer.spread_to(100)
    assert recognizer.scale == 1  # began at 1
    recognizer.spread_to(150)
    recognizer.spread_to(200)
    assert recognizer.scale == 2  # cumulative: 200 / 100, not 200 / 150
    recognizer.scale = 1  # what a UIKit host does with scale = 1
    assert recognizer.scale == 1
    recognizer.spread_to(300)
    assert recognizer.scale == 1.5  # 300 / 200: rebased on the write
    recognizer.scale = 3
    recognizer.spread_to(400)
    assert recognizer.scale == 4  # 3 * 400 / 300
    recognizer.lift()
    recognizer.spread_to(50)
    assert recognizer.scale == 1  # a new gesture begins afresh
    recognizer.lift()
    recognizer.move([(0, 0), (30, 0), (0, 60)])
    assert recognizer.location == (10, 20)
    assert recognizer.spread == pytest.approx((math.hypot(10, 20) + math.hypot(20, 20) + math.hypot(10, 40)) / 3)
    recognizer.lift(cv.PINCH_CANCELLED)


# ----------------------------------------------------------------------------
# Zoomed geometry

# Fractional frames, so rounding shows; content 120.8 x 70.5.
FRACTIONAL = [(0, 0, 33.3, 40.4), (50.2, 7.5, 15.5, 15.5), (100.7, 60.2, 20.1, 10.3)]


@pytest.fixture
def fractional(lib):
    with Engine(lib) as engine:
        engine.set_items([(w, h) for _, _, w, h in FRACTIONAL])
        engine.set_custom(lambda sizes, proposal: FRACTIONAL)
        engine.resolve()
        yield engine


def test_scale_starts_at_1_and_rounds_nothing(fractional):
    assert fractional.zoom() == 1
    assert fractional.frames() == pytest.approx(FRACTIONAL)
    assert fractional.content_size() == pytest.approx((120.8, 70.5))


@pytest.mark.parametrize(
    "axis, frames, content",
    [
        # edges: 49.95 -> 50, 75.3 -> 75, 98.55 -> 99, 151.05 -> 151, 181.2 -> 181
        (cv.ZOOM_HORIZONTAL, [(0, 0, 50, 40.4), (75, 7.5, 24, 15.5), (151, 60.2, 30, 10.3)], (181, 70.5)),
        # edges: 60.6 -> 61, 11.25 -> 11, 34.5 -> 35, 90.3 -> 90, 105.75 -> 106
        (cv.ZOOM_VERTICAL, [(0, 0, 33.3, 61), (50.2, 11, 15.5, 24), (100.7, 90, 20.1, 16)], (120.8, 106)),
        (cv.ZOOM_BOTH, [(0, 0, 50, 61), (75, 11, 24, 24), (151, 90, 30, 16)], (181, 106)),
    ],
)
def test_zoom_1_5_by_hand(fractional, axis, frames, content):
    fractional.set_zoom_axis(axis)
    fractional.set_zoom(1.5)
    assert fractional.frames() == pytest.approx(frames)
    assert fractional.content_size() == pytest.approx(content)
    assert fractional.content_bounds() == pytest.approx((0, 0) + content)


def zoomed(rect, scale, axis):
    """Edges rounded on each zoomed axis: x' = round(x s), w' = round((x + w) s) - x'; the other untouched."""
    x, y, w, h = rect
    if axis in (cv.ZOOM_HORIZONTAL, cv.ZOOM_BOTH):
        x, w = zround(x * scale), zround((x + w) * scale) - zround(x * scale)
    if axis in (cv.ZOOM_VERTICAL, cv.ZOOM_BOTH):
        y, h = zround(y * scale), zround((y + h) * scale) - zround(y * scale)
    return (x, y, w, h)


@pytest.mark.parametrize("axis", [cv.ZOOM_HORIZONTAL, cv.ZOOM_VERTICAL, cv.ZOOM_BOTH])
@pytest.mark.parametrize("scale", [0.35, 0.5, 0.77, 1.37, 2.5, 5])
def test_every_frame_and_the_content_are_zoomed(fractional, axis, scale):
    fractional.set_zoom_axis(axis)
    fractional.set_zoom(scale)
    assert fractional.frames() == [zoomed(f, scale, axis) for f in FRACTIONAL]
    _, _, w, h = zoomed((0, 0, 120.8, 70.5), scale, axis)
    assert fractional.content_size() == pytest.approx((w, h))


def test_changing_the_axis_reapplies_the_scale(fractional):
    fractional.set_zoom(1.5)
    fractional.set_zoom_axis(cv.ZOOM_VERTICAL)
    assert fractional.zoom() == 1.5
    assert fractional.frames() == [zoomed(f, 1.5, cv.ZOOM_VERTICAL) for f in FRACTIONAL]
    fractional.set_zoom(1)
    assert fractional.frames() == pytest.approx(FRACTIONAL)


def test_zoomed_viewport_scroll_targets_and_paging(tiles):
    tiles.set_zoom(2)  # about the middle: (0 + 100) * 2 - 100
    assert tiles.viewport() == (100, 0, 200, 100)
    assert tiles.content_size() == (2000, 1000)
    assert tiles.visible() == [1, 2]  # zoomed columns 0..200 and 200..400
    tiles.set_viewport_offset(5000, 5000)
    assert tiles.offset() == (1800, 900)
    tiles.scroll_to_id(56, (0.5, 0.5))  # (1000, 500, 200, 100): 1000 + 100 - 100
    assert tiles.offset() == (1000, 500)
    assert tiles.visible() == [56]
    tiles.page(cv.PAGE_RIGHT)  # 0.85 of the viewport, not of the content
    assert tiles.offset()[0] == pytest.approx(1170)
    assert tiles.query(200, 0, 200, 100) == [2]


@pytest.mark.parametrize(
    "axis, point, expected",
    [
        (cv.ZOOM_HORIZONTAL, (250, 50), 2),  # zoomed column 1 (unzoomed it would be id 3)
        (cv.ZOOM_HORIZONTAL, (1050, 510), 56),
        (cv.ZOOM_VERTICAL, (50, 250), 11),  # zoomed row 1
        (cv.ZOOM_VERTICAL, (250, 150), 3),
        (cv.ZOOM_BOTH, (250, 250), 12),
        (cv.ZOOM_BOTH, (450, 50), 3),
    ],
)
def test_hit_tests_take_zoomed_points(tiles, axis, point, expected):
    tiles.set_zoom_axis(axis)
    tiles.set_zoom(2)
    assert tiles.hit_test(*point) == expected


def test_rounding_edges_keeps_touching_columns_touching(tiles):
    # At 1.004 column 1 spans round(100.4) = 100 to round(200.8) = 201, where column 2 starts (issue 12).
    tiles.set_zoom(1.004)
    assert tiles.frames()[1:3] == [(100, 0, 101, 100), (201, 0, 100, 100)]
    assert tiles.hit_test(200.5, 50) == 2
    assert tiles.query(200.2, 0, 0.6, 10) == [2]
    assert [tiles.hit_test(199.5, 50), tiles.hit_test(201.5, 50)] == [2, 3]


# ----------------------------------------------------------------------------
# canvas_set_zoom, limits, the two-finger tap


def test_set_zoom_clamps_without_snapping(tiles):
    log = ZoomLog(tiles)
    tiles.set_zoom_stops([1, 2])
    tiles.set_zoom(1.3)  # not snapped; about the middle: (0 + 100) * 1.3 - 100
    assert (tiles.zoom(), tiles.offset()) == (1.3, pytest.approx((30, 0)))
    tiles.set_zoom(1.3)  # unchanged: nothing
    tiles.set_zoom(10)  # the maximum: (30 + 100) * 5 / 1.3 - 100
    assert tiles.offset() == pytest.approx((400, 0))
    tiles.set_zoom(7)  # 5 again: nothing
    tiles.set_zoom(0.1)  # the minimum: (400 + 100) * 0.07 - 100 < 0 -> 0
    assert tiles.offset() == (0, 0)
    assert tiles.content_size() == (350, 1000)
    assert log.take() == [(CHANGED, 1.3), (CHANGED, 5), (CHANGED, 0.35)]


def test_set_zoom_keeps_the_unzoomed_axis(tiles):
    tiles.set_zoom_axis(cv.ZOOM_VERTICAL)
    tiles.set_viewport_offset(40, 0)
    tiles.set_zoom(2)  # y: (0 + 50) * 2 - 50; x keeps 40
    assert tiles.viewport() == (40, 50, 200, 100)


@pytest.mark.parametrize("scale, status", [(0, cv.ERR_INVALID_ARGUMENT), (-1, cv.ERR_INVALID_ARGUMENT)])
def test_set_zoom_refuses_non_positive_scales(tiles, scale, status):
    with pytest.raises(CanvasError) as failure:
        tiles.set_zoom(scale)
    assert failure.value.status == status
    assert tiles.zoom() == 1


def test_narrowed_limits_bring_the_zoom_inside(tiles):
    log = ZoomLog(tiles)
    tiles.set_zoom(3)
    tiles.set_zoom_limits(0.5, 2)
    assert tiles.zoom() == 2
    tiles.set_zoom_limits(0.5, 4)  # widened: nothing
    tiles.set_zoom(0.2)
    tiles.set_zoom_limits(1.5, 4)
    assert log.take() == [(CHANGED, 3), (CHANGED, 2), (CHANGED, 0.5), (CHANGED, 1.5)]


def test_two_finger_tap(tiles):
    log = ZoomLog(tiles)
    tiles.set_zoom_stops([1.2])
    tiles.set_zoom(2)
    tiles.two_finger_tap()  # exactly 1 (no snapping), about the middle
    assert (tiles.zoom(), tiles.offset()) == (1, (0, 0))
    tiles.two_finger_tap()  # at 1: nothing
    tiles.set_zoom_limits(1.5, 3)
    tiles.set_zoom(2.5)
    tiles.two_finger_tap()  # 1 clamped to 1.5
    tiles.two_finger_tap()
    assert log.take() == [(CHANGED, 2), (CHANGED, 1), (CHANGED, 1.5), (CHANGED, 2.5), (CHANGED, 1.5)]


# ----------------------------------------------------------------------------
# Pinching


def test_pinch_events_in_order_about_the_fingers(tiles):
    log = ZoomLog(tiles)
    recognizer = PinchRecognizer(tiles)
    tiles.set_viewport_offset(0, 300)
    recognizer.spread_to(50)
    assert tiles.zoom() == 1  # began changes nothing yet
    recognizer.spread_to(100)  # 2: p = 0 + 100 stays under x = 100: 100 * 2 - 100
    assert tiles.offset() == (100, 300)  # y is not zoomed and keeps its offset
    recognizer.spread_to(75)  # 1.5: p = 100 + 100, 200 * 1.5 / 2 - 100
    assert tiles.offset() == pytest.approx((50, 300))
    recognizer.lift()
    assert log.take() == [(WILL_BEGIN, None), (CHANGED, 2), (CHANGED, 1.5), (ENDED, 1.5)]


@pytest.mark.parametrize(
    "axis, start, center, offset",
    [
        (cv.ZOOM_HORIZONTAL, (0, 300), (150, 50), (150, 300)),  # 150 * 2 - 150
        (cv.ZOOM_VERTICAL, (40, 300), MIDDLE, (40, 650)),  # (300 + 50) * 2 - 50
        (cv.ZOOM_BOTH, (800, 900), (200, 100), (1800, 1900)),  # (800 + 200) * 2 - 200, (900 + 100) * 2 - 100
    ],
)
def test_pinch_keeps_the_content_under_the_fingers(tiles, axis, start, center, offset):
    tiles.set_zoom_axis(axis)
    tiles.set_viewport_offset(*start)
    PinchRecognizer(tiles).gesture([40, 80], center)
    assert tiles.offset() == offset


def test_pinch_offset_is_clamped(tiles):
    tiles.set_zoom_axis(cv.ZOOM_BOTH)
    tiles.set_zoom(2)
    tiles.set_viewport_offset(10, 10)
    # Out by 1/4 about the far corner: (10 + 200) / 4 - 200 < 0, (10 + 100) / 4 - 100 < 0.
    PinchRecognizer(tiles).gesture([80, 20], (200, 100))
    assert (tiles.zoom(), tiles.offset()) == (0.5, (0, 0))


def test_pinch_ignores_stray_events(tiles):
    log = ZoomLog(tiles)
    tiles.pinch(cv.PINCH_BEGAN, 1.0, 2, MIDDLE)
    tiles.pinch(cv.PINCH_CHANGED, 2.0, 1, MIDDLE)  # one touch
    tiles.pinch(cv.PINCH_CHANGED, 0.0, 2, MIDDLE)  # zero scale
    tiles.pinch(cv.PINCH_CHANGED, -2.0, 2, MIDDLE)  # negative scale
    assert (tiles.zoom(), tiles.offset()) == (1, (0, 0))
    tiles.pinch(cv.PINCH_CHANGED, 2.0, 2, MIDDLE)  # the gesture still works
    tiles.pinch(cv.PINCH_CANCELLED, 2.0, 2, MIDDLE)
    tiles.pinch(cv.PINCH_BEGAN, 1.0, 2, MIDDLE)
    tiles.pinch(cv.PINCH_FAILED, 1.0, 2, MIDDLE)
    assert log.take() == [(WILL_BEGIN, None), (CHANGED, 2), (ENDED, 2), (WILL_BEGIN, None), (ENDED, 2)]


def test_began_scale_is_the_baseline(tiles):
    # UIKit may report began with a scale already past 1; 1.5 then 3 is a pinch of 2.
    log = ZoomLog(tiles)
    tiles.set_zoom(1.25)
    tiles.pinch(cv.PINCH_BEGAN, 1.5, 2, MIDDLE)
    tiles.pinch(cv.PINCH_CHANGED, 3.0, 2, MIDDLE)
    assert tiles.zoom() == 2.5
    tiles.pinch(cv.PINCH_CHANGED, 1.5, 2, MIDDLE)
    tiles.pinch(cv.PINCH_ENDED, 1.5, 2, MIDDLE)
    assert log.take() == [(CHANGED, 1.25), (WILL_BEGIN, None), (CHANGED, 2.5), (CHANGED, 1.25), (ENDED, 1.25)]


def test_disabled_pinch_does_not_zoom(tiles):
    tiles.set_pinch_enabled(False)
    PinchRecognizer(tiles).gesture([50, 100])
    assert tiles.zoom() == 1
    tiles.set_pinch_enabled(True)
    PinchRecognizer(tiles).gesture([50, 100])
    assert tiles.zoom() == 2


@pytest.mark.parametrize("speed", [0.5, 1, 1.7, 3])
@pytest.mark.parametrize("k", [1.3, 2, 4])
def test_pinching_by_k_then_by_1_over_k_returns_to_the_start(tiles, speed, k):
    tiles.set_zoom_speed(speed)
    recognizer = PinchRecognizer(tiles)
    recognizer.gesture([50, 50 * k])
    assert tiles.zoom() == pytest.approx(min(k**speed, 5))
    if k**speed <= 5:
        recognizer.gesture([50 * k, 50])
        assert tiles.zoom() == pytest.approx(1)


def test_speed_is_an_exponent(tiles):
    tiles.set_zoom_speed(0.5)
    PinchRecognizer(tiles).gesture([50, 200])  # 4^0.5
    assert tiles.zoom() == pytest.approx(2)
    tiles.set_zoom_speed(2)
    tiles.set_zoom(1)
    PinchRecognizer(tiles).gesture([50, 75])  # 1.5^2
    assert tiles.zoom() == pytest.approx(2.25)


def test_both_limits_in_one_gesture_at_speed_0_5(tiles):
    log = ZoomLog(tiles)
    tiles.set_zoom_speed(0.5)
    # 30^0.5 = 5.48 -> 5, then 0.1^0.5 = 0.32 -> 0.35, all in one gesture.
    PinchRecognizer(tiles).gesture([10, 300, 1])
    assert log.take() == [(WILL_BEGIN, None), (CHANGED, 5), (CHANGED, 0.35), (ENDED, 0.35)]


def test_clamp_never_discards_the_movement(tiles):
    log = ZoomLog(tiles)
    recognizer = PinchRecognizer(tiles)
    # 10 -> 5; 6 is still past the limit (no event); 4 is 4, not 5 * 4 / 6.
    recognizer.gesture([10, 100, 60, 40])
    # From 4: 0.2 -> 0.35; 0.32 -> 0.35 (no event); 0.5.
    recognizer.gesture([100, 5, 8, 12.5])
    assert log.take() == [
        (WILL_BEGIN, None), (CHANGED, 5), (CHANGED, 4), (ENDED, 4),
        (WILL_BEGIN, None), (CHANGED, 0.35), (CHANGED, 0.5), (ENDED, 0.5),
    ]  # fmt: skip


def test_snap_to_the_nearest_stop(tiles):
    log = ZoomLog(tiles)
    tiles.set_zoom_stops([0.75, 1, 1.25, 1.5])
    # 1.2 -> 1.25, 1.1 -> 1, 1.8 -> 1.5, 0.8 -> 0.75, 0.6 -> 0.75 (no event).
    PinchRecognizer(tiles).gesture([100, 120, 110, 180, 80, 60])
    assert log.take() == [
        (WILL_BEGIN, None), (CHANGED, 1.25), (CHANGED, 1), (CHANGED, 1.5), (CHANGED, 0.75), (ENDED, 0.75),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "stops, spreads, expected",
    [
        # 1.0 is as near to 0.75 as to 1.25: the stop listed first wins.
        ([0.75, 1.25], [100, 101, 100], [1.25, 0.75]),
        ([1.25, 0.75], [100, 99, 100], [0.75, 1.25]),
    ],
)
def test_snap_ties_go_to_the_first_stop(tiles, stops, spreads, expected):
    log = ZoomLog(tiles)
    tiles.set_zoom_stops(stops)
    PinchRecognizer(tiles).gesture(spreads)
    assert [s for e, s in log.take() if e == CHANGED] == expected


def test_only_stops_inside_the_limits_count(tiles):
    tiles.set_zoom_limits(0.5, 2)
    tiles.set_zoom_stops([0.4, 1, 2.2, 1.5])
    PinchRecognizer(tiles).gesture([50, 150])  # 3 -> 2 -> 1.5 (2.2 is nearer but outside)
    assert tiles.zoom() == 1.5
    tiles.set_zoom(2)
    PinchRecognizer(tiles).gesture([150, 15])  # 0.2 -> 0.5 -> 1 (0.4 is nearer but outside)
    assert tiles.zoom() == 1
    tiles.set_zoom_stops([8])  # none inside: no snapping
    PinchRecognizer(tiles).gesture([100, 130])
    assert tiles.zoom() == pytest.approx(1.3)


def test_pinch_rebases_after_set_zoom(tiles):
    log = ZoomLog(tiles)
    recognizer = PinchRecognizer(tiles)
    recognizer.spread_to(100)
    recognizer.spread_to(200)  # 2
    tiles.set_zoom(3)
    recognizer.spread_to(220)  # rebased: start 3, baseline 2.2 -> 3, no event
    assert tiles.zoom() == 3
    recognizer.spread_to(330)  # 3 * 3.3 / 2.2 (not 1 * 3.3)
    assert tiles.zoom() == pytest.approx(4.5)
    recognizer.lift()
    assert log.take() == [(WILL_BEGIN, None), (CHANGED, 2), (CHANGED, 3), (CHANGED, 4.5), (ENDED, 4.5)]


def test_pinch_rebases_after_new_items(tiles):
    log = ZoomLog(tiles)
    recognizer = PinchRecognizer(tiles)
    recognizer.spread_to(100)
    recognizer.spread_to(200)  # 2
    tiles.set_items([(100, 100)] * 100)  # resets the zoom to 1, and says so
    tiles.resolve()
    recognizer.spread_to(250)  # rebased: start 1, baseline 2.5
    assert tiles.zoom() == 1
    recognizer.spread_to(500)  # 1 * 5 / 2.5 (not 1 * 5)
    assert tiles.zoom() == pytest.approx(2)
    recognizer.lift()
    assert log.take() == [(WILL_BEGIN, None), (CHANGED, 2), (CHANGED, 1), (CHANGED, 2), (ENDED, 2)]


# ----------------------------------------------------------------------------
# The regression from SwiftGridView's notes: a slow pinch through stops


STOPS = [0.75, 1, 1.25, 1.5]


def slow_pinch(engine, factor, steps, host_resets_rejected):
    """Moves the fingers `factor` further apart per update, `steps` times,
    from a spread of 100. Returns [(update, zoom)] where the zoom changed.

    A correct host only forwards the recognizer's events. SwiftGridView
    1.0's host also wrote ``recognizer.scale = 1`` after every step that the
    zoom rejected (snapped back), throwing the movement away.
    """
    recognizer = PinchRecognizer(engine)
    recognizer.spread_to(100)
    changes = []
    for update in range(1, steps + 1):
        before = engine.zoom()
        recognizer.spread_to(recognizer.spread * factor)
        if engine.zoom() != before:
            changes.append((update, engine.zoom()))
        elif host_resets_rejected:
            recognizer.scale = 1
    recognizer.lift()
    return changes


def stepped(lib, minimum=0.35):
    engine = tile_canvas(lib)
    engine.set_zoom_stops(STOPS)
    engine.set_zoom_limits(minimum, 5)
    return engine


def test_slow_pinch_reaches_the_next_stop(lib):
    # Each update alone is 1.01, which snaps back to 1. The engine zooms
    # start * cumulative scale: 1.01^12 = 1.127 passes 1.125 (-> 1.25) and
    # 1.01^33 = 1.389 passes 1.375 (-> 1.5).
    with stepped(lib) as engine:
        assert slow_pinch(engine, 1.01, 60, host_resets_rejected=False) == [(12, 1.25), (33, 1.5)]


def test_slow_pinch_escapes_the_minimum(lib):
    with stepped(lib, minimum=0.75) as engine:
        # In: 0.99^14 = 0.869 passes 0.875 (-> 0.75, the minimum), then rests there.
        assert slow_pinch(engine, 0.99, 40, host_resets_rejected=False) == [(14, 0.75)]
        # Out again: 0.75 * 1.01^16 = 0.879 passes 0.875 (-> 1); 0.75 * 1.01^41 = 1.128 (-> 1.25).
        assert slow_pinch(engine, 1.01, 60, host_resets_rejected=False) == [(16, 1), (41, 1.25)]


@pytest.mark.parametrize("start, minimum", [(1, 0.35), (0.75, 0.75)])
def test_a_host_that_resets_the_recognizer_stays_wedged(lib, start, minimum):
    # The same double and engine; only the host differs. After each write
    # the next update reads 1.01 again, which always snaps back.
    with stepped(lib, minimum) as engine:
        engine.set_zoom(start)
        assert slow_pinch(engine, 1.01, 60, host_resets_rejected=True) == []
        assert engine.zoom() == start


# ----------------------------------------------------------------------------
# Zoom callbacks


def test_failing_callback_rolls_back_zoom_viewport_and_selection(tiles):
    log = ZoomLog(tiles)
    recognizer = PinchRecognizer(tiles)
    tiles.set_viewport_offset(30, 40)
    tiles.select_id(1)
    tiles.select_id(2)
    recognizer.spread_to(100)

    log.fail_on = CHANGED
    with pytest.raises(CanvasError) as failure:
        recognizer.spread_to(200)
    assert (failure.value.status, failure.value.message) == (cv.ERR_CALLBACK, "host refused the zoom")
    assert (tiles.zoom(), tiles.viewport()) == (1, (30, 40, 200, 100))
    assert tiles.visible() == [1, 2, 3, 11, 12, 13]

    log.fail_on = None
    recognizer.spread_to(200)  # the pinch goes on from the same start
    assert tiles.zoom() == 2
    recognizer.lift()

    before = (tiles.zoom(), tiles.viewport(), tiles.update(), tiles.selection(), tiles.item_count())
    log.fail_on = CHANGED
    for call in (
        lambda: tiles.set_zoom(3),
        tiles.two_finger_tap,
        lambda: tiles.set_zoom_limits(0.5, 1.5),
        lambda: tiles.set_items([(10, 10)] * 3, [1, 7, 8]),  # new items reset the zoom
    ):
        with pytest.raises(CanvasError) as failure:
            call()
        assert failure.value.status == cv.ERR_CALLBACK
        assert (tiles.zoom(), tiles.viewport(), tiles.update(), tiles.selection(), tiles.item_count()) == before
    log.fail_on = None
    tiles.set_zoom(3)  # the refused limits did not stick
    assert tiles.zoom() == 3


def test_failing_will_begin_starts_no_pinch(tiles):
    log = ZoomLog(tiles)
    log.fail_on = WILL_BEGIN
    with pytest.raises(CanvasError):
        tiles.pinch(cv.PINCH_BEGAN, 1.0, 2, MIDDLE)
    assert tiles.select_at(50, 50) == (cv.SELECT_SELECTED, 1)  # no pinch in flight


def test_raw_failing_callback_without_message(tiles, lib):
    refuse = cv.ZOOM_FN(lambda user, event, scale: 9)
    assert lib.canvas_set_zoom_callback(tiles.handle, refuse, None) == cv.OK
    assert lib.canvas_set_zoom(tiles.handle, 2.0) == cv.ERR_CALLBACK
    assert tiles.last_error()
    assert tiles.zoom() == 1
    assert lib.canvas_set_zoom_callback(tiles.handle, cv.ZOOM_FN(), None) == cv.OK  # NULL removes it
    assert lib.canvas_set_zoom(tiles.handle, 2.0) == cv.OK


def test_calls_from_inside_the_zoom_callback_are_busy(tiles, lib):
    log = ZoomLog(tiles)
    scale = ctypes.c_double(0)
    log.reentry = lambda: (
        lib.canvas_set_zoom(tiles.handle, 3.0),
        lib.canvas_get_zoom(tiles.handle, ctypes.byref(scale)),
        lib.canvas_select_id(tiles.handle, 1),
    )
    tiles.set_zoom(2)
    assert log.reentry_results == [(cv.ERR_BUSY, cv.ERR_BUSY, cv.ERR_BUSY)]
    assert tiles.zoom() == 2
    assert tiles.selection() == []


# ----------------------------------------------------------------------------
# canvas_touches: the engine's own recognizer


def test_touches_pinch_and_end(tiles):
    log = ZoomLog(tiles)
    tiles.touches([(50, 50), (150, 50)])  # spread 50 about (100, 50)
    tiles.touches([(0, 50), (200, 50)])  # spread 100: scale 2
    assert (tiles.zoom(), tiles.offset()) == (2, (100, 0))
    tiles.touches([(0, 50)])  # one finger left: ended
    tiles.touches([(0, 50), (200, 50)])  # a new gesture, cumulative from its own start
    tiles.touches([(50, 50), (150, 50)])
    tiles.touches([])  # no fingers: ended
    assert log.take() == [
        (WILL_BEGIN, None), (CHANGED, 2), (ENDED, 2),
        (WILL_BEGIN, None), (CHANGED, 1), (ENDED, 1),
    ]  # fmt: skip


def test_touches_spread_is_the_mean_distance_from_the_centroid(tiles):
    # Only the third finger moves, (20, 30) -> (20, 60):
    #   before: centroid (20, 10), distances sqrt 500, sqrt 500, 20
    #   after:  centroid (20, 20), distances sqrt 800, sqrt 800, 40
    tiles.touches([(0, 0), (40, 0), (20, 30)])
    tiles.touches([(0, 0), (40, 0), (20, 60)])
    scale = (2 * math.sqrt(800) + 40) / (2 * math.sqrt(500) + 20)
    assert tiles.zoom() == pytest.approx(scale)
    assert tiles.offset() == pytest.approx((20 * scale - 20, 0))  # about the new centroid


def test_touches_agree_with_the_double(lib):
    """Random finger paths, fed to the engine's recognizer and to the double
    (driving a second engine through canvas_pinch), end in the same place."""
    rng = random.Random(20240611)
    with tile_canvas(lib) as own, tile_canvas(lib) as twin:
        for engine in (own, twin):
            engine.set_zoom_axis(cv.ZOOM_BOTH)
            engine.set_viewport_offset(300, 300)
        recognizer = PinchRecognizer(twin)
        for _ in range(5):
            count = rng.choice([2, 3])
            fingers = [(rng.uniform(20, 180), rng.uniform(10, 90)) for _ in range(count)]
            for _ in range(8):
                fingers = [(x + rng.uniform(-8, 8), y + rng.uniform(-8, 8)) for x, y in fingers]
                own.touches(fingers)
                recognizer.move(fingers)
                assert own.zoom() == pytest.approx(twin.zoom())
                assert own.viewport() == pytest.approx(twin.viewport())
            own.touches([])
            recognizer.lift()


def test_touches_needs_fingers_for_a_count(tiles, lib):
    assert lib.canvas_touches(tiles.handle, None, 2) == cv.ERR_NULL
    assert lib.canvas_touches(tiles.handle, None, 0) == cv.OK


# ----------------------------------------------------------------------------
# Selection


def test_select_at_takes_viewport_points(lib):
    with tile_canvas(lib, count=15) as engine:  # row 0 full, row 1 columns 0..4
        engine.set_viewport_offset(150, 100)
        assert engine.select_at(60, 20) == (cv.SELECT_SELECTED, 13)  # content (210, 120)
        assert engine.select_at(180, 50) == (cv.SELECT_SELECTED, 14)  # content (330, 150)
        engine.set_viewport_offset(600, 100)
        assert engine.select_at(50, 50) == (cv.SELECT_NOTHING, None)  # content (650, 150)
        assert engine.selection() == [13, 14]


def test_selection_by_id_in_data_order(lib):
    with tile_canvas(lib, ids=[1000 - p for p in range(100)]) as engine:
        for item_id in (990, 1000, 995):
            engine.select_id(item_id)
        assert engine.selection() == [1000, 995, 990]
        with pytest.raises(CanvasError) as failure:
            engine.select_id(5)
        assert failure.value.status == cv.ERR_NOT_FOUND
        engine.deselect_id(995)
        assert engine.selection() == [1000, 990]
        engine.clear_selection()
        assert engine.selection() == []


def test_select_at_when_zoomed(lib):
    with tile_canvas(lib, ids=[1000 - p for p in range(100)]) as engine:
        engine.set_zoom(2)  # offset 100: viewport (150, 50) is content (250, 50), zoomed column 1
        assert engine.select_at(150, 50) == (cv.SELECT_SELECTED, 999)


def test_select_at_is_refused_during_a_pinch(tiles, lib):
    recognizer = PinchRecognizer(tiles)
    tiles.select_id(1)
    recognizer.spread_to(100)
    # Refused, and no trace: id_out is not written, the selection is as it was.
    ident = ctypes.c_uint64(777)
    result = ctypes.c_int(-1)
    assert lib.canvas_select_at(tiles.handle, cv.Point(150, 50), ctypes.byref(ident), ctypes.byref(result)) == cv.OK
    assert (result.value, ident.value) == (cv.SELECT_REFUSED, 777)
    assert tiles.selection() == [1]
    tiles.select_id(5)  # by id still works
    recognizer.spread_to(200)  # zooming clears nothing
    assert (tiles.zoom(), tiles.selection()) == (2, [1, 5])
    # Back to 1 in the same gesture (offset (100 + 100) / 2 - 100 = 0), so
    # what follows does not depend on zoomed hit tests.
    recognizer.spread_to(100)
    assert tiles.offset() == (0, 0)
    tiles.set_selection_during_zoom(True)
    assert tiles.select_at(150, 50) == (cv.SELECT_SELECTED, 2)
    tiles.set_selection_during_zoom(False)
    assert tiles.select_at(50, 50) == (cv.SELECT_REFUSED, None)
    recognizer.lift()
    assert tiles.selection() == [1, 2, 5]
    tiles.clear_selection()
    assert tiles.select_at(50, 50) == (cv.SELECT_SELECTED, 1)


def test_select_at_is_refused_during_a_touches_pinch(tiles):
    tiles.touches([(50, 50), (150, 50)])
    assert tiles.select_at(50, 50) == (cv.SELECT_REFUSED, None)
    tiles.touches([])
    assert tiles.select_at(50, 50) == (cv.SELECT_SELECTED, 1)
