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
