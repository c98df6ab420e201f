"""A ctypes client for libcanvas.so, written against include/canvas.h.

Two levels:

* ``load()`` returns the ``ctypes.CDLL`` with ``argtypes``/``restype``
  declared for every function in canvas.h, for tests that want to make the
  exact C calls (NULL pointers, small buffers, raw callbacks).
* ``Engine`` wraps one ``canvas_engine *`` in Python terms: failures raise
  ``CanvasError`` carrying the status and the engine's last error, and a
  custom layout is any Python callable.

The library comes from ``$CANVAS_LIB``, or ``.build/debug/libcanvas.so``
under the repository root.
"""

from __future__ import annotations

import ctypes
import math
import os
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

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_LIB = REPO_ROOT / ".build" / "debug" / "libcanvas.so"

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


# canvas_status (*canvas_place_fn)(void *user, const canvas_size *sizes, size_t count,
#                                  double proposal_width, double proposal_height,
#                                  canvas_rect *frames_out);
PLACE_FN = CFUNCTYPE(c_int, c_void_p, POINTER(Size), c_size_t, c_double, c_double, POINTER(Rect))

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
}

FUNCTIONS = tuple(_PROTOTYPES)

_loaded: dict[str, ctypes.CDLL] = {}


def library_path() -> str:
    return os.environ.get("CANVAS_LIB") or str(DEFAULT_LIB)


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


class Engine:
    """One canvas_engine, freed by close() (or the with statement)."""

    def __init__(self, lib: Optional[ctypes.CDLL] = None):
        self.lib = lib or load()
        handle = self.lib.canvas_engine_create()
        if not handle:
            raise MemoryError("canvas_engine_create returned NULL")
        self.handle = handle
        # Kept alive for as long as the engine may call them.
        self._place_fn = None
        self._user_box = None

    # -- life cycle --

    def close(self) -> None:
        if self.handle:
            self.lib.canvas_engine_destroy(self.handle)
            self.handle = None
        self._place_fn = None
        self._user_box = None

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

    def set_items(self, sizes: Iterable[Sequence[float]], ids: Optional[Sequence[int]] = None) -> None:
        sizes = list(sizes)
        count = len(sizes)
        size_array = (Size * count)(*(Size(w, h) for w, h in sizes)) if count else None
        id_array = (c_uint64 * len(ids))(*ids) if ids is not None else None
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

    def set_custom(self, place: PlaceCallable, user: Any = None) -> None:
        """Selects a custom layout run by a Python callable.

        user travels through the engine as a real void *: the address of a
        py_object cell holding it, turned back into the object on each call.
        """
        lib = self.lib
        engine = self

        def trampoline(user_ptr, sizes, count, proposal_width, proposal_height, frames_out):
            try:
                user_obj = ctypes.cast(user_ptr, POINTER(ctypes.py_object)).contents.value
                size_list = [(sizes[i].width, sizes[i].height) for i in range(count)]
                frames = list(place(user_obj, size_list, (proposal_width, proposal_height)))
                if len(frames) != count:
                    raise ValueError(f"place returned {len(frames)} frames for {count} items")
                for i, frame in enumerate(frames):
                    frames_out[i] = Rect(*frame)
                return OK
            except BaseException as error:  # never let an exception cross into C
                text = str(error) or type(error).__name__
                lib.canvas_callback_error(engine.handle, text.encode("utf-8"))
                return ERR_CALLBACK

        place_fn = PLACE_FN(trampoline)
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
        count = c_size_t(0)
        self._check(self.lib.canvas_copy_frames(self.handle, None, 0, ctypes.byref(count)), "canvas_copy_frames")
        buffer = (Rect * max(count.value, 1))()
        self._check(
            self.lib.canvas_copy_frames(self.handle, buffer, count.value, ctypes.byref(count)),
            "canvas_copy_frames",
        )
        return [tuple(buffer[i]) for i in range(count.value)]

    def ids(self) -> list[int]:
        count = c_size_t(0)
        self._check(self.lib.canvas_copy_ids(self.handle, None, 0, ctypes.byref(count)), "canvas_copy_ids")
        buffer = (c_uint64 * max(count.value, 1))()
        self._check(
            self.lib.canvas_copy_ids(self.handle, buffer, count.value, ctypes.byref(count)), "canvas_copy_ids"
        )
        return list(buffer[: count.value])

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


def is_nan(value: float) -> bool:
    return isinstance(value, float) and math.isnan(value)
