"""pytest tests of items and frames from buffers (python/canvas/_buffers.py):
numpy arrays, array.array and read-only buffers give what lists give."""
from __future__ import annotations

import random
import struct
from array import array

import pytest

from canvas._native import Engine

numpy = pytest.importorskip("numpy")


def laid_out(engine):
    engine.set_grid(7, 3, 2)
    engine.resolve()
    return engine.ids(), engine.frames()


def test_sizes_from_buffers_match_lists(lib):
    rng = random.Random(20)
    sizes = [(rng.uniform(1, 90), rng.uniform(1, 90)) for _ in range(500)]
    ids = rng.sample(range(1, 10**12), 500)
    flat = [v for size in sizes for v in size]
    sources = {
        "numpy (n, 2)": numpy.array(sizes, dtype=numpy.float64),
        "numpy flat": numpy.array(flat, dtype=numpy.float64),
        "array('d')": array("d", flat),
        "read-only memoryview": memoryview(struct.pack(f"{len(flat)}d", *flat)).cast("d"),
        "read-only numpy": numpy.array(sizes, dtype=numpy.float64),
    }
    sources["read-only numpy"].setflags(write=False)
    with Engine(lib) as engine:
        engine.set_items(sizes, ids=ids)
        want = laid_out(engine)
    for name, source in sources.items():
        for id_source in (ids, numpy.array(ids, dtype=numpy.uint64), array("Q", ids)):
            with Engine(lib) as engine:
                engine.set_items(source, ids=id_source)
                assert laid_out(engine) == want, name


def test_frames_from_buffers_match_lists(lib):
    rng = random.Random(21)
    frames = [(rng.uniform(-500, 500), rng.uniform(-500, 500), rng.uniform(0, 60), rng.uniform(0, 60))
              for _ in range(300)]
    ids = list(range(100, 400))
    with Engine(lib) as engine:
        engine.set_item_frames(frames, ids=ids)
        engine.resolve()
        want = (engine.ids(), engine.frames())
    with Engine(lib) as engine:
        engine.set_item_frames(numpy.array(frames), ids=numpy.array(ids, dtype=numpy.uint64))
        engine.resolve()
        assert (engine.ids(), engine.frames()) == want


def test_bad_buffers_are_refused_before_c(lib):
    with Engine(lib) as engine:
        with pytest.raises(TypeError, match="float64"):
            engine.set_items(numpy.ones((4, 2), dtype=numpy.float32))
        with pytest.raises(ValueError, match=r"shape \(n, 2\)"):
            engine.set_items(numpy.ones((4, 3)))
        with pytest.raises(ValueError, match="whole number"):
            engine.set_items(array("d", [1, 2, 3]))
        with pytest.raises(ValueError, match="contiguous"):
            engine.set_items(numpy.ones((8, 2))[::2])
        with pytest.raises(TypeError, match="uint64"):
            engine.set_items(numpy.ones((2, 2)), ids=numpy.array([1, 2], dtype=numpy.int64))
        with pytest.raises(ValueError, match="3 ids for 2 sizes"):
            engine.set_items(numpy.ones((2, 2)), ids=numpy.array([1, 2, 3], dtype=numpy.uint64))
        with pytest.raises(ValueError, match="2 ids for 3 frames"):
            engine.set_item_frames(numpy.ones((3, 4)), ids=[1, 2])
        assert engine.item_count() == 0
        engine.set_items(numpy.empty((0, 2)))
        assert engine.item_count() == 0
