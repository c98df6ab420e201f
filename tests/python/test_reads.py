"""pytest tests of what a host reads every frame: item count, publish count,
marquee, can_undo/can_redo, the selection's version, the running animation's
end, and the edits' "published" answers."""
from __future__ import annotations

import pytest

from canvas import _native as cv
from canvas._native import Engine


@pytest.fixture
def board(lib):
    engine = Engine(lib)
    engine.set_item_frames([(0, 0, 50, 50), (100, 0, 50, 50), (5000, 5000, 10, 10), (6000, 6000, 10, 10)],
                           ids=[1, 2, 3, 4])
    engine.resolve()
    engine.set_viewport(400, 300, 0, 0)
    engine.set_tool(cv.TOOL_SELECT)
    yield engine
    engine.close()


def test_edits_say_whether_they_published(board):
    assert board.item_count() == 4
    assert not board.can_undo() and not board.can_redo()
    published = board.publish_count()
    assert board.move(1, 10, 10) is True
    assert board.publish_count() == published + 1
    # Off screen, inside the content's bounds: nothing visible changes.
    assert board.move(3, 5500, 5500) is False
    assert board.can_undo() and not board.can_redo()
    assert board.undo() is False
    assert board.can_redo()
    assert board.redo() is False
    assert board.remove([2]) is True and board.item_count() == 3
    assert board.insert([(9, (20, 20, 5, 5))]) is True and board.item_count() == 4


def test_marquee_and_selection_version(board):
    version = board.selection_version()
    assert board.marquee() is None
    board.pointer_down(300, 200, 0)
    board.pointer_move(120, 20, 16)
    assert board.marquee() == (120, 20, 180, 180)
    assert board.selection_version() != version
    board.pointer_up(120, 20, 32)
    assert board.marquee() is None
    version = board.selection_version()
    board.move(3, 5600, 5600)
    assert board.selection_version() == version
    board.select_id(1)
    assert board.selection_version() != version


def test_animation_end_time(board):
    assert board.motion()["end_t"] is None
    board.scroll_to_id(4, animated=True, duration=200, t=1000)
    assert board.motion()["end_t"] == 1200
    board.tick(1300)
    assert board.motion()["end_t"] is None


def test_history_limit(board):
    assert board.history_limit() == 64 << 20
    board.select_all()
    for _ in range(3):
        board.nudge(cv.PAGE_RIGHT, False)
    board.set_history_limit(0)
    assert board.history_limit() == 0
    kept = 0
    while board.can_undo():
        board.undo()
        kept += 1
    assert kept == 1
    board.set_history_limit(1 << 70)
    assert board.history_limit() == (1 << 63) - 1
    with pytest.raises(ValueError):
        board.set_history_limit(-1)
    with pytest.raises(TypeError):
        board.set_history_limit(1.5)


def test_pointer_buttons_and_space(lib):
    engine = Engine(lib)
    engine.set_item_frames([(0, 0, 50, 50), (100, 0, 50, 50)], ids=[1, 2])
    engine.resolve()
    engine.set_viewport(400, 300, 0, 0)
    engine.set_tool(cv.TOOL_SELECT)

    def drag(t, **held):
        engine.pointer_down(10, 10, t, **held)
        engine.pointer_move(35, 10, t + 16, **held)
        engine.pointer_move(60, 10, t + 32, **held)
        engine.pointer_up(60, 10, t + 200, **held)

    drag(0, button="middle", ctrl=True)
    assert engine.viewport()[0] == -50 and engine.selection() == []
    drag(1000, button=cv.BUTTON_SECONDARY)
    assert engine.viewport()[0] == -100 and engine.selection() == []
    engine.key_state("space", True)
    drag(2000)
    assert engine.viewport()[0] == -150 and engine.selection() == []
    engine.key_state(cv.HELD_SPACE, False)
    engine.pointer_down(260, 10, 3000)  # content (110, 10): item 2
    engine.pointer_up(260, 10, 3010)
    assert engine.selection() == [2]
    with pytest.raises(ValueError):
        engine.pointer_down(1, 1, 4000, button="left")
    with pytest.raises(ValueError):
        engine.key_state("enter", True)
    engine.close()
