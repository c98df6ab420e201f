"""Links and graph layouts (issue 24) for bench/run.py: bench/links.c on the
uniform and the mixed board, `canvas-bench graph 5 json` for the tidy tree
and the layered layout, the goals they answer and their section of
docs/BENCHMARKS.md."""

import json
import os

import run as bench  # run.py's helpers (as a module: its main() does not run)

SETS = ("uniform", "mixed")


def bench_links(links_program, bin_dir, quick):
    """links.c on both boards at 1M cards (100k with quick), then the graph layouts."""
    cards = "100000" if quick else "1000000"
    queries = "300" if quick else "2000"
    out = {"sets": {}}
    for name in SETS:
        bench.log(f"links ({name}, {int(cards):,} cards)")
        out["sets"][name] = json.loads(bench.run([links_program, name, cards, queries]))
    graph = os.path.join(bin_dir, "canvas-bench")
    if os.path.exists(graph):
        bench.log("graph layouts (canvas-bench graph)")
        out["graph"] = json.loads(bench.run([graph, "graph", "2" if quick else "5", "json"]))
    return out


def goals(links):
    rows = []
    for name, s in links["sets"].items():
        n = f"{s['cards']:,}"
        ratio = s["links_query_us"]["p99"] / s["items_query_us"]["p99"]
        rows.append((f"Visible links of a 1920 × 1080 viewport at p99 within 2× of the items' query ({n} cards, {name})",
                     f"{s['links_query_us']['p99']:.1f} µs vs {s['items_query_us']['p99']:.1f} µs = {bench.ratio(ratio)}",
                     ratio <= 2))
        # canvas_move_items re-routes the moved cards' links as it moves
        # them: the re-route is the drag frame with links less the same move
        # on an engine without links, run frame by frame beside it.
        frame, bare = s["drag_frame_us"], s["drag_move_no_links_us"]
        route = frame["p50"] - bare["p50"]
        rows.append((f"A drag of 1,000 cards re-routes their links within 1 ms a frame ({n} cards, {name})",
                     f"re-route {max(route, 0) / 1e3:.2f} ms a frame (p50 frame {frame['p50'] / 1e3:.2f} ms with links, "
                     f"{bare['p50'] / 1e3:.2f} ms without; p99 {frame['p99'] / 1e3:.2f} / {bare['p99'] / 1e3:.2f})",
                     route <= 1000))
        per = s["bytes_per_link_with_index"]
        rows.append((f"At most 48 bytes a link ({s['links']:,} links, table and index, {name})",
                     f"{per:.1f} B (table {s['bytes_per_link_table']:.1f} B)", per <= 48))
        frame, plain = s["host_frame_links_us"]["p50"], s["host_frame_us"]["p50"]
        rows.append((f"A host's frame with links visible under 1% of a 120 Hz frame ({n} cards, {name})",
                     f"{frame:.1f} µs = {frame / (bench.FRAME * 1e6) * 100:.2f}% (without links {plain:.1f} µs)",
                     frame < bench.FRAME * 1e6 / 100))
    g = links.get("graph")
    if g:
        tree = g["tree_s"] / g["flow_s"]
        warm = ""
        if "tree_warm_s" in g:
            warm = (f"; warm, in one process: {bench.ms(g['tree_warm_s'])} ms vs {bench.ms(g['flow_warm_s'])} ms = "
                    f"{bench.ratio(g['tree_warm_s'] / g['flow_warm_s'])}")
        rows.append((f"The tidy tree of {g['items']:,} nodes within 3× of the flow pipeline at {g['items']:,} items",
                     f"{bench.ms(g['tree_s'])} ms vs {bench.ms(g['flow_s'])} ms = {bench.ratio(tree)}, each in a fresh "
                     f"process{warm}", tree <= 3))
        lay, base = g["layered"], g["barycentre"]
        rows.append((f"The layered layout of {g['nodes']:,} nodes and {g['edges']:,} links within 1 s",
                     f"{bench.ms(lay['seconds'])} ms; {lay['crossings']:,} crossings (barycentre only {base['crossings']:,})",
                     lay["seconds"] <= 1))
    return rows


def miss_reason(goal, links):
    if goal.startswith("Visible links"):
        return ("the links' query walks the index of route bounds, then filters by the exact bounds; a link's box "
                "spans two cards, so a viewport meets more boxes than cards.")
    if goal.startswith("A drag"):
        return ("each moved card's links are re-routed as the card moves, so a link with both ends dragged is "
                "re-routed twice a frame; see docs/bench-links.md.")
    if goal.startswith("At most 48"):
        return ("the table is about 25 B a link; the culling index of route bounds (boxes, cells, entries and the "
                "per-item link lists) adds the rest; see docs/bench-links.md.")
    if goal.startswith("A host's frame"):
        return ("with links the host copies the visible link ids and then each link's route, one call a link: "
                "the routes dominate; see docs/bench-links.md.")
    if goal.startswith("The tidy tree"):
        return ("the tree numbers the items in preorder (a subtree is a run of numbers, so the contour walks stay in "
                "nearby records) with its records and frames in huge pages, but mapping items to nodes and back is "
                "still two random passes (about 40 ms of a warm build at 1M nodes, memory latency), and the first "
                "walk runs more instructions than the whole flow layout; see docs/bench-graph.md, Session 14.")
    return "see docs/bench-links.md."


def section(links):
    L = []
    L.append("## Links and graph layouts")
    L.append("")
    L.append("`bench/links.c` (release, C ABI): a free board of cards, each linked to one or two near neighbours "
             "(about 1.5 links a")
    L.append("card, styles mixed). **uniform**: 120 × 70 cards in rows of 1,000; **mixed**: the whiteboard of "
             "`bench/session_data.h`,")
    L.append("neighbours taken in order of 500-point cells. Queries: random 1920 × 1080 viewports, "
             "`canvas_query_links` beside")
    L.append("`canvas_query` over the same rectangle, interleaved. Drag: 1,000 neighbouring cards moved a step a frame "
             "(`canvas_move_items`),")
    L.append("then the links' query over them; `canvas_move_items` re-routes the moved cards' links, so the re-route is the frame")
    L.append("less the same move on a second engine with the same cards and no links, dragged frame by frame beside it. Host frame: the viewport pans 4 × 2 points a frame; "
             "input, `canvas_tick`,")
    L.append("the visible items, appeared, disappeared and clusters copied; with links also the visible link ids and "
             "each route, the two")
    L.append("kinds alternating frame by frame. Times in µs of the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`: other processes'")
    L.append("slices on a shared machine stay out; cache misses stay in).")
    L.append("")
    L.append("| data | cards | links | items' query p50 / p95 / p99 / max | links' query p50 / p95 / p99 / max "
             "| found (items, links) | B a link (table, with index) |")
    L.append("|---|---:|---:|---|---|---|---|")

    def q(d):
        return f"{d['p50']:.1f} / {d['p95']:.1f} / {d['p99']:.1f} / {d['max']:.1f}"
    for name, s in links["sets"].items():
        L.append(f"| {name} | {s['cards']:,} | {s['links']:,} | {q(s['items_query_us'])} | {q(s['links_query_us'])} | "
                 f"{s['items_found']:.0f}, {s['links_found']:.0f} | {s['bytes_per_link_table']:.1f}, "
                 f"{s['bytes_per_link_with_index']:.1f} |")
    L.append("")
    L.append("| data | drag frame with links p50 / p99 | same move without links p50 / p99 | links' query after the move p50 / p99 "
             "| host frame p50 / p99 | with links p50 / p99 | items, links, route points a frame |")
    L.append("|---|---|---|---|---|---|---|")
    for name, s in links["sets"].items():
        m, b, h, hl = s["drag_frame_us"], s["drag_move_no_links_us"], s["host_frame_us"], s["host_frame_links_us"]
        qr = s["drag_route_us"]
        L.append(f"| {name} | {m['p50']:.0f} / {m['p99']:.0f} | {b['p50']:.0f} / {b['p99']:.0f} | {qr['p50']:.1f} / {qr['p99']:.1f} | "
                 f"{h['p50']:.1f} / {h['p99']:.1f} | "
                 f"{hl['p50']:.1f} / {hl['p99']:.1f} | {s['host_visible_items']:.0f}, {s['host_visible_links']:.0f}, "
                 f"{s['host_route_points']:.0f} |")
    L.append("")
    if all("lod_drag_frame_us" in s for s in links["sets"].values()):
        L.append("The drag again with level of detail on (`canvas_set_lod(8, 32)`, zoom 0.05, the viewport over the dragged "
                 "cards): moving the 1,000 cards, the tick that publishes, and copying the cluster links, a frame.")
        L.append("")
        L.append("| data | cluster links a frame | drag frame with level of detail p50 / p95 / p99 / max (µs) |")
        L.append("|---|---:|---|")
        for name, s in links["sets"].items():
            d = s["lod_drag_frame_us"]
            L.append(f"| {name} | {s['lod_drag_cluster_links']:,.0f} | {d['p50']:.0f} / {d['p95']:.0f} / {d['p99']:.0f} / {d['max']:.0f} |")
        L.append("")
    g = links.get("graph")
    if g:
        L.append(f"Graph layouts (`canvas-bench graph {g['runs']} json`, medians of {g['runs']} runs; cold: the tree and the "
                 "flow each in a fresh process, alternated; warm: alternated in one process on pages already faulted in): "
                 f"the tidy tree of {g['items']:,}")
        L.append("nodes (a random recursive tree, mixed sizes) through the resolve pipeline beside the flow layout's "
                 "pipeline over the same")
        L.append(f"sizes; the layered layout of {g['nodes']:,} nodes and {g['edges']:,} links (a flow chart's shape, "
                 "one link in twenty backwards).")
        L.append("")
        if "tree_warm_s" in g:
            L.append("| layout | cold ms | × flow | warm ms | × flow |")
            L.append("|---|---:|---:|---:|---:|")
            L.append(f"| flow (resolve) | {bench.ms(g['flow_s'])} | 1.0 | {bench.ms(g['flow_warm_s'])} | 1.0 |")
            L.append(f"| tidy tree (resolve) | {bench.ms(g['tree_s'])} | {g['tree_s'] / g['flow_s']:.2f} | "
                     f"{bench.ms(g['tree_warm_s'])} | {g['tree_warm_s'] / g['flow_warm_s']:.2f} |")
        else:
            L.append("| layout | ms | × flow |")
            L.append("|---|---:|---:|")
            L.append(f"| flow (resolve) | {bench.ms(g['flow_s'])} | 1.0 |")
            L.append(f"| tidy tree (resolve) | {bench.ms(g['tree_s'])} | {g['tree_s'] / g['flow_s']:.2f} |")
        L.append("")
        L.append("| layered | ms | crossings | bends | inner segments straight |")
        L.append("|---|---:|---:|---:|---:|")
        for key, label in (("first", "first order (no sweeps)"), ("barycentre", "barycentre sweeps only"),
                           ("median_fit", "sweeps + transpose, median-fit coordinates (before)"),
                           ("layered", "sweeps + transpose, Brandes–Köpf (default)")):
            row = g[key]
            time = bench.ms(row["seconds"]) if row["seconds"] is not None else "–"
            L.append(f"| {label} | {time} | {row['crossings']:,} | {row['bends']:,} | {row['straight']:,} / {row['inner']:,} |")
        L.append("")
    return L
