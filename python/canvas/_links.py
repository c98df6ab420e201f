"""Links between items (canvas.h, "Links"): set, route, cull, hit-test and
edit them. A link is a mapping or an object with ``id``, ``source`` and
``target`` (item ids), and optionally ``style`` ("straight", "step",
"curve") and ``source_side``/``target_side`` ("auto", "top", "bottom",
"leading", "trailing")."""
from __future__ import annotations

import ctypes
from ctypes import c_int, c_size_t, c_uint64
from typing import Any, Optional, Sequence

STYLES = {"straight": 0, "step": 1, "curve": 2}
SIDES = {"auto": 0, "top": 1, "bottom": 2, "leading": 3, "trailing": 4}


def _field(link: Any, name: str, default: Any = None) -> Any:
    if isinstance(link, dict):
        return link.get(name, default)
    return getattr(link, name, default)


def _code(table: dict, value: Any, what: str) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    if value not in table:
        raise ValueError(f"unknown {what} {value!r}; one of {', '.join(table)}")
    return table[value]


def _links(links: Sequence[Any]) -> Any:
    from ._native import Link
    links = list(links)
    array = (Link * max(len(links), 1))()
    for slot, link in enumerate(links):
        array[slot] = Link(_field(link, "id"), _field(link, "source"), _field(link, "target"),
                           _code(STYLES, _field(link, "style"), "style"),
                           _code(SIDES, _field(link, "source_side"), "side"),
                           _code(SIDES, _field(link, "target_side"), "side"))
    return array, len(links)


class LinksMixin:
    lib: Any
    handle: Any

    def set_links(self, links: Sequence[Any]) -> None:
        array, count = _links(links)
        self._check(self.lib.canvas_set_links(self.handle, array, count), "canvas_set_links")  # type: ignore[attr-defined]

    def links(self) -> list[dict[str, Any]]:
        """Every link, in link order, as ``set_links`` takes them: dicts with ``id``,
        ``source``, ``target``, ``style``, ``source_side`` and ``target_side`` (names)."""
        from ._native import Link
        styles = {code: name for name, code in STYLES.items()}
        sides = {code: name for name, code in SIDES.items()}
        return [{"id": link.id, "source": link.source, "target": link.target,
                 "style": styles.get(link.style, link.style),
                 "source_side": sides.get(link.source_side, link.source_side),
                 "target_side": sides.get(link.target_side, link.target_side)}
                for link in self._copy("canvas_copy_links", Link)]  # type: ignore[attr-defined]

    def link_route(self, link_id: int) -> list[tuple[float, float]]:
        """The route's points, zoomed: a polyline, or a curve's four control points."""
        from ._native import Point
        points = self._copy("canvas_copy_link_route", Point, c_uint64(link_id))  # type: ignore[attr-defined]
        return [(p.x, p.y) for p in points]

    def query_links(self, x: float, y: float, width: float, height: float) -> list[int]:
        from ._native import Rect
        return self._copy("canvas_query_links", c_uint64, Rect(x, y, width, height))  # type: ignore[attr-defined]

    def visible_links(self) -> list[int]:
        return self._copy("canvas_copy_visible_links", c_uint64)  # type: ignore[attr-defined]

    def appeared_links(self) -> list[int]:
        """The links that appeared with the last published update, in link order."""
        return self._copy("canvas_copy_appeared_links", c_uint64)  # type: ignore[attr-defined]

    def disappeared_links(self) -> list[int]:
        """The links that disappeared with the last published update, in their old order."""
        return self._copy("canvas_copy_disappeared_links", c_uint64)  # type: ignore[attr-defined]

    def cluster_links(self) -> list[tuple[int, int, int, int, int]]:
        """With level of detail on, the published links with an end in a cluster, one per
        pair: (from, to, count, from_kind, to_kind), kinds ``HIT_ITEM`` or ``HIT_CLUSTER``."""
        from ._constants import HitKind
        from ._native import ClusterLink
        return [(c.from_id, c.to_id, c.count, HitKind(c.from_kind), HitKind(c.to_kind))
                for c in self._copy("canvas_copy_cluster_links", ClusterLink)]  # type: ignore[attr-defined]

    def select_link(self, link_id: int, add: bool = False) -> None:
        """Selects a link: alone (the items' selection cleared), or added with ``add``."""
        self._check(self.lib.canvas_select_link(self.handle, c_uint64(link_id), 1 if add else 0), "canvas_select_link")  # type: ignore[attr-defined]

    def deselect_link(self, link_id: int) -> None:
        self._check(self.lib.canvas_deselect_link(self.handle, c_uint64(link_id)), "canvas_deselect_link")  # type: ignore[attr-defined]

    def clear_link_selection(self) -> None:
        self._check(self.lib.canvas_clear_link_selection(self.handle), "canvas_clear_link_selection")  # type: ignore[attr-defined]

    def selected_links(self) -> list[int]:
        return self._copy("canvas_copy_selected_links", c_uint64)  # type: ignore[attr-defined]

    def set_marquee_links(self, on: bool) -> None:
        """Whether the select tool's marquee selects links too (off by default)."""
        self._check(self.lib.canvas_set_marquee_links(self.handle, 1 if on else 0), "canvas_set_marquee_links")  # type: ignore[attr-defined]

    def marquee_links(self) -> bool:
        on = c_int(-1)
        self._check(self.lib.canvas_get_marquee_links(self.handle, ctypes.byref(on)), "canvas_get_marquee_links")  # type: ignore[attr-defined]
        return bool(on.value)

    def hit_test_link(self, x: float, y: float) -> Optional[int]:
        from ._native import Point
        link_id = c_uint64(0)
        found = c_int(-1)
        status = self.lib.canvas_hit_test_link(self.handle, Point(x, y), ctypes.byref(link_id), ctypes.byref(found))
        self._check(status, "canvas_hit_test_link")  # type: ignore[attr-defined]
        return link_id.value if found.value else None

    def insert_links(self, links: Sequence[Any], before: Optional[int] = None) -> bool:
        """Inserts links before the link `before` (at the end when None); one undo step."""
        published = self.publish_count()  # type: ignore[attr-defined]
        array, count = _links(links)
        before_id = ctypes.byref(c_uint64(before)) if before is not None else None
        self._check(self.lib.canvas_insert_links(self.handle, array, count, before_id), "canvas_insert_links")  # type: ignore[attr-defined]
        return self.publish_count() != published  # type: ignore[attr-defined]

    def remove_links(self, ids: Sequence[int]) -> bool:
        published = self.publish_count()  # type: ignore[attr-defined]
        ids = list(ids)
        array = (c_uint64 * max(len(ids), 1))(*ids)
        self._check(self.lib.canvas_remove_links(self.handle, array, len(ids)), "canvas_remove_links")  # type: ignore[attr-defined]
        return self.publish_count() != published  # type: ignore[attr-defined]
