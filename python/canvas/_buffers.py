"""Items and frames straight from a buffer: numpy arrays, array.array, or any
contiguous buffer of doubles (ids: of uint64), handed to C without a Python
loop over the items. The list path stays for lists and tuples.

    engine.set_items(numpy.column_stack([widths, heights]))       # (n, 2) float64
    engine.set_item_frames(array("d", [x, y, w, h, ...]), ids=numpy.arange(1, n + 1, dtype=numpy.uint64))
"""
from __future__ import annotations

import ctypes
from ctypes import c_double, c_uint64
from typing import Any, Optional

__all__ = ["as_doubles", "as_uint64"]

_DOUBLE_FORMATS = {"d", "<d", "=d", "@d"}
# numpy's uint64 is "L" on LP64 systems, array('Q') is "Q".
_UINT64_FORMATS = {"Q", "<Q", "=Q", "@Q", "L", "<L", "=L", "@L"}


def _view(obj: Any) -> Optional[memoryview]:
    if isinstance(obj, (list, tuple)):
        return None
    try:
        return memoryview(obj)
    except TypeError:
        return None


def _c_array(view: memoryview, element: Any, count: int) -> Any:
    """The buffer as a ctypes array of count elements: shared when writable,
    else one C copy (memcpy) of its bytes."""
    kind = element * max(count, 1)
    if count == 0:
        return kind()
    flat = view.cast("B")
    if view.readonly:
        return kind.from_buffer_copy(flat)
    return kind.from_buffer(flat)


def _check_contiguous(view: memoryview, what: str) -> None:
    if not view.c_contiguous:
        raise ValueError(f"{what}: the buffer is not C-contiguous (numpy: numpy.ascontiguousarray)")


def as_doubles(obj: Any, per_item: int, what: str) -> Optional[tuple[Any, int]]:
    """(ctypes double array, item count) when obj is a buffer of doubles
    holding per_item doubles an item (flat, or shaped (n, per_item)); None
    for anything that is not a buffer (the caller reads it as a sequence)."""
    view = _view(obj)
    if view is None:
        return None
    _check_contiguous(view, what)
    if view.format not in _DOUBLE_FORMATS or view.itemsize != 8:
        raise TypeError(f"{what}: expected a buffer of doubles (float64), got format {view.format!r}")
    if view.ndim > 1 and view.shape[-1] != per_item:
        raise ValueError(f"{what}: expected shape (n, {per_item}), got {tuple(view.shape)}")
    doubles = view.nbytes // 8
    if doubles % per_item:
        raise ValueError(f"{what}: {doubles} doubles is not a whole number of items of {per_item}")
    count = doubles // per_item
    return _c_array(view, c_double, doubles), count


def as_uint64(obj: Any, what: str) -> Optional[tuple[Any, int]]:
    """(ctypes uint64 array, count) when obj is a buffer of uint64; None for
    anything that is not a buffer."""
    view = _view(obj)
    if view is None:
        return None
    _check_contiguous(view, what)
    if view.format not in _UINT64_FORMATS or view.itemsize != 8:
        raise TypeError(f"{what}: expected a buffer of uint64, got format {view.format!r}"
                        " (numpy: .astype(numpy.uint64); array('Q'))")
    count = view.nbytes // 8
    return _c_array(view, c_uint64, count), count


def pointer_to(array: Any, kind: Any) -> Any:
    """The array as a POINTER(kind) argument (the array stays referenced by the caller)."""
    return ctypes.cast(array, ctypes.POINTER(kind))
