"""Runs the session benchmark (bench/session.c, then the faces' pan and LOD
phases, then the R-tree comparison when built) and prints its Markdown section
for docs/BENCHMARKS.md (scripts/bench-session; scripts/bench appends it).

    python3 bench/session.py --bin RELEASE_DIR --session SESSION_BINARY [--cards N] [--rtree RTREE_BINARY]
                             [--lod LOD_BINARY]

LOD_BINARY prints bench/lod_sets.c's JSON lines, one a set and size (the
level-of-detail comparison against a naive binning).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lines(command, env=None, timeout=None, required=True):
    """The JSON lines a program printed. A program that times out, or fails
    when not required, gives the lines it printed before (its section then
    has fewer rows) rather than losing the whole run."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout, check=True).stdout
    except subprocess.TimeoutExpired as error:
        out = error.stdout.decode() if isinstance(error.stdout, bytes) else (error.stdout or "")
        print(f"session: {command[0]} timed out after {timeout} s", file=sys.stderr)
    except subprocess.CalledProcessError as error:
        print(error.stderr, file=sys.stderr)
        if required:
            raise
        out = error.stdout or ""
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    if os.environ.get("SESSION_RECORDS"):  # keep the raw lines too
        with open(os.environ["SESSION_RECORDS"], "a") as f:
            f.writelines(json.dumps(r) + "\n" for r in records)
    return records


def us(value):
    if value >= 1e6:
        return f"{value / 1e6:,.2f} s"
    if value >= 1e3:
        return f"{value / 1e3:,.2f} ms"
    return f"{value:,.1f} µs"


def us_or(value, missing="not reached"):
    """A time the session may not have reached (printed as -1 s by session.c)."""
    return missing if value < 0 else us(value)


def edit_value(edit):
    return f"> {edit['timeout_s']:.0f} s (timed out)" if "timeout_s" in edit else us(edit["ms"] * 1e3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--session", required=True)
    parser.add_argument("--rtree")
    parser.add_argument("--lod")
    parser.add_argument("--cards", type=int, default=1_000_000)
    args = parser.parse_args()
    n = args.cards
    started = time.time()
    with tempfile.TemporaryDirectory() as work:
        cards_file = os.path.join(work, "cards.bin")
        records = lines([args.session, str(n), cards_file])
        head = records[0]
        x, y = head["busiest"][0] - 640, head["busiest"][1] - 400
        face_args = [cards_file, str(n), repr(x), repr(y), repr(head["fit_zoom"])]
        env = dict(os.environ, CANVAS_LIB=os.path.join(args.bin, "libcanvas.so"),
                   LUA_CPATH=os.path.join(args.bin, "?.so"), LUA_PATH=os.path.join(ROOT, "lua", "?.lua") + ";;")
        faces = []
        faces += lines(["lua5.4", os.path.join(ROOT, "bench", "session_faces.lua"), "canvas"] + face_args, env, 900, False)
        faces += lines(["luajit", os.path.join(ROOT, "bench", "session_faces.lua"), "canvas.ffi"] + face_args, env, 900, False)
        faces += lines([sys.executable, os.path.join(ROOT, "bench", "session_faces.py")] + face_args, env, 900, False)
    rtree = lines([args.rtree], timeout=3600, required=False) if args.rtree else []
    lod = lines([args.lod], timeout=3600, required=False) if args.lod else []
    phases = [r for r in records if "phase" in r]
    edits = {r["edit"]: r for r in records if "edit" in r}
    fit_end = next(r["fit_end"] for r in records if "fit_end" in r)
    marquee = next(r["marquee"] for r in records if "marquee" in r)
    drags = next(r["drags"] for r in records if "drags" in r)
    memory = next(r["memory"] for r in records if "memory" in r)
    elapsed = time.time() - started

    L = []
    L.append("")
    L.append("## 8. A whiteboard session")
    L.append("")
    L.append(f"One session at {n:,} cards through the C ABI (`scripts/bench-session`, `bench/session.c`), as a host")
    L.append("plays it: each frame is its input events, `canvas_tick`, and, when `canvas_get_publish_count` moved, copying")
    L.append("what it draws (`canvas_copy_visible_items`, `_appeared`, `_disappeared`, `canvas_copy_clusters`), timed")
    L.append("as one; the host's clock advances 16.67 ms a frame. **Data: mixed**, scattered in data order, from")
    L.append("`bench/session_data.h` (seeded SplitMix64): sides log-normal (median 160 points, 95% within 16–1,600,")
    L.append("clamped there), aspect ratios log-uniform 0.3–3, 85% of the cards in 300 Gaussian blobs (sigma 500–8,000")
    L.append("points) and 15% uniform, in a square world of 250·√n points a side; a free canvas, level of detail on")
    L.append("with the documented defaults (`CANVAS_LOD_MIN_SIZE`, `CANVAS_LOD_CELL`), zoom on both axes, a 1280 × 800")
    L.append("viewport opened on the densest blob, the zoom floor at the fitted zoom. A frame phase stops after 10 s of")
    L.append("frames (`frames` below `planned` then; its percentiles are over the frames it ran); the edits run in the")
    L.append("process as a host makes them, a group at a time, each group ending where it began; a group past 30 s ends")
    L.append("the run (\"> 30 s\").")
    L.append("")
    L.append(f"Opened (frames, resolve, viewport, LOD, first frame) in {head['open_s'] * 1e3:,.0f} ms; run took {elapsed:,.0f} s.")
    L.append("")
    L.append("| phase | frames | p50 | p95 | p99 | max |")
    L.append("|---|---:|---:|---:|---:|---:|")
    for p in phases:
        frames = f"{p['frames']}" + (f" of {p['planned']} (capped)" if p["capped"] else "")
        L.append(f"| {p['phase']} | {frames} | {us(p['p50_us'])} | {us(p['p95_us'])} | {us(p['p99_us'])} | {us(p['max_us'])} |")
    L.append("")
    L.append(f"The animated fit ended {'at rest' if fit_end['ended'] else 'cut short by the budget'} at zoom "
             f"{fit_end['zoom']:.5f} (the fit: {head['fit_zoom']:.5f}), the items' centre {fit_end['off_centre_points']:,.1f} "
             f"screen points from the viewport's. The marquee: {marquee['selected']:,} cards selected "
             f"({'drawn with the select tool' if marquee['drawn'] else 'no empty point to press on near the target, so grown through canvas_select_rect'}); "
             f"{drags['count']} drags: the first move {us_or(drags['first_move_us'])}, the first drag's p99 "
             f"{us_or(drags['first_p99_us'])}, the tenth's {us_or(drags['tenth_p99_us'], 'not reached (capped)')}.")
    L.append("")
    L.append("| edit (after the drags; host copy included) | time |")
    L.append("|---|---:|")
    names = [("delete_selection", f"delete the selection ({marquee['selected']:,} cards)"), ("undo_delete", "its undo"),
             ("redo_delete", "its redo"), ("remove_1000_scattered", "remove 1,000 scattered ids"),
             ("undo_remove_1000", "their undo"), ("remove_one_middle", "remove one card from the middle (median of 5)"),
             ("undo_remove_one", "its undo (median of 5)"), ("insert_1000_front", "insert 1,000 cards at the front"),
             ("undo_insert_1000", "their undo")]
    for key, label in names:
        if key in edits:
            L.append(f"| {label} | {edit_value(edits[key])} |")
    L.append("")
    L.append(f"Peak memory: {memory['bytes_per_card']:,.0f} B a card (VmHWM of the session, less "
             "the resident size before the engine was made).")
    L.append("")
    L.append("The pan and level-of-detail phases through the other faces, on the same cards (frames from the same file;")
    L.append("each face's own calls: `c:tick`, `c:publish_count`, `c:visible_items`, `c:clusters`; Lua times by `os.clock`):")
    L.append("")
    L.append("| face | phase | frames | p50 | p95 | p99 | max |")
    L.append("|---|---|---:|---:|---:|---:|---:|")
    label = {"canvas": "Lua 5.4 module", "canvas.ffi": "canvas.ffi (LuaJIT)", "python": "Python"}
    for p in phases:
        if p["phase"] in ("drag-pan and fling at zoom 1", "pan at the fitted zoom (LOD)"):
            frames = f"{p['frames']}" + (f" of {p['planned']} (capped)" if p["capped"] else "")
            L.append(f"| C | {p['phase']} | {frames} | {us(p['p50_us'])} | {us(p['p95_us'])} | {us(p['p99_us'])} | {us(p['max_us'])} |")
    for f in faces:
        frames = f"{f['frames']}" + (f" of {f['planned']} (capped)" if f["capped"] else "")
        L.append(f"| {label.get(f['face'], f['face'])} | {f['phase']} | {frames} | {us(f['p50_us'])} | {us(f['p95_us'])} | "
                 f"{us(f['p99_us'])} | {us(f['max_us'])} |")
    L.append("")

    # Goals (issue 20) at this size.
    def row(goal, measured, met):
        L.append(f"| {goal} | {measured} | {'yes' if met else 'no'} |")

    def edit_ms(key):
        e = edits.get(key)
        return None if e is None or "timeout_s" in e else e["ms"]

    def edit_text(key):
        return edit_value(edits[key]) if key in edits else "not run"

    L.append(f"Goals at {n:,} mixed cards (issue 20; the goals are set for 1,000,000):")
    L.append("")
    L.append("| goal | measured | met? |")
    L.append("|---|---|---|")
    frame_phases = [p for p in phases if not p["phase"].startswith("idle")]
    for p in frame_phases:
        met = p["p99_us"] <= 1000 and p["max_us"] <= 4000 and not p["capped"]
        row(f"{p['phase']}: p99 ≤ 1 ms, max ≤ 4 ms", f"p99 {us(p['p99_us'])}, max {us(p['max_us'])}"
            + (" (capped)" if p["capped"] else ""), met)
    for p in phases:
        if p["phase"].startswith("idle"):
            row(f"{p['phase']}: ≤ 20 µs a tick", f"p50 {us(p['p50_us'])}, p99 {us(p['p99_us'])}", p["p99_us"] <= 20 and not p["capped"])
    middle = edit_ms("remove_one_middle")
    row("one card from the middle ≤ 50 µs (median)", edit_text("remove_one_middle"), middle is not None and middle <= 0.05)
    for key, goal in (("remove_1000_scattered", "1,000 scattered removals ≤ 5 ms"),
                      ("insert_1000_front", "1,000 inserts at the front ≤ 5 ms"),
                      ("delete_selection", "the selection's delete ≤ 5 ms")):
        value = edit_ms(key)
        row(goal, edit_text(key), value is not None and value <= 5)
    for edit, undo in (("delete_selection", "undo_delete"), ("delete_selection", "redo_delete"),
                       ("remove_1000_scattered", "undo_remove_1000"), ("insert_1000_front", "undo_insert_1000"),
                       ("remove_one_middle", "undo_remove_one")):
        a, b = edit_ms(edit), edit_ms(undo)
        row(f"{undo.replace('_', ' ')} within 1.5× of its edit", f"{edit_text(undo)} vs {edit_text(edit)}",
            a is not None and b is not None and b <= 1.5 * a)
    first, tenth = drags["first_p99_us"], drags["tenth_p99_us"]
    row("the first drag within 1.5× of the tenth at p99", f"{us_or(first)} vs {us_or(tenth, 'not reached (capped)')}",
        drags["count"] >= 10 and 0 <= first <= 1.5 * tenth)
    row("an animated fit ends centred (within a point)", f"{fit_end['off_centre_points']:,.1f} points off"
        + ("" if fit_end["ended"] else ", cut short"), fit_end["ended"] and fit_end["off_centre_points"] <= 1)
    row("memory ≤ 120 B a card after the whole session", f"{memory['bytes_per_card']:,.0f} B", memory["bytes_per_card"] <= 120)
    L.append("")
    if rtree:
        L.extend(rtree_section(rtree))
    if lod:
        L.extend(lod_section(lod))
    print("\n".join(L))


def rtree_section(records):
    L = ["### The free canvas against Boost.Geometry's R-tree", ""]
    L.append("`bench/rtree_compare.cpp`: the same frames into a free canvas (`canvas_set_item_frames`, resolve, the")
    L.append("viewport's index) and into `boost::geometry::index::rtree<box, rstar<16>>` (packed by its range")
    L.append("constructor); 200 viewport queries of 1280 × 800 at seeded random places over the cards, ids copied out,")
    L.append("fresh and after 100,000 random edits (each a move of a random card by up to 500 points: `canvas_move_items`;")
    L.append("for the tree a remove and an insert); medians. Data sets from `bench/session_data.h`: **uniform**,")
    L.append("**clustered**, **lines** (80 × 60 cards, one size) and **mixed** (the session's), all scattered in data order.")
    L.append("")
    L.append("| set | cards | query, Canvas fresh | Boost fresh | Canvas after edits | Boost after edits | edit (move), Canvas | Boost | faster fresh / after |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in records:
        if "set" not in r:
            continue
        fresh = "Canvas" if r["canvas_fresh_us"] <= r["boost_fresh_us"] else "Boost"
        after = "Canvas" if r["canvas_after_us"] <= r["boost_after_us"] else "Boost"
        L.append(f"| {r['set']} | {r['cards']:,} | {us(r['canvas_fresh_us'])} | {us(r['boost_fresh_us'])} | "
                 f"{us(r['canvas_after_us'])} | {us(r['boost_after_us'])} | {us(r['canvas_edit_us'])} | "
                 f"{us(r['boost_edit_us'])} | {fresh} / {after} |")
    L.append("")
    sets = [r for r in records if "set" in r]
    slower = [f"{r['set']} at {r['cards']:,}" for r in sets
              if r["canvas_fresh_us"] > r["boost_fresh_us"] or r["canvas_after_us"] > r["boost_after_us"]]
    ahead = {r["set"] for r in sets if r["canvas_fresh_us"] < r["boost_fresh_us"] and r["canvas_after_us"] < r["boost_after_us"]}
    L.append("| goal | measured | met? |")
    L.append("|---|---|---|")
    L.append("| the free canvas's viewport query no slower than Boost's rtree on any set, fresh or after the edits, "
             f"and ahead on at least two | slower on {len(slower)} of {len(sets)} ({', '.join(slower) or 'none'}); "
             f"ahead on {len(ahead)} sets | {'yes' if not slower and len(ahead) >= 2 else 'no'} |")
    L.append("")
    return L


def lod_section(records):
    """Level of detail on the comparison sets against the naive binning a host would write (bench/lod_sets.c)."""
    sets = [r for r in records if "set" in r]
    L = ["### Level of detail on the same sets, against a naive binning", ""]
    L.append("`bench/lod_sets.c` on `bench/session_data.h`'s four sets (the same cards as above): a free canvas, a")
    L.append("1280 × 800 viewport, zoom on both axes (limits 0.00001–5), level of detail at the documented defaults")
    L.append("(`CANVAS_LOD_MIN_SIZE`, cell 16). Zooms: the fit, then 4, 16, 64 and 256 times it, each centred on the")
    L.append("content's centre. **LOD**: `canvas_query_lod` over the culling rectangle once the levels exist (the second")
    L.append("query at the zoom). **Naive**: the floor a host would write, one pass over every frame zoomed, a large one")
    L.append("meeting the rectangle kept, a small one summed into its screen cell of a dense grid (count, first,")
    L.append("bounds). **Copy**: `memcpy` of the answer the query returned (its items and clusters), what \"costs its")
    L.append("answer\" is measured against. **Index**: `canvas_resolve`, which builds the free canvas's index; **open**:")
    L.append("the first query at the fit, which builds every level the zoom limits reach. Thread CPU time, medians of")
    L.append("the runs, a fresh engine each. Data in data order as generated (scattered in space).")
    L.append("")
    L.append("| set | cards | zoom | items | clusters | LOD | naive | copy | LOD / copy | naive / LOD |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    worst_copy, worst_naive = None, None
    for r in sets:
        fit = r["zooms"][0]["scale"]
        for z in r["zooms"]:
            per_copy = z["lod"] / max(z["copy"], 1e-9)
            per_naive = z["naive"] / max(z["lod"], 1e-9)
            where = f"{r['set']} at {r['items']:,}, zoom {z['scale']:.3g}"
            if worst_copy is None or per_copy > worst_copy[0]:
                worst_copy = (per_copy, where)
            if worst_naive is None or per_naive < worst_naive[0]:
                worst_naive = (per_naive, where)
            L.append(f"| {r['set']} | {r['items']:,} | {z['scale']:.3g} ({z['scale'] / fit:.0f}× fit) | {z['items']:,} | "
                     f"{z['clusters']:,} | {us(z['lod'] * 1e6)} | {us(z['naive'] * 1e6)} | {us(z['copy'] * 1e6)} | "
                     f"{per_copy:,.1f}× | {per_naive:,.1f}× |")
    L.append("")
    L.append("| set | cards | index | open (every level) | open / index | idle tick, LOD on |")
    L.append("|---|---:|---:|---:|---:|---:|")
    for r in sets:
        L.append(f"| {r['set']} | {r['items']:,} | {us(r['index'] * 1e6)} | {us(r['open'] * 1e6)} | "
                 f"{r['open'] / r['index']:.2f}× | {us(r['idle'] * 1e6)} |")
    L.append("")
    mixed = [r for r in sets if r["set"] == "mixed"]
    L.append("| goal | measured | met? |")
    L.append("|---|---|---|")
    if worst_copy:
        L.append(f"| a level-of-detail query costs its answer, for any mix of sizes (within 2× of copying the items and "
                 f"clusters it returns) | worst {worst_copy[0]:,.1f}× ({worst_copy[1]}) | {'yes' if worst_copy[0] <= 2 else 'no'} |")
        L.append(f"| level of detail faster than the naive one-pass binning at every zoom on every set | slowest "
                 f"{worst_naive[0]:,.1f}× faster ({worst_naive[1]}) | {'yes' if worst_naive[0] > 1 else 'no'} |")
    for r in mixed:
        ratio = r["open"] / r["index"]
        L.append(f"| every level built at open within 1/4 of the index build on mixed data ({r['items']:,}) | "
                 f"{us(r['open'] * 1e6)} vs {us(r['index'] * 1e6)} = {ratio:.2f}× | {'yes' if ratio <= 0.25 else 'no'} |")
    L.append("")
    return L


if __name__ == "__main__":
    main()
