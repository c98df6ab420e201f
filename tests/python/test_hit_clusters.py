"""Hit testing follows the published level of detail (issue 22 item 6):
over a published cluster hit_test gives None and hit_test_detail the
cluster, never a card drawn inside it; the select tool starts a marquee
there; clusters carry how many of their items are selected."""
from __future__ import annotations

import random

from canvas import _native as cv
from canvas._native import Engine


def board(lib, frames, zoom=0.1) -> Engine:
    engine = Engine(lib)
    engine.set_free()
    engine.set_item_frames(frames)
    engine.resolve()
    engine.set_viewport(800, 600, 0, 0)
    engine.set_zoom_limits(0.01, 5)
    engine.set_zoom(zoom)
    engine.set_viewport_offset(0, 0)
    engine.set_lod(cv.LOD_MIN_SIZE, cv.LOD_CELL)
    engine.set_tool(cv.TOOL_SELECT)
    return engine


# A 20 x 20 block of 10-point cards 20 apart at (1024, 1024), one 400-point card.
CARDS = [(1024 + (i % 20) * 20, 1024 + (i // 20) * 20, 10, 10) for i in range(400)] + [(3000, 1000, 400, 400)]


def test_press_on_a_cluster(lib):
    engine = board(lib, CARDS)
    assert engine.hit_test(102.9, 102.9) is None  # card 1 is drawn inside a cluster
    item, cluster = engine.hit_test_detail(102.9, 102.9)
    assert item is None and cluster is not None
    x, y, width, height, count, first, selected = cluster
    assert x <= 102.9 < x + width and count > 1 and selected == 0
    assert cluster in engine.clusters()
    assert engine.hit_test_detail(320, 120) == (401, None)
    assert engine.hit_test(320, 120) == 401
    assert engine.hit_test_detail(700, 500) == (None, None)
    before = engine.frame(1)
    engine.pointer_down(102.9, 102.9, 0)
    engine.pointer_move(125, 125, 16)
    assert engine.marquee() is not None
    engine.pointer_up(125, 125, 32)
    assert len(engine.selection()) > 1
    assert engine.frame(1) == before
    engine.close()


def test_clusters_carry_selected(lib):
    engine = board(lib, CARDS)
    assert all(c[6] == 0 for c in engine.clusters())
    for item in list(range(1, 51)) + [401]:
        engine.select_id(item)
    clusters = engine.clusters()
    assert sum(c[6] for c in clusters) == 50
    assert all(c[6] <= c[4] for c in clusters)
    assert [c[6] for c in engine.visible_lod()["clusters"]] == [c[6] for c in clusters]
    _, hit = engine.hit_test_detail(102.9, 102.9)
    assert hit in clusters and hit[6] > 0
    engine.close()


def test_tool_agrees_over_clusters(lib):
    rng = random.Random(622)
    cluster_presses = 0
    for round_ in range(4):
        frames = []
        for _ in range(200):
            side = rng.uniform(100, 500) if rng.random() < 0.25 else rng.uniform(4, 54)
            frames.append((rng.uniform(0, 6000), rng.uniform(0, 4500), side, side))
        engine = board(lib, frames, zoom=0.1 + round_ * 0.02)
        drawn, clusters = set(engine.visible()), engine.clusters()
        for press in range(40):
            if press % 2 == 0 and clusters:
                x, y, w, h = rng.choice(clusters)[:4]
                px, py = x + rng.random() * w, y + rng.random() * h
            else:
                px, py = rng.uniform(0, 800), rng.uniform(0, 600)
            item, cluster = engine.hit_test_detail(px, py)
            assert engine.hit_test(px, py) == item
            t = round_ * 10000 + press * 100
            engine.pointer_down(px, py, t)
            if item is not None:
                assert item in drawn
                engine.pointer_up(px, py, t + 5)
                assert engine.selection() == [item]
            else:
                if cluster is not None:
                    cluster_presses += 1
                    assert cluster[:6] in [c[:6] for c in clusters]
                engine.pointer_move(px + 10, py + 10, t + 5)
                assert engine.marquee() is not None
                engine.pointer_cancel(px, py, t + 10)
        engine.close()
    assert cluster_presses > 30
