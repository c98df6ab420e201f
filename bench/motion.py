"""A host's frame in motion, for bench/run.py: the C frame (bench/frame.c)
during a fling and a pinch, the alternative of copying every frame, and the
same frame through Lua (bench/lua/motion_frame.lua under canvas-lua and
under stock lua5.4 with require "canvas"); the goals they answer and their
part of docs/BENCHMARKS.md (in section 4)."""

import json
import os
import statistics
import subprocess
import sys

import run as bench  # run.py's helpers (as a module: its main() does not run)

GOAL = bench.FRAME / 100  # 1% of a 120 Hz frame
MOTIONS = ("fling", "pinch")


def bench_frames(frame_program, quick):
    """frame.c once, every mode, at 1k and 1M (100k with quick)."""
    big = 100_000 if quick else 1_000_000
    bench.log("frames in motion (C)")
    return json.loads(bench.run([frame_program, "3" if quick else "7", "1000", str(big)]))


def bench_lua_frames(frame_program, bin_dir, quick):
    """The same frame through Lua, side by side with the C frame: in each
    round, for each size, the C program (without copy_all), canvas-lua with
    no instruction budget, canvas-lua with its default one, and lua5.4 with
    require "canvas", one process each in a rotating order. A ratio is
    taken within a round, between processes that ran back to back."""
    big = 100_000 if quick else 1_000_000
    rounds, runs = (2, 2) if quick else (5, 3)
    script = os.path.join(bench.BENCH, "lua", "motion_frame.lua")
    canvas_lua = os.path.join(bin_dir, "canvas-lua")
    cpath = f"package.cpath = {json.dumps(os.path.join(bin_dir, '?.so'))} .. ';' .. package.cpath"
    sides = {
        "c": lambda n: [frame_program, "--no-copy-all", str(runs), str(n)],
        "canvas_lua": lambda n: [canvas_lua, "--max-instructions", "0", script, str(n), str(runs)],
        "budget": lambda n: [canvas_lua, script, str(n), str(runs)],
        "lua": lambda n: ["lua5.4", "-e", cpath, script, str(n), str(runs)],
    }
    order = list(sides)
    samples = {n: {side: [] for side in sides} for n in (1000, big)}
    for r in range(rounds):
        bench.log(f"frames in motion (Lua): round {r + 1} of {rounds}")
        for n in samples:
            for k in range(len(order)):
                side = order[(k + r) % len(order)]
                samples[n][side].append(one_side(side, sides[side](n), n))
    result = {"rounds": rounds, "runs": runs, "sizes": {}}
    for n, by_side in samples.items():
        sizes = result["sizes"][str(n)] = {}
        for motion in MOTIONS:
            row = sizes[motion] = {}
            for side, values in by_side.items():
                row[side] = {key: statistics.median(v[motion][key] for v in values)
                             for key in ("p50", "p99", "mean", "items")}
                # The ratio to the C frame's median frame, round by round.
                row[side]["ratio"] = statistics.median(
                    v[motion]["p50"] / c[motion]["p50"] for v, c in zip(values, by_side["c"]))
    return result


def one_side(side, command, n):
    """Runs one process; returns {motion: {p50, p99, mean, items}}."""
    if side == "c":
        x = json.loads(bench.run(command))["sizes"][str(n)]
        return {m: {"p50": x[f"{m}_p50"], "p99": x[f"{m}_p99"], "mean": x[m], "items": x[f"{m}_items"]}
                for m in MOTIONS}
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed:\n{result.stderr}")
    x = json.loads(result.stderr.strip().splitlines()[-1])
    return {m: {"p50": x[m]["p50"], "p99": x[m]["p99"], "mean": statistics.median(x[m]["means"]),
                "items": x[m]["items"]} for m in MOTIONS}


def goals(frames):
    """Rows for the goals table: (goal, measured, met)."""
    sizes = sorted(frames["sizes"], key=int)
    small, big = frames["sizes"][sizes[0]], frames["sizes"][sizes[-1]]
    n = f"{int(sizes[-1]):,}"
    worst = max(big[m] for m in MOTIONS)
    ratios = {m: big[m] / small[m] for m in MOTIONS}
    return [
        (f"A host's frame in motion (input, tick, visible items copied) under 1% of a 120 Hz frame at {n} items",
         "; ".join(f"{m} {bench.us(big[m])} µs = {big[m] / bench.FRAME * 100:.2f}%" for m in MOTIONS),
         worst < GOAL),
        (f"A host's frame in motion at {n} items within 2× of the frame at {int(sizes[0]):,}",
         "; ".join(f"{m} {bench.ratio(ratios[m])}" for m in MOTIONS), max(ratios.values()) <= 2),
    ]


def miss_reason(goal, frames):
    sizes = sorted(frames["sizes"], key=int)
    big = frames["sizes"][sizes[-1]]
    return ("; ".join(f"{m} {bench.us(big[m])} µs (p99 {bench.us(big[m + '_p99'])} µs)" for m in MOTIONS)
            + ". A run's mean takes in every frame the scheduler preempted (a slice here is about 4 ms); the "
            "median frames are in the table.")


def section(frames, lua):
    """The lines of section 4's motion part."""
    us, ratio, FRAME = bench.us, bench.ratio, bench.FRAME
    sizes = sorted(frames["sizes"], key=int)
    L = []
    L.append("### A host's frame in motion")
    L.append("")
    L.append("The same scene, moved by the engine's own motion under the host's clock at 120 Hz (t += 1000/120 ms a frame),")
    L.append("each frame measured whole: the frame's input, `canvas_tick` (which advances the motion, culls, diffs and")
    L.append("publishes), then `canvas_copy_visible_items` (ids and zoomed frames), `canvas_copy_appeared` and")
    L.append("`canvas_copy_disappeared` into the host's buffers, which start small and grow when a copy answers")
    L.append("`CANVAS_ERR_BUFFER_TOO_SMALL` (`bench/frame.c`, `bench/host_frame.h`). **Fling**: from the offset (200, 200),")
    L.append("near the top-left corner, eight flings of 3 pt/ms one after another, each started when the last has stopped")
    L.append("(up-left, down-right, left, right, up, down, down-left, up-right); a fling's first frame is `canvas_fling`")
    L.append("then `canvas_tick`, the others `canvas_tick` alone. Flings into the top and left edges spring back, and at")
    L.append("1,000 items the others reach the far edges too: the bouncing column counts those frames. **Pinch**:")
    L.append("`canvas_pinch(CANVAS_PINCH_CHANGED)` at the viewport's center, the scale moving 1% a frame between 0.7 and")
    L.append(f"1.4, then `canvas_tick`, then the same copies. {frames['runs']} runs of every mode, after one untimed; the")
    L.append("median of the runs' mean frame, the median frame and the 99th percentile of single frames (wall time: a")
    L.append("run's mean also takes in the frames the scheduler preempted, a slice of about 4 ms on this shared machine).")
    L.append("")
    L.append("| items | motion | frames a run | bouncing | frame (mean) | median frame | p99 | of a frame | visible |")
    L.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        x = frames["sizes"][n]
        for m in MOTIONS:
            bouncing = f"{x['fling_bouncing']:,}" if m == "fling" else ""
            L.append(f"| {int(n):,} | {m} | {x[m + '_frames']:,} | {bouncing} | {us(x[m])} µs | {us(x[m + '_p50'])} µs | "
                     f"{us(x[m + '_p99'])} µs | {x[m] / FRAME * 100:.3f}% | {x[m + '_items']:.0f} |")
    small, big = frames["sizes"][sizes[0]], frames["sizes"][sizes[-1]]
    L.append("")
    L.append(f"{int(sizes[-1]):,} against {int(sizes[0]):,} items: fling {ratio(big['fling'] / small['fling'])} "
             f"(median frame {ratio(big['fling_p50'] / small['fling_p50'])}), pinch {ratio(big['pinch'] / small['pinch'])} "
             f"(median frame {ratio(big['pinch_p50'] / small['pinch_p50'])}); the goal is 2× at most, and under "
             f"{us(GOAL)} µs (1% of a frame) at {int(sizes[-1]):,}.")
    L.append("")

    L.append("### Copying every frame instead")
    L.append("")
    L.append("What a host without `canvas_copy_visible_items` does after a zoom, as a new user would: the same pinch frame,")
    L.append("then `canvas_copy_frames` of every item into a buffer of the item count (allocated once), instead of the")
    L.append("visible items' copies. Fewer frames at a million (each costs milliseconds), in the same runs.")
    L.append("")
    L.append("| items | frames a run | copy every frame (mean) | median frame | p99 | / the visible items' frame (mean) |")
    L.append("|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        x = frames["sizes"][n]
        L.append(f"| {int(n):,} | {x['copy_all_frames']:,} | {us(x['copy_all'])} µs | {us(x['copy_all_p50'])} µs | "
                 f"{us(x['copy_all_p99'])} µs | {ratio(x['copy_all'] / x['pinch'])} |")
    L.append("")

    L.append("### The same frame through Lua")
    L.append("")
    L.append("`bench/lua/motion_frame.lua`: the same scene and input through the canvas object, `c:fling(vx, vy, t)` or")
    L.append("`c:pinch(\"changed\", scale, 2, x, y)`, then `c:tick(t)`, then `c:visible_items()` (one")
    L.append("`{id=, x=, y=, width=, height=}` table per visible item: what a Lua host draws). CPU time (`os.clock`) of each")
    L.append("frame, and of each run's whole frame loop (the loop's mean). Run by canvas-lua with `--max-instructions 0`,")
    L.append("by canvas-lua with its default budget (whose count hook stops Lua's VM at every instruction), and by stock")
    L.append("`lua5.4` with `require \"canvas\"` (libcanvaslua.so as canvas.so on `package.cpath`). The C frame beside them")
    L.append("is `frame.c`'s (wall time; it also copies the appeared and disappeared ids). Each round runs the four")
    L.append(f"processes back to back in a rotating order, {lua['runs']} runs each; medians over {lua['rounds']} rounds, and each")
    L.append("ratio is the median of the rounds' ratios of median frames.")
    L.append("")
    L.append("| items | motion | C: median frame | canvas-lua: median frame | p99 | loop mean | / C | "
             "lua5.4: median frame | / C | canvas-lua, budget | / C |")
    L.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sorted(lua["sizes"], key=int):
        for m in MOTIONS:
            x = lua["sizes"][n][m]
            c, cl, lu, bu = x["c"], x["canvas_lua"], x["lua"], x["budget"]
            L.append(f"| {int(n):,} | {m} | {us(c['p50'])} µs | {us(cl['p50'])} µs | {us(cl['p99'])} µs | "
                     f"{us(cl['mean'])} µs | {ratio(cl['ratio'])} | {us(lu['p50'])} µs | {ratio(lu['ratio'])} | "
                     f"{us(bu['p50'])} µs | {ratio(bu['ratio'])} |")
    L.append("")
    L.append("Where a Lua frame goes (callgrind, 1,000 items): about 85% of its instructions are `c:visible_items()` making")
    L.append("its tables, `lua_createtable` and five `lua_rawset` per item, the cost the contract's table per item has; the")
    L.append("engine's tick is under a tenth. Sizing each table for its five fields (four made Lua rehash it on the fifth)")
    L.append("and pushing the keys once instead of `lua_setfield` per field took the call from 9.9G to 6.4G instructions")
    L.append("in that profile, about a third of the Lua frame (`Sources/CCanvasLua/lmotion.c`).")
    L.append("")
    return L
