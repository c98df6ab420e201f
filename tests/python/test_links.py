"""Links through the Python client: set, route, query, visible, hit test, edits, undo."""
import pytest

import canvas
from canvas import Engine


@pytest.fixture
def linked(lib):
    engine = Engine(lib)
    engine.set_item_frames([(0, 0, 100, 50), (300, 0, 100, 50), (0, 400, 100, 50)], ids=[10, 20, 30])
    engine.resolve()
    engine.set_viewport_size(1000, 1000)
    engine.set_links([
        {"id": 1, "source": 10, "target": 20},
        {"id": 2, "source": 10, "target": 30, "style": "curve", "source_side": "bottom", "target_side": "top"},
    ])
    yield engine
    engine.close()


def test_routes_query_hit(linked):
    engine = linked
    assert engine.link_route(1) == [(100.0, 25.0), (300.0, 25.0)]
    assert [y for _, y in engine.link_route(2)] == [50.0, 225.0, 225.0, 400.0]
    assert engine.query_links(190, 20, 20, 10) == [1]
    assert engine.visible_links() == [1, 2]
    assert engine.hit_test_link(200, 28) == 1
    assert engine.hit_test_link(200, 40) is None
    with pytest.raises(canvas.CanvasError):
        engine.link_route(99)


def test_edits_and_undo(linked):
    engine = linked
    engine.insert_links([{"id": 3, "source": 20, "target": 30, "style": "step"}], before=2)
    assert engine.visible_links() == [1, 3, 2]
    engine.remove([10])
    assert engine.visible_links() == [3]
    engine.undo()
    assert engine.visible_links() == [1, 3, 2]
    engine.remove_links([1, 3])
    assert engine.visible_links() == [2]
    with pytest.raises(canvas.CanvasError):
        engine.insert_links([{"id": 4, "source": 20, "target": 20}])
    with pytest.raises(ValueError):
        engine.set_links([{"id": 4, "source": 20, "target": 30, "style": "wiggly"}])
    assert engine.visible_links() == [2]


def test_published_links_and_clusters(lib):
    engine = Engine(lib)
    engine.set_item_frames([(0, 0, 20, 20), (30, 0, 20, 10), (300, 0, 20, 10), (600, 0, 100, 40)], ids=[10, 20, 30, 40])
    engine.resolve()
    engine.set_viewport_size(1000, 1000)
    engine.set_viewport_offset(0, 0)
    engine.set_zoom(0.35)
    engine.set_links([{"id": 1, "source": 10, "target": 20}, {"id": 2, "source": 10, "target": 30},
                      {"id": 3, "source": 30, "target": 20}, {"id": 4, "source": 30, "target": 40}])
    assert engine.visible_links() == [1, 2, 3, 4]
    assert engine.appeared_links() == [1, 2, 3, 4]
    engine.remove_links([2])
    assert engine.disappeared_links() == [2] and engine.appeared_links() == []
    engine.undo()
    engine.set_lod(8, 16)
    assert engine.visible_links() == []
    assert engine.cluster_links() == [(10, 30, 2, canvas.HIT_CLUSTER, canvas.HIT_CLUSTER),
                                      (30, 40, 1, canvas.HIT_CLUSTER, canvas.HIT_ITEM)]
    engine.close()


def test_link_selection(linked):
    engine = linked
    engine.select_link(1)
    engine.select_link(2, add=True)
    assert engine.selected_links() == [1, 2]
    engine.deselect_link(1)
    assert engine.selected_links() == [2]
    with pytest.raises(canvas.CanvasError):
        engine.select_link(99)
    assert not engine.marquee_links()
    engine.set_marquee_links(True)
    assert engine.marquee_links()
    engine.select_id(20)
    engine.key("delete", 10)
    assert engine.visible_links() == []  # 1 went with card 20, 2 was selected
    engine.undo()
    assert engine.visible_links() == [1, 2] and engine.selected_links() == [2] and engine.selection() == [20]
    engine.clear_link_selection()
    assert engine.selected_links() == []


def test_links_read_back_as_set(linked):
    engine = linked
    assert engine.links() == [
        {"id": 1, "source": 10, "target": 20, "style": "straight", "source_side": "auto", "target_side": "auto"},
        {"id": 2, "source": 10, "target": 30, "style": "curve", "source_side": "bottom", "target_side": "top"},
    ]
    engine.set_links(engine.links()[::-1])  # what links() returns, set_links takes
    assert [link["id"] for link in engine.links()] == [2, 1]
    engine.remove([30])  # removing an item removes its links
    assert [link["id"] for link in engine.links()] == [1]
