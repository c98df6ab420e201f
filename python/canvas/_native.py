"""The ctypes layer over libcanvas.so, written against include/canvas.h.

Two levels:

* ``load()`` returns the ``ctypes.CDLL`` with ``argtypes``/``restype``
  declared for every function in canvas.h, for code that wants to make the
  exact C calls (NULL pointers, small buffers, raw callbacks).
* ``Engine`` wraps one ``canvas_engine *`` in Python terms: failures raise
  ``CanvasError`` carrying the status and the engine's last error, and a
  custom layout is any Python callable.

Where the library comes from: see ``library_path()``.
"""

from __future__ import annotations

import ctypes
import math
import os
from array import array
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int,
    c_int64,
    c_size_t,
    c_uint,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

# A checkout's build, for using the package straight from the source tree.
SOURCE_BUILD = Path(__file__).resolve().parents[2] / ".build" / "debug" / "libcanvas.so"

# --- Constants (mirroring canvas.h) ------------------------------------------

ABI_VERSION = 1
VERSION = "0.1.0"

OK = 0
ERR_NULL = 1
ERR_INVALID_ARGUMENT = 2
ERR_NON_FINITE = 3
ERR_CALLBACK = 4
ERR_BUFFER_TOO_SMALL = 5
ERR_BAD_LAYOUT = 6
ERR_BUSY = 7
ERR_NOT_FOUND = 8

STATUS_NAMES = {
    OK: "CANVAS_OK",
    ERR_NULL: "CANVAS_ERR_NULL",
    ERR_INVALID_ARGUMENT: "CANVAS_ERR_INVALID_ARGUMENT",
    ERR_NON_FINITE: "CANVAS_ERR_NON_FINITE",
    ERR_CALLBACK: "CANVAS_ERR_CALLBACK",
    ERR_BUFFER_TOO_SMALL: "CANVAS_ERR_BUFFER_TOO_SMALL",
    ERR_BAD_LAYOUT: "CANVAS_ERR_BAD_LAYOUT",
    ERR_BUSY: "CANVAS_ERR_BUSY",
    ERR_NOT_FOUND: "CANVAS_ERR_NOT_FOUND",
}

FLOW_ALIGN_TOP = 0
FLOW_ALIGN_CENTER = 1
FLOW_ALIGN_BOTTOM = 2

CONTENT_AUTOMATIC = 0
CONTENT_FIXED = 1
CONTENT_AT_LEAST = 2

DIRECTION_LTR = 0
DIRECTION_RTL = 1

STEP_IDLE = 0
STEP_DEFERRED = 1
STEP_MEASURED = 2
STEP_RESOLVED = 3

PAGE_LEFT = 0
PAGE_RIGHT = 1
PAGE_UP = 2
PAGE_DOWN = 3

BACKDROP_NONE = 0
BACKDROP_DOTS = 1
BACKDROP_GRID = 2

ZOOM_HORIZONTAL = 0
ZOOM_VERTICAL = 1
ZOOM_BOTH = 2

ZOOM_WILL_BEGIN = 0
ZOOM_DID_CHANGE = 1
ZOOM_DID_END = 2

PINCH_BEGAN = 0
PINCH_CHANGED = 1
PINCH_ENDED = 2
PINCH_CANCELLED = 3
PINCH_FAILED = 4

SELECT_NOTHING = 0
SELECT_SELECTED = 1
SELECT_REFUSED = 2

PHASE_IDLE = 0
PHASE_DRAGGING = 1
PHASE_DECELERATING = 2
PHASE_BOUNCING = 3
PHASE_ANIMATING = 4
PHASE_PINCHING = 5
PHASE_NAMES = ("idle", "dragging", "decelerating", "bouncing", "animating", "pinching")

MODIFIER_SHIFT = 1
MODIFIER_CTRL = 2
MODIFIER_ALT = 4
MODIFIER_META = 8

POINTER_DOWN = 0
POINTER_MOVE = 1
POINTER_UP = 2
POINTER_CANCEL = 3

WHEEL_PIXEL = 0
WHEEL_LINE = 1
WHEEL_PAGE = 2
WHEEL_MODES = ("pixel", "line", "page")

KEY_LEFT = 0
KEY_RIGHT = 1
KEY_UP = 2
KEY_DOWN = 3
KEY_PAGE_UP = 4
KEY_PAGE_DOWN = 5
KEY_HOME = 6
KEY_END = 7
KEY_NAMES = ("left", "right", "up", "down", "page_up", "page_down", "home", "end")

BOUNCE_AUTOMATIC = 0
BOUNCE_ALWAYS = 1
BOUNCE_BASED_ON_SIZE = 2
BOUNCE_NEVER = 3
BOUNCE_NAMES = ("automatic", "always", "based_on_size", "never")

INDICATORS_AUTOMATIC = 0
INDICATORS_VISIBLE = 1
INDICATORS_HIDDEN = 2
INDICATOR_NAMES = ("automatic", "visible", "hidden")

PAN_FREE = 0
PAN_HORIZONTAL = 1
PAN_VERTICAL = 2
PAN_LOCKED = 3
PAN_AXIS_NAMES = ("free", "horizontal", "vertical", "locked")

AXIS_HORIZONTAL = 0
AXIS_VERTICAL = 1
AXIS_NAMES = ("horizontal", "vertical")

DURATION_DEFAULT = -1
DECELERATION_NORMAL = 0.998
DECELERATION_FAST = 0.99

# --- Structs -----------------------------------------------------------------


class Size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]

    def __iter__(self):
        return iter((self.width, self.height))

    def __repr__(self) -> str:
        return f"Size({self.width!r}, {self.height!r})"


class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]

    def __iter__(self):
        return iter((self.x, self.y, self.width, self.height))

    def __repr__(self) -> str:
        return f"Rect({self.x!r}, {self.y!r}, {self.width!r}, {self.height!r})"


class Point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]

    def __iter__(self):
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

# canvas_status (*canvas_measure_fn)(void *user, uint64_t id, size_t index,
#                                    double proposal_width, canvas_size *size_out);
MEASURE_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_size_t, c_double, POINTER(Size))

# canvas_status (*canvas_zoom_fn)(void *user, canvas_zoom_event event, double scale);
ZOOM_FN = CFUNCTYPE(c_int, c_void_p, c_int, c_double)

# canvas_engine * is opaque: a plain void pointer on this side.
ENGINE_P = c_void_p

_PROTOTYPES: dict[str, tuple[list, Any]] = {
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
    "canvas_set_layout_custom": ([ENGINE_P, PLACE_FN, c_void_p], c_int),
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

FUNCTIONS = tuple(_PROTOTYPES)

_loaded: dict[str, ctypes.CDLL] = {}


def library_path() -> str:
    """Finds libcanvas.so: ``$CANVAS_LIB``; else an installed library (the
    loader's cache, as after ``scripts/install``, or pkg-config's ``canvas``);
    else the build in the source tree this package sits in."""
    explicit = os.environ.get("CANVAS_LIB")
    if explicit:
        return explicit
    for candidate in _installed_libraries():
        if os.path.exists(candidate):
            return candidate
    if SOURCE_BUILD.exists():
        return str(SOURCE_BUILD)
    raise OSError(
        "libcanvas.so not found: install Canvas (scripts/install), build it (scripts/build), "
        "or set CANVAS_LIB to its path"
    )


def _installed_libraries():
    import ctypes.util
    import shutil
    import subprocess

    name = ctypes.util.find_library("canvas")  # the loader's cache: libcanvas.so.1
    if name:
        for folder in ("/usr/local/lib", "/usr/lib", "/usr/lib/x86_64-linux-gnu"):
            yield os.path.join(folder, name)
    if shutil.which("pkg-config"):
        result = subprocess.run(["pkg-config", "--variable=libdir", "canvas"], capture_output=True, text=True)
        if result.returncode == 0 and result.stdout.strip():
            yield os.path.join(result.stdout.strip(), f"libcanvas.so.{ABI_VERSION}")


def load(path: Optional[str] = None) -> ctypes.CDLL:
    """Loads libcanvas.so (once per path) and declares every prototype."""
    path = os.path.abspath(path or library_path())
    if path in _loaded:
        return _loaded[path]
    lib = ctypes.CDLL(path)
    for name, (argtypes, restype) in _PROTOTYPES.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype
    _loaded[path] = lib
    return lib


def status_name(status: int) -> str:
    return STATUS_NAMES.get(status, f"status {status}")


class CanvasError(Exception):
    """A failed call: its status code and the engine's last-error message."""

    def __init__(self, status: int, message: str, function: str = ""):
        self.status = status
        self.message = message
        self.function = function
        super().__init__(f"{function}: {status_name(status)}: {message}")


# A Python place function: place(user, sizes, proposal) -> frames, where
# sizes is a list of (width, height), proposal a (width, height) pair with NaN
# for an open side, and frames a sequence of (x, y, width, height), one per
# item. Raising fails the resolve; the exception text becomes the message.
PlaceCallable = Callable[[Any, list, tuple], Sequence[Sequence[float]]]


from ._editing import EditingMixin  # noqa: E402  (the editing methods, in their own file)
from ._editing import *  # noqa: E402,F401,F403  (its constants, as canvas.SCROLL_CONTENT …)


class Engine(EditingMixin):
    """One canvas_engine, freed by close() (or the with statement)."""

    def __init__(self, lib: Optional[ctypes.CDLL] = None):
        self.lib = lib or load()
        handle = self.lib.canvas_engine_create()
        if not handle:
            raise MemoryError("canvas_engine_create returned NULL")
        self.handle = handle
        self._drop_callbacks()

    def _drop_callbacks(self) -> None:
        """Forgets the ctypes callbacks and user boxes, which are kept alive
        here for as long as the engine may call them."""
        self._place_fn = None
        self._user_box = None
        self._measure_fn = None
        self._measure_box = None
        self._zoom_fn = None
        self._zoom_box = None

    # -- life cycle --

    def close(self) -> None:
        if self.handle:
            self.lib.canvas_engine_destroy(self.handle)
            self.handle = None
        self._drop_callbacks()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # -- errors --

    @property
    def last_error(self) -> str:
        return self.lib.canvas_engine_last_error(self.handle).decode("utf-8")

    def _check(self, status: int, function: str) -> None:
        if status != OK:
            raise CanvasError(status, self.last_error, function)

    # -- items --

    def set_items(
        self,
        sizes: Optional[Iterable[Sequence[float]]],
        ids: Optional[Sequence[int]] = None,
        count: Optional[int] = None,
    ) -> None:
        """Replaces the items. sizes may be None (sizes then come from
        set_item_size or measuring); the count is then len(ids), or count."""
        if sizes is not None:
            sizes = list(sizes)
            count = len(sizes)
            size_array = (Size * count)(*(Size(w, h) for w, h in sizes)) if count else None
        else:
            count = len(ids) if count is None and ids is not None else (count or 0)
            size_array = None
        id_array = (c_uint64 * max(len(ids), 1))(*ids) if ids is not None else None
        self._check(self.lib.canvas_set_items(self.handle, size_array, id_array, count), "canvas_set_items")

    @property
    def item_count(self) -> int:
        return self.lib.canvas_get_item_count(self.handle)

    # -- layouts --

    def set_flow(self, h_spacing=8.0, v_spacing=8.0, alignment=FLOW_ALIGN_CENTER, max_width=0.0) -> None:
        status = self.lib.canvas_set_layout_flow(self.handle, h_spacing, v_spacing, alignment, max_width)
        self._check(status, "canvas_set_layout_flow")

    def set_grid(self, columns: int, h_spacing=8.0, v_spacing=8.0, alignment=(0.5, 0.5)) -> None:
        status = self.lib.canvas_set_layout_grid(self.handle, columns, h_spacing, v_spacing, Point(*alignment))
        self._check(status, "canvas_set_layout_grid")

    def _guarded(self, body: Callable[..., int]) -> Callable[..., int]:
        """Wraps a Python callback for C. The first argument C passes is the
        user pointer: it arrives as the Python object it boxes. An exception
        never crosses into C: its text becomes the engine's callback error
        and the call fails with ERR_CALLBACK."""
        lib, engine = self.lib, self

        def guarded(user_ptr, *args):
            try:
                return body(ctypes.cast(user_ptr, POINTER(ctypes.py_object)).contents.value, *args)
            except BaseException as error:  # never let an exception cross into C
                text = str(error) or type(error).__name__
                lib.canvas_callback_error(engine.handle, text.encode("utf-8"))
                return ERR_CALLBACK

        return guarded

    def set_layout(self, place: Callable[[list, tuple], Sequence[Sequence[float]]]) -> None:
        """Selects a layout written in Python: ``place(sizes, proposal) -> frames``.

        ``sizes`` is a list of (width, height); ``proposal`` is (width, height)
        with ``None`` for a side the canvas leaves open; ``frames`` holds one
        (x, y, width, height) per item, anywhere on the plane. An exception
        fails the resolve, and its text becomes the ``CanvasError`` message.
        """

        def adapt(_user, sizes, proposal):
            width, height = (None if math.isnan(side) else side for side in proposal)
            return place(sizes, (width, height))

        self.set_custom(adapt)

    def set_custom(self, place: PlaceCallable, user: Any = None) -> None:
        """Selects a custom layout run by a Python callable.

        user travels through the engine as a real void *: the address of a
        py_object cell holding it, turned back into the object on each call.
        """
        lib = self.lib

        def trampoline(user_obj, sizes, count, proposal_width, proposal_height, frames_out):
            size_list = [(sizes[i].width, sizes[i].height) for i in range(count)]
            frames = list(place(user_obj, size_list, (proposal_width, proposal_height)))
            if len(frames) != count:
                raise ValueError(f"place returned {len(frames)} frames for {count} items")
            for i, frame in enumerate(frames):
                frames_out[i] = Rect(*frame)
            return OK

        place_fn = PLACE_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(user)
        status = lib.canvas_set_layout_custom(self.handle, place_fn, ctypes.addressof(user_box))
        self._check(status, "canvas_set_layout_custom")
        self._place_fn = place_fn
        self._user_box = user_box

    # -- options --

    def set_content_size(self, mode: int, width: float = 0.0, height: float = 0.0) -> None:
        status = self.lib.canvas_set_content_size(self.handle, mode, Size(width, height))
        self._check(status, "canvas_set_content_size")

    def set_margins(self, top=0.0, leading=0.0, bottom=0.0, trailing=0.0) -> None:
        status = self.lib.canvas_set_margins(self.handle, Insets(top, leading, bottom, trailing))
        self._check(status, "canvas_set_margins")

    def set_anchor(self, x: float, y: float) -> None:
        self._check(self.lib.canvas_set_content_anchor(self.handle, Point(x, y)), "canvas_set_content_anchor")

    def set_direction(self, direction: int) -> None:
        self._check(self.lib.canvas_set_layout_direction(self.handle, direction), "canvas_set_layout_direction")

    # -- resolve and results --

    def resolve(self) -> None:
        self._check(self.lib.canvas_resolve(self.handle), "canvas_resolve")

    def frames(self) -> list[tuple[float, float, float, float]]:
        """The resolved frames, in data order, as (x, y, width, height) tuples."""
        return [tuple(frame) for frame in self._copy("canvas_copy_frames", Rect)]

    def frames_buffer(self) -> array:
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

    def content_size(self) -> tuple[float, float]:
        out = Size()
        self._check(self.lib.canvas_get_content_size(self.handle, ctypes.byref(out)), "canvas_get_content_size")
        return tuple(out)

    def content_bounds(self) -> tuple[float, float, float, float]:
        out = Rect()
        self._check(
            self.lib.canvas_get_content_bounds(self.handle, ctypes.byref(out)), "canvas_get_content_bounds"
        )
        return tuple(out)

    # -- shared helpers --

    def _copy(self, function: str, element, *args) -> list:
        """Runs a canvas_copy_* call twice: once for the count, once to fill."""
        call = getattr(self.lib, function)
        count = c_size_t(0)
        self._check(call(self.handle, *args, None, 0, ctypes.byref(count)), function)
        buffer = (element * max(count.value, 1))()
        self._check(call(self.handle, *args, buffer, count.value, ctypes.byref(count)), function)
        return list(buffer[: count.value])

    def _published(self, function: str, *args) -> bool:
        flag = c_int(-1)
        self._check(getattr(self.lib, function)(self.handle, *args, ctypes.byref(flag)), function)
        return bool(flag.value)

    # -- sizing by id --

    def set_item_size(self, width: float, height: float) -> None:
        self._check(self.lib.canvas_set_item_size(self.handle, Size(width, height)), "canvas_set_item_size")

    def set_estimated_item_size(self, width: float, height: float) -> None:
        status = self.lib.canvas_set_estimated_item_size(self.handle, Size(width, height))
        self._check(status, "canvas_set_estimated_item_size")

    def set_measure(self, measure: Optional[Callable], user: Any = None, chunk_size: int = 0) -> None:
        """Sets a Python measure function: measure(user, id, index,
        proposal_width) -> (width, height). Raising fails the step; the
        exception text becomes the message. None removes it."""
        lib = self.lib
        if measure is None:
            status = lib.canvas_set_measure(self.handle, MEASURE_FN(), None, chunk_size)
            self._check(status, "canvas_set_measure")
            self._measure_fn = None
            self._measure_box = None
            return

        def trampoline(user_obj, item_id, index, proposal_width, size_out):
            width, height = measure(user_obj, item_id, index, proposal_width)
            size_out[0] = Size(width, height)
            return OK

        measure_fn = MEASURE_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(user)
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

    @property
    def pending_measurements(self) -> int:
        return self.lib.canvas_get_pending_measurements(self.handle)

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

    def viewport(self) -> tuple[float, float, float, float]:
        out = Rect()
        self._check(self.lib.canvas_get_viewport(self.handle, ctypes.byref(out)), "canvas_get_viewport")
        return tuple(out)

    def offset(self) -> tuple[float, float]:
        return self.viewport()[:2]

    def visible(self) -> list[int]:
        return self._copy("canvas_copy_visible", c_uint64)

    def appeared(self) -> list[int]:
        return self._copy("canvas_copy_appeared", c_uint64)

    def disappeared(self) -> list[int]:
        return self._copy("canvas_copy_disappeared", c_uint64)

    def update(self) -> tuple[list[int], list[int], list[int]]:
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

    # Animated (animated=True): from t (default: the engine's latest time)
    # over duration ms (default 300), moved by tick(); they return False.
    def _animation(self, duration: Optional[float], t: Optional[float]) -> tuple[float, float]:
        return (DURATION_DEFAULT if duration is None else duration, self._time(t))

    def scroll_to_id(self, item_id: int, anchor=(0.0, 0.0), animated: bool = False,
                     duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        if animated:
            call = self.lib.canvas_scroll_to_id_animated
            self._check(call(self.handle, item_id, Point(*anchor), *self._animation(duration, t)),
                        "canvas_scroll_to_id_animated")
            return False
        return self._published("canvas_scroll_to_id", item_id, Point(*anchor))

    def scroll_to_point(self, x: float, y: float, anchor=(0.0, 0.0), animated: bool = False,
                        duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        if animated:
            call = self.lib.canvas_scroll_to_point_animated
            self._check(call(self.handle, Point(x, y), Point(*anchor), *self._animation(duration, t)),
                        "canvas_scroll_to_point_animated")
            return False
        return self._published("canvas_scroll_to_point", Point(x, y), Point(*anchor))

    def scroll_to_rect(self, rect: Sequence[float], anchor=(0.0, 0.0), animated: bool = False,
                       duration: Optional[float] = None, t: Optional[float] = None) -> bool:
        if animated:
            call = self.lib.canvas_scroll_to_rect_animated
            self._check(call(self.handle, Rect(*rect), Point(*anchor), *self._animation(duration, t)),
                        "canvas_scroll_to_rect_animated")
            return False
        return self._published("canvas_scroll_to_rect", Rect(*rect), Point(*anchor))

    def page(self, direction: int, animated: bool = False, duration: Optional[float] = None,
             t: Optional[float] = None) -> bool:
        moved = c_int(-1)
        if animated:
            status = self.lib.canvas_page_animated(self.handle, direction, *self._animation(duration, t),
                                                   ctypes.byref(moved))
            self._check(status, "canvas_page_animated")
        else:
            self._check(self.lib.canvas_page(self.handle, direction, ctypes.byref(moved)), "canvas_page")
        return bool(moved.value)

    # -- backdrop --

    def set_backdrop(self, kind: int, spacing: float = 0.0, size: float = 0.0) -> None:
        self._check(self.lib.canvas_set_backdrop(self.handle, kind, spacing, size), "canvas_set_backdrop")

    def backdrop_tile(self) -> BackdropTile:
        out = BackdropTile()
        self._check(self.lib.canvas_get_backdrop_tile(self.handle, ctypes.byref(out)), "canvas_get_backdrop_tile")
        return out

    def backdrop_origins(self) -> list[tuple[float, float]]:
        return [tuple(p) for p in self._copy("canvas_copy_backdrop_origins", Point)]

    # -- zoom --

    def set_zoom_callback(self, callback: Optional[Callable], user: Any = None) -> None:
        """Sets a Python zoom callback: callback(user, event, scale). It may
        return a status (None counts as OK); raising fails the call."""
        lib = self.lib
        if callback is None:
            self._check(lib.canvas_set_zoom_callback(self.handle, ZOOM_FN(), None), "canvas_set_zoom_callback")
            self._zoom_fn = None
            self._zoom_box = None
            return

        def trampoline(user_obj, event, scale):
            result = callback(user_obj, event, scale)
            return OK if result is None else int(result)

        zoom_fn = ZOOM_FN(self._guarded(trampoline))
        user_box = ctypes.py_object(user)
        status = lib.canvas_set_zoom_callback(self.handle, zoom_fn, ctypes.addressof(user_box))
        self._check(status, "canvas_set_zoom_callback")
        self._zoom_fn = zoom_fn
        self._zoom_box = user_box

    def set_zoom_axis(self, axis: int) -> None:
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

    @property
    def zoom(self) -> float:
        out = c_double(float("nan"))
        self._check(self.lib.canvas_get_zoom(self.handle, ctypes.byref(out)), "canvas_get_zoom")
        return out.value

    def pinch(self, phase: int, scale: float = 1.0, touches: int = 2, location=(0.0, 0.0)) -> None:
        self._check(self.lib.canvas_pinch(self.handle, phase, scale, touches, Point(*location)), "canvas_pinch")

    def touches(self, fingers: Sequence[Sequence[float]]) -> None:
        fingers = list(fingers)
        array = (Point * len(fingers))(*(Point(x, y) for x, y in fingers)) if fingers else None
        self._check(self.lib.canvas_touches(self.handle, array, len(fingers)), "canvas_touches")

    def two_finger_tap(self) -> None:
        self._check(self.lib.canvas_two_finger_tap(self.handle), "canvas_two_finger_tap")

    # -- selection --

    def select_at(self, x: float, y: float) -> tuple[int, Optional[int]]:
        """Returns (result, id): id is None unless the result is SELECT_SELECTED."""
        item_id = c_uint64(0)
        result = c_int(-1)
        status = self.lib.canvas_select_at(self.handle, Point(x, y), ctypes.byref(item_id), ctypes.byref(result))
        self._check(status, "canvas_select_at")
        return result.value, (item_id.value if result.value == SELECT_SELECTED else None)

    def select_id(self, item_id: int) -> None:
        self._check(self.lib.canvas_select_id(self.handle, item_id), "canvas_select_id")

    def deselect_id(self, item_id: int) -> None:
        self._check(self.lib.canvas_deselect_id(self.handle, item_id), "canvas_deselect_id")

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

    def frame(self, item_id: int) -> tuple[float, float, float, float]:
        out = Rect()
        self._check(self.lib.canvas_get_frame(self.handle, item_id, ctypes.byref(out)), "canvas_get_frame")
        return tuple(out)

    def tick(self, t: float) -> dict:
        """Advances motion to t: {moved, active, phase, published, fading}."""
        out = TickResult()
        self._check(self.lib.canvas_tick(self.handle, t, ctypes.byref(out)), "canvas_tick")
        return {"moved": bool(out.moved), "active": bool(out.active), "phase": PHASE_NAMES[out.phase],
                "published": bool(out.published), "fading": bool(out.fading)}

    def _pointer(self, phase: int, x: float, y: float, t: float, shift: bool) -> None:
        status = self.lib.canvas_pointer_event(self.handle, phase, Point(x, y), MODIFIER_SHIFT if shift else 0, t)
        self._check(status, "canvas_pointer_event")

    def pointer_down(self, x: float, y: float, t: float, shift: bool = False) -> None:
        self._pointer(POINTER_DOWN, x, y, t, shift)

    def pointer_move(self, x: float, y: float, t: float, shift: bool = False) -> None:
        self._pointer(POINTER_MOVE, x, y, t, shift)

    def pointer_up(self, x: float, y: float, t: float, shift: bool = False) -> None:
        self._pointer(POINTER_UP, x, y, t, shift)

    def pointer_cancel(self, x: float, y: float, t: float) -> None:
        self._pointer(POINTER_CANCEL, x, y, t, False)

    def fling(self, vx: float, vy: float, t: float) -> None:
        self._check(self.lib.canvas_fling(self.handle, Point(vx, vy), t), "canvas_fling")

    def wheel(self, dx: float, dy: float, x: float = 0.0, y: float = 0.0, t: Optional[float] = None,
              mode: str = "pixel", shift: bool = False, ctrl: bool = False) -> None:
        event = WheelEvent(dx, dy, _index(WHEEL_MODES, mode, "wheel mode"), int(shift), int(ctrl),
                           Point(x, y), self._time(t))
        self._check(self.lib.canvas_wheel(self.handle, ctypes.byref(event)), "canvas_wheel")

    def crown(self, delta: float, t: float) -> None:
        self._check(self.lib.canvas_rotary(self.handle, delta, t), "canvas_rotary")

    def key(self, name: str, t: float) -> None:
        self._check(self.lib.canvas_key(self.handle, _index(KEY_NAMES, name, "key"), t), "canvas_key")

    def set_motion(self, deceleration=None, bounce: Optional[str] = None, scroll_enabled: Optional[bool] = None,
                   indicators: Optional[str] = None, pan_axis: Optional[str] = None,
                   crown_axis: Optional[str] = None) -> None:
        """Motion settings by name, as the Lua description's motion table;
        deceleration is "normal", "fast" or a rate in (0, 1)."""
        lib, h = self.lib, self.handle
        if deceleration is not None:
            rate = {"normal": DECELERATION_NORMAL, "fast": DECELERATION_FAST}.get(deceleration, deceleration)
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

    def motion(self) -> dict:
        """{phase, velocity: (vx, vy), moving, projected_end: (x, y) or None, t}."""
        m = self._motion()
        return {"phase": PHASE_NAMES[m.phase], "velocity": tuple(m.velocity), "moving": bool(m.moving),
                "projected_end": tuple(m.projected_end) if m.has_projected_end else None, "t": m.time_ms}

    def indicators(self) -> dict:
        """{horizontal, vertical}: each {track, thumb, opacity} or None."""
        h, v = Indicator(), Indicator()
        self._check(self.lib.canvas_get_indicators(self.handle, ctypes.byref(h), ctypes.byref(v)),
                    "canvas_get_indicators")

        def shown(i: Indicator):
            return {"track": tuple(i.track), "thumb": tuple(i.thumb), "opacity": i.opacity} if i.shown else None

        return {"horizontal": shown(h), "vertical": shown(v)}

    def zoom_to_fit(self, region: Optional[Sequence[float]] = None, padding: float = 0.0, animated: bool = False,
                    duration: Optional[float] = None, t: Optional[float] = None) -> None:
        """Fits region (zoomed content coordinates; None: every item)."""
        rect = ctypes.byref(Rect(*region)) if region is not None else None
        status = self.lib.canvas_zoom_to_fit(self.handle, rect, padding, int(animated),
                                             DURATION_DEFAULT if duration is None else duration, self._time(t))
        self._check(status, "canvas_zoom_to_fit")


def _index(names: Sequence[str], name: str, what: str) -> int:
    if name not in names:
        raise ValueError(f"unknown {what} {name!r}: expected one of {', '.join(names)}")
    return names.index(name)


def is_nan(value: float) -> bool:
    return isinstance(value, float) and math.isnan(value)
