"""Canvas for Python: a headless 2D canvas layout and viewport engine.

    import canvas

    with canvas.Engine() as engine:
        engine.set_items([(80, 60), (40, 40), (120, 90)])
        engine.set_layout(lambda sizes, proposal: [(-100 * i, 0, w, h) for i, (w, h) in enumerate(sizes)])
        engine.resolve()
        print(engine.content_size(), engine.frames())

Layouts are Python callables over sizes; the engine normalizes, mirrors,
anchors and sizes what they return. Failures raise ``CanvasError`` with the
engine's message. Reads are methods (``engine.zoom()``, ``engine.item_count()``),
writes are ``set_*`` methods. The engine is libcanvas.so, reached through ctypes:
see ``canvas._native`` for the one-to-one C calls and where the library is found.
"""

from . import _native
from ._native import ABI_VERSION, VERSION, CanvasError, Engine, library_path, load
from ._version import __version__

__all__ = ["ABI_VERSION", "VERSION", "CanvasError", "Engine", "library_path", "load", "__version__"]

# The constants mirroring canvas.h (canvas.FLOW_ALIGN_TOP, canvas.ZOOM_BOTH, …).
globals().update({name: getattr(_native, name) for name in dir(_native) if name.isupper()})

