"""Bad input to the Python client and what the caller gets. Each case is a
test (test_bad_input.py runs its code against a laid-out engine ``e`` and
checks the exception, its message and that the engine is as it was) and a
row of docs/bad-input.md (scripts/gen-bad-input-docs reads CASES), so the
table cannot drift from what is tested. Importing this needs no library."""
from __future__ import annotations

import ctypes
from typing import NamedTuple, Optional

from canvas import CanvasError


class Case(NamedTuple):
    what: str  # the input, in words
    code: str  # run with e (a laid-out engine), canvas, ctypes, fail(error) and Unprintable in scope
    raises: type  # the exception the caller gets
    match: str  # a part of its message
    status: Optional[str] = None  # a CanvasError's status name
    setup: str = ""  # run first, before the engine's state is taken


CASES = [
    # ids, sizes and the count checked against each other
    Case("fewer ids than sizes", "e.set_items([(10, 10)] * 5, ids=[7])", ValueError, "1 ids for 5 sizes"),
    Case("more ids than sizes", "e.set_items([(10, 10)] * 2, ids=[1, 2, 3])", ValueError, "3 ids for 2 sizes"),
    Case("a count that is not the number of sizes", "e.set_items([(10, 10)] * 2, count=3)", ValueError,
         "count = 3 for 2 sizes"),
    Case("a count that is not the number of ids", "e.set_items(None, ids=[1, 2], count=50_000_000)", ValueError,
         "count = 50000000 for 2 ids"),
    Case("a size that is not a pair", "e.set_items([(10, 10, 10)])", ValueError, "too many values"),
    # integers that do not fit their C type
    Case("an id past uint64_t", "e.set_items([(10, 10)], ids=[2**64 + 5])", OverflowError,
         "ids[0] = 18446744073709551621 does not fit uint64_t"),
    Case("a negative id", "e.set_items([(10, 10), (10, 10)], ids=[1, -1])", OverflowError,
         "ids[1] = -1 does not fit uint64_t"),
    Case("a fractional id", "e.set_items([(10, 10)], ids=[1.5])", TypeError, "cannot be interpreted as an integer"),
    Case("a negative count", "e.set_items(None, count=-1)", OverflowError, "count = -1 does not fit size_t"),
    Case("a direction past int", "e.set_direction(2**32 + 1)", OverflowError,
         "direction = 4294967297 does not fit int"),
    Case("a flow alignment past int", "e.set_flow(8, 8, 2**32)", OverflowError, "alignment = 4294967296"),
    Case("grid columns past int64_t", "e.set_grid(2**63)", OverflowError, "columns = 9223372036854775808"),
    Case("a tree direction past int", "e.set_tree(2**32)", OverflowError, "direction = 4294967296"),
    Case("a layered layout growing radially", "e.set_layered(canvas.GRAPH_RADIAL)", CanvasError,
         "the layered layout grows down or right, not direction 2", "CANVAS_ERR_INVALID_ARGUMENT"),
    Case("a content-size mode past int", "e.set_content_size(2**32 + 1, 10, 10)", OverflowError, "mode"),
    Case("a measure chunk size below 0", "e.set_measure(lambda *a: (1, 1), chunk_size=-1)", OverflowError,
         "chunk_size = -1 does not fit size_t"),
    Case("an id past uint64_t to select", "e.select_id(2**64)", OverflowError, "id = 18446744073709551616"),
    Case("a negative id to deselect", "e.deselect_id(-1)", OverflowError, "id = -1"),
    Case("an id past uint64_t to scroll to", "e.scroll_to_id(2**64 + 1)", OverflowError, "id = 18446744073709551617"),
    Case("a page direction past int", "e.page(2**32 + 2)", OverflowError, "direction"),
    Case("an animated scroll of -inf ms (it was taken as the default)", "e.scroll_to_id(1, animated=True, duration=float('-inf'), t=0)",
         CanvasError, "duration_ms is not finite (-inf)", "CANVAS_ERR_NON_FINITE"),
    Case("a backdrop kind past int", "e.set_backdrop(2**32 + 1, 10, 2)", OverflowError, "kind"),
    Case("a zoom axis past int", "e.set_zoom_axis(2**32 + 2)", OverflowError, "axis"),
    Case("a pinch phase past int", "e.pinch(2**32, 2.0)", OverflowError, "phase"),
    Case("a pinch finger count past int", "e.pinch(canvas.PINCH_BEGAN, 2.0, touches=2**32 + 2)", OverflowError,
         "touches"),
    Case("the raw ctypes call with an int past int", "canvas.load().canvas_set_layout_direction(e.handle, 2**32 + 1)",
         ctypes.ArgumentError, "OverflowError: argument = 4294967297 does not fit int"),
    Case("the raw call with a ctypes int64 past int", "canvas.load().canvas_set_layout_direction(e.handle, "
         "ctypes.c_int64(2**40))", ctypes.ArgumentError, "argument = 1099511627776 does not fit int"),
    Case("the raw call with an id past uint64_t", "canvas.load().canvas_select_id(e.handle, 2**64)",
         ctypes.ArgumentError, "does not fit uint64_t or size_t"),
    Case("an integer too large for a double", "e.set_zoom(10**400)", ctypes.ArgumentError,
         "an integer of 1329 bits does not fit double"),
    Case("an integer too large for a double, in a size", "e.set_item_size(10**400, 1)", OverflowError,
         "int too large to convert to float"),
    Case("a zoom callback returning a status past int",
         "e.set_zoom_callback(lambda event, scale: 2**32); e.set_zoom(2)", CanvasError,
         "does not fit int", "CANVAS_ERR_CALLBACK"),
    # pairs and rectangles of the wrong length (ctypes would fill the rest with 0)
    Case("an anchor of one number", "e.scroll_to_point(0, 0, anchor=(1,))", ValueError,
         "anchor needs 2 numbers, got 1"),
    Case("a rect of three numbers", "e.scroll_to_rect((0, 0, 10))", ValueError, "rect needs 4 numbers, got 3"),
    Case("a place function returning three numbers for a frame",
         "e.set_layout(lambda sizes, proposal: [(0, 0, 10)] * len(sizes)); e.resolve()", CanvasError,
         "place returned frame 0 as (0, 0, 10): a frame is (x, y, width, height), four numbers",
         "CANVAS_ERR_CALLBACK"),
    Case("a place function returning None", "e.set_layout(lambda sizes, proposal: None); e.resolve()", CanvasError,
         "place returned None: it must return a sequence of (x, y, width, height) frames", "CANVAS_ERR_CALLBACK"),
    Case("a place function returning a frame of text",
         "e.set_layout(lambda sizes, proposal: [('0', '0', 'a', '1')] * len(sizes)); e.resolve()", CanvasError,
         "place returned frame 0 as ('0', '0', 'a', '1')", "CANVAS_ERR_CALLBACK"),
    Case("a measure function returning one number",
         "e.step()", CanvasError, "measure returned 5 for id 4: a size is (width, height)", "CANVAS_ERR_CALLBACK",
         setup="e.set_measure(lambda item_id, index, width: 5); e.set_items(None, ids=[4])"),
    # callback failures: the call fails, the previous state stays
    Case("a callback exception whose `__str__` raises",
         "e.set_layout(lambda sizes, proposal: fail(Unprintable())); e.resolve()", CanvasError,
         "Unprintable (its message could not be read: RuntimeError)", "CANVAS_ERR_CALLBACK"),
    Case("a callback exception whose text holds a lone surrogate",
         "e.set_layout(lambda sizes, proposal: fail(ValueError('id \\udcff'))); e.resolve()", CanvasError,
         "id \\udcff", "CANVAS_ERR_CALLBACK"),
    Case("KeyboardInterrupt in a place function",
         "e.set_layout(lambda sizes, proposal: fail(KeyboardInterrupt())); e.resolve()", KeyboardInterrupt, ""),
    Case("SystemExit in a measure function", "e.step()", SystemExit, "2",
         setup="e.set_measure(lambda *a: fail(SystemExit(2))); e.set_items(None, ids=[4, 5, 6])"),
    # issue 21: a new item list inside a batch; finite input whose result leaves the finite range
    Case("a new item list (canvas_set_items or canvas_set_item_frames) inside a batch", "e.set_items([(5, 5)], ids=[7])",
         CanvasError, "cannot replace the items while a batch is open: commit or roll it back first",
         "CANVAS_ERR_INVALID_ARGUMENT", setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.lib.canvas_batch_begin(e.handle); e.move(1, 50, 50)"),
    Case("a second wheel delta of 1e308 on a free canvas", "e.wheel(0, 1e308, t=1)", CanvasError,
         "wheel delta (0.0, 1e+308) would take the viewport past the finite range", "CANVAS_ERR_NON_FINITE",
         setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.wheel(0, 1e308, t=0)"),
    Case("a second crown turn of 1e308 on a free canvas", "e.crown(1e308, 1)", CanvasError,
         "crown delta 1e+308 would take the viewport past the finite range", "CANVAS_ERR_NON_FINITE",
         setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.crown(1e308, 0)"),
    Case("a drag from 1e300 to -1e308 (its velocity overflows)", "e.pointer_move(-1e308, 0, 2)", CanvasError,
         "pointer move to (-1e+308, 0.0) would take the viewport past the finite range", "CANVAS_ERR_NON_FINITE",
         setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.pointer_down(0, 0, 0); e.pointer_move(1e300, 0, 1)"),
    Case("an animated zoom to fit of a 1e10-point region with zoom limits 1e-10…10",
         "e.zoom_to_fit((0, 0, 1e10, 1e10), animated=True, t=0)", CanvasError,
         "animated zoom to fit of {x=0.0, y=0.0, width=10000000000.0, height=10000000000.0} (its smooth path) would take the viewport past the finite range",
         "CANVAS_ERR_NON_FINITE", setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.set_zoom_limits(1e-10, 10)"),
    Case("an insert at x = 1e308 of width 1e308 on a free canvas", "e.insert([(9, (1e308, 0, 1e308, 1))])", CanvasError,
         "cannot insert id 9: its frame {x=1e+308, y=0.0, width=1e+308, height=1.0} would place the items too far apart to measure",
         "CANVAS_ERR_NON_FINITE", setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve()"),
    Case("moving two free items to -1.6e308 and 1.6e308", "e.move(2, 1.6e308, 0)", CanvasError,
         "cannot move id 2: its frame {x=1.6e+308, y=0.0, width=10.0, height=10.0} would place the items too far apart to measure",
         "CANVAS_ERR_NON_FINITE", setup="e.set_item_frames([(0, 0, 10, 10), (20, 0, 10, 10)]); e.resolve(); e.move(1, -1.6e308, 0)"),
    Case("KeyboardInterrupt in a zoom callback",
         "e.set_zoom_callback(lambda *a: fail(KeyboardInterrupt())); e.set_zoom(2)", KeyboardInterrupt, ""),
]


def outcome(case: Case) -> str:
    """What the caller gets, in the table's words."""
    name = case.raises.__name__ if case.raises.__module__ in ("builtins", "canvas._native") else (
        f"{case.raises.__module__}.{case.raises.__name__}")
    status = f" {case.status}" if case.status else ""
    message = f": …{case.match}…" if case.match else ""
    if case.raises in (KeyboardInterrupt, SystemExit):
        return f"the call fails, then {name} itself is raised{message}"
    return f"{name}{status}{message}"


def call(case: Case) -> str:
    """The code of a case as the table shows it: its setup, then the call."""
    return f"{case.setup}; {case.code}" if case.setup else case.code
