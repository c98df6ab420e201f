"""The ctypes layer over libcanvas.so, written against include/canvas.h.

Two levels:

* ``load()`` returns the ``ctypes.CDLL`` with ``argtypes``/``restype``
  declared for every function in canvas.h, for code that wants to make the
  exact C calls (NULL pointers, small buffers, raw callbacks). An integer
  argument that does not fit its C type is refused there too
  (``ctypes.ArgumentError`` naming the OverflowError), never wrapped.
* ``Engine`` wraps one ``canvas_engine *`` in Python terms: failures raise
  ``CanvasError`` carrying the status and the engine's last error, and a
  custom layout is any Python callable.

Where the library comes from: see ``library_path()``.
"""

from __future__ import annotations

import ctypes
import math
import operator
import os
from array import array
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Sequence, Tuple, Union

from ._buffers import as_doubles, as_uint64, pointer_to
from ._version import __version__

# The library a platform wheel carries inside the package (scripts/wheel puts it there).
BUNDLED = Path(__file__).resolve().parent / "libcanvas.so.1"
# A checkout's build, for using the package straight from the source tree.
SOURCE_BUILD = Path(__file__).resolve().parents[2] / ".build" / "debug" / "libcanvas.so"

# --- Constants (mirroring canvas.h) ------------------------------------------

# The constants are canvas.h's, generated into _constants.py (scripts/gen-python-constants).
from ._constants import *  # noqa: E402,F401,F403
from ._constants import OK, ERR_CALLBACK, FLOW_ALIGN_CENTER, GRAPH_DOWN, MODIFIER_SHIFT, Status, ZoomEvent
from ._constants import MODIFIER_CTRL, MODIFIER_ALT, MODIFIER_META

VERSION = __version__  # include/canvas.h's CANVAS_VERSION; tests/python/test_package.py checks it

STATUS_NAMES = {status.value: f"CANVAS_{status.name}" for status in Status}

PHASE_NAMES = ("idle", "dragging", "decelerating", "bouncing", "animating", "pinching")
KEY_NAMES = ("left", "right", "up", "down", "page_up", "page_down", "home", "end", "delete")
BOUNCE_NAMES = ("automatic", "always", "based_on_size", "never")
INDICATOR_NAMES = ("automatic", "visible", "hidden")
PAN_AXIS_NAMES = ("free", "horizontal", "vertical", "locked")
AXIS_NAMES = ("horizontal", "vertical")
WHEEL_MODES = ("pixel", "line", "page")

# --- Structs -----------------------------------------------------------------


class Size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]

    def __iter__(self) -> Iterator[float]:
        return iter((self.width, self.height))

    def __repr__(self) -> str:
        return f"Size({self.width!r}, {self.height!r})"


class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]

    def __iter__(self) -> Iterator[float]:
        return iter((self.x, self.y, self.width, self.height))

    def __repr__(self) -> str:
        return f"Rect({self.x!r}, {self.y!r}, {self.width!r}, {self.height!r})"


class Point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]

    def __iter__(self) -> Iterator[float]:
        return iter((self.x, self.y))


class Insets(Structure):
    _fields_ = [("top", c_double), ("leading", c_double), ("bottom", c_double), ("trailing", c_double)]


class BackdropTile(Structure):
    """canvas_backdrop_tile: one tile of the backdrop and the visible phase."""

    _fields_ = [
        ("kind", c_int),
        ("side", c_double),
        ("phase", Point),
        ("shape_count", c_size_t),
        ("shapes", Rect * 2),
    ]

    def __repr__(self) -> str:
        shapes = [tuple(self.shapes[i]) for i in range(min(self.shape_count, 2))]
        return f"BackdropTile(kind={self.kind}, side={self.side!r}, phase={tuple(self.phase)}, shapes={shapes})"


class VisibleItem(Structure):
    _fields_ = [("id", c_uint64), ("frame", Rect)]


class TickResult(Structure):
    _fields_ = [("moved", c_int), ("active", c_int), ("phase", c_int), ("published", c_int), ("fading", c_int)]


class WheelEvent(Structure):
    _fields_ = [
        ("dx", c_double),
        ("dy", c_double),
        ("mode", c_int),
        ("shift", c_int),
        ("ctrl", c_int),
        ("pointer", Point),
        ("t_ms", c_double),
    ]


class Motion(Structure):
    _fields_ = [
        ("phase", c_int),
        ("velocity", Point),
        ("moving", c_int),
        ("has_projected_end", c_int),
        ("projected_end", Point),
        ("time_ms", c_double),
    ]


class Indicator(Structure):
    _fields_ = [("shown", c_int), ("track", Rect), ("thumb", Rect), ("opacity", c_double)]


# canvas_status (*canvas_place_fn)(void *user, const canvas_size *sizes, size_t count,
#                                  double proposal_width, double proposal_height,
#                                  canvas_rect *frames_out);
PLACE_FN = CFUNCTYPE(c_int, c_void_p, POINTER(Size), c_size_t, c_double, c_double, POINTER(Rect))

class LayoutItem(Structure):
    """canvas_layout_item: what canvas_place_items_fn gets per item."""
    _fields_ = [("id", c_uint64), ("index", c_size_t), ("size", Size)]


# canvas_status (*canvas_place_items_fn)(void *user, const canvas_layout_item *items, size_t count,
#                                        double proposal_width, double proposal_height,
#                                        canvas_rect *frames_out);
PLACE_ITEMS_FN = CFUNCTYPE(c_int, c_void_p, POINTER(LayoutItem), c_size_t, c_double, c_double, POINTER(Rect))

# canvas_status (*canvas_measure_fn)(void *user, uint64_t id, size_t index,
#                                    double proposal_width, canvas_size *size_out);
MEASURE_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_size_t, c_double, POINTER(Size))

# canvas_status (*canvas_zoom_fn)(void *user, canvas_zoom_event event, double scale);
ZOOM_FN = CFUNCTYPE(c_int, c_void_p, c_int, c_double)

# canvas_engine * is opaque: a plain void pointer on this side.
ENGINE_P = c_void_p

class Cluster(Structure):
    """canvas_cluster: small items aggregated in one level-of-detail cell."""

    _fields_ = [("bounds", Rect), ("count", c_uint64), ("id", c_uint64)]


class TreeSettings(Structure):
    _fields_ = [("direction", c_int), ("level_spacing", c_double), ("sibling_spacing", c_double)]


class LayeredSettings(Structure):
    _fields_ = [("direction", c_int), ("rank_spacing", c_double), ("node_spacing", c_double)]


_PROTOTYPES: dict[str, tuple[list[Any], Any]] = {
    "canvas_abi_version": ([], c_uint),
    "canvas_version": ([], c_char_p),
    "canvas_status_string": ([c_int], c_char_p),
    "canvas_engine_create": ([], ENGINE_P),
    "canvas_engine_destroy": ([ENGINE_P], None),
    "canvas_engine_last_error": ([ENGINE_P], c_char_p),
    "canvas_set_items": ([ENGINE_P, POINTER(Size), POINTER(c_uint64), c_size_t], c_int),
    "canvas_get_item_count": ([ENGINE_P], c_size_t),
    "canvas_set_layout_flow": ([ENGINE_P, c_double, c_double, c_int, c_double], c_int),
    "canvas_set_layout_grid": ([ENGINE_P, c_int64, c_double, c_double, Point], c_int),
    "canvas_set_layout_tree": ([ENGINE_P, POINTER(TreeSettings)], c_int),
    "canvas_set_layout_layered": ([ENGINE_P, POINTER(LayeredSettings)], c_int),
    "canvas_set_layout_custom": ([ENGINE_P, PLACE_FN, c_void_p], c_int),
    "canvas_set_layout_custom_items": ([ENGINE_P, PLACE_ITEMS_FN, c_void_p], c_int),
    "canvas_set_content_size": ([ENGINE_P, c_int, Size], c_int),
    "canvas_set_margins": ([ENGINE_P, Insets], c_int),
    "canvas_set_content_anchor": ([ENGINE_P, Point], c_int),
    "canvas_set_layout_direction": ([ENGINE_P, c_int], c_int),
    "canvas_resolve": ([ENGINE_P], c_int),
    "canvas_copy_frames": ([ENGINE_P, POINTER(Rect), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_ids": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_get_content_size": ([ENGINE_P, POINTER(Size)], c_int),
    "canvas_get_content_bounds": ([ENGINE_P, POINTER(Rect)], c_int),
    "canvas_callback_error": ([ENGINE_P, c_char_p], c_int),
    # Sizing by id
    "canvas_set_item_size": ([ENGINE_P, Size], c_int),
    "canvas_set_estimated_item_size": ([ENGINE_P, Size], c_int),
    "canvas_set_measure": ([ENGINE_P, MEASURE_FN, c_void_p, c_size_t], c_int),
    "canvas_step": ([ENGINE_P, POINTER(c_int)], c_int),
    "canvas_invalidate_measurements": ([ENGINE_P], c_int),
    "canvas_get_pending_measurements": ([ENGINE_P], c_size_t),
    # Viewport and culling
    "canvas_set_viewport": ([ENGINE_P, Size, POINTER(Point), c_double, POINTER(c_int)], c_int),
    "canvas_set_viewport_size": ([ENGINE_P, Size, POINTER(c_int)], c_int),
    "canvas_set_viewport_offset": ([ENGINE_P, Point, POINTER(c_int)], c_int),
    "canvas_set_overscan": ([ENGINE_P, c_double, POINTER(c_int)], c_int),
    "canvas_set_moving": ([ENGINE_P, c_int], c_int),
    "canvas_set_initial_anchor": ([ENGINE_P, Point], c_int),
    "canvas_get_viewport": ([ENGINE_P, POINTER(Rect)], c_int),
    "canvas_copy_visible": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_appeared": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_disappeared": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_query": ([ENGINE_P, Rect, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_hit_test": ([ENGINE_P, Point, POINTER(c_uint64), POINTER(c_int)], c_int),
    "canvas_scroll_to_id": ([ENGINE_P, c_uint64, Point, POINTER(c_int)], c_int),
    "canvas_scroll_to_point": ([ENGINE_P, Point, Point, POINTER(c_int)], c_int),
    "canvas_scroll_to_rect": ([ENGINE_P, Rect, Point, POINTER(c_int)], c_int),
    "canvas_page": ([ENGINE_P, c_int, POINTER(c_int)], c_int),
    # Backdrop
    "canvas_set_backdrop": ([ENGINE_P, c_int, c_double, c_double], c_int),
    "canvas_get_backdrop_tile": ([ENGINE_P, POINTER(BackdropTile)], c_int),
    "canvas_copy_backdrop_origins": ([ENGINE_P, POINTER(Point), c_size_t, POINTER(c_size_t)], c_int),
    # Zoom
    "canvas_set_zoom_callback": ([ENGINE_P, ZOOM_FN, c_void_p], c_int),
    "canvas_set_zoom_axis": ([ENGINE_P, c_int], c_int),
    "canvas_set_zoom_limits": ([ENGINE_P, c_double, c_double], c_int),
    "canvas_set_zoom_speed": ([ENGINE_P, c_double], c_int),
    "canvas_set_zoom_stops": ([ENGINE_P, POINTER(c_double), c_size_t], c_int),
    "canvas_set_pinch_enabled": ([ENGINE_P, c_int], c_int),
    "canvas_set_selection_during_zoom": ([ENGINE_P, c_int], c_int),
    "canvas_set_zoom": ([ENGINE_P, c_double], c_int),
    "canvas_get_zoom": ([ENGINE_P, POINTER(c_double)], c_int),
    "canvas_get_zoom_axis": ([ENGINE_P, POINTER(c_int)], c_int),
    "canvas_pinch": ([ENGINE_P, c_int, c_double, c_int, Point], c_int),
    "canvas_touches": ([ENGINE_P, POINTER(Point), c_size_t], c_int),
    "canvas_two_finger_tap": ([ENGINE_P], c_int),
    # Selection
    "canvas_select_at": ([ENGINE_P, Point, POINTER(c_uint64), POINTER(c_int)], c_int),
    "canvas_select_id": ([ENGINE_P, c_uint64], c_int),
    "canvas_deselect_id": ([ENGINE_P, c_uint64], c_int),
    "canvas_clear_selection": ([ENGINE_P], c_int),
    "canvas_copy_selection": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    # Motion
    "canvas_copy_visible_items": ([ENGINE_P, POINTER(VisibleItem), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_get_frame": ([ENGINE_P, c_uint64, POINTER(Rect)], c_int),
    "canvas_tick": ([ENGINE_P, c_double, POINTER(TickResult)], c_int),
    "canvas_pointer_down": ([ENGINE_P, Point, c_double], c_int),
    "canvas_pointer_move": ([ENGINE_P, Point, c_double], c_int),
    "canvas_pointer_up": ([ENGINE_P, Point, c_double], c_int),
    "canvas_pointer_cancel": ([ENGINE_P, Point, c_double], c_int),
    "canvas_pointer_event": ([ENGINE_P, c_int, Point, c_int, c_double], c_int),
    "canvas_fling": ([ENGINE_P, Point, c_double], c_int),
    "canvas_wheel": ([ENGINE_P, POINTER(WheelEvent)], c_int),
    "canvas_rotary": ([ENGINE_P, c_double, c_double], c_int),
    "canvas_key": ([ENGINE_P, c_int, c_double], c_int),
    "canvas_key_event": ([ENGINE_P, c_int, c_int, c_double], c_int),
    "canvas_set_deceleration": ([ENGINE_P, c_double], c_int),
    "canvas_set_bounce": ([ENGINE_P, c_int], c_int),
    "canvas_set_scroll_enabled": ([ENGINE_P, c_int], c_int),
    "canvas_set_indicators": ([ENGINE_P, c_int], c_int),
    "canvas_set_pan_axis": ([ENGINE_P, c_int], c_int),
    "canvas_set_crown_axis": ([ENGINE_P, c_int], c_int),
    "canvas_get_motion": ([ENGINE_P, POINTER(Motion)], c_int),
    "canvas_get_indicators": ([ENGINE_P, POINTER(Indicator), POINTER(Indicator)], c_int),
    "canvas_scroll_to_id_animated": ([ENGINE_P, c_uint64, Point, c_double, c_double], c_int),
    "canvas_scroll_to_point_animated": ([ENGINE_P, Point, Point, c_double, c_double], c_int),
    "canvas_scroll_to_rect_animated": ([ENGINE_P, Rect, Point, c_double, c_double], c_int),
    "canvas_page_animated": ([ENGINE_P, c_int, c_double, c_double, POINTER(c_int)], c_int),
    "canvas_zoom_to_fit": ([ENGINE_P, POINTER(Rect), c_double, c_int, c_double, c_double], c_int),
    # Level of detail
    "canvas_query_lod": ([ENGINE_P, Rect, c_double, c_double, POINTER(VisibleItem), c_size_t, POINTER(c_size_t),
                          POINTER(Cluster), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_set_lod": ([ENGINE_P, c_double, c_double, POINTER(c_int)], c_int),
    "canvas_clear_lod": ([ENGINE_P, POINTER(c_int)], c_int),
    "canvas_copy_clusters": ([ENGINE_P, POINTER(Cluster), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_cluster_selection": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_query_lod_selection": ([ENGINE_P, Rect, c_double, c_double, POINTER(c_uint64), c_size_t, POINTER(c_size_t)],
                                   c_int),
    "canvas_hit_test_detail": ([ENGINE_P, Point, POINTER(c_int), POINTER(c_uint64), POINTER(Cluster), POINTER(c_uint64)],
                               c_int),
}

# The free layout and editing (issue 14): prototypes only so far.
class ScrollBounds(Structure):
    _fields_ = [("min_x", c_double), ("max_x", c_double), ("min_y", c_double), ("max_y", c_double)]


class Snap(Structure):
    _fields_ = [("grid", c_double), ("items", c_int), ("gaps", c_int), ("threshold", c_double)]


class Guide(Structure):
    _fields_ = [("x1", c_double), ("y1", c_double), ("x2", c_double), ("y2", c_double), ("kind", c_int)]


_IDS = POINTER(c_uint64)
_PROTOTYPES.update({
    "canvas_set_item_frames": ([ENGINE_P, POINTER(Rect), _IDS, c_size_t], c_int),
    "canvas_set_layout_free": ([ENGINE_P], c_int),
    "canvas_set_scroll_extent": ([ENGINE_P, c_int, POINTER(c_int)], c_int),
    "canvas_get_scroll_bounds": ([ENGINE_P, POINTER(ScrollBounds)], c_int),
    "canvas_insert_items": ([ENGINE_P, POINTER(Rect), _IDS, c_size_t, _IDS], c_int),
    "canvas_get_publish_count": ([ENGINE_P, _IDS], c_int),
    "canvas_remove_items": ([ENGINE_P, _IDS, c_size_t], c_int),
    "canvas_move_items": ([ENGINE_P, _IDS, POINTER(Point), c_size_t], c_int),
    "canvas_set_frames_by_id": ([ENGINE_P, _IDS, POINTER(Rect), c_size_t], c_int),
    "canvas_resize_items": ([ENGINE_P, _IDS, POINTER(Size), c_size_t], c_int),
    "canvas_reorder": ([ENGINE_P, _IDS, c_size_t, c_int], c_int),
    "canvas_batch_begin": ([ENGINE_P], c_int),
    "canvas_batch_commit": ([ENGINE_P], c_int),
    "canvas_batch_rollback": ([ENGINE_P], c_int),
    "canvas_undo": ([ENGINE_P], c_int),
    "canvas_redo": ([ENGINE_P], c_int),
    "canvas_select_rect": ([ENGINE_P, Rect, c_int, c_int], c_int),
    "canvas_select_all": ([ENGINE_P], c_int),
    "canvas_get_selection_bounds": ([ENGINE_P, POINTER(Rect), POINTER(c_int)], c_int),
    "canvas_set_tool": ([ENGINE_P, c_int], c_int),
    "canvas_set_snap": ([ENGINE_P, POINTER(Snap)], c_int),
    "canvas_copy_guides": ([ENGINE_P, POINTER(Guide), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_get_marquee": ([ENGINE_P, POINTER(Rect), POINTER(c_int)], c_int),
    "canvas_nudge": ([ENGINE_P, c_int, c_int], c_int),
    "canvas_focus": ([ENGINE_P, c_uint64], c_int),
    "canvas_focus_next": ([ENGINE_P, c_int, _IDS, POINTER(c_int)], c_int),
    "canvas_get_focus": ([ENGINE_P, _IDS, POINTER(c_int)], c_int),
})

# The per-frame reads.
_PROTOTYPES.update({
    "canvas_can_undo": ([ENGINE_P, POINTER(c_int)], c_int),
    "canvas_can_redo": ([ENGINE_P, POINTER(c_int)], c_int),
    "canvas_get_selection_version": ([ENGINE_P, _IDS], c_int),
    "canvas_get_motion_end": ([ENGINE_P, POINTER(c_double), POINTER(c_int)], c_int),
})


# Links (canvas.h, "Links"; the methods are in _links.py).
class Link(Structure):
    _fields_ = [("id", c_uint64), ("source", c_uint64), ("target", c_uint64),
                ("style", c_int), ("source_side", c_int), ("target_side", c_int)]


class ClusterLink(Structure):
    """canvas_cluster_link: links aggregated between a published cluster and another drawn end."""

    _fields_ = [("from_id", c_uint64), ("to_id", c_uint64), ("count", c_uint64),
                ("from_kind", c_int32), ("to_kind", c_int32)]


_PROTOTYPES.update({
    "canvas_set_links": ([ENGINE_P, POINTER(Link), c_size_t], c_int),
    "canvas_copy_link_route": ([ENGINE_P, c_uint64, POINTER(Point), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_query_links": ([ENGINE_P, Rect, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_visible_links": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_hit_test_link": ([ENGINE_P, Point, POINTER(c_uint64), POINTER(c_int)], c_int),
    "canvas_insert_links": ([ENGINE_P, POINTER(Link), c_size_t, POINTER(c_uint64)], c_int),
    "canvas_remove_links": ([ENGINE_P, POINTER(c_uint64), c_size_t], c_int),
    "canvas_copy_appeared_links": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_disappeared_links": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_copy_cluster_links": ([ENGINE_P, POINTER(ClusterLink), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_select_link": ([ENGINE_P, c_uint64, c_int], c_int),
    "canvas_deselect_link": ([ENGINE_P, c_uint64], c_int),
    "canvas_clear_link_selection": ([ENGINE_P], c_int),
    "canvas_copy_selected_links": ([ENGINE_P, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int),
    "canvas_set_marquee_links": ([ENGINE_P, c_int], c_int),
    "canvas_get_marquee_links": ([ENGINE_P, POINTER(c_int)], c_int),
})

# Pointer buttons and held keys.
_PROTOTYPES.update({
    "canvas_pointer_event_button": ([ENGINE_P, c_int, Point, c_int, c_int, c_double], c_int),
    "canvas_key_state": ([ENGINE_P, c_int, c_int], c_int),
})
BUTTON_NAMES = ("primary", "secondary", "middle")   # CANVAS_BUTTON_* order
HELD_KEY_NAMES = ("space",)                          # CANVAS_HELD_* order

# The undo history's budget.
_PROTOTYPES.update({
    "canvas_set_history_limit": ([ENGINE_P, c_uint64], c_int),
    "canvas_get_history_limit": ([ENGINE_P, POINTER(c_uint64)], c_int),
})

FUNCTIONS = tuple(_PROTOTYPES)

# --- Integers that must fit a C type ------------------------------------------

# The C integer types by their names in canvas.h. On 64-bit Linux ctypes'
# c_size_t and c_uint64 are one type, so the name is what a message says.
C_INTEGERS = {"int": c_int, "unsigned": c_uint, "int64_t": c_int64, "uint64_t": c_uint64, "size_t": c_size_t}


def integer_range(ctype: Any) -> Tuple[int, int]:
    """The smallest and largest value of a C integer type."""
    bits = 8 * ctypes.sizeof(ctype)
    signed = ctype(-1).value == -1
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def fit(value: Any, c_type: str, name: str) -> int:
    """value as an int that the C type (a name in C_INTEGERS) holds exactly:
    ctypes itself would keep the low bits (2**32 + 1 as an int is 1), so
    anything else is refused with OverflowError naming the argument. Floats
    are refused with TypeError."""
    return _fit(value, C_INTEGERS[c_type], c_type, name)


def _fit(value: Any, ctype: Any, c_name: str, name: str) -> int:
    number = operator.index(value)
    low, high = integer_range(ctype)
    if not low <= number <= high:
        raise OverflowError(f"{name} = {number} does not fit {c_name} ({low}...{high})")
    return number


def _checked(ctype: Any) -> Any:
    """A subclass of the ctypes type whose from_param refuses values it
    cannot hold; load() declares it for every integer argument."""
    names = " or ".join(name for name, same in C_INTEGERS.items() if same is ctype)

    def from_param(cls: Any, value: Any) -> Any:
        if isinstance(value, ctypes._SimpleCData):  # a c_int64 passed for an int is checked by its value
            value = value.value
        return ctype(_fit(value, ctype, names, "argument"))

    return type(f"checked_{ctype.__name__}", (ctype,), {"from_param": classmethod(from_param)})


def _checked_double() -> Any:
    """c_double whose from_param says why an int too large for a double is
    refused (ctypes alone says only "wrong type")."""

    def from_param(cls: Any, value: Any) -> Any:
        if isinstance(value, int):
            try:
                float(value)
            except OverflowError:
                raise OverflowError(f"argument = an integer of {value.bit_length()} bits does not fit double") from None
        return c_double.from_param(value)

    return type("checked_c_double", (c_double,), {"from_param": classmethod(from_param)})


_CHECKED: dict[Any, Any] = {ctype: _checked(ctype) for ctype in C_INTEGERS.values()}
_CHECKED[c_double] = _checked_double()

# --- Finding and loading the library -----------------------------------------

_loaded: dict[str, ctypes.CDLL] = {}

LIBRARY_NAMES = (f"libcanvas.so.{ABI_VERSION}", "libcanvas.so")


def library_path() -> str:
    """Finds libcanvas.so, in the order a user expects:

    1. ``$CANVAS_LIB``, a path: the user's explicit choice wins;
    2. the library a platform wheel carries inside this package;
    3. the folders in ``$LD_LIBRARY_PATH``;
    4. the loader's cache (``ctypes.util.find_library("canvas")``, as after
       ``scripts/install`` into a system prefix): returned as the name the
       loader resolves, ``libcanvas.so.1``;
    5. ``pkg-config --variable=libdir canvas`` (an install in any prefix on
       ``$PKG_CONFIG_PATH``);
    6. the debug build of the source tree this package sits in.
    """
    explicit = os.environ.get("CANVAS_LIB")
    if explicit:
        return explicit
    if BUNDLED.exists():
        return str(BUNDLED)
    for folder in filter(None, os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep)):
        for name in LIBRARY_NAMES:
            if os.path.exists(os.path.join(folder, name)):
                return os.path.join(folder, name)
    import ctypes.util

    cached = ctypes.util.find_library("canvas")
    if cached:
        return cached
    libdir = _pkg_config_libdir()
    if libdir:
        for name in LIBRARY_NAMES:
            if os.path.exists(os.path.join(libdir, name)):
                return os.path.join(libdir, name)
    if SOURCE_BUILD.exists():
        return str(SOURCE_BUILD)
    raise OSError(
        "libcanvas.so not found: install a wheel that carries it (scripts/wheel), install Canvas "
        "(scripts/install), build it (scripts/build), or set CANVAS_LIB to its path"
    )


def _pkg_config_libdir() -> Optional[str]:
    import shutil
    import subprocess

    if not shutil.which("pkg-config"):
        return None
    result = subprocess.run(["pkg-config", "--variable=libdir", "canvas"], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return result.stdout.strip() or None


def load(path: Optional[str] = None) -> ctypes.CDLL:
    """Loads libcanvas.so (once per path) and declares every prototype.
    path is a file, or a bare name (``libcanvas.so.1``) for the loader to
    find. A library of another ABI version is refused with OSError."""
    path = path or library_path()
    if os.sep in path:
        path = os.path.abspath(path)
    if path in _loaded:
        return _loaded[path]
    lib = ctypes.CDLL(path)
    for name, (argtypes, restype) in _PROTOTYPES.items():
        function = getattr(lib, name)
        function.argtypes = [_CHECKED.get(argtype, argtype) for argtype in argtypes]
        function.restype = restype
    if lib.canvas_abi_version() != ABI_VERSION:
        raise OSError(f"{path} has ABI version {lib.canvas_abi_version()}; this package needs {ABI_VERSION}")
    _loaded[path] = lib
    return lib


def status_name(status: int) -> str:
    return STATUS_NAMES.get(status, f"status {status}")


from ._errors import CanvasError  # noqa: E402  (one subclass per status)


# Shapes on the Python side.
if TYPE_CHECKING:
    FloatArray = array[float]
else:
    FloatArray = array  # array is subscriptable only from Python 3.12 on
SizeTuple = Tuple[float, float]
PointTuple = Tuple[float, float]
RectTuple = Tuple[float, float, float, float]
Proposal = Tuple[Optional[float], Optional[float]]

# A Python place function: place(sizes, proposal) -> frames, where sizes is a
# list of (width, height), proposal a (width, height) pair with None for an
# open side, and frames a sequence of (x, y, width, height), one per item.
# Raising fails the resolve; the exception text becomes the message. State
# goes in a closure or a bound method: no user argument.
PlaceCallable = Callable[["list[SizeTuple]", Proposal], Iterable[Sequence[float]]]
# measure(id, index, proposal_width) -> (width, height)
MeasureCallable = Callable[[int, int, float], Sequence[float]]
# zoom(event, scale) -> None or a status
ZoomCallable = Callable[[ZoomEvent, float], Optional[int]]


def _message_of(error: BaseException) -> bytes:
    """A callback's exception as a message for canvas_callback_error, whatever
    the exception does: a __str__ that raises, lone surrogates and NUL bytes
    must not stop the failure from reaching the engine."""
    name = type(error).__name__
    try:
        text = str(error)
    except BaseException as inner:  # its __str__ failed: say so, and still fail the call
        text = f"{name} (its message could not be read: {type(inner).__name__})"
    text = text or name
    return text.encode("utf-8", "backslashreplace").replace(b"\0", b"\\0")


def _shown(value: Any) -> str:
    """A returned value for a message: short, and never failing."""
    try:
        text = repr(value)
    except BaseException:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _frames_of(result: Any, count: int) -> "list[Tuple[float, float, float, float]]":
    """What a place function returned, as count frames of four floats, or a
    TypeError/ValueError that says what was wrong with it."""
    try:
        frames = list(result)
    except TypeError:
        raise TypeError(f"place returned {_shown(result)}: it must return a sequence of "
                        "(x, y, width, height) frames, one per item") from None
    if len(frames) != count:
        raise ValueError(f"place returned {len(frames)} frames for {count} items")
    checked = []
    for i, frame in enumerate(frames):
        try:
            x, y, width, height = frame  # Rect(*frame) would take three numbers and make the height 0
            checked.append((float(x), float(y), float(width), float(height)))
        except (TypeError, ValueError):
            raise TypeError(f"place returned frame {i} as {_shown(frame)}: a frame is (x, y, width, height), "
                            "four numbers") from None
    return checked


from ._editing import EditingMixin  # noqa: E402  (the editing methods, in their own file)
from ._links import LinksMixin  # noqa: E402  (links, in their own file)
from ._editing import *  # noqa: E402,F401,F403  (its constants, as canvas.SCROLL_CONTENT …)


class Engine(EditingMixin, LinksMixin):
    """One canvas_engine, freed by close() (or the with statement).

    How the methods are named (follow this when adding one):

    * A write is ``set_<thing>(...)`` or a verb (``resolve``, ``pinch``,
      ``select_id``), returning None or what the C call reports (moved,
      published, the step result).
    * A read is a method named after what it returns, with no ``get_``
      prefix: ``frames()``, ``content_size()``, ``item_count()``,
      ``zoom()``, ``last_error()``. There are no properties: every read is
      a C call that may copy or fail, and a call says so.
    * Every C status goes through ``_check(status, "canvas_<name>")``. It
      raises CanvasError, re-raises a KeyboardInterrupt or SystemExit that a
      callback raised, and finishes a close() asked for inside a callback.
    * Integers go through ``fit(value, "int" | "size_t" | ..., name)``
      before reaching C (load() refuses them too, but with ctypes'
      ArgumentError); pairs and rects through ``_point``/``_rect``.
    * Every public method has type hints (py.typed ships with the package).
    tests/python/test_package.py checks the naming rule and the hints.
    """

    handle: Optional[int] = None
    _callback_depth = 0  # how many of this engine's callbacks are running now
    _close_pending = False  # close() was called inside a callback
    _callback_failure: Optional[BaseException] = None  # what the last failing callback raised

    def __init__(self, lib: Optional[ctypes.CDLL] = None) -> None:
        self.lib = lib or load()
        handle = self.lib.canvas_engine_create()
        if not handle:
            raise MemoryError("canvas_engine_create returned NULL")
        self.handle = handle
        self._drop_callbacks()

    def _drop_callbacks(self) -> None:
        """Forgets the ctypes callbacks and user boxes, which are kept alive
        here for as long as the engine may call them."""
        self._place_fn: Any = None
        self._user_box: Any = None
        self._measure_fn: Any = None
        self._measure_box: Any = None
        self._zoom_fn: Any = None
        self._zoom_box: Any = None

    # -- life cycle --

    def close(self) -> None:
        """Frees the engine. Inside one of its callbacks the engine is still
        running (and may call the callback again), so the close waits until
        the engine call that ran the callback returns."""
        if self._callback_depth:
            self._close_pending = True
            return
        self._close_pending = False
        if self.handle:
            self.lib.canvas_engine_destroy(self.handle)
            self.handle = None
        self._drop_callbacks()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # -- errors --

    def last_error(self) -> str:
        """The message of the last failed call on this engine ("" when none)."""
        message: bytes = self.lib.canvas_engine_last_error(self.handle)
        return message.decode("utf-8", "replace")

    def _check(self, status: int, function: str) -> None:
        """Turns a C status into Python: see the class comment."""
        if self._callback_depth:  # a call made from inside a callback: the outer call finishes up
            if status != OK:
                raise CanvasError(status, self.last_error(), function)
            return
        failure, self._callback_failure = self._callback_failure, None
        message = self.last_error() if status != OK else ""  # read before a pending close frees it
        if self._close_pending:
            self.close()
        if failure is not None and not isinstance(failure, Exception):
            raise failure  # KeyboardInterrupt, SystemExit: as themselves, after the engine call failed
        if status != OK:
            raise CanvasError(status, message, function) from failure

    def _guarded(self, body: Callable[..., int]) -> Callable[..., int]:
        """Wraps a Python callback for C. The first argument C passes is the
        user pointer: it arrives as the Python object it boxes. An exception
        never crosses into C (ctypes would print it and return 0, CANVAS_OK):
        its text becomes the engine's callback error, the call fails with
        ERR_CALLBACK, and _check raises it once the engine call is back."""
        lib, engine = self.lib, self

        def guarded(user_ptr: Any, *args: Any) -> int:
            engine._callback_depth += 1
            try:
                return body(ctypes.cast(user_ptr, POINTER(ctypes.py_object)).contents.value, *args)
            except BaseException as error:  # never let an exception cross into C
                try:
                    if engine._callback_failure is None:
                        engine._callback_failure = error
                    lib.canvas_callback_error(engine.handle, _message_of(error))
                except BaseException:
                    pass  # the status alone still fails the call
                return ERR_CALLBACK
            finally:
                engine._callback_depth -= 1

        return guarded

    # -- items --

    def set_items(
        self,
        sizes: Optional[Iterable[Sequence[float]]],
        ids: Optional[Sequence[int]] = None,
        count: Optional[int] = None,
    ) -> None:
        """Replaces the items. sizes may be None (sizes then come from
        set_item_size or measuring); the count is then len(ids), or count
        (ids 1...count). ids, sizes and count that disagree raise ValueError
        before anything reaches C; an id outside uint64_t raises OverflowError."""
        buffered = as_doubles(sizes, 2, "set_items: sizes") if sizes is not None else None
        if buffered is not None:
            # A buffer of doubles, (w, h) an item: straight to C, no loop over items.
            doubles, n = buffered
            if ids is not None and len(ids) != n:
                raise ValueError(f"set_items: {len(ids)} ids for {n} sizes")
            if count is not None and count != n:
                raise ValueError(f"set_items: count = {count} for {n} sizes")
            count = n
            size_array = pointer_to(doubles, Size) if n else None
        elif sizes is not None:
            sizes = list(sizes)
            if ids is not None and len(ids) != len(sizes):
                raise ValueError(f"set_items: {len(ids)} ids for {len(sizes)} sizes")
            if count is not None and count != len(sizes):
                raise ValueError(f"set_items: count = {count} for {len(sizes)} sizes")
            count = len(sizes)
            # Refused as Lua refuses them (C itself would take them as 0).
            for index, (width, height) in enumerate(sizes):
                for name, side in (("width", width), ("height", height)):
                    if not math.isfinite(side):
                        raise ValueError(f"set_items: sizes[{index}].{name}: expected a finite number, got {side}")
            size_array = (Size * count)(*(Size(w, h) for w, h in sizes)) if count else None
        elif ids is not None:
            if count is not None and count != len(ids):
                raise ValueError(f"set_items: count = {count} for {len(ids)} ids")
            count = len(ids)
            size_array = None
        else:
            count = fit(count or 0, "size_t", "count")
            size_array = None
        id_array = _id_array(ids) if ids is not None else None
        self._check(self.lib.canvas_set_items(self.handle, size_array, id_array, count), "canvas_set_items")

    def item_count(self) -> int:
        return int(self.lib.canvas_get_item_count(self.handle))

    # -- layouts --

    def set_flow(self, h_spacing: float = 8.0, v_spacing: float = 8.0, alignment: int = FLOW_ALIGN_CENTER,
                 max_width: float = 0.0) -> None:
        alignment = fit(alignment, "int", "alignment")
        status = self.lib.canvas_set_layout_flow(self.handle, h_spacing, v_spacing, alignment, max_width)
        self._check(status, "canvas_set_layout_flow")

    def set_grid(self, columns: int, h_spacing: float = 8.0, v_spacing: float = 8.0,
                 alignment: Sequence[float] = (0.5, 0.5)) -> None:
        columns = fit(columns, "int64_t", "columns")
        alignment_point = _point(alignment, "alignment")
        status = self.lib.canvas_set_layout_grid(self.handle, columns, h_spacing, v_spacing, alignment_point)
        self._check(status, "canvas_set_layout_grid")

    def set_tree(self, direction: int = GRAPH_DOWN, level_spacing: float = 40.0,
                 sibling_spacing: float = 16.0) -> None:
        """Selects the tidy tree over the links (``canvas_set_layout_tree``):
        ``GRAPH_DOWN``, ``GRAPH_RIGHT`` or ``GRAPH_RADIAL``."""
        settings = TreeSettings(fit(direction, "int", "direction"), level_spacing, sibling_spacing)
        self._check(self.lib.canvas_set_layout_tree(self.handle, ctypes.byref(settings)), "canvas_set_layout_tree")

    def set_layered(self, direction: int = GRAPH_DOWN, rank_spacing: float = 50.0,
                    node_spacing: float = 20.0) -> None:
        """Selects the layered layout over the links (``canvas_set_layout_layered``):
        ``GRAPH_DOWN`` or ``GRAPH_RIGHT``."""
        settings = LayeredSettings(fit(direction, "int", "direction"), rank_spacing, node_spacing)
        self._check(self.lib.canvas_set_layout_layered(self.handle, ctypes.byref(settings)),
                    "canvas_set_layout_layered")

    def set_layout(self, place: PlaceCallable) -> None:
        """Selects a layout written in Python: ``place(sizes, proposal) -> frames``.

        ``sizes`` is a list of (width, height); ``proposal`` is (width, height)
        with ``None`` for a side the canvas leaves open; ``frames`` holds one
        (x, y, width, height) per item, anywhere on the plane. An exception
        fails the resolve, and its text becomes the ``CanvasError`` message.
        """

        lib = self.lib

        def trampoline(_user: Any, sizes: Any, count: int, proposal_width: float, proposal_height: float,
                       frames_out: Any) -> int:
            size_list = [(sizes[i].width, sizes[i].height) for i in range(count)]
            open_width = None if math.isnan(proposal_width) else proposal_width
            open_height = None if math.isnan(proposal_height) else proposal_height
            frames = _frames_of(place(size_list, (open_width, open_height)), count)
            for i, (x, y, width, height) in enumerate(frames):
                frames_out[i] = Rect(x, y, width, height)
            return OK

        place_fn = PLACE_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(None)
        status = lib.canvas_set_layout_custom(self.handle, place_fn, ctypes.addressof(user_box))
        self._check(status, "canvas_set_layout_custom")
        self._place_fn = place_fn
        self._user_box = user_box

    def set_custom(self, place: PlaceCallable) -> None:
        """The same as set_layout (its older name)."""
        self.set_layout(place)

    # -- options --

    def set_content_size(self, mode: int, width: float = 0.0, height: float = 0.0) -> None:
        mode = fit(mode, "int", "mode")
        status = self.lib.canvas_set_content_size(self.handle, mode, Size(width, height))
        self._check(status, "canvas_set_content_size")

    def set_margins(self, top: float = 0.0, leading: float = 0.0, bottom: float = 0.0, trailing: float = 0.0) -> None:
        status = self.lib.canvas_set_margins(self.handle, Insets(top, leading, bottom, trailing))
        self._check(status, "canvas_set_margins")

    def set_anchor(self, x: float, y: float) -> None:
        self._check(self.lib.canvas_set_content_anchor(self.handle, Point(x, y)), "canvas_set_content_anchor")

    def set_direction(self, direction: int) -> None:
        direction = fit(direction, "int", "direction")
        self._check(self.lib.canvas_set_layout_direction(self.handle, direction), "canvas_set_layout_direction")

    # -- resolve and results --

    def resolve(self) -> None:
        self._check(self.lib.canvas_resolve(self.handle), "canvas_resolve")

    def frames(self) -> list[RectTuple]:
        """The resolved frames, in data order, as (x, y, width, height) tuples."""
        return [tuple(frame) for frame in self._copy("canvas_copy_frames", Rect)]

    def frames_buffer(self) -> FloatArray:
        """The resolved frames as one flat ``array('d')``: x, y, width, height
        per item, copied straight into the array's memory. A buffer NumPy can
        wrap without copying (``numpy.frombuffer(buf).reshape(-1, 4)``), and a
        cheap way to move a million frames without a million tuples."""
        count = c_size_t(0)
        self._check(self.lib.canvas_copy_frames(self.handle, None, 0, ctypes.byref(count)), "canvas_copy_frames")
        frames = array("d", bytes(4 * 8 * count.value))
        if count.value:
            address, _ = frames.buffer_info()
            out = ctypes.cast(address, POINTER(Rect))
            self._check(
                self.lib.canvas_copy_frames(self.handle, out, count.value, ctypes.byref(count)), "canvas_copy_frames"
            )
        return frames

    def ids(self) -> list[int]:
        return self._copy("canvas_copy_ids", c_uint64)

    def content_size(self) -> SizeTuple:
        out = Size()
        self._check(self.lib.canvas_get_content_size(self.handle, ctypes.byref(out)), "canvas_get_content_size")
        return (out.width, out.height)

    def content_bounds(self) -> RectTuple:
        out = Rect()
        self._check(
            self.lib.canvas_get_content_bounds(self.handle, ctypes.byref(out)), "canvas_get_content_bounds"
        )
        return (out.x, out.y, out.width, out.height)

    # -- shared helpers --

    def _copy(self, function: str, element: Any, *args: Any) -> list[Any]:
        """Runs a canvas_copy_* call twice: once for the count, once to fill."""
        call = getattr(self.lib, function)
        count = c_size_t(0)
        self._check(call(self.handle, *args, None, 0, ctypes.byref(count)), function)
        buffer = (element * max(count.value, 1))()
        self._check(call(self.handle, *args, buffer, count.value, ctypes.byref(count)), function)
        return list(buffer[: count.value])

    def _published(self, function: str, *args: Any) -> bool:
        flag = c_int(-1)
        self._check(getattr(self.lib, function)(self.handle, *args, ctypes.byref(flag)), function)
        return bool(flag.value)

    # -- sizing by id --

    def set_item_size(self, width: float, height: float) -> None:
        self._check(self.lib.canvas_set_item_size(self.handle, Size(width, height)), "canvas_set_item_size")

    def set_estimated_item_size(self, width: float, height: float) -> None:
        status = self.lib.canvas_set_estimated_item_size(self.handle, Size(width, height))
        self._check(status, "canvas_set_estimated_item_size")

    def set_measure(self, measure: Optional[MeasureCallable], chunk_size: int = 0) -> None:
        """Sets a Python measure function: measure(id, index, proposal_width)
        -> (width, height). Raising fails the step; the exception text
        becomes the message. None removes it."""
        lib = self.lib
        chunk_size = fit(chunk_size, "size_t", "chunk_size")
        if measure is None:
            status = lib.canvas_set_measure(self.handle, MEASURE_FN(), None, chunk_size)
            self._check(status, "canvas_set_measure")
            self._measure_fn = None
            self._measure_box = None
            return

        def trampoline(_user: Any, item_id: int, index: int, proposal_width: float, size_out: Any) -> int:
            size = measure(item_id, index, proposal_width)
            try:
                width, height = size
                size_out[0] = Size(width, height)
            except (TypeError, ValueError):
                raise TypeError(f"measure returned {_shown(size)} for id {item_id}: a size is (width, height), "
                                "two numbers") from None
            return OK

        measure_fn = MEASURE_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(None)
        status = lib.canvas_set_measure(self.handle, measure_fn, ctypes.addressof(user_box), chunk_size)
        self._check(status, "canvas_set_measure")
        self._measure_fn = measure_fn
        self._measure_box = user_box

    def step(self) -> int:
        result = c_int(-1)
        self._check(self.lib.canvas_step(self.handle, ctypes.byref(result)), "canvas_step")
        return result.value

    def invalidate_measurements(self) -> None:
        self._check(self.lib.canvas_invalidate_measurements(self.handle), "canvas_invalidate_measurements")

    def pending_measurements(self) -> int:
        return int(self.lib.canvas_get_pending_measurements(self.handle))

    # -- viewport and culling --

    def set_viewport(self, width: float, height: float, x: float = math.nan, y: float = math.nan,
                     overscan: float = math.nan) -> bool:
        """Size, offset and overscan in one step, publishing at most one
        update; NaN (the default) keeps an offset coordinate or the overscan."""
        keep_offset = math.isnan(x) and math.isnan(y)
        offset = None if keep_offset else ctypes.byref(Point(x, y))
        return self._published("canvas_set_viewport", Size(width, height), offset, overscan)

    def set_viewport_size(self, width: float, height: float) -> bool:
        return self._published("canvas_set_viewport_size", Size(width, height))

    def set_viewport_offset(self, x: float, y: float) -> bool:
        return self._published("canvas_set_viewport_offset", Point(x, y))

    def set_overscan(self, overscan: float) -> bool:
        return self._published("canvas_set_overscan", overscan)

    def set_moving(self, moving: bool) -> None:
        self._check(self.lib.canvas_set_moving(self.handle, 1 if moving else 0), "canvas_set_moving")

    def set_initial_anchor(self, x: float, y: float) -> None:
        self._check(self.lib.canvas_set_initial_anchor(self.handle, Point(x, y)), "canvas_set_initial_anchor")

    def viewport(self) -> RectTuple:
        out = Rect()
        self._check(self.lib.canvas_get_viewport(self.handle, ctypes.byref(out)), "canvas_get_viewport")
        return (out.x, out.y, out.width, out.height)

    def offset(self) -> PointTuple:
        x, y, _, _ = self.viewport()
        return (x, y)

    def visible(self) -> list[int]:
        return self._copy("canvas_copy_visible", c_uint64)

    def appeared(self) -> list[int]:
        return self._copy("canvas_copy_appeared", c_uint64)

    def disappeared(self) -> list[int]:
        return self._copy("canvas_copy_disappeared", c_uint64)

    def update(self) -> Tuple[list[int], list[int], list[int]]:
        """The last published update: (visible, appeared, disappeared)."""
        return self.visible(), self.appeared(), self.disappeared()

    def query(self, x: float, y: float, width: float, height: float) -> list[int]:
        return self._copy("canvas_query", c_uint64, Rect(x, y, width, height))

    def hit_test(self, x: float, y: float) -> Optional[int]:
        item_id = c_uint64(0)
        found = c_int(-1)
        status = self.lib.canvas_hit_test(self.handle, Point(x, y), ctypes.byref(item_id), ctypes.byref(found))
        self._check(status, "canvas_hit_test")
        return item_id.value if found.value else None

    def hit_test_detail(self, x: float, y: float) -> tuple[Optional[int], Optional[tuple[float, float, float, float, int, int, int]]]:
        """The one hit rule, telling a cluster too (canvas_hit_test_detail):
        (id, None) for an item, (None, (x, y, width, height, count, id,
        selected)) over a published cluster, (None, None) over nothing."""
        kind, item_id, selected = c_int(-1), c_uint64(0), c_uint64(0)
        cluster = Cluster()
        self._check(self.lib.canvas_hit_test_detail(self.handle, Point(x, y), ctypes.byref(kind), ctypes.byref(item_id),
                                                    ctypes.byref(cluster), ctypes.byref(selected)),
                    "canvas_hit_test_detail")
        if kind.value == HIT_ITEM:
            return item_id.value, None
        if kind.value == HIT_CLUSTER:
            return None, (*cluster.bounds, cluster.count, cluster.id, selected.value)
        return None, None

    # Animated (animated=True): from t (default: the engine's latest time)
    # over duration ms (default 300), moved by tick(); they return False.
    def _animation(self, duration: Optional[float], t: Optional[float]) -> tuple[float, float]:
        return (DURATION_DEFAULT if duration is None else duration, self._time(t))

    def scroll_to_id(self, item_id: int, anchor: Sequence[float] = (0.5, 0.5), animated: bool = False,
                     duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        item_id, anchor_point = fit(item_id, "uint64_t", "id"), _point(anchor, "anchor")
        if animated:
            call = self.lib.canvas_scroll_to_id_animated
            self._check(call(self.handle, item_id, anchor_point, *self._animation(duration, t)),
                        "canvas_scroll_to_id_animated")
            return False
        return self._published("canvas_scroll_to_id", item_id, anchor_point)

    def scroll_to_point(self, x: float, y: float, anchor: Sequence[float] = (0.5, 0.5), animated: bool = False,
                        duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        anchor_point = _point(anchor, "anchor")
        if animated:
            call = self.lib.canvas_scroll_to_point_animated
            self._check(call(self.handle, Point(x, y), anchor_point, *self._animation(duration, t)),
                        "canvas_scroll_to_point_animated")
            return False
        return self._published("canvas_scroll_to_point", Point(x, y), anchor_point)

    def scroll_to_rect(self, rect: Sequence[float], anchor: Sequence[float] = (0.5, 0.5), animated: bool = False,
                       duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        region, anchor_point = _rect(rect, "rect"), _point(anchor, "anchor")
        if animated:
            call = self.lib.canvas_scroll_to_rect_animated
            self._check(call(self.handle, region, anchor_point, *self._animation(duration, t)),
                        "canvas_scroll_to_rect_animated")
            return False
        return self._published("canvas_scroll_to_rect", region, anchor_point)

    def page(self, direction: int, animated: bool = False, duration: Optional[float] = None,
             t: Optional[float] = None) -> bool:
        moved = c_int(-1)
        direction = fit(direction, "int", "direction")
        if animated:
            status = self.lib.canvas_page_animated(self.handle, direction, *self._animation(duration, t),
                                                   ctypes.byref(moved))
            self._check(status, "canvas_page_animated")
        else:
            self._check(self.lib.canvas_page(self.handle, direction, ctypes.byref(moved)), "canvas_page")
        return bool(moved.value)

    # -- backdrop --

    def set_backdrop(self, kind: int, spacing: float = 0.0, size: float = 0.0) -> None:
        kind = fit(kind, "int", "kind")
        self._check(self.lib.canvas_set_backdrop(self.handle, kind, spacing, size), "canvas_set_backdrop")

    def backdrop_tile(self) -> BackdropTile:
        out = BackdropTile()
        self._check(self.lib.canvas_get_backdrop_tile(self.handle, ctypes.byref(out)), "canvas_get_backdrop_tile")
        return out

    def backdrop_origins(self) -> list[PointTuple]:
        return [(p.x, p.y) for p in self._copy("canvas_copy_backdrop_origins", Point)]

    # -- zoom --

    def set_zoom_callback(self, callback: Optional[ZoomCallable]) -> None:
        """Sets a Python zoom callback: callback(event, scale), event a
        ZoomEvent. It may
        return a status (None counts as OK; a status must fit a C int);
        raising fails the call."""
        lib = self.lib
        if callback is None:
            self._check(lib.canvas_set_zoom_callback(self.handle, ZOOM_FN(), None), "canvas_set_zoom_callback")
            self._zoom_fn = None
            self._zoom_box = None
            return

        def trampoline(_user: Any, event: int, scale: float) -> int:
            result = callback(ZoomEvent(event), scale)
            return OK if result is None else fit(result, "int", "the zoom callback's status")

        zoom_fn = ZOOM_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(None)
        status = lib.canvas_set_zoom_callback(self.handle, zoom_fn, ctypes.addressof(user_box))
        self._check(status, "canvas_set_zoom_callback")
        self._zoom_fn = zoom_fn
        self._zoom_box = user_box

    def set_zoom_axis(self, axis: int) -> None:
        axis = fit(axis, "int", "axis")
        self._check(self.lib.canvas_set_zoom_axis(self.handle, axis), "canvas_set_zoom_axis")

    def set_zoom_limits(self, minimum: float, maximum: float) -> None:
        self._check(self.lib.canvas_set_zoom_limits(self.handle, minimum, maximum), "canvas_set_zoom_limits")

    def set_zoom_speed(self, speed: float) -> None:
        self._check(self.lib.canvas_set_zoom_speed(self.handle, speed), "canvas_set_zoom_speed")

    def set_zoom_stops(self, stops: Sequence[float]) -> None:
        stops = list(stops)
        array = (c_double * len(stops))(*stops) if stops else None
        self._check(self.lib.canvas_set_zoom_stops(self.handle, array, len(stops)), "canvas_set_zoom_stops")

    def set_pinch_enabled(self, enabled: bool) -> None:
        self._check(self.lib.canvas_set_pinch_enabled(self.handle, 1 if enabled else 0), "canvas_set_pinch_enabled")

    def set_selection_during_zoom(self, allowed: bool) -> None:
        status = self.lib.canvas_set_selection_during_zoom(self.handle, 1 if allowed else 0)
        self._check(status, "canvas_set_selection_during_zoom")

    def set_zoom(self, scale: float) -> None:
        self._check(self.lib.canvas_set_zoom(self.handle, scale), "canvas_set_zoom")

    def zoom(self) -> float:
        out = c_double(float("nan"))
        self._check(self.lib.canvas_get_zoom(self.handle, ctypes.byref(out)), "canvas_get_zoom")
        return out.value

    def zoom_axis(self) -> int:
        """The axis in force (ZOOM_*): the engine's default for the layout until one is set."""
        out = c_int(-1)
        self._check(self.lib.canvas_get_zoom_axis(self.handle, ctypes.byref(out)), "canvas_get_zoom_axis")
        return out.value

    def pinch(self, phase: int, scale: float = 1.0, touches: int = 2, location: Sequence[float] = (0.0, 0.0)) -> None:
        phase, touches = fit(phase, "int", "phase"), fit(touches, "int", "touches")
        status = self.lib.canvas_pinch(self.handle, phase, scale, touches, _point(location, "location"))
        self._check(status, "canvas_pinch")

    def touches(self, fingers: Iterable[Sequence[float]]) -> None:
        fingers = list(fingers)
        array = (Point * len(fingers))(*(Point(x, y) for x, y in fingers)) if fingers else None
        self._check(self.lib.canvas_touches(self.handle, array, len(fingers)), "canvas_touches")

    def two_finger_tap(self) -> None:
        self._check(self.lib.canvas_two_finger_tap(self.handle), "canvas_two_finger_tap")

    # -- selection --

    def select_at(self, x: float, y: float) -> Tuple[int, Optional[int]]:
        """Returns (result, id): id is None unless the result is SELECT_SELECTED."""
        item_id = c_uint64(0)
        result = c_int(-1)
        status = self.lib.canvas_select_at(self.handle, Point(x, y), ctypes.byref(item_id), ctypes.byref(result))
        self._check(status, "canvas_select_at")
        return result.value, (item_id.value if result.value == SELECT_SELECTED else None)

    def select_id(self, item_id: int) -> None:
        self._check(self.lib.canvas_select_id(self.handle, fit(item_id, "uint64_t", "id")), "canvas_select_id")

    def deselect_id(self, item_id: int) -> None:
        self._check(self.lib.canvas_deselect_id(self.handle, fit(item_id, "uint64_t", "id")), "canvas_deselect_id")

    def clear_selection(self) -> None:
        self._check(self.lib.canvas_clear_selection(self.handle), "canvas_clear_selection")

    def selection(self) -> list[int]:
        return self._copy("canvas_copy_selection", c_uint64)


    # -- motion: the host's frame, clock and input (times in milliseconds) --

    def visible_items(self) -> list[tuple[int, float, float, float, float]]:
        """The visible items as (id, x, y, width, height), zoomed, in data
        order: what a frame draws, at a cost that follows what is visible."""
        items = self._copy("canvas_copy_visible_items", VisibleItem)
        return [(item.id, *item.frame) for item in items]

    def frame(self, item_id: int) -> RectTuple:
        out = Rect()
        status = self.lib.canvas_get_frame(self.handle, fit(item_id, "uint64_t", "id"), ctypes.byref(out))
        self._check(status, "canvas_get_frame")
        return (out.x, out.y, out.width, out.height)

    def tick(self, t: float) -> dict[str, Any]:
        """Advances motion to t: {moved, active, phase, published, fading}."""
        out = TickResult()
        self._check(self.lib.canvas_tick(self.handle, t, ctypes.byref(out)), "canvas_tick")
        return {"moved": bool(out.moved), "active": bool(out.active), "phase": PHASE_NAMES[out.phase],
                "published": bool(out.published), "fading": bool(out.fading)}

    def _pointer(self, phase: int, x: float, y: float, t: float, shift: bool = False, ctrl: bool = False,
                 alt: bool = False, meta: bool = False, button: Union[str, int] = "primary") -> None:
        held = ((MODIFIER_SHIFT if shift else 0) | (MODIFIER_CTRL if ctrl else 0)
                | (MODIFIER_ALT if alt else 0) | (MODIFIER_META if meta else 0))
        code = _index(BUTTON_NAMES, button, "button") if isinstance(button, str) else int(button)
        status = self.lib.canvas_pointer_event_button(self.handle, phase, Point(x, y), held, code, t)
        self._check(status, "canvas_pointer_event_button")

    def pointer_down(self, x: float, y: float, t: float, shift: bool = False, ctrl: bool = False,
                     alt: bool = False, meta: bool = False, button: Union[str, int] = "primary") -> None:
        """A press; with the select tool the button routes it: primary selects and drags, middle and
        secondary pan, and so does primary while space is held (key_state)."""
        self._pointer(POINTER_DOWN, x, y, t, shift, ctrl, alt, meta, button)

    def pointer_move(self, x: float, y: float, t: float, shift: bool = False, ctrl: bool = False,
                     alt: bool = False, meta: bool = False, button: Union[str, int] = "primary") -> None:
        self._pointer(POINTER_MOVE, x, y, t, shift, ctrl, alt, meta, button)

    def pointer_up(self, x: float, y: float, t: float, shift: bool = False, ctrl: bool = False,
                   alt: bool = False, meta: bool = False, button: Union[str, int] = "primary") -> None:
        self._pointer(POINTER_UP, x, y, t, shift, ctrl, alt, meta, button)

    def pointer_cancel(self, x: float, y: float, t: float) -> None:
        self._pointer(POINTER_CANCEL, x, y, t)

    def key_state(self, key: Union[str, int], down: bool) -> None:
        """A held key went down or up: "space" (HELD_SPACE) held makes a primary press pan with the select tool."""
        code = _index(HELD_KEY_NAMES, key, "key_state") if isinstance(key, str) else int(key)
        self._check(self.lib.canvas_key_state(self.handle, code, 1 if down else 0), "canvas_key_state")

    def fling(self, vx: float, vy: float, t: float) -> None:
        self._check(self.lib.canvas_fling(self.handle, Point(vx, vy), t), "canvas_fling")

    def wheel(self, dx: float, dy: float, x: float = 0.0, y: float = 0.0, t: Optional[float] = None,
              mode: str = "pixel", shift: bool = False, ctrl: bool = False) -> None:
        event = WheelEvent(dx, dy, _index(WHEEL_MODES, mode, "wheel mode"), int(shift), int(ctrl),
                           Point(x, y), self._time(t))
        self._check(self.lib.canvas_wheel(self.handle, ctypes.byref(event)), "canvas_wheel")

    def crown(self, delta: float, t: float) -> None:
        self._check(self.lib.canvas_rotary(self.handle, delta, t), "canvas_rotary")

    def key(self, name: str, t: float, shift: bool = False) -> None:
        """A key: scrolls; with the select tool on a free canvas, arrows nudge
        the selection (10 points with shift) and delete removes it."""
        status = self.lib.canvas_key_event(self.handle, _index(KEY_NAMES, name, "key"),
                                           MODIFIER_SHIFT if shift else 0, t)
        self._check(status, "canvas_key_event")

    def set_motion(self, deceleration: Union[str, float, None] = None, bounce: Optional[str] = None,
                   scroll_enabled: Optional[bool] = None, indicators: Optional[str] = None,
                   pan_axis: Optional[str] = None, crown_axis: Optional[str] = None) -> None:
        """Motion settings by name, as the Lua description's motion table;
        deceleration is "normal", "fast" or a rate in (0, 1)."""
        lib, h = self.lib, self.handle
        if deceleration is not None:
            rates = {"normal": DECELERATION_NORMAL, "fast": DECELERATION_FAST}
            if isinstance(deceleration, str):
                _index(list(rates), deceleration, "deceleration")  # a ValueError naming the choices
                rate = rates[deceleration]
            else:
                rate = deceleration
            self._check(lib.canvas_set_deceleration(h, rate), "canvas_set_deceleration")
        if bounce is not None:
            self._check(lib.canvas_set_bounce(h, _index(BOUNCE_NAMES, bounce, "bounce")), "canvas_set_bounce")
        if scroll_enabled is not None:
            self._check(lib.canvas_set_scroll_enabled(h, int(bool(scroll_enabled))), "canvas_set_scroll_enabled")
        if indicators is not None:
            mode = _index(INDICATOR_NAMES, indicators, "indicators")
            self._check(lib.canvas_set_indicators(h, mode), "canvas_set_indicators")
        if pan_axis is not None:
            self._check(lib.canvas_set_pan_axis(h, _index(PAN_AXIS_NAMES, pan_axis, "pan axis")), "canvas_set_pan_axis")
        if crown_axis is not None:
            self._check(lib.canvas_set_crown_axis(h, _index(AXIS_NAMES, crown_axis, "crown axis")), "canvas_set_crown_axis")

    def _motion(self) -> Motion:
        out = Motion()
        self._check(self.lib.canvas_get_motion(self.handle, ctypes.byref(out)), "canvas_get_motion")
        return out

    def _time(self, t: Optional[float]) -> float:
        return self._motion().time_ms if t is None else t

    def motion(self) -> dict[str, Any]:
        """{phase, velocity: (vx, vy), moving, projected_end: (x, y) or None, t,
        end_t: when the running animation ends, or None}."""
        m = self._motion()
        end, has_end = c_double(0), c_int(0)
        self._check(self.lib.canvas_get_motion_end(self.handle, ctypes.byref(end), ctypes.byref(has_end)),
                    "canvas_get_motion_end")
        return {"phase": PHASE_NAMES[m.phase], "velocity": tuple(m.velocity), "moving": bool(m.moving),
                "projected_end": tuple(m.projected_end) if m.has_projected_end else None, "t": m.time_ms,
                "end_t": end.value if has_end.value else None}

    def indicators(self) -> dict[str, Any]:
        """{horizontal, vertical}: each {track, thumb, opacity} or None."""
        h, v = Indicator(), Indicator()
        self._check(self.lib.canvas_get_indicators(self.handle, ctypes.byref(h), ctypes.byref(v)),
                    "canvas_get_indicators")

        def shown(i: Indicator) -> Optional[dict[str, Any]]:
            return {"track": tuple(i.track), "thumb": tuple(i.thumb), "opacity": i.opacity} if i.shown else None

        return {"horizontal": shown(h), "vertical": shown(v)}

    def zoom_to_fit(self, region: Optional[Sequence[float]] = None, padding: float = 0.0, animated: bool = False,
                    duration: Optional[float] = None, t: Optional[float] = None) -> None:
        """Fits region (zoomed content coordinates; None: every item)."""
        rect = ctypes.byref(_rect(region, "region")) if region is not None else None
        status = self.lib.canvas_zoom_to_fit(self.handle, rect, padding, int(animated),
                                             DURATION_DEFAULT if duration is None else duration, self._time(t))
        self._check(status, "canvas_zoom_to_fit")


    # -- level of detail --

    def visible_lod(self, min_size: float = LOD_MIN_SIZE, cell: float = LOD_CELL,
                    rect: Optional[Sequence[float]] = None) -> dict[str, Any]:
        """The level-of-detail answer over rect (zoomed content coordinates;
        None: the viewport's culling rectangle), by canvas_query_lod's rules:
        {"items": [(id, x, y, width, height), ...] for the items shown one by
        one, in data order, "clusters": [(x, y, width, height, count, id,
        selected), ...] for the rest, one per covered cell, row-major; selected
        is how many of its items are selected}."""
        area = Rect(*rect) if rect is not None else Rect(0, 0, 0, 0)
        lib, h = self.lib, self.handle
        item_count, cluster_count = c_size_t(0), c_size_t(0)
        self._check(lib.canvas_query_lod(h, area, min_size, cell, None, 0, ctypes.byref(item_count),
                                         None, 0, ctypes.byref(cluster_count)), "canvas_query_lod")
        items = (VisibleItem * max(item_count.value, 1))()
        clusters = (Cluster * max(cluster_count.value, 1))()
        self._check(lib.canvas_query_lod(h, area, min_size, cell, items, item_count.value, ctypes.byref(item_count),
                                         clusters, cluster_count.value, ctypes.byref(cluster_count)),
                    "canvas_query_lod")
        selected = self._copy("canvas_query_lod_selection", c_uint64, area, min_size, cell)
        return {
            "items": [(item.id, *item.frame) for item in items[: item_count.value]],
            "clusters": [(*c.bounds, c.count, c.id, n) for c, n in zip(clusters[: cluster_count.value], selected)],
        }

    def set_lod(self, min_size: Optional[float] = LOD_MIN_SIZE, cell: float = LOD_CELL) -> bool:
        """Published updates carry the level-of-detail answer (visible_items()
        and visible() then hold the items shown one by one, clusters() the
        rest); set_lod(None) goes back to every item. True when it published."""
        if min_size is None:
            return self._published("canvas_clear_lod")
        return self._published("canvas_set_lod", min_size, cell)

    def clusters(self) -> list[tuple[float, float, float, float, int, int, int]]:
        """The published clusters as (x, y, width, height, count, id, selected),
        row-major; selected (how many of its items are selected) is counted
        when read."""
        clusters = self._copy("canvas_copy_clusters", Cluster)
        selected = self._copy("canvas_copy_cluster_selection", c_uint64)
        return [(*c.bounds, c.count, c.id, n) for c, n in zip(clusters, selected)]


def _point(value: Sequence[float], name: str) -> Point:
    """A pair as a Point. ctypes would take one number and make y 0."""
    x, y = _numbers(value, 2, name)
    return Point(x, y)


def _rect(value: Sequence[float], name: str) -> Rect:
    x, y, width, height = _numbers(value, 4, name)
    return Rect(x, y, width, height)


def _numbers(value: Sequence[float], count: int, name: str) -> Sequence[float]:
    numbers = tuple(value)
    if len(numbers) != count:
        raise ValueError(f"{name} needs {count} numbers, got {len(numbers)}")
    return numbers


def _id_array(ids: Sequence[int]) -> Any:
    """ids as a C uint64_t array, refusing (OverflowError, naming the entry)
    any id that uint64_t cannot hold. array('Q') checks the range in C."""
    buffered = as_uint64(ids, "ids")
    if buffered is not None:
        return buffered[0]
    try:
        checked = array("Q", ids)
    except OverflowError:
        for index, item_id in enumerate(ids):
            fit(item_id, "uint64_t", f"ids[{index}]")
        raise
    if not checked:
        return (c_uint64 * 1)()
    return (c_uint64 * len(checked)).from_buffer(checked)


def _index(names: Sequence[str], name: str, what: str) -> int:
    if name not in names:
        raise ValueError(f"unknown {what} {name!r}: expected one of {', '.join(names)}")
    return names.index(name)


def is_nan(value: float) -> bool:
    return isinstance(value, float) and math.isnan(value)
