#!/usr/bin/env python3
"""What the gallery's pictures must show (docs/gallery/*.svg, as
`canvas-lua --svg` draws them): every item label fits its box (its width
estimated at 0.6 font sizes a character, as output_svg.c sizes it), the
viewport's label covers no item, a viewport comes with its overscan
band, the viewport grown by the same amount on every side, and the drawing
(content, items, clusters, viewport, band, label) lies inside the picture
and below the legend: nothing cut off, nothing drawn through the legend;
links are drawn under the items, inside the picture, from an item's border
to another's, with an arrowhead."""
import pathlib
import re
import sys
import xml.dom.minidom

ROOT = pathlib.Path(__file__).resolve().parents[2]
GLYPH = 0.6


def number(node, name):
    return float(node.getAttribute(name))


def rect_of(node):
    return tuple(number(node, k) for k in ("x", "y", "width", "height"))


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def legend_bottom(document):
    """The lowest point of the title, details and legend (drawn outside the content's <g>)."""
    svg = document.documentElement
    bottom = 0.0
    for node in svg.childNodes:
        if node.nodeType != node.ELEMENT_NODE or node.tagName in ("g", "defs"):
            continue
        if node.tagName == "text":
            bottom = max(bottom, number(node, "y") + 0.25 * number(node, "font-size"))  # descenders
        elif node.tagName == "rect" and node.getAttribute("y"):
            bottom = max(bottom, number(node, "y") + number(node, "height"))
    return bottom


def legend_cut(path, document):
    """Legend captions (and the title lines) that run past the picture's right edge."""
    svg = document.documentElement
    width = number(svg, "width")
    for node in svg.childNodes:
        if node.nodeType == node.ELEMENT_NODE and node.tagName == "text":
            text = "".join(n.data for n in node.childNodes if n.nodeType == n.TEXT_NODE)
            size = number(node, "font-size")
            # Captions at 0.6 font sizes a character; the title and details as output_svg.c sizes the picture.
            per_character = {15: 8.5, 12: 7}.get(int(size), GLYPH * size)
            if number(node, "x") + per_character * len(text) > width + 1e-6:
                yield f"{path.name}: the legend's {text!r} is cut by the picture's right edge ({width:g})"


def drawing_outside(path, document):
    """What of the drawing is cut by the picture's edge or drawn over the legend."""
    svg = document.documentElement
    width, height = number(svg, "width"), number(svg, "height")
    top = legend_bottom(document)
    for group in (g for g in svg.childNodes if g.nodeType == g.ELEMENT_NODE and g.tagName == "g"):
        match = re.fullmatch(r"translate\(([-0-9.e+]+) ([-0-9.e+]+)\)", group.getAttribute("transform"))
        if not match:
            continue
        dx, dy = float(match.group(1)), float(match.group(2))
        for node in group.getElementsByTagName("*"):
            kind = node.getAttribute("class")
            if node.tagName == "rect" and kind in ("content", "item", "cluster", "viewport", "overscan", "bounds"):
                x, y, w, h = rect_of(node)
            elif node.tagName == "text" and kind == "viewport-label":
                size = number(node, "font-size")
                x, y, w, h = number(node, "x"), number(node, "y") - size, GLYPH * size * 8, size * 1.2
            else:
                continue
            x, y = x + dx, y + dy
            if x < -1e-6 or y + h > height + 1e-6 or x + w > width + 1e-6:
                yield f"{path.name}: the {kind} at ({x:g}, {y:g}, {w:g} x {h:g}) is cut by the picture's edge ({width:g} x {height:g})"
            elif y < top - 1e-6:
                yield f"{path.name}: the {kind} at ({x:g}, {y:g}, {w:g} x {h:g}) is drawn over the legend (which ends at y {top:g})"


def on_border(point, box, tolerance=0.5):
    """Whether a point lies on a rectangle's outline."""
    x, y = point
    bx, by, bw, bh = box
    inside = bx - tolerance <= x <= bx + bw + tolerance and by - tolerance <= y <= by + bh + tolerance
    near = min(abs(x - bx), abs(x - bx - bw), abs(y - by), abs(y - by - bh)) <= tolerance
    return inside and near


def link_problems(path, document, items):
    """Links: drawn under every item, inside the picture, each starting and
    ending on an item's border, with an arrowhead at its end."""
    svg = document.documentElement
    width, height = number(svg, "width"), number(svg, "height")
    links = [n for n in document.getElementsByTagName("path") if n.getAttribute("class") == "link"]
    if not links:
        return
    every = list(document.getElementsByTagName("*"))
    first_item = min((every.index(n) for n in every if n.getAttribute("class") == "item"), default=len(every))
    for link in links:
        name = "".join(n.data for t in link.getElementsByTagName("title") for n in t.childNodes if n.nodeType == n.TEXT_NODE)
        if every.index(link) > first_item:
            yield f"{path.name}: {name} is drawn over the items"
        if link.getAttribute("marker-end") not in ("url(#link-arrow)", "url(#link-arrow-selected)"):
            yield f"{path.name}: {name} has no arrowhead"
        values = [float(v) for v in re.findall(r"-?[0-9.]+(?:e[-+]?[0-9]+)?", link.getAttribute("d"))]
        points = list(zip(values[::2], values[1::2]))
        group = link.parentNode
        match = re.fullmatch(r"translate\(([-0-9.e+]+) ([-0-9.e+]+)\)", group.getAttribute("transform"))
        dx, dy = (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)
        for x, y in points:
            if not (0 <= x + dx <= width and 0 <= y + dy <= height):
                yield f"{path.name}: {name} reaches ({x:g}, {y:g}), outside the picture"
                break
        for end, point in (("start", points[0]), ("end", points[-1])):
            if not any(on_border(point, box) for box in items):
                yield f"{path.name}: {name}'s {end} {point} lies on no item's border"


def problems(path):
    document = xml.dom.minidom.parse(str(path))
    yield from drawing_outside(path, document)
    yield from legend_cut(path, document)
    items = []
    for group in document.getElementsByTagName("g"):
        rects = [r for r in group.childNodes if r.nodeType == r.ELEMENT_NODE and r.getAttribute("class") == "item"]
        if not rects:
            continue
        box = rect_of(rects[0])
        items.append(box)
        for text in (t for t in group.childNodes if t.nodeType == t.ELEMENT_NODE and t.tagName == "text"):
            label = "".join(n.data for n in text.childNodes if n.nodeType == n.TEXT_NODE)
            size = number(text, "font-size")
            width = GLYPH * size * len(label)
            if width > box[2] - 4 + 1e-6 or size > box[3] * 0.8 + 1e-6:
                yield f"{path.name}: label {label!r} at size {size:g} does not fit its {box[2]:g} x {box[3]:g} box"
    yield from link_problems(path, document, items)
    viewports = [r for r in document.getElementsByTagName("rect") if r.getAttribute("class") == "viewport"]
    bands = [r for r in document.getElementsByTagName("rect") if r.getAttribute("class") == "overscan"]
    labels = [t for t in document.getElementsByTagName("text") if t.getAttribute("class") == "viewport-label"]
    for viewport in viewports:
        v = rect_of(viewport)
        grown = [b for b in bands if (lambda r: abs((v[0] - r[0]) - (v[1] - r[1])) < 1e-6 and v[0] - r[0] >= 0
                 and abs(r[2] - v[2] - 2 * (v[0] - r[0])) < 1e-6 and abs(r[3] - v[3] - 2 * (v[0] - r[0])) < 1e-6)(rect_of(b))]
        if not grown:
            yield f"{path.name}: a viewport without its overscan band"
    for label in labels:
        size = number(label, "font-size")
        box = (number(label, "x"), number(label, "y") - size, GLYPH * size * 8, size * 1.2)
        for item in items:
            if overlaps(box, item):
                yield f"{path.name}: the viewport label covers the item at {item}"
                break


def main():
    pictures = sorted((ROOT / "docs" / "gallery").glob("*.svg"))
    found = [p for picture in pictures for p in problems(picture)]
    for problem in found:
        print(problem, file=sys.stderr)
    if not found:
        print(f"pictures: {len(pictures)} gallery pictures: labels fit, the viewport label is clear, overscan drawn, "
              "nothing cut off or over the legend, links under the items from border to border")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
