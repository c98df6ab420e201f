"""Checks canvas-lua's JSON on stdin against the output contract.

usage: canvas-lua script.lua | python3 check_json.py [EXPECTED_ITEM_COUNT] [options]
With a count, ids must also be 1..N in data order.

options:
  --with KEY[,KEY...]     these optional parts must be present (viewport, zoom,
                          visible, selection)
  --viewport X,Y,W,H      the viewport must be exactly this
  --visible ID,ID,...     the visible ids, in order (integers or strings)
  --selection ID,ID,...   the selected ids, in order
  --zoom SCALE,AXIS       the zoom
  --clusters N            the number of clusters
  --clustered N           the items counted by the clusters, in all
  --visible_links ID,...  the visible links' ids, in order
"""
import json
import math
import sys

document = json.load(sys.stdin)
args = sys.argv[1:]
expected = None
if args and not args[0].startswith("--"):
    expected = int(args.pop(0))
options = dict(zip(args[::2], args[1::2]))
assert len(args) % 2 == 0 and all(key.startswith("--") for key in options), f"bad options {args}"


def numbers(obj, keys, where):
    assert set(obj) == set(keys), f"{where}: keys {sorted(obj)} != {sorted(keys)}"
    for key in keys:
        value = obj[key]
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}.{key} is not a number"
        assert math.isfinite(value), f"{where}.{key} is not finite"


def id_list(text):
    return [int(part) if part.lstrip("-").isdigit() else part for part in text.split(",") if part]


# The order is part of the contract: required keys, with the optional ones
# in their places.
order = ["content_size", "content_bounds", "viewport", "zoom", "items", "links", "visible", "visible_links", "clusters", "cluster_links", "selection", "selected_links", "motion", "indicators", "trace", "guides", "focus"]
required = {"content_size", "content_bounds", "items"}
keys = list(document)
assert set(keys) <= set(order), f"unknown keys {sorted(set(keys) - set(order))}"
assert required <= set(keys), f"missing keys {sorted(required - set(keys))}"
assert keys == [key for key in order if key in keys], f"keys out of order: {keys}"
for key in filter(None, options.get("--with", "").split(",")):
    assert key in document, f"{key} is missing"
assert ("viewport" in document) == ("visible" in document), "viewport and visible come together"
assert ("zoom" in document) == ("selection" in document), "zoom and selection come together"
assert "clusters" not in document or "visible" in document, "clusters come with visible"

numbers(document["content_size"], ["width", "height"], "content_size")
numbers(document["content_bounds"], ["x", "y", "width", "height"], "content_bounds")
items = document["items"]
assert expected is None or len(items) == expected, f"{len(items)} items, expected {expected}"
size = document["content_size"]
positions = {}
for index, item in enumerate(items):
    assert set(item) == {"id", "x", "y", "width", "height"}, f"items[{index}] keys {sorted(item)}"
    assert isinstance(item["id"], (int, str)), f"items[{index}].id is neither an integer nor a string"
    assert expected is None or item["id"] == index + 1, f"items[{index}] id {item['id']}: not in data order"
    numbers({k: v for k, v in item.items() if k != "id"}, ["x", "y", "width", "height"], f"items[{index}]")
    # A laid-out canvas puts every item in [0, content size]; a free one
    # keeps world coordinates, so there every item lies in the content bounds.
    b = document["content_bounds"]
    if 0 <= b["x"] and 0 <= b["y"] and b["x"] + b["width"] <= size["width"] + 1e-9 and b["y"] + b["height"] <= size["height"] + 1e-9:
        assert 0 <= item["x"] and item["x"] + item["width"] <= size["width"] + 1e-9, f"items[{index}] outside the content"
        assert 0 <= item["y"] and item["y"] + item["height"] <= size["height"] + 1e-9, f"items[{index}] outside the content"
    assert b["x"] - 1e-9 <= item["x"] and item["x"] + item["width"] <= b["x"] + b["width"] + 1e-9, f"items[{index}] outside the bounds"
    assert b["y"] - 1e-9 <= item["y"] and item["y"] + item["height"] <= b["y"] + b["height"] + 1e-9, f"items[{index}] outside the bounds"
    assert item["id"] not in positions, f"items[{index}]: duplicate id {item['id']}"
    positions[item["id"]] = index

if "viewport" in document:
    viewport = document["viewport"]
    numbers(viewport, ["x", "y", "width", "height"], "viewport")
    # The offset is clamped to [0, max(0, content - viewport)] (a laid-out
    # canvas; a free one, whose bounds may start anywhere, may scroll anywhere).
    laid_out = document["content_bounds"]["x"] >= 0 and document["content_bounds"]["y"] >= 0
    for axis, side in (("x", "width"), ("y", "height")):
        assert viewport[side] >= 0, f"viewport.{side} is negative"
        limit = max(0, size[side] - viewport[side])
        assert not laid_out or 0 <= viewport[axis] <= limit + 1e-9, f"viewport.{axis} {viewport[axis]} outside [0, {limit}]"
    if "--viewport" in options:
        want = [float(v) for v in options["--viewport"].split(",")]
        got = [viewport[k] for k in ("x", "y", "width", "height")]
        assert all(abs(a - b) < 1e-9 for a, b in zip(got, want)), f"viewport {got}, expected {want}"

if "zoom" in document:
    zoom = document["zoom"]
    assert list(zoom) == ["scale", "axis"], f"zoom keys {list(zoom)}"
    assert isinstance(zoom["scale"], (int, float)) and zoom["scale"] > 0, "zoom.scale is not a positive number"
    assert zoom["axis"] in ("horizontal", "vertical", "both"), f"zoom.axis {zoom['axis']!r}"
    if "--zoom" in options:
        scale, axis = options["--zoom"].split(",")
        assert abs(zoom["scale"] - float(scale)) < 1e-9 and zoom["axis"] == axis, f"zoom {zoom}"

for key in ("visible", "selection"):
    if key not in document:
        continue
    listed = document[key]
    assert isinstance(listed, list), f"{key} is not an array"
    for id in listed:
        assert id in positions, f"{key}: {id!r} is not an item's id"
    order_of = [positions[id] for id in listed]
    assert order_of == sorted(set(order_of)), f"{key}: not in data order or repeated: {listed}"
    if "--" + key in options:
        assert listed == id_list(options["--" + key]), f"{key} {listed}, expected {options['--' + key]}"

link_ids = {}
if "links" in document:
    links = document["links"]
    assert isinstance(links, list) and links, "links is not a non-empty array"
    for index, link in enumerate(links):
        assert set(link) == {"id", "from", "to", "style", "points"}, f"links[{index}] keys {sorted(link)}"
        assert isinstance(link["id"], int) and link["id"] >= 0 and link["id"] not in link_ids, f"links[{index}].id {link['id']!r}"
        link_ids[link["id"]] = index
        for end in ("from", "to"):
            assert link[end] in positions, f"links[{index}].{end} {link[end]!r} is not an item's id"
        assert link["style"] in ("straight", "step", "curve"), f"links[{index}].style {link['style']!r}"
        points = link["points"]
        assert link["style"] != "curve" or len(points) == 4, f"links[{index}]: a curve has four control points"
        # A straight link is two points, or more through a layered layout's bends.
        assert len(points) >= 2 or not points, f"links[{index}]: a route of one point"
        for p in points:
            assert len(p) == 2 and all(isinstance(v, (int, float)) and math.isfinite(v) for v in p), f"links[{index}] point {p}"
assert "visible_links" not in document or ("links" in document and "visible" in document), "visible_links come with links and visible"
if "visible_links" in document:
    order_of = []
    for id in document["visible_links"]:
        assert id in link_ids, f"visible_links: {id!r} is not a link's id"
        order_of.append(link_ids[id])
    assert order_of == sorted(set(order_of)), f"visible_links: not in link order or repeated"
    if "--visible_links" in options:
        assert document["visible_links"] == id_list(options["--visible_links"]), f"visible_links {document['visible_links']}"
if "selected_links" in document:
    assert "selection" in document and "links" in document, "selected_links come with selection and links"
    for id in document["selected_links"]:
        assert id in link_ids, f"selected_links: {id!r} is not a link's id"
if "cluster_links" in document:
    assert "clusters" in document and "links" in document, "cluster_links come with clusters and links"
    for index, pair in enumerate(document["cluster_links"]):
        assert {"from", "to", "count"} <= set(pair) <= {"from", "to", "count", "from_kind", "to_kind"}, f"cluster_links[{index}] keys {sorted(pair)}"
        assert isinstance(pair["count"], int) and pair["count"] >= 1, f"cluster_links[{index}].count"
        for end in ("from", "to"):
            assert pair[end] in positions, f"cluster_links[{index}].{end} {pair[end]!r} is not an item's id"

if "clusters" in document:
    clusters = document["clusters"]
    assert isinstance(clusters, list), "clusters is not an array"
    shown = set(document["visible"])
    for index, cluster in enumerate(clusters):
        assert set(cluster) == {"x", "y", "width", "height", "count", "id", "selected"}, f"clusters[{index}] keys {sorted(cluster)}"
        numbers({k: v for k, v in cluster.items() if k in ("x", "y", "width", "height")}, ["x", "y", "width", "height"], f"clusters[{index}]")
        assert isinstance(cluster["count"], int) and cluster["count"] >= 1, f"clusters[{index}].count"
        assert isinstance(cluster["selected"], int) and 0 <= cluster["selected"] <= cluster["count"], f"clusters[{index}].selected"
        assert cluster["id"] in positions, f"clusters[{index}].id {cluster['id']!r} is not an item's id"
        # A representative is a small item: never one shown on its own.
        assert cluster["id"] not in shown, f"clusters[{index}].id {cluster['id']!r} is also shown one by one"
        # Its own frame lies within the cluster's bounds (within the zoom's rounding).
        item = items[positions[cluster["id"]]]
        assert cluster["x"] - 1 <= item["x"] and item["x"] + item["width"] <= cluster["x"] + cluster["width"] + 1, f"clusters[{index}] bounds miss its first item"
    assert sum(c["count"] for c in clusters) <= len(items), "clusters count more items than there are"
    if "--clusters" in options:
        assert len(clusters) == int(options["--clusters"]), f"{len(clusters)} clusters, expected {options['--clusters']}"
    if "--clustered" in options:
        total = sum(c["count"] for c in clusters)
        assert total == int(options["--clustered"]), f"clusters count {total}, expected {options['--clustered']}"
