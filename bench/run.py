#!/usr/bin/env python3
"""Runs every comparison side by side and writes docs/BENCHMARKS.md and the
charts docs/bench-layout.svg and docs/bench-interaction.svg.

Run it through scripts/bench, which installs what it needs and builds
libcanvas and canvas-lua in release mode first. Every number in the document
comes from this one run: the medians of several runs per competitor, with
the competitors interleaved (in one process where they can share one, in
alternating processes where they cannot), so that a noisy machine slows
them alike and the ratios between them hold.

    python3 bench/run.py --bin .build/release [--before-bin DIR --before-rev REV] [--quick]
"""

import argparse
import ctypes
import importlib.metadata
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import motion
import lod  # after motion: both import run, whose FRAME motion reads as it loads
import scale
import pybuffers  # bench/pybuffers.py (Python from a buffer)
import links as linkbench  # bench/links.py (links.c and the graph layouts)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
FRAME = 1 / 120  # one frame at 120 Hz, in seconds


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def run(command, env=None, stderr=subprocess.PIPE):
    """Runs a command, returns its stdout; fails loudly."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return result.stdout


def with_library(directory):
    """An environment whose dynamic loader finds libcanvas in `directory` first."""
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = directory + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    return env


# ---- building the C benches -------------------------------------------------

def compile_benches(bin_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    common = ["gcc", "-O2", "-Wall", "-I", os.path.join(ROOT, "include"), "-I", BENCH]
    link = ["-L", bin_dir, "-lcanvas", f"-Wl,-rpath,{bin_dir}", "-lm"]
    targets = {
        "libbenchlayout.so": (["-shared", "-fPIC"], "layout.c", []),
        "layout": (["-DLAYOUT_MAIN"], "layout.c", []),
        "cull": ([], "cull.c", ["-lgeos_c"]),
        "interact": ([], "interact.c", []),
        "frame": ([], "frame.c", []),
        "lod": ([], "lod.c", []),
        "links": ([], "links.c", []),
        "links_zoom": ([], "links_zoom.c", []),  # run by hand: docs/bench-links.md
        "memory": ([], "memory.c", []),
        "scale": ([os.path.join(BENCH, "layout.c")], "scale.c", []),
    }
    for name, (flags, source, libraries) in targets.items():
        run(common + flags + [os.path.join(BENCH, source), "-o", os.path.join(out_dir, name)] + link + libraries)
    return {name: os.path.join(out_dir, name) for name in targets}


# ---- 1. the layout pipeline -------------------------------------------------

class LayoutLibrary:
    def __init__(self, path):
        lib = ctypes.CDLL(path)
        lib.layout_prepare.restype = ctypes.c_void_p
        lib.layout_prepare.argtypes = [ctypes.c_size_t, ctypes.c_double, ctypes.c_double]
        for name in ("layout_canvas", "layout_floor", "layout_wrapping_width"):
            getattr(lib, name).restype = ctypes.c_double
            getattr(lib, name).argtypes = [ctypes.c_void_p]
        lib.layout_same.argtypes = [ctypes.c_void_p]
        lib.layout_free.argtypes = [ctypes.c_void_p]
        lib.layout_canvas_frame.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double)]
        self.lib = lib


class TaffyFlexWrap:
    """n fixed-size children in a flex-wrap row container of the given width,
    gap 8/8, through stretchable's Taffy binding. Only the layout call is
    timed; the tree is marked dirty (node by node) before each run, untimed,
    so every run lays out from scratch as Canvas does."""

    def __init__(self, n, width, height, container_width):
        from stretchable import Style, taffylib
        from stretchable.context import taffy
        from stretchable.style import AlignContent, AlignItems, FlexWrap
        from stretchable.style.geometry.size import SizeAvailableSpace

        self.taffylib = taffylib
        self.ptr = taffy._ptr
        taffy.use_rounding = False  # exact positions, to compare with Canvas's
        child = Style(size=(width, height), flex_shrink=0).to_dict()
        root = Style(flex_wrap=FlexWrap.WRAP, gap=8, size=(container_width, None),
                     align_content=AlignContent.FLEX_START, align_items=AlignItems.FLEX_START).to_dict()
        self.root = taffylib.node_create(self.ptr, root)
        self.children = []
        for _ in range(n):
            node = taffylib.node_create(self.ptr, child)
            taffylib.node_add_child(self.ptr, self.root, node)
            self.children.append(node)
        self.available = SizeAvailableSpace.default().to_dict()

    def time_layout(self):
        mark = self.taffylib.node_mark_dirty
        mark(self.ptr, self.root)
        for node in self.children:
            mark(self.ptr, node)
        start = time.perf_counter()
        ok = self.taffylib.node_compute_layout(self.ptr, self.root, self.available)
        elapsed = time.perf_counter() - start
        if not ok:
            sys.exit("bench: Taffy failed to lay out")
        return elapsed

    def frame(self, i):
        layout = self.taffylib.PyLayout()
        self.taffylib.node_get_layout(self.ptr, self.children[i], layout)
        return (layout.x, layout.y, layout.width, layout.height)

    def drop(self):
        self.taffylib.node_drop_all(self.ptr)


def bench_layout(library, sizes, runs):
    lib = LayoutLibrary(library).lib
    results = {}
    for n in sizes:
        log(f"layout: {n} items")
        ctx = lib.layout_prepare(n, 80.0, 60.0)
        width = lib.layout_wrapping_width(ctx)
        taffy = TaffyFlexWrap(n, 80.0, 60.0, width)
        times = {"canvas": [], "floor": [], "taffy": []}
        competitors = [("canvas", lambda: lib.layout_canvas(ctx)), ("floor", lambda: lib.layout_floor(ctx)),
                       ("taffy", taffy.time_layout)]
        for body in (c[1] for c in competitors):  # warm-up
            body()
        for r in range(runs):
            for k in range(len(competitors)):
                name, body = competitors[(k + r) % len(competitors)]
                times[name].append(body())
        # The checks: Canvas and the floor wrote the same bytes; Taffy put
        # every item (every 97th at a million) where Canvas did.
        same = bool(lib.layout_same(ctx))
        frame = (ctypes.c_double * 4)()
        step = 1 if n <= 100_000 else 97
        checked = mismatched = 0
        for i in range(0, n, step):
            lib.layout_canvas_frame(ctx, i, frame)
            checked += 1
            if tuple(frame) != taffy.frame(i):
                mismatched += 1
        taffy.drop()
        lib.layout_free(ctx)
        results[n] = {name: statistics.median(values) for name, values in times.items()}
        results[n].update(floor_identical=same, taffy_checked=checked, taffy_mismatched=mismatched,
                          wrapping_width=width)
    return results


# ---- 3. scripting -------------------------------------------------------------

SCRIPTING_ALL = ("canvas", "budget", "place", "fresh", "fresh_host", "pipeline")
SCRIPTING_BIG = ("canvas", "place", "fresh", "fresh_host")  # what the larger size runs


def bench_scripting(bin_dir, count, rounds, reps, names=SCRIPTING_ALL):
    lua_dir = os.path.join(BENCH, "lua")
    # No limits, as lua5.4 has none: no CPU-time timer, and no memory cap
    # (canvas-lua then allocates as lua.c does, without counting bytes).
    canvas_lua = [os.path.join(bin_dir, "canvas-lua"), "--max-time", "0", "--max-memory", "0"]
    e2e = [os.path.join(lua_dir, "canvas_e2e.lua"), str(count), str(reps)]
    place_alone = [os.path.join(lua_dir, "place_alone.lua"), str(count), str(reps)]
    # name -> (command, the key its report uses)
    commands = {
        "canvas": (canvas_lua + ["--max-instructions", "0"] + e2e, "canvas"),
        "budget": (canvas_lua + e2e, "canvas"),
        "place": (["lua5.4"] + place_alone, "place"),
        "fresh": (["lua5.4"] + place_alone + ["fresh"], "fresh"),
        "fresh_host": (canvas_lua + ["--max-instructions", "0"] + place_alone + ["fresh"], "fresh"),
        "pipeline": (["lua5.4", os.path.join(lua_dir, "pipeline.lua"), str(count), str(reps)], "pipeline"),
    }
    commands = {name: commands[name] for name in names}
    times = {name: [] for name in commands}
    by_round = {name: [] for name in commands}  # each process's median
    checks = {}
    order = list(commands)
    for r in range(rounds):
        log(f"scripting: {count:,} items, round {r + 1} of {rounds}")
        for k in range(len(order)):
            name = order[(k + r) % len(order)]
            command, key = commands[name]
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if result.returncode != 0:
                sys.exit(f"bench: {' '.join(command)} failed:\n{result.stderr}")
            for line in result.stderr.splitlines():
                data = json.loads(line)
                if "check" in data:
                    checks[name] = data["check"]
                else:
                    times[name] += data[key]
                    by_round[name].append(statistics.median(data[key]))
    # Every run that checks (canvas-lua, with and without a budget, and the
    # Lua pipeline) found the same frames and visible ids.
    same = all(check == checks["canvas"] for check in checks.values())
    # A whole process can run slow here (the machine's neighbours come in
    # bursts of seconds), so each ratio is taken within a round, between
    # processes that ran back to back, and the median of those is reported.
    def ratios(base):
        return {name: statistics.median(t / b for t, b in zip(by_round[name], by_round[base])) for name in commands}
    return {
        "count": count,
        "names": list(commands),
        "samples": rounds * reps,
        "rounds": rounds,
        "ratio": ratios("place"),
        "to_fresh": ratios("fresh"),
        **{name: statistics.median(values) for name, values in times.items()},
        "same_result": same,
        "checked": sorted(checks),
        "visible": len(checks["canvas"]["visible"]),
    }


# ---- 6. start-up -------------------------------------------------------------

def spawn_seconds(command):
    start = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ,
                          file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(command)} failed")
    return elapsed


def bench_startup(bin_dir, rounds):
    trivial = os.path.join(BENCH, "lua", "trivial.lua")
    commands = {
        "true": ["true"],
        "lua": ["lua5.4", trivial],
        "canvas": [os.path.join(bin_dir, "canvas-lua"), trivial],
    }
    times = {name: [] for name in commands}
    for name, command in commands.items():  # warm the page cache
        spawn_seconds(command)
    order = list(commands)
    for r in range(rounds):
        for k in range(len(order)):
            name = order[(k + r) % len(order)]
            times[name].append(spawn_seconds(commands[name]))
    return {name: statistics.median(values) for name, values in times.items()} | {"rounds": rounds}


# ---- 5. memory -----------------------------------------------------------------

def bench_memory(memory, count, rounds, env=None, kind="given"):
    """memory.c's baseline and canvas processes, alternating; kind is how the
    sizes come (given, fixed or varied: see memory.c)."""
    samples = {"baseline": [], "canvas": []}
    for _ in range(rounds):
        for mode in samples:
            samples[mode].append(json.loads(run([memory, mode, str(count), kind], env=env)))
    base = statistics.median(s["hwm_kib"] for s in samples["baseline"])
    peak = statistics.median(s["hwm_kib"] for s in samples["canvas"])
    base_rss = statistics.median(s["rss_kib"] for s in samples["baseline"])
    rss = statistics.median(s["rss_kib"] for s in samples["canvas"])
    return {
        "count": count,
        "kind": kind,
        "rounds": rounds,
        "baseline_kib": base,
        "canvas_kib": peak,
        "per_item": (peak - base) * 1024 / count,
        "live_per_item": (rss - base_rss) * 1024 / count,
    }


# ---- before and after ------------------------------------------------------------

def bench_before_after(programs, bin_dir, before_dir, quick):
    """The same programs against the libcanvas built before the performance
    changes and the current one, in alternating processes."""
    builds = {"before": with_library(before_dir), "after": with_library(bin_dir)}
    big = 100_000 if quick else 1_000_000
    rounds = 3
    layout = {b: [] for b in builds}
    cull = {b: [] for b in builds}
    interact = {b: [] for b in builds}
    for r in range(rounds):
        log(f"before/after: round {r + 1} of {rounds}")
        for b in (list(builds) if r % 2 == 0 else list(builds)[::-1]):
            env = builds[b]
            layout[b].append(json.loads(run([programs["layout"], "5", "10000", str(big)], env=env)))
            cull[b].append(json.loads(run([programs["cull"], str(big), "3", "all", "canvas"], env=env)))
            # --ids-only: the steps as they were, without the visible items' copy the baseline lacks.
            interact[b].append(json.loads(run([programs["interact"], "--ids-only", "3", "1000", "1000", str(big)],
                                              env=env)))
    memory = {b: bench_memory(programs["memory"], big, 1, env=builds[b]) for b in builds}

    def med(samples, path):
        values = []
        for sample in samples:
            value = sample
            for key in path:
                value = value[key]
            values.append(value)
        return statistics.median(values)

    result = {"items": big, "rows": []}
    rows = result["rows"]
    for n in ("10000", str(big)):
        rows.append((f"layout pipeline, {int(n):,} items (ms)", 1e3, med(layout["before"], [n]), med(layout["after"], [n])))
    sets = cull["after"][0]["sets"]
    for name in sets:
        rows.append((f"resolve + first two queries, {name} (ms)", 1e3,
                     med(cull["before"], ["sets", name, "resolve_and_build_canvas"]),
                     med(cull["after"], ["sets", name, "resolve_and_build_canvas"])))
    for name in sets:
        for kind in ("viewport", "wide"):
            rows.append((f"query, {name} {kind} (µs)", 1e6, med(cull["before"], ["sets", name, kind, "canvas"]),
                         med(cull["after"], ["sets", name, kind, "canvas"])))
    for n in ("1000", str(big)):
        for step in ("pan", "zoom"):
            rows.append((f"{step} step, {int(n):,} items (µs)", 1e6, med(interact["before"], ["sizes", n, step]),
                         med(interact["after"], ["sizes", n, step])))
    rows.append((f"peak memory, {big:,} items (B/item)", 1, memory["before"]["per_item"], memory["after"]["per_item"]))
    return result


# ---- the machine ------------------------------------------------------------------

def first_line(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True)
        text = (out.stdout or out.stderr).strip().splitlines()
        return text[0] if text else "?"
    except OSError:
        return "not installed"


def machine():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "?"
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    os_name = platform.platform()
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    os_name = line.split("=", 1)[1].strip().strip('"') + f", Linux {platform.release()}"
    except OSError:
        pass
    try:
        stretchable = importlib.metadata.version("stretchable")
    except importlib.metadata.PackageNotFoundError:
        stretchable = "?"
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": memory,
        "os": os_name,
        "swift": first_line(["swift", "--version"]),
        "gcc": first_line(["gcc", "--version"]),
        "python": platform.python_version(),
        "lua": first_line(["lua5.4", "-v"]),
        "stretchable": stretchable,
    }


# ---- formatting -------------------------------------------------------------------

def ms(seconds):
    return f"{seconds * 1e3:.3g}" if seconds * 1e3 < 100 else f"{seconds * 1e3:.0f}"


def us(seconds):
    value = seconds * 1e6
    return f"{value:.3g}" if value < 1000 else f"{value:,.0f}"


def ratio(x):
    return f"{x:.2f}×" if x < 10 else f"{x:.1f}×"


def yes(met):
    return "yes" if met else "**no**"


# ---- charts -----------------------------------------------------------------------

def svg_chart(path, title, subtitle, x_label, y_label, series, reference=None):
    """A log-log line chart, by hand: series is [(name, color, [(x, y), ...])].
    reference is an optional (label, y) horizontal line."""
    width, height = 720, 440
    left, right, top, bottom = 80, 170, 60, 60
    xs = [x for _, _, points in series for x, _ in points]
    ys = [y for _, _, points in series for _, y in points] + ([reference[1]] if reference else [])
    x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    if x0 == x1:
        x1 += 1
    if y0 == y1:
        y1 += 1

    def px(x):
        return left + (math.log10(x) - x0) / (x1 - x0) * (width - left - right)

    def py(y):
        return height - bottom - (math.log10(y) - y0) / (y1 - y0) * (height - top - bottom)

    def label(value):
        exponent = int(round(value))
        names = {0: "1", 1: "10", 2: "100", 3: "1k", 4: "10k", 5: "100k", 6: "1M", 7: "10M"}
        return names.get(exponent, f"1e{exponent}")

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="24" font-size="16" font-weight="bold">{title}</text>',
           f'<text x="{left}" y="42" fill="#555">{subtitle}</text>']
    for e in range(y0, y1 + 1):
        y = py(10 ** e)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{y_axis_label(e, y_label)}</text>')
    for e in range(x0, x1 + 1):
        x = px(10 ** e)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{height - bottom + 18}" text-anchor="middle">{label(e)}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 16}" text-anchor="middle">{x_label}</text>')
    out.append(f'<text x="18" y="{(top + height - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 18 {(top + height - bottom) / 2})">{y_label}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{width - left - right}" height="{height - top - bottom}" '
               f'fill="none" stroke="#999"/>')
    if reference:
        y = py(reference[1])
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="#c00" '
                   f'stroke-dasharray="6 4"/>')
        out.append(f'<text x="{left + 8}" y="{y - 6:.1f}" fill="#c00">{reference[0]}</text>')
    for i, (name, color, points) in enumerate(series):
        path_points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        out.append(f'<polyline points="{path_points}" fill="none" stroke="{color}" stroke-width="2.5"/>')
        for x, y in points:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" fill="{color}"/>')
        ly = top + 16 + i * 20
        out.append(f'<line x1="{width - right + 8}" y1="{ly - 4}" x2="{width - right + 28}" y2="{ly - 4}" '
                   f'stroke="{color}" stroke-width="2.5"/>')
        out.append(f'<text x="{width - right + 34}" y="{ly}">{name}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def y_axis_label(exponent, unit):
    # Seconds on the axis, shown in the unit that reads best.
    value = 10.0 ** exponent
    if value >= 1:
        return f"{value:g} s"
    if value >= 1e-3:
        return f"{value * 1e3:g} ms"
    if value >= 1e-6:
        return f"{value * 1e6:g} µs"
    return f"{value * 1e9:g} ns"


# ---- the document -----------------------------------------------------------------

def write_document(path, r):
    m = r["machine"]
    lay = r["layout"]
    cull = r["cull"]
    script = r["scripting"]
    inter = r["interaction"]
    mem = r["memory"]
    start = r["startup"]
    sizes = sorted(lay)
    inter_sizes = sorted(inter["sizes"], key=int)
    small_i, big_i = inter["sizes"][inter_sizes[0]], inter["sizes"][inter_sizes[-1]]

    worst_floor = max(lay[n]["canvas"] / lay[n]["floor"] for n in sizes)
    query_rows = []
    for name, s in cull["sets"].items():
        for kind in ("viewport", "wide"):
            query_rows.append((name, kind, s[kind]["geos"] / s[kind]["canvas"]))
    slowest = min(query_rows, key=lambda row: row[2])
    missed_queries = [row for row in query_rows if row[2] < 1]
    pan_share = big_i["pan"] / FRAME
    lua_worst = max(run["to_fresh"]["canvas"] for run in script)
    lua_sizes = " and ".join(f"{run['count']:,}" for run in script)
    zoom_ratio = big_i["zoom"] / small_i["zoom"]

    goals = [
        ("Layout pipeline within 3× of the C floor", f"{ratio(worst_floor)} (worst of {', '.join(f'{n:,}' for n in sizes)})",
         worst_floor <= 3),
        ("Queries faster than GEOS's STRtree on every data set",
         f"slowest: {slowest[0]} {slowest[1]}, GEOS/Canvas = {slowest[2]:.2f}"
         + (f"; Canvas slower on {len(missed_queries)} of {len(query_rows)}" if missed_queries else ""),
         not missed_queries),
        (f"Pan step under 1% of a 120 Hz frame at {int(inter_sizes[-1]):,} items",
         f"{us(big_i['pan'])} µs = {pan_share * 100:.2f}% of 8.33 ms", pan_share < 0.01),
        (f"Lua end to end within 1.25× of fresh items, then place ({lua_sizes} items)",
         ", ".join(f"{ratio(run['to_fresh']['canvas'])} at {run['count']:,}" for run in script), lua_worst <= 1.25),
        (f"At most 64 bytes per item ({mem['count']:,} items, peak)", f"{mem['per_item']:.1f} B", mem["per_item"] <= 64),
        (f"Zoom step at {int(inter_sizes[-1]):,} items about what it costs at {int(inter_sizes[0]):,} (within 1.5×)",
         f"{us(big_i['zoom'])} µs vs {us(small_i['zoom'])} µs = {ratio(zoom_ratio)}", zoom_ratio <= 1.5),
    ] + motion.goals(r["frames"]) + lod.goals(r["lod"]) + scale.goals(r["scale"]) + pybuffers.goals(r["pybuffers"]) + linkbench.goals(r["links"])

    L = []
    L.append("# Benchmarks")
    L.append("")
    L.append("Written by `scripts/bench` (this whole file, in one run, with the charts beside it); do not edit by hand.")
    L.append("Every table holds medians of several runs, with the competitors interleaved run by run, so the ratios")
    L.append("are measured side by side on the same machine at the same time. The machine is shared and noisy:")
    L.append("trust the ratios more than the absolute times.")
    L.append("")
    L.append(f"Run: {r['date']}, {r['seconds']:.0f} s. Load average {r['load_before']} before, {r['load_after']} after.")
    L.append("")
    L.append("| machine | |")
    L.append("|---|---|")
    for key, label in (("cpu", "CPU"), ("cores", "cores"), ("memory", "memory"), ("os", "OS"), ("swift", "Swift"),
                       ("gcc", "C compiler (benches, -O2)"), ("python", "Python"), ("lua", "Lua"),
                       ("stretchable", "stretchable (Taffy)")):
        L.append(f"| {label} | {m[key]} |")
    L.append(f"| GEOS | {cull['geos_version']} |")
    L.append("")
    L.append("## Goals")
    L.append("")
    L.append("Each row says what data it ran on: one item size or mixed sizes, and how the items arrived (every row")
    L.append("here sets its items once, in data order, with no edits after; edits appended and scattered through the")
    L.append("order are in docs/bench-editing.md and section 8, on mixed data).")
    L.append("")
    L.append("| goal | data | measured | met? |")
    L.append("|---|---|---|---|")
    for goal, measured, met in goals:
        L.append(f"| {goal} | {goal_data(goal)} | {measured} | {yes(met)} |")
    L.append("")
    misses = [g for g in goals if not g[2]]
    if misses:
        L.append("Where a goal is missed, by how much and why:")
        L.append("")
        for goal, measured, _ in misses:
            L.append(f"- **{goal}**: {miss_reason(goal, r, missed_queries)}")
        L.append("")

    # 1. Layout
    L.append("## 1. Layout pipeline")
    L.append("")
    L.append("**Data: one size** (80 × 60), set once in data order; no edits.")
    L.append("")
    L.append("Items of 80 × 60, flow layout with spacing 8/8, rows wrapping at the side of a square holding every item,")
    L.append("automatic content size, centered, left to right. **Canvas**: `canvas_set_items` + `canvas_set_layout_flow` +")
    L.append("`canvas_resolve` + `canvas_copy_frames` into the caller's buffer (a fresh engine each run; making and")
    L.append("destroying it is not timed). **C floor**: a hand-written C loop doing the same arithmetic in the same order")
    L.append("and writing the same frames. **Taffy**: `stretchable`'s flex-wrap row container of the same width with gap")
    L.append("8/8, fixed-size children; only its layout call is timed (the tree is built once and marked dirty before")
    L.append(f"each run). {r['layout_runs']} runs each.")
    L.append("")
    L.append("| items | Canvas | C floor | Taffy | Canvas / floor | Taffy / Canvas | same frames as the floor | Taffy's frames equal Canvas's |")
    L.append("|---:|---:|---:|---:|---:|---:|---|---|")
    for n in sizes:
        x = lay[n]
        L.append(f"| {n:,} | {ms(x['canvas'])} ms | {ms(x['floor'])} ms | {ms(x['taffy'])} ms | "
                 f"{ratio(x['canvas'] / x['floor'])} | {ratio(x['taffy'] / x['canvas'])} | "
                 f"{'yes, byte for byte' if x['floor_identical'] else '**no**'} | "
                 f"{x['taffy_checked'] - x['taffy_mismatched']:,} of {x['taffy_checked']:,} checked |")
    L.append("")
    L.append("![Layout cost against item count](bench-layout.svg)")
    L.append("")

    # 2. Culling
    L.append("## 2. Culling")
    L.append("")
    L.append("**Data: one size** (grid, ring) **and mixed sizes** (powerlaw, scatter), set once; no edits.")
    L.append("")
    L.append(f"{cull['items']:,} items per data set, {cull['runs']} runs. The same frames (Canvas's, after `canvas_resolve` moved")
    L.append("the cluster to the origin) and the same query rectangles for all three. **Canvas**: `canvas_query`, ids")
    L.append("copied to the caller in data order. **GEOS**: `GEOSSTRtree_query_r` (node capacity 10) with a callback that")
    L.append("keeps strict overlaps (the tree answers envelope overlap, which also counts frames that only touch), ids in")
    L.append("tree order, unsorted. **Scan**: every frame checked, on the first 20 queries of each kind.")
    L.append("A build is the first two queries after the data arrives: Canvas answers the first after a resolve by checking")
    L.append("every frame and builds its index on the second (change 8); GEOS's tree builds on its first query. GEOS's")
    L.append("geometries are made beforehand.")
    L.append("Data sets: **grid**, equal 80 × 60 items 8 apart; **ring**, 80 × 80 items on one circle about 8 apart;")
    L.append("**powerlaw**, Pareto sizes (α 1.5, 10 to 10,000 a side) at uniform positions; **scatter**, 10 to 60 a side")
    L.append("over a 10⁷ × 10⁷ square. Queries: **viewport**, 1280 × 800 (scaled up on scatter to hold about 100 items);")
    L.append("**wide**, about 1% of the scene.")
    L.append("")
    L.append("| data set | build: Canvas | GEOS | query | results | Canvas | GEOS | scan | GEOS / Canvas | same ids |")
    L.append("|---|---:|---:|---|---:|---:|---:|---:|---:|---|")
    for name, s in cull["sets"].items():
        for i, kind in enumerate(("viewport", "wide")):
            q = s[kind]
            build = (f"{ms(s['build_canvas'])} ms | {ms(s['build_geos'])} ms" if i == 0 else " | ")
            same = "yes" if s["mismatches"] == 0 else f"**{s['mismatches']} mismatches**"
            L.append(f"| {name if i == 0 else ''} | {build} | {kind} | {q['mean_results']:,.0f} | {us(q['canvas'])} µs | "
                     f"{us(q['geos'])} µs | {us(q['brute'])} µs | {ratio(q['geos'] / q['canvas'])} | {same} |")
    L.append("")
    L.append("The check runs every query on all three sides (the scan on its 20) and compares the sorted ids.")
    L.append("")

    # 3. Scripting
    first, last = script[0], script[-1]
    L.append("## 3. Scripting")
    L.append("")
    L.append("**Data: one size** (80 × 80), set once; no edits.")
    L.append("")
    L.append(f"The ring layout of `scripts/layouts/ring.lua` over {lua_sizes} items of 80 × 80, on a circle that gives")
    L.append("each about 88 points, margins 40, a 1280 × 800 viewport opened at the top middle. CPU time (`os.clock`) of one")
    L.append(f"whole run inside the process: the median of {first['samples']} runs at {first['count']:,} ({first['rounds']} processes of each")
    L.append(f"command) and of {last['samples']} at {last['count']:,} ({last['rounds']} processes). **canvas-lua**:")
    L.append("`canvas.new(description)` with `place` in Lua, then the engine (normalize, mirror, anchor, cull), then")
    L.append("`c:visible()`; nothing printed; run with `--max-instructions 0`, since `lua5.4` has no instruction budget")
    L.append("either, and once more with canvas-lua's default budget (10⁹ instructions a call), whose count hook makes")
    L.append("Lua's VM stop at every instruction. Every canvas-lua row runs with `--max-time 0 --max-memory 0` too, since")
    L.append("`lua5.4` has neither limit: canvas-lua then allocates as `lua.c` does, without counting bytes.")
    L.append("**place alone**: the same place function in `lua5.4` on an items table")
    L.append("built beforehand. **fresh items, then place**: the same, building the items table (one")
    L.append("`{index=, id=, width=, height=}` per item, as the binding hands it) in each run: what any host pays that")
    L.append("gives `place` the tables the contract names, so the floor for canvas-lua, and the goal's reference.")
    L.append("**The same in canvas-lua**: that script run by canvas-lua's Lua instead of `lua5.4`'s (both link")
    L.append("Debian's `liblua5.4.a` in; canvas-lua through `scripts/lua-object`): its difference from the row above")
    L.append("is the interpreter, not the binding, and the end-to-end row over this one is the binding's own cost.")
    L.append("**Lua pipeline**: place, then the check, normalize, mirror, content size,")
    L.append("anchor and a culling scan, all in plain Lua (`lua5.4`, on the prebuilt items). The Lua scripts switch to")
    L.append(f"the generational collector, as canvas-lua does. At {last['count']:,} only the rows the goal needs run.")
    L.append("")
    L.append("A whole process can run slow on this machine, so each ratio is the median over the rounds of the")
    L.append("ratio between processes that ran back to back in one round (each round runs every command once, in a")
    L.append("rotating order), not the ratio of the medians.")
    L.append("")
    L.append("| items | | time (median) | / place alone | / fresh items, then place |")
    L.append("|---:|---|---:|---:|---:|")
    labels = {"canvas": "canvas-lua, end to end",
              "budget": "canvas-lua, end to end, default instruction budget",
              "place": "place function alone (lua5.4)",
              "fresh": "fresh items, then place (lua5.4)",
              "fresh_host": "the same in canvas-lua",
              "pipeline": "whole pipeline in plain Lua (lua5.4)"}
    for run in script:
        for i, key in enumerate(run["names"]):
            L.append(f"| {run['count']:,} | {labels[key]} | {ms(run[key])} ms | {ratio(run['ratio'][key])} | "
                     f"{ratio(run['to_fresh'][key])} |" if i == 0 else
                     f"| | {labels[key]} | {ms(run[key])} ms | {ratio(run['ratio'][key])} | {ratio(run['to_fresh'][key])} |")
    L.append("")
    L.append(f"Same frames (checksum) and the same {first['visible']} visible ids from canvas-lua (both runs) and the Lua pipeline "
             f"at {first['count']:,}: {'yes' if first['same_result'] else '**no**'}.")
    L.append("")

    # 4. Interaction
    L.append("## 4. Interaction")
    L.append("")
    L.append("**Data: one size** (80 × 60) in a flow layout, set once; no edits (the motion and level-of-detail")
    L.append("subsections below too: one size, laid out). Mixed sizes on a free canvas: section 8.")
    L.append("")
    L.append("Items of 80 × 60 in a flow layout, a 1280 × 800 viewport (overscan 128) opened at the center. **Pan step**:")
    L.append("`canvas_set_viewport_offset` 20 points right and 12 down (bouncing off the edges), then `canvas_copy_visible`,")
    L.append("`canvas_copy_appeared` and `canvas_copy_disappeared` into the caller's buffers, and `canvas_copy_visible_items`")
    L.append("(the visible ids with their zoomed frames, what a host draws) into a buffer that grows when it is too small.")
    L.append("**Zoom step**: `canvas_pinch(CANVAS_PINCH_CHANGED)` at the viewport's center, the scale moving 1% a step")
    L.append(f"between 0.7 and 1.4, then the same four copies. {inter['steps']} steps a run, {inter['runs']} runs; the median")
    L.append("of the runs' mean step, and the 99th percentile of single steps.")
    L.append("")
    L.append("| items | pan step | p99 | of a frame | visible | zoom step | p99 | of a frame | visible |")
    L.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in inter_sizes:
        x = inter["sizes"][n]
        L.append(f"| {int(n):,} | {us(x['pan'])} µs | {us(x['pan_p99'])} µs | {x['pan'] / FRAME * 100:.3f}% | "
                 f"{x['pan_visible']:.0f} | {us(x['zoom'])} µs | {us(x['zoom_p99'])} µs | {x['zoom'] / FRAME * 100:.3f}% | "
                 f"{x['zoom_visible']:.0f} |")
    L.append("")
    L.append("![Interaction step cost against item count](bench-interaction.svg)")
    L.append("")
    L += motion.section(r["frames"], r["lua_frames"])
    L += lod.section(r["lod"])

    # 5. Memory
    L.append("## 5. Memory")
    L.append("")
    L.append("**Data: one size** (80 × 60) given per item; the 10,000,000-item rows below: one fixed size, and varied")
    L.append("sizes that repeat every 40 and 60 items; set once, no edits. After a session of edits on mixed data: section 8.")
    L.append("")
    L.append(f"Peak resident memory (VmHWM) of a process that sets {mem['count']:,} items of 80 × 60, lays them out with flow,")
    L.append("resolves, opens a 1280 × 800 viewport (building the index), copies the frames out and queries, less that of")
    L.append("a baseline process with the same host buffers and an empty engine; medians of 3 of each.")
    L.append("")
    L.append("| peak per item | live per item (VmRSS at the end) | baseline | with the engine |")
    L.append("|---:|---:|---:|---:|")
    L.append(f"| {mem['per_item']:.1f} B | {mem['live_per_item']:.1f} B | {mem['baseline_kib'] / 1024:.1f} MiB | "
             f"{mem['canvas_kib'] / 1024:.1f} MiB |")
    L.append("")
    L.append("Where the bytes go: the frames (32 B an item) and the index's cell offsets and entries (about 10 here: an")
    L.append("item straddles 2.25 cells on average). Ids 1…n are not stored, and sizes that are all alike (as here) are")
    L.append("stored once: varied sizes add 16 B an item, explicit ids 8 and the id table about 40.")
    L.append("")
    L += scale.section(r["scale"])
    L += pybuffers.section(r["pybuffers"])

    # 6. Start-up
    L.append("## 6. Start-up")
    L.append("")
    L.append("Wall time from spawn to exit on `bench/lua/trivial.lua` (`return {items = 0}`), stdout to /dev/null,")
    L.append(f"median of {start['rounds']} runs, the three commands alternating. `true` is the cost of spawning anything.")
    L.append("")
    L.append("| command | wall time | less `true` |")
    L.append("|---|---:|---:|")
    for name, label in (("canvas", "canvas-lua trivial.lua"), ("lua", "lua5.4 trivial.lua"), ("true", "true")):
        L.append(f"| `{label}` | {ms(start[name])} ms | {ms(max(start[name] - start['true'], 0))} ms |")
    L.append("")
    L.append(f"canvas-lua costs {ms(start['canvas'] - start['lua'])} ms more than lua5.4 to start: it is built as installed,")
    L.append("with the Swift runtime linked in (with the runtime's shared libraries instead it took about 1.5 ms more),")
    L.append("and the rest is a larger binary to map and the Swift runtime starting up.")
    L.append("")
    L += linkbench.section(r["links"])

    # Changes
    L.append("## Changes to Sources/CanvasCore")
    L.append("")
    L.append(CHANGES.strip())
    L.append("")
    ba = r.get("before_after")
    if ba:
        L.append(f"Before ({r['before_rev']}, the tree before these changes) and after (this tree), the same bench")
        L.append(f"programs against each build of libcanvas, in alternating processes ({ba['items']:,} items where not said):")
        L.append("")
        L.append("| measure | before | after | after / before |")
        L.append("|---|---:|---:|---:|")
        for label, unit, before, after in ba["rows"]:
            L.append(f"| {label} | {before * unit:.3g} | {after * unit:.3g} | {after / before:.2f} |")
        L.append("")
    else:
        L.append("(No before/after table in this run: the baseline build was skipped.)")
        L.append("")

    L.append("## Changes to the Lua host")
    L.append("")
    L.append(LUA_CHANGES.strip())
    L.append("")

    L.append("## How to run")
    L.append("")
    L.append("```sh")
    L.append("scripts/bench                      # installs what is missing, builds release, runs, writes this file")
    L.append("SCRATCH_PATH=/tmp/b scripts/bench  # another build directory")
    L.append("BEFORE_REV= scripts/bench          # skip the before/after build")
    L.append("QUICK=1 scripts/bench              # smaller sizes, to try the script (not for the record)")
    L.append("scripts/bench-session [cards]      # section 8 alone (run by scripts/bench), printed; SESSION_BUDGET=")
    L.append("```")
    L.append("")
    L.append("The programs are in `bench/`: `layout.c` (a shared object that `run.py` drives through ctypes next to Taffy,")
    L.append("and a program for the before/after table), `cull.c`, `interact.c`, `frame.c` (with `host_frame.h`, the")
    L.append("host's buffers; `motion.py` runs it and the Lua frame), `lod.c` (run by `lod.py`), `memory.c`, `lua/` for the scripts,")
    L.append("and for section 8 `session.c` with `session_data.h` (the seeded generator), `session_faces.lua` and")
    L.append("`session_faces.py` (the faces' rows), `rtree_compare.cpp` (Boost's R-tree) and `session.py` (the section).")
    L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


LUA_CHANGES = """
Found the same way, on one `canvas.new` of the scripting bench (the ring over 100,000 items, 996M instructions
before these changes, 783M after them, 760M with change 8 above) and kept only where the time moved too:

1. **No count hook without a budget** (`Sources/canvas-lua/main.c`). Lua counts instructions for a count hook by
   stopping its VM at every instruction, whatever the count, so the hook set for the budget (and for Ctrl-C)
   cost 128M of the 934M, a third of place's own time. With `--max-instructions 0` canvas-lua sets none, and
   Ctrl-C sets one from the signal handler, as lua.c does; `tests/lua/run` interrupts endless scripts, in
   place too, with and without a budget. The default budget still pays: its row in the table above.
2. **The collector is held while the items are made** (`lplace.c`). Every table made for `place` stays reachable,
   so a collection meanwhile frees nothing and only walks them: making them took 19.5 ms, now 14.3. It restarts
   before `place` runs (holding it through `place` was measured slower, 67 → 78 ms end to end) and after an
   out-of-memory error (`tests/lua/test_place_memory.lua`).
3. **A count of items builds no id table** (`ldescription.c`): ids 1…N are the index, in the binding and, with
   `ids` NULL, in the engine. With the frame keys pushed once instead of looked up per field: 996M → 934M.
4. **An items array is checked without naming each entry**: the "items[i]" in a message is formatted only when
   an entry is bad. 100,000 entries with string ids: 1,023M → 897M instructions.
5. **Fewer calls into Lua per frame read back** (`lplace.c`). Through Debian's shared `liblua5.4.so` a call
   costs more than the hash lookup it makes, so a frame's four values are fetched, then read, then dropped
   with the frame in one `lua_settop`, and `lua_geti`'s result stands for the `lua_type` check: fourteen
   calls a frame instead of eighteen, about 7.2 → 6 ms for 100,000 frames. Frames are still read as Lua reads
   them (`__index` on a frame, `__index` and `__len` on the array), and a bad frame still gets its exact
   message (`tests/lua/test_resolve.lua`).
6. **`-fno-plt` for the binding** (`Package.swift`): each of those calls (about 28 an item, making the items
   and reading their frames) is one indirect call through the GOT instead of a call to a PLT stub that jumps
   through it; about 2% of canvas-lua's end to end at 100,000 items.

7. **Lua linked into canvas-lua** (`scripts/lua-object`, `Package.swift`). The same script ran 8% slower at
   100,000 items, 15% at 1,000,000, through `-llua5.4` than through `liblua5.4.a` (in a 15-line C host, with no
   more instructions: in Debian's shared library every call between Lua's own functions, such as `math.sin`'s
   calls of `luaL_checknumber` and `lua_pushnumber`, goes through its PLT; a loop of `math.sin` calls was 17%
   slower, arithmetic and table constructors ran alike). Linking the archive itself would not do: `-static-stdlib`
   links with `--exclude-libs ALL`, which hides every symbol an archive defines (a version script,
   `--dynamic-list` or `--export-dynamic-symbol` cannot bring them back, with gold, lld or bfd), so C modules
   (`require "socket.core"`) would no longer find `lua_*`. So `scripts/build` makes one relocatable object of
   the archive (`ld -r --whole-archive`), `Package.swift` links that when `CANVAS_LUA_OBJECT` names it, and the
   version script exports Lua's C API from canvas-lua; `tests/lua/cli` and `tests/install/run` load a C module
   into the debug and the installed canvas-lua. Before, canvas-lua end to end measured 1.17× of fresh items, then
   place at 100,000 and 1.08× at 1,000,000 in one side-by-side run; with Lua linked in, 1.06× and 1.03×. A plain
   `swift build` (no `CANVAS_LUA_OBJECT`) still links the shared `liblua5.4.so`.
"""


CHANGES = """
Each change was found with a profile first (`valgrind --tool=callgrind`, instruction counts, since `perf` has
no counters on this machine) and keeps every behaviour; the core tests stay green, and
`Tests/CanvasCoreTests/SortIndicesTests.swift` checks the new sorting paths against the standard library.
Instruction counts below are from those profiles (100k items for the pipeline, 1M for queries, per call);
the table after the list measures everything together, before and after, in this run.

1. **The index is built on first use** (`CanvasEngine.index`). `resolve()` built the `SpatialIndex` every
   time; now it drops it, and the first query, hit test or viewport change after the resolve builds it. A
   host that lays out and reads frames (canvas-lua's `canvas.resolve`, the layout pipeline above) never pays
   for it. It was 46.4M of the pipeline's 90.3M instructions.
2. **Ids 1…n need no table** (`ItemList`). The id → position dictionary cost a hash per item on every
   `canvas_set_items` (19.6M of the 90.3M) and about 40 bytes per item while the items lived; ids that are
   exactly 1…n (the default) now map to positions by arithmetic. Other ids keep the dictionary and its
   duplicate check.
3. **Sizes and frames are not copied** (`Resolver`). Sanitizing mapped every size into a new array; now the
   array is passed on untouched when no size needs it (checked bit for bit, so a -0 still becomes +0), and
   `arrange` takes the layout's frames as `consuming` and translates them in place. With 1 and 2: 22.9M
   instructions for the pipeline, from 90.3M.
4. **The visible diff is a merge** (`viewportChanged`). Appeared and disappeared ids came from two `Set`s
   built on every viewport change: 83% of a pan step's instructions were hashing. Both visible lists are
   ascending positions in one resolution, so a single merge finds both; the `Set` path remains for the first
   publish after a resolve, when the positions belong to different resolutions.
5. **Data order without a general sort** (`sortIndices`). A query's results come cell by cell and were put
   back in data order by an LSD radix sort over the whole index range (3 passes at 1M items). Where data order
   follows space (any layout in reading order), a screenful of results spans a narrow range of indices and a
   bitmap over that range orders them; where it does not, one pass into about *k* buckets by the high bits
   and an insertion sort of the neighbours finish (the radix sort stays as the fallback for clustered
   values).
6. **Block bounds for crowded cells** (`SpatialIndex.blockBounds`). On a ring the cell limit leaves cells
   about 20,000 points wide holding hundreds of items; when occupied cells average more than 32 entries, each
   run of 32 entries gets the bounds of its frames (as `Float`, rounded outwards), and a query steps over the
   runs that miss it. Indexes without crowded cells (the flow layout, the grid, scatter, powerlaw) keep none,
   so their memory is unchanged.
7. **A small query's results are gathered in scratch memory** (on the stack when they fit) and copied out
   once: `Array(unsafeUninitializedCapacity:)` allocates through an unspecialized runtime entry point that
   looked up generic metadata, under a lock, on every query. Past 512 candidates the array is still built in
   place, where the lookup is nothing and a copy would not be.

Per query (instructions, 1M items, through `canvas_query`, before → after): viewport queries on grid
34.5k → 23.9k, ring 8.8k → 4.9k, scatter 23.4k → 18.7k, powerlaw 52.6k → 52.0k; wide queries on grid
1.17M → 0.98M and ring 3.43M → 2.94M, but scatter 1.37M → 1.53M and powerlaw 1.34M → 1.51M: with about
10,000 results in random order both still need the radix sort, which now pays for finding the range first.
That left the ring and powerlaw queries level with GEOS or behind it, so a second round:

8. **The first query after a resolve scans** (`CanvasEngine.culling()`). A build costs about thirty scans, so
   a host that asks once per resolve (a one-shot script, measuring in chunks with a resolve after each) was
   paying for an index it used once. The first query or hit test after a resolve now checks every frame, and
   the second builds the index; the answers are the same either way
   (`Tests/CanvasCoreTests/CullingAfterResolveTests.swift`). In the scripting bench the 46M-instruction build
   became a scan of about 1M. The build column above counts both queries.
9. **`canvas_query` writes into the caller's buffer** (`CanvasEngine.queryIDs`). The ids went through an
   array of positions, a lazy map to ids and a copy; now, when the buffer has room for every candidate, the
   index gathers into it, the zoom filter works in place, and positions turn into ids in place (for ids 1…n,
   by adding one). A screenful allocates nothing. A buffer too small still gets nothing written.
10. **Branch-free row loops** (`SpatialIndex.collect`). A row's cells are adjacent in the entries, so a row is
    at most three loops (its first cell, the inner cells, its last cell), each writing every index and advancing
    the count only on a match. Where results come in random order that was the cost: mispredicted branches
    in a powerlaw viewport query fell from about 760 to 165.
11. **Block bounds for part of a block** too: the runs at either end of a crowded cell were checked entry by
    entry, though a block's bounds cover any part of it.
12. **The bucket sort allocates nothing**: its tables are temporary buffers (on the stack when they fit), with
    16-bit bucket starts, and the query hands it the bounds it already found.

Per query after 9–12 (instructions, 1M items, before → after): viewport queries on grid 24.4k → 22.1k, ring
4.6k → 2.6k, powerlaw 52.9k → 34.8k, scatter 18.5k → 10.6k; wide queries on grid 0.90M → 0.77M, ring
2.69M → 1.72M, powerlaw 1.42M → 1.08M, scatter 1.45M → 0.89M. The tests check every query path, the buffer
ones included, against a brute-force scan with fixed seeds, on scenes chosen to reach each loop (crowded
cells with partial blocks among them); a planted fault in each new path failed them.
"""


def miss_reason(goal, r, missed_queries):
    if goal in (g[0] for g in motion.goals(r["frames"])):
        return motion.miss_reason(goal, r["frames"])
    if goal in (g[0] for g in lod.goals(r["lod"])):
        return lod.miss_reason(goal, r["lod"])
    if goal in (g[0] for g in scale.goals(r["scale"])):
        return scale.miss_reason(goal, r["scale"])
    if goal in (g[0] for g in linkbench.goals(r["links"])):
        return linkbench.miss_reason(goal, r["links"])
    lay, script, mem, inter = r["layout"], r["scripting"], r["memory"], r["interaction"]
    if goal.startswith("Layout pipeline"):
        worst = max(lay, key=lambda n: lay[n]["canvas"] / lay[n]["floor"])
        return (f"{ratio(lay[worst]['canvas'] / lay[worst]['floor'])} at {worst:,} items. The floor writes into a "
                "buffer it already touched; Canvas must copy the caller's sizes into memory it owns, allocate the "
                "frames (fresh pages, each faulted in, above glibc's mmap threshold), and copy them out again.")
    if goal.startswith("Queries"):
        parts = [f"{name} {kind}: GEOS {1 / x:.2f}× faster" for name, kind, x in missed_queries]
        return ("; ".join(parts) + ". Canvas returns ids in data order, mapped from positions, where GEOS hands "
                "back its tree order: on powerlaw and scatter, whose data order is random in space, that is a "
                "real sort of every result (about a quarter of the instructions of a wide query). On the ring "
                "the uniform grid's cells are about 20,000 points wide at a million items (at most 2 cells per "
                "item over a bounding box that is almost all empty), so a viewport query steps over hundreds of "
                "entries by their block bounds to return about 14.")
    if goal.startswith("Pan step"):
        return f"{inter['sizes'][max(inter['sizes'], key=int)]['pan'] / FRAME * 100:.2f}% of a frame."
    if goal.startswith("Lua end to end"):
        def sizes(value):
            return " and ".join(f"{ratio(value(run))} at {run['count']:,}" for run in script)
        return (sizes(lambda run: run["to_fresh"]["canvas"])
                + ", against 1.25×. Run by canvas-lua, the same fresh-items script takes "
                + sizes(lambda run: run["to_fresh"]["fresh_host"])
                + " of its time in lua5.4 (the row \"the same in canvas-lua\"), and against that row canvas-lua "
                "end to end takes " + sizes(lambda run: run["to_fresh"]["canvas"] / run["to_fresh"]["fresh_host"])
                + ": reading the frames back (four lookups each through the C API), the engine's resolve and "
                "first viewport (section 1's pipeline plus a scan), less what making the items in C with the "
                "collector held saves. Built without `CANVAS_LUA_OBJECT`, canvas-lua links the shared "
                "`liblua5.4.so`, 8–15% slower.")
    if goal.startswith("At most 64"):
        return (f"{mem['per_item']:.1f} B, {mem['per_item'] - 64:.1f} B over. 48 of those bytes are the sizes "
                "(16) and frames (32) the engine must keep (default ids 1…n are implicit); the rest is the "
                "index.")
    if goal.startswith("Zoom step"):
        big = inter["sizes"][max(inter["sizes"], key=int)]
        small = inter["sizes"][min(inter["sizes"], key=int)]
        return (f"{ratio(big['zoom'] / small['zoom'])}: a step's cost follows the visible items "
                f"({big['zoom_visible']:.0f} against {small['zoom_visible']:.0f}), not the item count.")
    return ""


# What each goal row ran on (issue 20: every row says so).
GOAL_DATA = (
    ("Layout pipeline", "one size (80 × 60), flow, set once"),
    ("Queries faster than GEOS", "one size (grid, ring) and mixed (powerlaw, scatter), set once"),
    ("Pan step", "one size (80 × 60), flow, set once"),
    ("Zoom step", "one size (80 × 60), flow, set once"),
    ("Lua end to end", "one size (80 × 80), ring, set once"),
    ("At most 64 bytes", "one size (80 × 60), given per item, set once"),
    ("A host's frame in motion", "one size (80 × 60), flow, set once"),
    ("Level-of-detail", "one size (80 × 60), flow, set once"),
    ("Building every level", "one size (80 × 60), flow, set once"),
    ("Viewport query at", "one size, flow, set once"),
    ("Visible links", "uniform: one size (120 × 70) in rows; mixed: session_data.h's whiteboard; links set once"),
    ("A drag of 1,000 cards", "uniform: one size (120 × 70) in rows; mixed: session_data.h's whiteboard; links set once"),
    ("At most 48 bytes a link", "uniform: one size (120 × 70) in rows; mixed: session_data.h's whiteboard; links set once"),
    ("A host's frame with links", "uniform: one size (120 × 70) in rows; mixed: session_data.h's whiteboard; links set once"),
    ("The tidy tree", "mixed sizes (20–120 × 16–48), a random recursive tree, set once"),
    ("The layered layout", "mixed sizes (40–160 × 20–60), a random flow chart, set once"),
    ("Python's set_item", "mixed sizes (log-normal sides 16–1,600), set once into a fresh engine"),
)


def goal_data(goal):
    if "of one fixed size" in goal:
        return "one fixed size, set once"
    if "of varied sizes" in goal:
        return "varied sizes repeating every 40 and 60 items, set once"
    for prefix, data in GOAL_DATA:
        if goal.startswith(prefix):
            return data
    return "see its section"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="release build directory with libcanvas.so and canvas-lua")
    parser.add_argument("--before-bin", help="a build directory of the baseline libcanvas, for before/after")
    parser.add_argument("--before-rev", default="", help="the baseline's revision, for the document")
    parser.add_argument("--work", default=None, help="where to compile the C benches")
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the script")
    parser.add_argument("--docs", default=os.path.join(ROOT, "docs"))
    args = parser.parse_args()

    bin_dir = os.path.abspath(args.bin)
    work = args.work or os.path.join(bin_dir, "bench")
    started = time.time()
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    log("compiling the C benches")
    programs = compile_benches(bin_dir, work)

    big = 100_000 if args.quick else 1_000_000
    r = {"machine": machine(), "date": time.strftime("%Y-%m-%d %H:%M %Z"), "layout_runs": 3 if args.quick else 7}
    r["layout"] = bench_layout(programs["libbenchlayout.so"], [10_000, 100_000] + ([] if args.quick else [big]),
                               r["layout_runs"])
    log("culling")
    r["cull"] = json.loads(run([programs["cull"], str(big), "3" if args.quick else "7"]))
    # Many short processes: on this machine a whole process can run slow, so
    # the medians want many of them more than many runs inside each.
    # Three runs a process: the first after the warm-up is slower than the rest
    # in every row (10-20%), and the median of three is one of the others.
    r["scripting"] = [bench_scripting(bin_dir, 100_000 if not args.quick else 20_000, 2 if args.quick else 12, 3),
                      bench_scripting(bin_dir, big, 2 if args.quick else 4, 3, SCRIPTING_BIG)]
    log("interaction")
    r["interaction"] = json.loads(run([programs["interact"], "5", "2000", "1000", str(big)]))
    r["frames"] = motion.bench_frames(programs["frame"], args.quick)
    r["lua_frames"] = motion.bench_lua_frames(programs["frame"], bin_dir, args.quick)
    r["lod"] = lod.bench_lod(programs["lod"], args.quick)
    log("memory")
    r["memory"] = bench_memory(programs["memory"], big, 3)
    r["scale"] = scale.bench_scale(programs["scale"], programs["memory"], args.quick, bin_dir)
    r["pybuffers"] = pybuffers.bench_pybuffers(bin_dir, args.quick)
    r["links"] = linkbench.bench_links(programs["links"], bin_dir, args.quick)
    log("start-up")
    r["startup"] = bench_startup(bin_dir, 20 if args.quick else 60)
    if args.before_bin:
        r["before_after"] = bench_before_after(programs, bin_dir, os.path.abspath(args.before_bin), args.quick)
        r["before_rev"] = args.before_rev or "baseline"
    r["load_before"] = load_before
    r["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    r["seconds"] = time.time() - started

    os.makedirs(args.docs, exist_ok=True)
    lay = r["layout"]
    svg_chart(os.path.join(args.docs, "bench-layout.svg"), "Layout pipeline: cost against item count",
              "flow, fixed-size items; median of runs measured side by side", "items", "time per layout",
              [("Canvas (C ABI)", "#1f77b4", [(n, lay[n]["canvas"]) for n in sorted(lay)]),
               ("C floor", "#2ca02c", [(n, lay[n]["floor"]) for n in sorted(lay)]),
               ("Taffy flex-wrap", "#ff7f0e", [(n, lay[n]["taffy"]) for n in sorted(lay)])])
    inter = r["interaction"]["sizes"]
    keys = sorted(inter, key=int)
    frames = r["frames"]["sizes"]
    frame_keys = sorted(frames, key=int)
    svg_chart(os.path.join(args.docs, "bench-interaction.svg"), "Interaction: one step against item count",
              "1280 × 800 viewport; input (and a tick), then copy the visible items, appeared, disappeared", "items",
              "time per step",
              [("pan step", "#1f77b4", [(int(n), inter[n]["pan"]) for n in keys]),
               ("zoom step", "#d62728", [(int(n), inter[n]["zoom"]) for n in keys]),
               ("fling frame", "#2ca02c", [(int(n), frames[n]["fling"]) for n in frame_keys]),
               ("pinch frame", "#9467bd", [(int(n), frames[n]["pinch"]) for n in frame_keys])],
              reference=("1% of a 120 Hz frame", FRAME / 100))
    write_document(os.path.join(args.docs, "BENCHMARKS.md"), r)
    with open(os.path.join(work, "results.json"), "w") as f:
        json.dump(r, f, indent=1, default=str)
    log(f"wrote docs/BENCHMARKS.md and the charts in {r['seconds']:.0f} s")


if __name__ == "__main__":
    main()
