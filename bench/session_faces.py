"""The session benchmark's pan and level-of-detail phases through Python
(scripts/bench-session): python3 bench/session_faces.py FILE N X Y FIT.

FILE holds bench/session.c's cards (N * 4 doubles: x, y, width, height), read
with numpy and handed over as one buffer (Engine.set_item_frames); X, Y the
viewport's opening offset; FIT the fitted zoom. A frame is the host's input,
tick(t), and visible_items() (and clusters()) when publish_count() moved.
Prints a JSON line per phase, times in microseconds (time.perf_counter).
"""
import json
import os
import sys
import time

import numpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from canvas import _native as cv  # noqa: E402

path, n, x, y, fit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
budget = float(os.environ.get("SESSION_BUDGET", "10"))
frames = numpy.fromfile(path, dtype=numpy.float64, count=4 * n).reshape(n, 4)

clock = time.perf_counter
opened = clock()
c = cv.Engine(cv.load(os.environ.get("CANVAS_LIB")))
c.set_item_frames(frames)
c.resolve()
c.set_zoom_axis(cv.ZOOM_BOTH)
c.set_zoom_limits(fit, 8)
c.set_viewport(1280, 800, x, y)
c.set_lod()
open_s = clock() - opened
state = {"t": 1000.0, "last": c.publish_count()}


def frame(input_, lod):
    state["t"] += 1000 / 60
    start = clock()
    if input_:
        input_()
    tick = c.tick(state["t"])
    count = c.publish_count()
    if count != state["last"]:
        state["last"] = count
        c.visible_items()
        if lod:
            c.clusters()
    return clock() - start, tick


def report(name, times, planned, capped):
    times.sort()

    def at(p):
        return times[int(p * (len(times) - 1))] * 1e6 if times else 0

    print(json.dumps({"face": "python", "phase": name, "frames": len(times), "planned": planned, "capped": capped,
                      "p50_us": at(0.5), "p95_us": at(0.95), "p99_us": at(0.99),
                      "max_us": times[-1] * 1e6 if times else 0, "open_s": open_s}), flush=True)


def drag(name, dx, dy, lod):
    times, started, capped, tick = [], clock(), False, {"active": False}
    px, py = 640, 400
    for i in range(0, 662):
        t = state["t"] + 1000 / 60
        if i == 0:
            input_ = lambda: c.pointer_down(px, py, t)  # noqa: E731
        elif i <= 60:
            input_ = lambda: c.pointer_move(px + dx * i, py + dy * i, t)  # noqa: E731
        elif i == 61:
            input_ = lambda: c.pointer_up(px + dx * 60, py + dy * 60, t)  # noqa: E731
        elif not tick["active"]:
            break
        else:
            input_ = None
        seconds, tick = frame(input_, lod)
        times.append(seconds)
        if clock() - started > budget:
            capped = True
            break
    report(name, times, 662 if capped else len(times), capped)
    c.pointer_down(1, 1, state["t"])
    c.pointer_cancel(1, 1, state["t"])


drag("drag-pan and fling at zoom 1", -12, -8, True)
c.set_zoom(fit)
c.tick(state["t"])
state["last"] = c.publish_count()
drag("pan at the fitted zoom (LOD)", 6, 4, True)
