"""The free layout and editing, as Engine methods (canvas.h's editing section).

    engine.set_item_frames([(-40, 10, 80, 60), (100, 0, 10, 10)], ids=[7, 9])
    engine.resolve()
    engine.move(7, 100, 20)
    with engine.batch():              # one undo step; an exception rolls it back
        engine.remove([9])
        engine.insert([(3, (0, 0, 10, 10))])
    engine.undo()

Edit coordinates are the items' own (unzoomed); select_rect takes zoomed
content coordinates, as query does. Mixed into Engine, which supplies lib,
handle, _check and _copy.
"""
from __future__ import annotations

import contextlib
import ctypes
from ctypes import c_int, c_size_t, c_uint64
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence

from ._buffers import as_doubles, pointer_to

__all__ = [
    "SCROLL_UNBOUNDED", "SCROLL_CONTENT", "REORDER_FRONT", "REORDER_BACK", "MARQUEE_INTERSECT", "MARQUEE_CONTAIN",
    "SELECTION_REPLACE", "SELECTION_ADD", "SELECTION_TOGGLE", "SELECTION_SUBTRACT", "TOOL_PAN", "TOOL_SELECT",
    "GUIDE_EDGE", "GUIDE_CENTER", "GUIDE_GAP", "GUIDE_GRID",
]

from ._constants import (  # noqa: E402  (canvas.h's, generated: scripts/gen-python-constants)
    GUIDE_CENTER, GUIDE_EDGE, GUIDE_GAP, GUIDE_GRID, MARQUEE_CONTAIN, MARQUEE_INTERSECT, REORDER_BACK,
    REORDER_FRONT, SCROLL_CONTENT, SCROLL_UNBOUNDED, SELECTION_ADD, SELECTION_REPLACE, SELECTION_SUBTRACT,
    SELECTION_TOGGLE, TOOL_PAN, TOOL_SELECT,
)

_GUIDE_KINDS = {GUIDE_EDGE: "edge", GUIDE_CENTER: "center", GUIDE_GAP: "gap", GUIDE_GRID: "grid"}


def _ids(ids: Sequence[int]) -> Any:
    return (c_uint64 * max(len(ids), 1))(*ids)


class EditingMixin:
    # What Engine supplies, declared for type checkers only.
    lib: Any
    handle: Optional[int]
    if TYPE_CHECKING:
        def _check(self, status: int, function: str) -> None:
            raise NotImplementedError

        def _copy(self, function: str, element: Any, *args: Any) -> "list[Any]":
            raise NotImplementedError

        def selection(self) -> "list[int]":
            raise NotImplementedError

    # -- the free layout --

    def set_item_frames(self, frames: Sequence[Sequence[float]], ids: Optional[Sequence[int]] = None) -> None:
        """frames: (x, y, width, height) each, or a buffer of doubles (numpy (n, 4)
        float64, array('d')) handed to C without a loop; ids: a sequence or a
        buffer of uint64."""
        from ._native import Rect, _id_array
        buffered = as_doubles(frames, 4, "set_item_frames: frames")
        if buffered is not None:
            doubles, count = buffered
            array = pointer_to(doubles, Rect)
        else:
            frames = list(frames)
            count = len(frames)
            array = (Rect * max(count, 1))(*(Rect(*f) for f in frames))
        if ids is not None and len(ids) != count:
            raise ValueError(f"set_item_frames: {len(ids)} ids for {count} frames")
        id_array = _id_array(ids) if ids is not None else None
        self._check(self.lib.canvas_set_item_frames(self.handle, array, id_array, count), "canvas_set_item_frames")

    def set_free(self) -> None:
        self._check(self.lib.canvas_set_layout_free(self.handle), "canvas_set_layout_free")

    def set_scroll_extent(self, extent: int) -> bool:
        flag = c_int(-1)
        self._check(self.lib.canvas_set_scroll_extent(self.handle, extent, ctypes.byref(flag)), "canvas_set_scroll_extent")
        return bool(flag.value)

    def scroll_bounds(self) -> tuple[float, float, float, float]:
        """(min_x, max_x, min_y, max_y); an end may be infinite."""
        from ._native import ScrollBounds
        out = ScrollBounds()
        self._check(self.lib.canvas_get_scroll_bounds(self.handle, ctypes.byref(out)), "canvas_get_scroll_bounds")
        return (out.min_x, out.max_x, out.min_y, out.max_y)

    # -- edits --

    def insert(self, items: Sequence[tuple[int, Sequence[float]]], before: Optional[int] = None) -> bool:
        """items: (id, (x, y, width, height)) pairs, inserted before `before` or at the end.
        Returns whether it published (as every edit here does)."""
        from ._native import Rect
        published = self.publish_count()
        items = list(items)
        frames = (Rect * max(len(items), 1))(*(Rect(*frame) for _, frame in items))
        before_id = ctypes.byref(c_uint64(before)) if before is not None else None
        status = self.lib.canvas_insert_items(self.handle, frames, _ids([i for i, _ in items]), len(items), before_id)
        self._check(status, "canvas_insert_items")
        return self.publish_count() != published

    def publish_count(self) -> int:
        """How many visible updates have been published; an edit published one when it grew."""
        count = c_uint64(0)
        self._check(self.lib.canvas_get_publish_count(self.handle, ctypes.byref(count)), "canvas_get_publish_count")
        return count.value

    def remove(self, ids: Sequence[int]) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_remove_items(self.handle, _ids(ids), len(ids)), "canvas_remove_items")
        return self.publish_count() != published

    def move_items(self, ids: Sequence[int], origins: Sequence[Sequence[float]]) -> bool:
        published = self.publish_count()
        from ._native import Point
        points = (Point * max(len(origins), 1))(*(Point(*o) for o in origins))
        if len(origins) != len(ids):
            raise ValueError("one origin per id")
        self._check(self.lib.canvas_move_items(self.handle, _ids(ids), points, len(ids)), "canvas_move_items")
        return self.publish_count() != published

    def move(self, item_id: int, x: float, y: float) -> bool:
        return self.move_items([item_id], [(x, y)])

    def set_frames_by_id(self, ids: Sequence[int], frames: Sequence[Sequence[float]]) -> bool:
        published = self.publish_count()
        from ._native import Rect
        if len(frames) != len(ids):
            raise ValueError("one frame per id")
        array = (Rect * max(len(frames), 1))(*(Rect(*f) for f in frames))
        self._check(self.lib.canvas_set_frames_by_id(self.handle, _ids(ids), array, len(ids)), "canvas_set_frames_by_id")
        return self.publish_count() != published

    def resize(self, ids: Sequence[int], sizes: Sequence[Sequence[float]]) -> bool:
        published = self.publish_count()
        from ._native import Size
        if len(sizes) != len(ids):
            raise ValueError("one size per id")
        array = (Size * max(len(sizes), 1))(*(Size(*s) for s in sizes))
        self._check(self.lib.canvas_resize_items(self.handle, _ids(ids), array, len(ids)), "canvas_resize_items")
        return self.publish_count() != published

    def bring_to_front(self, ids: Sequence[int]) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_reorder(self.handle, _ids(ids), len(ids), REORDER_FRONT), "canvas_reorder")
        return self.publish_count() != published

    def send_to_back(self, ids: Sequence[int]) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_reorder(self.handle, _ids(ids), len(ids), REORDER_BACK), "canvas_reorder")
        return self.publish_count() != published

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """The edits inside are one undo step; an exception rolls them back and propagates."""
        self._check(self.lib.canvas_batch_begin(self.handle), "canvas_batch_begin")
        try:
            yield
        except BaseException:
            self.lib.canvas_batch_rollback(self.handle)
            raise
        self._check(self.lib.canvas_batch_commit(self.handle), "canvas_batch_commit")

    def undo(self) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_undo(self.handle), "canvas_undo")
        return self.publish_count() != published

    def can_undo(self) -> bool:
        """Whether undo has a step to take."""
        out = c_int(0)
        self._check(self.lib.canvas_can_undo(self.handle, ctypes.byref(out)), "canvas_can_undo")
        return bool(out.value)

    def can_redo(self) -> bool:
        """Whether redo has a step to take."""
        out = c_int(0)
        self._check(self.lib.canvas_can_redo(self.handle, ctypes.byref(out)), "canvas_can_redo")
        return bool(out.value)

    def selection_version(self) -> int:
        """A counter that changes when the selection does: copy the selection only when it moved."""
        out = c_uint64(0)
        self._check(self.lib.canvas_get_selection_version(self.handle, ctypes.byref(out)),
                    "canvas_get_selection_version")
        return out.value

    def set_history_limit(self, bytes_: int) -> None:
        """The undo history's budget in bytes: past it the oldest steps go (the newest stays; 0 keeps only it)."""
        if isinstance(bytes_, bool) or not isinstance(bytes_, int):
            raise TypeError(f"set_history_limit: expected a non-negative integer of bytes, got {bytes_!r}")
        if bytes_ < 0:
            raise ValueError(f"set_history_limit: expected a non-negative integer of bytes, got {bytes_}")
        self._check(self.lib.canvas_set_history_limit(self.handle, min(bytes_, (1 << 64) - 1)),
                    "canvas_set_history_limit")

    def history_limit(self) -> int:
        """The undo history's budget in bytes (64 MiB unless set)."""
        out = c_uint64(0)
        self._check(self.lib.canvas_get_history_limit(self.handle, ctypes.byref(out)), "canvas_get_history_limit")
        return out.value

    def redo(self) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_redo(self.handle), "canvas_redo")
        return self.publish_count() != published

    # -- selection, tool, snap, focus --

    def select_rect(self, rect: Sequence[float], mode: int = MARQUEE_INTERSECT, op: int = SELECTION_REPLACE) -> list[int]:
        from ._native import Rect
        self._check(self.lib.canvas_select_rect(self.handle, Rect(*rect), mode, op), "canvas_select_rect")
        return self.selection()

    def select_all(self) -> None:
        self._check(self.lib.canvas_select_all(self.handle), "canvas_select_all")

    def selection_bounds(self) -> Optional[tuple[float, float, float, float]]:
        from ._native import Rect
        out, has = Rect(), c_int(0)
        self._check(self.lib.canvas_get_selection_bounds(self.handle, ctypes.byref(out), ctypes.byref(has)),
                    "canvas_get_selection_bounds")
        return (out.x, out.y, out.width, out.height) if has.value else None

    def set_tool(self, tool: int) -> None:
        self._check(self.lib.canvas_set_tool(self.handle, tool), "canvas_set_tool")

    def set_snap(self, grid: float = 0.0, items: bool = True, gaps: bool = True, threshold: float = 8.0) -> None:
        from ._native import Snap
        snap = Snap(grid, int(items), int(gaps), threshold)
        self._check(self.lib.canvas_set_snap(self.handle, ctypes.byref(snap)), "canvas_set_snap")

    def guides(self) -> list[tuple[float, float, float, float, str]]:
        """The guides of the drag in progress: (x1, y1, x2, y2, kind)."""
        from ._native import Guide
        return [(g.x1, g.y1, g.x2, g.y2, _GUIDE_KINDS.get(g.kind, "edge")) for g in self._copy("canvas_copy_guides", Guide)]

    def marquee(self) -> Optional[tuple[float, float, float, float]]:
        from ._native import Rect
        out, active = Rect(), c_int(0)
        self._check(self.lib.canvas_get_marquee(self.handle, ctypes.byref(out), ctypes.byref(active)), "canvas_get_marquee")
        return (out.x, out.y, out.width, out.height) if active.value else None

    def nudge(self, direction: int, shift: bool = False) -> bool:
        published = self.publish_count()
        self._check(self.lib.canvas_nudge(self.handle, direction, int(shift)), "canvas_nudge")
        return self.publish_count() != published

    def focus(self, item_id: int) -> None:
        self._check(self.lib.canvas_focus(self.handle, item_id), "canvas_focus")

    def focus_next(self, direction: int) -> Optional[int]:
        found_id, found = c_uint64(0), c_int(0)
        self._check(self.lib.canvas_focus_next(self.handle, direction, ctypes.byref(found_id), ctypes.byref(found)),
                    "canvas_focus_next")
        return found_id.value if found.value else None

    def focused(self) -> Optional[int]:
        found_id, has = c_uint64(0), c_int(0)
        self._check(self.lib.canvas_get_focus(self.handle, ctypes.byref(found_id), ctypes.byref(has)), "canvas_get_focus")
        return found_id.value if has.value else None
