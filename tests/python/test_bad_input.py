"""Runs every case of bad_input.CASES (docs/bad-input.md's Python rows):
the caller gets the exception and message the row promises, and the engine
is as it was before the call."""
from __future__ import annotations

import ctypes

import pytest

import canvas
from bad_input import CASES, Case


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


def fail(error: BaseException):
    raise error


def state(engine: canvas.Engine):
    return (engine.item_count(), engine.ids(), engine.frames(), engine.content_size(), engine.viewport(),
            engine.zoom(), engine.selection(), engine.pending_measurements())


@pytest.mark.parametrize("case", CASES, ids=[case.what for case in CASES])
def test_bad_input_is_refused_and_changes_nothing(case: Case):
    with canvas.Engine() as e:
        scope = {"e": e, "canvas": canvas, "ctypes": ctypes, "fail": fail, "Unprintable": Unprintable}
        e.set_items([(10, 10), (20, 20), (30, 30)], ids=[1, 2, 3])
        e.set_flow()
        e.set_viewport(100, 100)
        e.select_id(2)
        e.resolve()
        exec(case.setup, scope)
        before = state(e)
        with pytest.raises(case.raises) as info:
            exec(case.code, scope)
        assert case.match in str(info.value)
        if case.status:
            assert canvas._native.status_name(info.value.status) == case.status
        assert state(e) == before
