"""Python handing items and frames over from a buffer, for bench/run.py
(issue 20: "within 2x of the C call at 1M"). Each face's call is timed in one
child process, interleaved, on the same 1,000,000 items of session_data-like
mixed sizes: the C call (canvas_set_items / canvas_set_item_frames called
through ctypes with the buffer's own pointer: the C function's cost, ctypes
adds about a microsecond) against Engine.set_items / Engine.set_item_frames
given a numpy array, an array.array and a plain memoryview. Medians of the
rounds, each in a shuffled order; a fresh engine each call, its making untimed.

Also runnable alone:  python3 bench/pybuffers.py --bin RELEASE_DIR [--count N] [--rounds R]"""

import json
import os
import subprocess
import sys

RATIO = 2.0
HERE = os.path.dirname(os.path.abspath(__file__))

# The child: everything timed lives here, so the parent's imports never
# share its heap. Prints one JSON object.
CHILD = r"""
import ctypes, json, random, statistics, sys, time
from array import array
import numpy
sys.path.insert(0, sys.argv[1])
import canvas
n, rounds = int(sys.argv[2]), int(sys.argv[3])
rng = numpy.random.default_rng(20)
# Mixed sizes as the session's cards: log-normal sides from about 16 to 1,600.
sides = numpy.clip(numpy.exp(rng.normal(numpy.log(160.0), 1.0, n)), 16, 1600)
aspect = rng.uniform(0.3, 3.0, n)
sizes = numpy.ascontiguousarray(numpy.column_stack([sides, sides / aspect]), dtype=numpy.float64)
frames = numpy.ascontiguousarray(numpy.column_stack([rng.uniform(0, 2e5, n), rng.uniform(0, 2e5, n), sizes[:, 0], sizes[:, 1]]))
ids = numpy.arange(1, n + 1, dtype=numpy.uint64)
sizes_array, frames_array, ids_array = array("d", sizes.ravel()), array("d", frames.ravel()), array("Q", ids)

def timed(call):
    engine = canvas.Engine()
    started = time.perf_counter()
    call(engine)
    elapsed = time.perf_counter() - started
    engine.close()
    return elapsed

import os
# The same library, opened again without argtypes: the raw C call.
C = ctypes.CDLL(os.environ["CANVAS_LIB"])
C.canvas_set_items.argtypes = C.canvas_set_item_frames.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_size_t]
def c_items(engine):
    status = C.canvas_set_items(engine.handle, sizes.ctypes.data, None, n)
    assert status == 0, status
def c_frames(engine):
    status = C.canvas_set_item_frames(engine.handle, frames.ctypes.data, ids.ctypes.data, n)
    assert status == 0, status

cases = {
    "items_c": c_items,
    "items_numpy": lambda e: e.set_items(sizes),
    "items_array": lambda e: e.set_items(sizes_array),
    "items_memoryview": lambda e: e.set_items(memoryview(sizes)),
    "frames_c": c_frames,
    "frames_numpy": lambda e: e.set_item_frames(frames, ids=ids),
    "frames_array": lambda e: e.set_item_frames(frames_array, ids=ids_array),
    "frames_memoryview": lambda e: e.set_item_frames(memoryview(frames), ids=memoryview(ids)),
}
times = {name: [] for name in cases}
order = list(cases)
for round in range(rounds):
    random.Random(round).shuffle(order)
    for name in order:
        times[name].append(timed(cases[name]))
print(json.dumps({"count": n, "rounds": rounds, **{k: statistics.median(v) for k, v in times.items()}}))
"""


def bench_pybuffers(bin_dir, quick, count=None, rounds=None):
    count = count or (100_000 if quick else 1_000_000)
    rounds = rounds or (3 if quick else 7)
    # A fixed mmap threshold: glibc otherwise raises it after the first large
    # free, and whichever call runs first pays page faults the others do not.
    env = dict(os.environ, CANVAS_LIB=os.path.join(bin_dir, "libcanvas.so"), MALLOC_MMAP_THRESHOLD_="131072")
    python_dir = os.path.join(os.path.dirname(HERE), "python")
    out = subprocess.run([sys.executable, "-c", CHILD, python_dir, str(count), str(rounds)], env=env,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"bench/pybuffers.py: the child failed:\n{out.stderr}")
    return json.loads(out.stdout)


def goals(r):
    n = f"{r['count']:,}"
    rows = []
    for what, c_call, call in (("items", "canvas_set_items", "set_items"),
                               ("frames", "canvas_set_item_frames", "set_item_frames")):
        worst = max(r[f"{what}_{kind}"] for kind in ("numpy", "array", "memoryview"))
        ratio = worst / r[f"{what}_c"]
        rows.append((f"Python's {call} from a buffer within {RATIO:g}× of the C call ({n} items)",
                     f"slowest of numpy, array.array, memoryview {worst * 1e3:.2f} ms vs {c_call} "
                     f"{r[f'{what}_c'] * 1e3:.2f} ms = {ratio:.2f}×", ratio <= RATIO))
    return rows


def section(r):
    L = ["### Python from a buffer", ""]
    L.append(f"{r['count']:,} items of mixed sizes (log-normal sides 16–1,600, aspect 0.3–3) handed to a fresh")
    L.append("engine: the C function called through ctypes with the buffer's pointer, against the Python method given")
    L.append(f"each kind of buffer (`bench/pybuffers.py`, one child process, interleaved, median of {r['rounds']}).")
    L.append("")
    L.append("| call | C | numpy | array.array | memoryview |")
    L.append("|---|---:|---:|---:|---:|")
    for what, name in (("items", "set_items (sizes)"), ("frames", "set_item_frames (frames and ids)")):
        cells = " | ".join(f"{r[f'{what}_{kind}'] * 1e3:.2f} ms" for kind in ("c", "numpy", "array", "memoryview"))
        L.append(f"| {name} | {cells} |")
    L.append("")
    return L


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--count", type=int)
    parser.add_argument("--rounds", type=int)
    args = parser.parse_args()
    result = bench_pybuffers(os.path.abspath(args.bin), False, args.count, args.rounds)
    print(json.dumps(result, indent=1))
    for goal, measured, met in goals(result):
        print(f"{goal}: {measured}: {'met' if met else 'not met'}")
