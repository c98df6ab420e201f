"""Engine.set_tree and Engine.set_layered (canvas_set_layout_tree,
canvas_set_layout_layered): defaults, directions, spacings and bad settings.
Without links, a tree's roots side by side and a layered layout's one rank;
over Engine.set_links, parents centred above children, links pointing down.
"""

from __future__ import annotations

import math

import pytest

from canvas import _native as cv
from canvas._native import CanvasError, Engine

SIZES = [(10, 10), (20, 10), (10, 30)]


def engine() -> Engine:
    e = Engine()
    e.set_items(SIZES)
    return e


def frames(e: Engine) -> list[tuple[float, float, float, float]]:
    e.resolve()
    return [tuple(f) for f in e.frames()]


def test_tree_lays_roots_side_by_side() -> None:
    e = engine()
    e.set_tree(cv.GRAPH_DOWN, level_spacing=40, sibling_spacing=5)
    assert frames(e) == [(0, 10, 10, 10), (15, 10, 20, 10), (40, 0, 10, 30)]
    e.set_tree()  # siblings 16 apart by default
    f = frames(e)
    assert f[1][0] - (f[0][0] + f[0][2]) == 16
    e.set_tree(cv.GRAPH_RIGHT, sibling_spacing=5)
    f = frames(e)
    assert f[1][1] - (f[0][1] + f[0][3]) == 5
    e.set_tree(cv.GRAPH_RADIAL)
    assert len(frames(e)) == 3


def test_layered_puts_unlinked_items_on_one_rank() -> None:
    e = engine()
    e.set_layered(cv.GRAPH_DOWN, rank_spacing=50, node_spacing=7)
    f = frames(e)
    assert [f[i + 1][0] - (f[i][0] + f[i][2]) for i in range(2)] == [7, 7]
    assert len({x + w / 2 for x, _, w, _ in f}) == 3
    assert len({y + h / 2 for _, y, _, h in f}) == 1
    e.set_layered()
    f = frames(e)
    assert f[1][0] - (f[0][0] + f[0][2]) == 20


@pytest.mark.parametrize("call, status", [
    (lambda e: e.set_tree(7), cv.ERR_INVALID_ARGUMENT),
    (lambda e: e.set_tree(level_spacing=-1), cv.ERR_INVALID_ARGUMENT),
    (lambda e: e.set_tree(sibling_spacing=math.nan), cv.ERR_NON_FINITE),
    (lambda e: e.set_layered(cv.GRAPH_RADIAL), cv.ERR_INVALID_ARGUMENT),
    (lambda e: e.set_layered(node_spacing=-2), cv.ERR_INVALID_ARGUMENT),
    (lambda e: e.set_layered(rank_spacing=math.inf), cv.ERR_NON_FINITE),
])
def test_bad_settings_change_nothing(call, status) -> None:  # type: ignore[no-untyped-def]
    e = engine()
    e.set_tree(sibling_spacing=5)
    before = frames(e)
    with pytest.raises(CanvasError) as raised:
        call(e)
    assert raised.value.status == status
    assert frames(e) == before


def test_layouts_read_the_links() -> None:
    e = Engine()
    e.set_items([(10, 10)] * 5)
    e.set_links([{"id": k + 1, "source": s, "target": t} for k, (s, t) in enumerate([(1, 2), (1, 3), (2, 4), (2, 5)])])
    e.set_tree(cv.GRAPH_DOWN, level_spacing=20, sibling_spacing=4)
    f = frames(e)
    assert [y for _, y, _, _ in f] == [0, 30, 30, 60, 60]
    assert f[4][0] - f[3][0] == 14
    assert f[1][0] == (f[3][0] + f[4][0]) / 2 and f[0][0] == (f[1][0] + f[2][0]) / 2
    e.set_layered(cv.GRAPH_DOWN, rank_spacing=50)
    f = frames(e)
    for s, t in [(1, 2), (1, 3), (2, 4), (2, 5)]:
        assert f[t - 1][1] - (f[s - 1][1] + f[s - 1][3]) == 50
