#!/usr/bin/env python3
"""What the gallery's pictures must show (docs/gallery/*.svg, as
`canvas-lua --svg` draws them): every item label fits its box (its width
estimated at 0.6 font sizes a character, as output_svg.c sizes it), the
viewport's label covers no item, and a viewport comes with its overscan
band, the viewport grown by the same amount on every side."""
import pathlib
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


def problems(path):
    document = xml.dom.minidom.parse(str(path))
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
        print(f"pictures: {len(pictures)} gallery pictures: labels fit, the viewport label is clear, overscan drawn")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
