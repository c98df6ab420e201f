"""Level of detail at a million items zoomed out, for bench/run.py: the
program bench/lod.c, the goals it answers and its part of docs/BENCHMARKS.md."""

import json

import run as bench  # run.py's helpers (as a module: its main() does not run)


def goal():
    """1% of a 120 Hz frame (read when used: run.py may still be loading when this is imported)."""
    return bench.FRAME / 100


def bench_lod(lod_program, quick):
    """lod.c at 1M items (100k with quick)."""
    bench.log("level of detail")
    return json.loads(bench.run([lod_program, "2" if quick else "5", "100000" if quick else "1000000"]))


def goals(lod):
    n = f"{lod['items']:,}"
    speedup = lod["full"] / lod["lod_frame"]
    build = lod["lod_build"] / lod["index"]
    every = lod["lod_every"] / lod["index"]
    return [
        (f"Level-of-detail frame (tick, copy items and clusters) under 1% of a 120 Hz frame at {n} items fitted",
         f"{bench.us(lod['lod_frame'])} µs = {lod['lod_frame'] / bench.FRAME * 100:.2f}%", lod["lod_frame"] < goal()),
        (f"Level-of-detail frame over 100× faster than copying every visible item ({n} items fitted)",
         f"{speedup:,.0f}×", speedup > 100),
        (f"Building every level at most 1/4 of the index build ({n} items)",
         f"{bench.ms(lod['lod_every'])} ms vs {bench.ms(lod['index'])} ms = {bench.ratio(every)} "
         f"(first query {bench.ms(lod['lod_build'])} ms = {bench.ratio(build)})", every <= 0.25),
    ]


def miss_reason(goal, lod):
    if goal.startswith("Building"):
        return ("Every level is one pass over the frames (the first query, zoomed in: it counts the size classes "
                "and bins, ahead, the finest level where the items can be small, a run of items of one size "
                "carried along its row from cell to cell in registers) and a merge of each coarser level from the "
                "one below; the zooms where the items are large ask the culling index. At that finest level a cell "
                "holds few items of a row, so the pass leaves a run for the next cell every few items.")
    return (f"{bench.us(lod['lod_frame'])} µs for {lod['clusters']:,} clusters: the tick's level-of-detail query "
            "visits the level's rows of cells, then the ids of the representatives are looked up and the "
            "answer compared with the last one published; the copies are a small part.")


def section(lod):
    us, ms = bench.us, bench.ms
    L = []
    L.append("### Level of detail")
    L.append("")
    L.append(f"{lod['items']:,} items of 80 × 60 in a flow (spacing 8), zoomed on both axes to fit a 1280 × 800 viewport")
    L.append(f"(zoom {lod['zoom']:.4g}), min_size 2, cell 16 (`bench/lod.c`; median of {lod['runs']} runs, a fresh engine each).")
    L.append("**Index**: building the culling index (the second `canvas_query` after a resolve). **First query**: the first")
    L.append("`canvas_query_lod` after a resolve, which builds what this zoom needs: one pass over the frames that counts the")
    L.append("size classes and bins this zoom's level (the items are all small here, so no member grid), then every coarser")
    L.append("level down to the minimum zoom, each merged from the one below. **Every level**: on a fresh engine whose culling")
    L.append("index is built (untimed), a query at each level's zoom from 4 down to the minimum, finest first: where the items")
    L.append("are large the index answers; the first query bins, in its counting pass, the finest level they can be small at,")
    L.append("and the coarser ones are merged from it. That pass carries a run of items of one size along its row from cell")
    L.append("to cell in one small loop (`LevelBuilder.extend`), which took every level from 0.31× of the index build to")
    L.append("about 0.20× (measured side by side before the change). **Frame**: with `canvas_set_lod` on,")
    L.append("`canvas_tick` then `canvas_copy_visible_items` and `canvas_copy_clusters` into buffers allocated once (median")
    L.append("of 200 frames). **Full**: the same frame without level of detail, copying every item in view.")
    L.append("")
    L.append("| items | index | first query | first / index | every level | every / index |")
    L.append("|---:|---:|---:|---:|---:|---:|")
    L.append(f"| {lod['items']:,} | {ms(lod['index'])} ms | {ms(lod['lod_build'])} ms | "
             f"{bench.ratio(lod['lod_build'] / lod['index'])} | {ms(lod['lod_every'])} ms | "
             f"{bench.ratio(lod['lod_every'] / lod['index'])} |")
    L.append("")
    L.append("| items | frame | of a 120 Hz frame | shown / clusters | full frame | visible | full / frame |")
    L.append("|---:|---:|---:|---:|---:|---:|---:|")
    L.append(f"| {lod['items']:,} | {us(lod['lod_frame'])} µs | {lod['lod_frame'] / bench.FRAME * 100:.2f}% | "
             f"{lod['shown']:,} / {lod['clusters']:,} | {ms(lod['full'])} ms | {lod['visible']:,} | "
             f"{lod['full'] / lod['lod_frame']:,.0f}× |")
    L.append("")
    return L
