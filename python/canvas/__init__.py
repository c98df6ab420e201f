"""Canvas for Python: a headless 2D canvas layout and viewport engine.

    import canvas

    with canvas.Engine() as engine:
        engine.set_items([(80, 60), (40, 40), (120, 90)])
        engine.set_layout(lambda sizes, proposal: [(-100 * i, 0, w, h) for i, (w, h) in enumerate(sizes)])
        engine.resolve()
        print(engine.content_size(), engine.frames())

Layouts are Python callables over sizes; the engine normalizes, mirrors,
anchors and sizes what they return. Failures raise ``CanvasError`` with the
engine's message, as a subclass by status that is also the fitting Python
exception (``InvalidArgumentError`` is a ``ValueError``, ``NotFoundError`` a
``LookupError``). canvas.h's constants are here without the ``CANVAS_``
prefix (``canvas.ZOOM_BOTH``) and as IntEnums (``canvas.ZoomAxis.BOTH``). Reads are methods (``engine.zoom()``, ``engine.item_count()``),
writes are ``set_*`` methods. The engine is libcanvas.so, reached through ctypes:
see ``canvas._native`` for the one-to-one C calls and where the library is found.
"""

from . import _constants
from ._constants import *  # noqa: F401,F403  (canvas.h's constants and enums; _constants.__all__ names them)
from ._errors import (
    BadLayoutError,
    BufferTooSmallError,
    BusyError,
    CallbackError,
    CanvasError,
    InvalidArgumentError,
    NonFiniteError,
    NotFoundError,
    NullError,
    OutOfMemoryError,
)
from ._native import VERSION, Engine, library_path, load
from ._version import __version__

__all__ = [
    "VERSION", "Engine", "library_path", "load", "__version__",
    "CanvasError", "BadLayoutError", "BufferTooSmallError", "BusyError", "CallbackError", "InvalidArgumentError",
    "NonFiniteError", "NotFoundError", "NullError", "OutOfMemoryError",
]
__all__ += _constants.__all__
