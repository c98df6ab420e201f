"""pytest tests of the level-of-detail query (canvas_query_lod) through
Engine.visible_lod, against a brute force written from the rules in
include/canvas.h, with fixed seeds, at zooms on one axis and both.

Run from the repository root:
    CANVAS_LIB=.build/debug/libcanvas.so python -m pytest tests/python
"""

from __future__ import annotations

import math
import random

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine


def level(cell: float, scale: float) -> float:
    """The cell side: 2^k for the smallest k with 2^k * scale >= cell."""
    k = -80
    while math.ldexp(1, k) * scale < cell:
        k += 1
    return math.ldexp(1, k)


def js_round(value: float) -> float:
    """Rounding half away from zero, as the engine's zoom rounds."""
    return math.copysign(math.floor(abs(value) + 0.5), value)


def brute(content, zoomed, rect, sx, sy, min_size, cell):
    w, h = level(cell, sx), level(cell, sy)
    ux, uy, uw, uh = rect[0] / sx, rect[1] / sy, rect[2] / sx, rect[3] / sy
    items, cells = [], {}
    for position, (f, z) in enumerate(zip(content, zoomed)):
        if not (f[2] > 0 and f[3] > 0):
            continue
        if f[2] * sx >= min_size and f[3] * sy >= min_size:
            if z[0] < rect[0] + rect[2] and rect[0] < z[0] + z[2] and z[1] < rect[1] + rect[3] and rect[1] < z[1] + z[3]:
                items.append((position + 1, *z))
            continue
        column = math.floor((f[0] + f[2] / 2) / w)
        row = math.floor((f[1] + f[3] / 2) / h)
        if not (column * w < ux + uw and (column + 1) * w > ux and row * h < uy + uh and (row + 1) * h > uy):
            continue
        c = cells.setdefault((row, column), [0, position + 1, math.inf, math.inf, -math.inf, -math.inf])
        c[0] += 1
        c[2], c[3] = min(c[2], f[0]), min(c[3], f[1])
        c[4], c[5] = max(c[4], f[0] + f[2]), max(c[5], f[1] + f[3])

    def edge(value, scale):
        return value if scale == 1 else js_round(value * scale)

    clusters = []
    for key in sorted(cells):
        count, first, x0, y0, x1, y1 = cells[key]
        left, right, top, bottom = edge(x0, sx), edge(x1, sx), edge(y0, sy), edge(y1, sy)
        clusters.append((left, top, right - left, bottom - top, count, first, 0))  # none selected
    return items, clusters


def scene(lib, count, seed) -> Engine:
    rng = random.Random(seed)
    engine = Engine(lib)
    engine.set_items([(float(rng.randrange(3, 300)), float(rng.randrange(2, 120))) for _ in range(count)])
    engine.set_flow(6, 6, cv.FLOW_ALIGN_TOP, 4000)
    engine.resolve()
    engine.set_viewport_size(1280, 800)
    return engine


@pytest.mark.parametrize("seed", [1, 2])
def test_against_brute_force(lib, seed):
    rng = random.Random(100 + seed)
    engine = scene(lib, 2500, seed)
    content = engine.frames()
    engine.set_zoom_limits(0.005, 5)
    for axis in (cv.ZOOM_HORIZONTAL, cv.ZOOM_BOTH):
        engine.set_zoom_axis(axis)
        for scale in (0.006, 0.03, 0.2, 1, 3):
            engine.set_zoom(scale)
            zoomed = engine.frames()
            sx = scale
            sy = scale if axis == cv.ZOOM_BOTH else 1
            x, y, width, height = engine.viewport()
            culling = (x - 128, y - 128, width + 256, height + 256)  # the default overscan
            answer = engine.visible_lod()
            assert (answer["items"], answer["clusters"]) == brute(content, zoomed, culling, sx, sy, cv.LOD_MIN_SIZE, 16)
            for _ in range(3):
                rect = (rng.uniform(-200, 4000) * sx, rng.uniform(-200, 3000) * sy, rng.uniform(50, 1500), rng.uniform(50, 900))
                min_size, cell = rng.choice([(2, 16), (6.5, 10), (1, 40)])
                answer = engine.visible_lod(min_size, cell, rect)
                items, clusters = brute(content, zoomed, rect, sx, sy, min_size, cell)
                assert answer["items"] == items
                assert answer["clusters"] == clusters
                # Large items are never clustered: a representative is never shown on its own.
                assert not {c[5] for c in clusters} & {i[0] for i in items}
    engine.close()


def test_hand_worked(lib):
    # 100 tiles of 100 x 100 in 10 columns, zoomed to 0.1 on both axes; cell 16
    # gives cells of 256 content points; columns hold 3, 2, 3, 2 tiles.
    engine = Engine(lib)
    engine.set_items([(100, 100)] * 100)
    engine.set_grid(10, 0, 0)
    engine.resolve()
    engine.set_viewport_size(100, 100)
    engine.set_zoom_axis(cv.ZOOM_BOTH)
    engine.set_zoom_limits(0.05, 5)
    engine.set_zoom(0.1)
    answer = engine.visible_lod(min_size=20, rect=(0, 0, 100, 100))
    assert answer["items"] == []
    assert [c[4] for c in answer["clusters"]] == [9, 6, 9, 6, 6, 4, 6, 4, 9, 6, 9, 6, 6, 4, 6, 4]
    assert answer["clusters"][1] == (30, 0, 20, 30, 6, 4, 0)
    assert len(engine.visible_lod()["items"]) == 100  # defaults: 10-point tiles are large
    engine.close()


def test_bad_input(lib):
    engine = scene(lib, 50, 3)
    for min_size, cell, status in [(math.nan, 16, cv.ERR_NON_FINITE), (2, math.inf, cv.ERR_NON_FINITE),
                                   (0, 16, cv.ERR_INVALID_ARGUMENT), (-2, 16, cv.ERR_INVALID_ARGUMENT),
                                   (2, 0, cv.ERR_INVALID_ARGUMENT), (2, -1, cv.ERR_INVALID_ARGUMENT)]:
        with pytest.raises(CanvasError) as error:
            engine.visible_lod(min_size, cell)
        assert error.value.status == status
    with pytest.raises(CanvasError):
        engine.visible_lod(rect=(math.nan, 0, 10, 10))
    assert engine.visible_lod()["items"]  # still usable
    engine.close()


def test_published_updates_carry_the_answer(lib):
    engine = scene(lib, 3000, 5)
    engine.set_zoom_limits(0.005, 5)
    engine.set_zoom_axis(cv.ZOOM_BOTH)
    engine.set_zoom(0.02)
    everything = engine.visible_items()
    assert engine.clusters() == []
    assert engine.set_lod()
    answer = engine.visible_lod()
    assert engine.visible_items() == answer["items"]
    assert engine.clusters() == answer["clusters"]
    assert answer["clusters"] and len(everything) > len(answer["items"])
    # A tick culls once and publishes the answer again, here unchanged.
    engine.tick(0)
    assert engine.clusters() == answer["clusters"]
    assert engine.set_lod(None)
    assert engine.visible_items() == everything and engine.clusters() == []
    with pytest.raises(CanvasError):
        engine.set_lod(0, 16)
    assert engine.clusters() == []  # still off
    engine.close()
