"""Ten million items on one machine, for bench/run.py: bench/scale.c (the
pipeline against its C floor, resolve, index build and viewport queries at
1M and 10M), memory.c's peak per item at 10M with one fixed size and with
varied sizes, the goals they answer and their part of docs/BENCHMARKS.md."""

import json
import os
import statistics
import subprocess

import run as bench  # run.py's helpers (as a module: its main() does not run)

FIXED_BYTES = 44   # per item, one fixed size, at ten million
VARIED_BYTES = 64  # per item, sizes given one by one
FLOOR_RATIO = 3
QUERY_RATIO = 1.5


def bench_scale(scale_program, memory_program, quick, bin_dir):
    """scale.c at 1M and 10M (100k and 1M with quick), then memory.c's
    processes at the larger count for fixed and for varied sizes."""
    small, big = (100_000, 1_000_000) if quick else (1_000_000, 10_000_000)
    bench.log(f"scale: {small:,} and {big:,} items")
    result = json.loads(bench.run([scale_program, "2" if quick else "3", str(small), str(big)]))
    result["small"], result["big"] = str(small), str(big)
    bench.log(f"scale: memory at {big:,} items")
    rounds = 1 if quick else 3
    result["memory"] = {kind: bench.bench_memory(memory_program, big, rounds, kind=kind) for kind in ("fixed", "varied")}
    bench.log(f"scale: canvas-lua's memory at {big:,} items of one fixed size")
    result["memory"]["lua_fixed"] = lua_fixed_memory(bin_dir, big, rounds)
    return result


def lua_fixed_memory(bin_dir, count, rounds):
    """canvas-lua's peak (VmHWM, which bench/lua/fixed_size.lua prints) with
    count items of one fixed size, less the same script's peak making no
    canvas; processes alternating, medians."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lua", "fixed_size.lua")
    command = [os.path.join(bin_dir, "canvas-lua"), "--max-memory", "0", "--max-time", "0", script, str(count)]
    samples = {"baseline": [], "canvas": []}
    for _ in range(rounds):
        for mode in samples:
            out = subprocess.run(command + (["baseline"] if mode == "baseline" else []), capture_output=True, text=True)
            if out.returncode != 0:
                raise RuntimeError(f"canvas-lua {script}: {out.stderr}")
            samples[mode].append(int(out.stderr.split()[-1]))
    base, peak = statistics.median(samples["baseline"]), statistics.median(samples["canvas"])
    return {"count": count, "rounds": rounds, "baseline_kib": base, "canvas_kib": peak,
            "per_item": (peak - base) * 1024 / count}


def goals(scale):
    big, small = scale["counts"][scale["big"]], scale["counts"][scale["small"]]
    n = f"{int(scale['big']):,}"
    fixed, varied = scale["memory"]["fixed"]["per_item"], scale["memory"]["varied"]["per_item"]
    lua_fixed = scale["memory"]["lua_fixed"]["per_item"]
    floor = big["canvas"] / big["floor"]
    query = big["query"] / small["query"]
    return [
        (f"{n} items of one fixed size: at most {FIXED_BYTES} bytes an item (peak)", f"{fixed:.1f} B",
         fixed <= FIXED_BYTES),
        (f"{n} items of one fixed size through canvas-lua: at most {FIXED_BYTES} bytes an item (peak)",
         f"{lua_fixed:.1f} B (through C {fixed:.1f} B)", lua_fixed <= FIXED_BYTES),
        (f"{n} items of varied sizes: at most {VARIED_BYTES} bytes an item (peak)", f"{varied:.1f} B",
         varied <= VARIED_BYTES),
        (f"Layout pipeline within {FLOOR_RATIO}× of the C floor at {n} items", bench.ratio(floor), floor <= FLOOR_RATIO),
        (f"Viewport query at {n} items within {QUERY_RATIO}× of its cost at {int(scale['small']):,}",
         f"{bench.us(big['query'])} µs vs {bench.us(small['query'])} µs = {bench.ratio(query)}", query <= QUERY_RATIO),
    ]


def miss_reason(goal, scale):
    big = scale["counts"][scale["big"]]
    if goal.startswith("Layout pipeline"):
        return (f"{bench.ms(big['canvas'])} ms against {bench.ms(big['floor'])} ms: the engine writes its frames into "
                "memory it allocates fresh (the floor reuses a buffer it touched), then copies them out.")
    if goal.startswith("Viewport query"):
        return "A query's cost follows its results; at this count the frames it reads are further apart in memory."
    return "See where the bytes go, above."


def section(scale):
    us, ms, ratio = bench.us, bench.ms, bench.ratio
    L = []
    L.append("### Ten million items")
    L.append("")
    L.append("Items of one fixed size, 80 × 60, set by `canvas_set_item_size` with no sizes handed over, in a flow")
    L.append(f"(spacing 8) (`bench/scale.c`, median of {scale['runs']} runs; a warm-up run first, since a process's first")
    L.append("run at a new size is slow on the kernel's account). **Pipeline** and **C floor**: as in section 1, over the")
    L.append("one size. **Resolve**: set the items, flow, resolve, on a fresh engine. **Index**: the second `canvas_query`")
    L.append(f"after it, which builds the index. **Query**: a 1280 × 800 rectangle at the same {scale['queries']} seeded")
    L.append("positions for both counts (inside the smaller content), ids copied out; the median of all.")
    L.append("")
    L.append("| items | pipeline | C floor | / floor | same frames | resolve | index build | query | ids a query |")
    L.append("|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    for n in (scale["small"], scale["big"]):
        row = scale["counts"][n]
        L.append(f"| {int(n):,} | {ms(row['canvas'])} ms | {ms(row['floor'])} ms | {ratio(row['canvas'] / row['floor'])} | "
                 f"{'yes, byte for byte' if row['same_frames'] else '**no**'} | {ms(row['resolve'])} ms | "
                 f"{ms(row['index'])} ms | {us(row['query'])} µs | {row['results']:.0f} |")
    L.append("")
    small, big = scale["counts"][scale["small"]], scale["counts"][scale["big"]]
    L.append(f"The query at {int(scale['big']):,} costs {ratio(big['query'] / small['query'])} of its cost at "
             f"{int(scale['small']):,}: it follows the ids it finds, not the item count.")
    L.append("")
    L.append(f"Peak memory per item at {int(scale['big']):,} (memory.c, as in the table above, medians of "
             f"{scale['memory']['fixed']['rounds']}):")
    L.append("")
    L.append("| sizes | peak per item | live per item | baseline | with the engine |")
    L.append("|---|---:|---:|---:|---:|")
    labels = {"fixed": "one fixed size (`canvas_set_item_size`, none handed over)",
              "varied": "varied (40–118 × 30–88, handed over)"}
    for kind, label in labels.items():
        mem = scale["memory"][kind]
        L.append(f"| {label} | {mem['per_item']:.1f} B | {mem['live_per_item']:.1f} B | "
                 f"{mem['baseline_kib'] / 1024:.1f} MiB | {mem['canvas_kib'] / 1024:.1f} MiB |")
    L.append("")
    lua = scale["memory"]["lua_fixed"]
    L.append(f"Through canvas-lua (`bench/lua/fixed_size.lua`: `canvas.new{{items = n, item_size = {{80, 60}}, layout =")
    L.append(f"canvas.flow{{}}}}`, its peak less the same script's without the canvas, medians of {lua['rounds']}): "
             f"{lua['per_item']:.1f} B an item ({lua['baseline_kib'] / 1024:.1f} MiB, {lua['canvas_kib'] / 1024:.1f} MiB).")
    L.append("")
    L.append("One fixed size stores no size per item: the frames (32 B) and the index (about 10) are the whole of it. Varied")
    L.append("sizes add the engine's copy of them (16 B). Arrays this large ask the kernel for huge pages before they are")
    L.append("first written (`Sources/CanvasCore/Memory/LargeArray.swift`): a fresh 320 MB array otherwise takes a page")
    L.append("fault every 4 KB, which was 90 ms of a 200 ms resolve at ten million.")
    L.append("")
    return L
