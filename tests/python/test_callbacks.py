"""Python callbacks under stress: close() from inside one, and exceptions
that are hard to turn into a message or must not be swallowed."""
from __future__ import annotations

import math
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import canvas
from canvas import _native as cv

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "python"

# -- close() inside a callback -------------------------------------------------
#
# Freeing the callback while the engine still calls it crashes the process,
# so each case runs in a child: a crash is a failed test, not a dead run.

PRELUDE = """
import gc
import canvas

calls, strays, decoys = [], [], []
engine = canvas.Engine()

def stray(*args):
    strays.append(args)
    return canvas.ERR_CALLBACK

def closing(result, prototype):
    def callback(*args):
        calls.append(args)
        engine.close()
        gc.collect()  # whatever close() let go of is freed now, and the decoys
        decoys.extend(prototype(stray) for _ in range(8))  # take its memory
        return result
    return callback
"""

CLOSE_CASES = {
    "measure": """
        engine.set_estimated_item_size(5, 5)
        engine.set_items(None, count=5)
        engine.set_measure(closing((10, 10), canvas._native.MEASURE_FN))
        result = engine.step()
        assert len(calls) == 5, calls  # the engine kept calling the callback after close()
        assert result in (canvas.STEP_MEASURED, canvas.STEP_RESOLVED), result
    """,
    "place": """
        engine.set_items([(10, 10)] * 3)
        engine.set_custom(closing([(0, 0, 10, 10)] * 3, canvas._native.PLACE_FN))
        engine.resolve()
        assert len(calls) == 1
    """,
    "zoom": """
        engine.set_items([(10, 10)] * 3)
        engine.resolve()
        engine.set_zoom_callback(closing(None, canvas._native.ZOOM_FN))
        engine.set_zoom(2)
        assert calls
    """,
    "failing place": """
        engine.set_items([(10, 10)] * 3)
        def place(sizes, proposal):
            engine.close()
            gc.collect()
            raise ValueError("closed and failed")
        engine.set_custom(place)
        try:
            engine.resolve()
        except canvas.CanvasError as error:
            assert error.status == canvas.ERR_CALLBACK and "closed and failed" in error.message, error
        else:
            raise AssertionError("resolve succeeded")
    """,
}


def run_child(body: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE), SWIFT_BACKTRACE="enable=no")
    code = PRELUDE + textwrap.dedent(body) + """
assert not strays, strays  # the engine called a freed callback, now someone else's
assert engine.handle is None  # closed once the engine call returned
try:
    engine.resolve()
except canvas.CanvasError as error:
    assert error.status == canvas.ERR_NULL, error
print("ok")
"""
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("case", sorted(CLOSE_CASES))
def test_close_inside_a_callback_waits_for_the_engine_call(case):
    child = run_child(CLOSE_CASES[case])
    assert (child.returncode, child.stdout.strip()) == (0, "ok"), child.stderr[-2000:]


def test_close_inside_a_callback_of_another_engine_is_immediate(lib):
    other = canvas.Engine()
    with canvas.Engine() as engine:
        engine.set_items([(10, 10)])
        engine.set_layout(lambda sizes, proposal: other.close() or [(0, 0, 10, 10)])
        engine.resolve()
        assert other.handle is None and engine.handle is not None


# -- exceptions that must still fail the call ---------------------------------


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


def raising(error):
    def callback(*args):
        raise error

    return callback


@pytest.fixture
def laid_out():
    with canvas.Engine() as engine:
        engine.set_items([(10, 10), (20, 20)])
        engine.set_flow()
        engine.resolve()
        yield engine


@pytest.mark.parametrize(
    "error, text",
    [
        (Unprintable(), "Unprintable (its message could not be read: RuntimeError)"),
        (ValueError("bad \udcff id"), "bad \\udcff id"),
        (ValueError("nul \0 inside"), "nul \\0 inside"),
        (ValueError(""), "ValueError"),
    ],
)
def test_a_place_failure_that_is_hard_to_print_still_fails_the_resolve(laid_out, error, text):
    before = laid_out.frames()
    laid_out.set_custom(raising(error))
    with pytest.raises(canvas.CanvasError) as info:
        laid_out.resolve()
    assert (info.value.status, info.value.message) == (canvas.ERR_CALLBACK, text)
    assert info.value.__cause__ is error
    assert laid_out.frames() == before


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)], ids=["KeyboardInterrupt", "SystemExit"])
def test_interrupts_in_place_fail_the_resolve_then_propagate_as_themselves(laid_out, error):
    before = laid_out.frames()
    laid_out.set_custom(raising(error))
    with pytest.raises(type(error)) as info:
        laid_out.resolve()
    assert info.value is error
    assert laid_out.frames() == before
    assert laid_out.last_error() == str(error) or type(error).__name__
    laid_out.set_flow()
    laid_out.resolve()  # nothing is left over for the next call
    assert laid_out.frames() == before


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(0), Unprintable()])
def test_measure_failures_change_nothing(error):
    with canvas.Engine() as engine:
        engine.set_estimated_item_size(5, 5)
        engine.set_items(None, count=3)
        engine.set_measure(raising(error))
        with pytest.raises((type(error), canvas.CanvasError)) as info:
            engine.step()
        if isinstance(error, Exception):
            assert info.value.status == canvas.ERR_CALLBACK
        else:
            assert info.value is error
        assert engine.pending_measurements() == 3
        engine.resolve()
        assert [w for _, _, w, _ in engine.frames()] == [5, 5, 5]


@pytest.mark.parametrize("error", [KeyboardInterrupt(), Unprintable()])
def test_zoom_callback_failures_roll_the_zoom_back(laid_out, error):
    laid_out.set_zoom_callback(raising(error))
    with pytest.raises((type(error), canvas.CanvasError)):
        laid_out.set_zoom(2)
    assert laid_out.zoom() == 1


@pytest.mark.parametrize("status", [2**32, -(2**31) - 1, 2.0, "1"])
def test_a_zoom_status_that_is_no_c_int_fails_the_call(laid_out, status):
    laid_out.set_zoom_callback(lambda event, scale: status)
    with pytest.raises(canvas.CanvasError) as info:
        laid_out.set_zoom(2)
    assert info.value.status == canvas.ERR_CALLBACK
    assert laid_out.zoom() == 1


@pytest.mark.parametrize(
    "place",
    [
        lambda sizes, proposal: [(0, 0, 10)] * len(sizes),  # three numbers
        lambda sizes, proposal: [("x", 0, 10, 10)] * len(sizes),
        lambda sizes, proposal: 42,  # not iterable
        lambda sizes, proposal: iter(lambda: 1 / 0, None),  # fails while iterated
    ],
    ids=["short frame", "text in a frame", "not a sequence", "raising iterator"],
)
def test_frames_python_cannot_convert_fail_the_resolve(laid_out, place):
    before = laid_out.frames()
    laid_out.set_layout(place)
    with pytest.raises(canvas.CanvasError) as info:
        laid_out.resolve()
    assert info.value.status == canvas.ERR_CALLBACK and info.value.message
    assert laid_out.frames() == before


@pytest.fixture
def unraisable(monkeypatch):
    """What reached ctypes: an exception escaping a callback goes to
    sys.unraisablehook ("Exception ignored on calling ctypes callback
    function"), and ctypes hands C whatever was in the return slot."""
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda info: seen.append(info.exc_value))
    return seen


def test_the_guard_never_lets_an_exception_reach_ctypes(laid_out, unraisable):
    for error in (Unprintable(), ValueError("\udcff"), KeyboardInterrupt()):
        laid_out.set_custom(raising(error))
        with pytest.raises(BaseException):
            laid_out.resolve()
    assert unraisable == []


def test_message_of_survives_anything():
    assert cv._message_of(Unprintable()) == b"Unprintable (its message could not be read: RuntimeError)"
    assert cv._message_of(KeyboardInterrupt()) == b"KeyboardInterrupt"


def test_a_real_ctrl_c_inside_a_callback_interrupts_the_resolve(laid_out):
    """SIGINT while a place function runs: Python raises KeyboardInterrupt in
    the callback; the resolve fails, keeps its frames, and the interrupt
    reaches the caller."""
    import signal
    import threading
    import time

    before = laid_out.frames()
    seen = {"handler ran": False}

    def on_interrupt(signum, frame):
        seen["handler ran"] = True
        raise KeyboardInterrupt

    def place(sizes, proposal):
        seen["inherited"] = (previous, signal.pthread_sigmask(signal.SIG_BLOCK, []))
        # To this thread, so it is delivered before the call returns.
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # Python runs the handler between bytecodes
            pass
        return [(0, 0, w, h) for w, h in sizes]

    laid_out.set_layout(place)
    # A handler of the test's own, and SIGINT unblocked, whatever this process
    # inherited: CI's run failed here twice (no KeyboardInterrupt in 10 s)
    # where every run by hand passed; `seen` says which way if it ever does again.
    previous = signal.signal(signal.SIGINT, on_interrupt)
    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    try:
        raised = False
        try:
            laid_out.resolve()
        except KeyboardInterrupt:
            raised = True
        assert raised, f"the resolve was not interrupted: {seen}, blocked before: {blocked}"
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        signal.signal(signal.SIGINT, previous)
    assert laid_out.frames() == before


# -- a seeded run of hostile callbacks -------------------------------------------


def hostile_frames(rng, count):
    """What a careless or hostile place function returns (or raises)."""
    good = [(rng.uniform(-500, 500), rng.uniform(-500, 500), rng.uniform(0, 50), rng.uniform(0, 50))
            for _ in range(count)]
    choices = [
        lambda: good,
        lambda: good[:-1] if good else [(0, 0, 1, 1)],  # one frame short, or one too many
        lambda: [frame[:3] for frame in good] or [(0, 0, 1)],
        lambda: [(str(x), y, w, h) for x, y, w, h in good] or ["x"],
        lambda: [(10**400, 0, 1, 1)] * count or [None],  # too big for a double
        lambda: [(math.nan, 0, 1, 1)] * count or [()],
        lambda: None,
        lambda: iter(lambda: 1 / 0, None),
    ]
    errors = [ValueError("plain"), Unprintable(), ValueError("\udcff\0"), KeyboardInterrupt(), SystemExit(1),
              RecursionError("deep")]
    pick = rng.randrange(len(choices) + len(errors))
    if pick < len(choices):
        return choices[pick]()
    raise errors[pick - len(choices)]


def test_hostile_place_functions_fail_cleanly_or_succeed_wholly(unraisable):
    """Seeded: whatever a place function does, resolve either succeeds with
    what a well-behaved copy of the same frames gives, or fails with a
    CanvasError (or the interrupt itself) and keeps the previous frames."""
    import random

    rng = random.Random(12)
    with canvas.Engine() as engine, canvas.Engine() as reference:
        for _ in range(300):
            count = rng.randrange(0, 5)
            sizes = [(rng.uniform(0, 50), rng.uniform(0, 50)) for _ in range(count)]
            engine.set_items(sizes)
            engine.set_flow()
            engine.resolve()
            before = engine.frames()
            answer = []

            def place(sizes, proposal):
                answer.append(hostile_frames(rng, len(sizes)))
                return answer[-1]

            engine.set_layout(place)
            try:
                engine.resolve()
            except (canvas.CanvasError, KeyboardInterrupt, SystemExit) as error:
                if isinstance(error, canvas.CanvasError):
                    assert error.status in (canvas.ERR_CALLBACK, canvas.ERR_BAD_LAYOUT), error
                assert engine.frames() == before
            else:
                reference.set_items(sizes)
                reference.set_layout(lambda sizes, proposal: answer[-1])
                reference.resolve()
                assert engine.frames() == reference.frames()
    assert unraisable == []
