"""Canvas from Python as a type checker sees it: the constants and enums of
canvas.h, the exceptions, and callbacks without a user argument.
tests/python/typecheck runs mypy --strict and pyright over this file and
python/README.md's example; tests/python/test_typing.py runs it."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import canvas


def row(sizes: List[Tuple[float, float]], proposal: Tuple[Optional[float], Optional[float]]) -> List[Sequence[float]]:
    """A layout: items in a row going left; the engine normalizes."""
    frames: List[Sequence[float]] = []
    x = 0.0
    for width, height in sizes:
        frames.append((x, 0.0, width, height))
        x -= width + 10
    return frames


def main() -> None:
    zooms: List[Tuple[canvas.ZoomEvent, float]] = []

    def on_zoom(event: canvas.ZoomEvent, scale: float) -> None:
        zooms.append((event, scale))

    with canvas.Engine() as engine:
        engine.set_items([(80, 60), (40, 40), (120, 90)])
        engine.set_layout(row)
        engine.set_content_size(canvas.ContentMode.AT_LEAST, 400, 100)
        engine.resolve()
        print(engine.content_size(), engine.frames())

        engine.set_flow(alignment=canvas.FLOW_ALIGN_TOP)
        engine.set_zoom_axis(canvas.ZOOM_BOTH)
        engine.set_zoom_callback(on_zoom)
        engine.set_zoom(2)
        assert zooms and zooms[-1][0] is canvas.ZoomEvent.DID_CHANGE

        try:
            engine.set_margins(top=float("nan"))
        except ValueError as error:  # a bad value is a ValueError, and a CanvasError
            assert isinstance(error, canvas.CanvasError) and error.status is canvas.Status.ERR_NON_FINITE
            print(error.message)


if __name__ == "__main__":
    main()
