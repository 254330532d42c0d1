"""The board of Filipinas as a `BoardView`: the printed board (painted by `paint`), the spaces a
click or a hover can find, and the counters standing on them in piles, one pile per stack.

A Province may hold several stacks of each side (6.6 note), so counters are placed as piles:
pile ids are "<space>#<n>", each at its own slot of the space. A pile is one stack of the rules
with the markers lying on it. Highlight keys may name a whole stack ("stack:<counter>") or a
coordinated group ("group:<a>+<b>"): every counter of those piles is marked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from engine.ui import colors as C
from engine.ui.adapter import CounterSpec
from engine.ui.areaview import point_in_polygon
from engine.ui.boardbase import StackedBoard
from engine.ui.camera import Camera
from engine.ui.drawing import draw_highlight
from filipinas.ui import layout as L
from filipinas.ui.paint import Pen, PrintedBoard, centroid, paint_board, track_rect

Point = tuple[float, float]

OUTSIDE = "luzon_outside"
LAKE = "laguna_de_bay"
MINIMAP = "minimap"
_SCENERY = {
    OUTSIDE: "Luzon outside the area of play (no counter may enter)",
    LAKE: "Laguna de Bay: the lake closes Cavite on the east (6.13.2)",
    MINIMAP: "Mini-map of the Philippine Islands (4.3)",
}
"""Printed areas that are not spaces of the rules, and what their tooltip says."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A clickable area of the board: a space of the rules or a piece of scenery."""

    id: str
    name: str
    points: tuple[Point, ...]
    box: pygame.FRect


def _rect_points(r: L.Rect) -> tuple[Point, ...]:
    x, y, w, h = r
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _shape(sid: str, name: str, points: Sequence[Point]) -> Shape:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    box = pygame.FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return Shape(sid, name, tuple(points), box)


def pile_id(space: str, n: int) -> str:
    return f"{space}#{n}"


def pile_space(pile: str) -> str | None:
    """The space of a pile id, None for anything else."""
    space, sep, n = pile.rpartition("#")
    return space if sep and n.isdigit() else None


class FilipinasBoard(StackedBoard):
    """The board view: static picture, spaces, piles of counters, highlights and tooltips."""

    def __init__(self, printed: PrintedBoard) -> None:
        self.printed = printed
        self.shapes: dict[str, Shape] = {}
        """Clickable areas, in the order a click searches them (the Sea, under all, last)."""
        for prefix, (_, first, count, title) in L.TRACKS.items():
            for value in range(first, first + count):
                self._add(f"{prefix}{value}", f"{title}: {value}",
                          _rect_points(track_rect(prefix, value)))
        for sid, r in {**L.BOXES, **L.MINIMAP_BOXES}.items():
            self._add(sid, printed.names[sid], _rect_points(r))
        self._add(MINIMAP, _SCENERY[MINIMAP], _rect_points(L.MINIMAP_FRAME))
        self._add("hong_kong", printed.names["hong_kong"], _rect_points(L.HONG_KONG))
        for sid, r in {**L.CITIES, **L.LINES}.items():
            self._add(sid, printed.names[sid], _rect_points(r))
        for sid, poly in L.PROVINCES.items():
            self._add(sid, printed.names[sid], poly)
        self._add(LAKE, _SCENERY[LAKE], L.LAGUNA_DE_BAY)
        self._add(OUTSIDE, _SCENERY[OUTSIDE], L.LUZON_LAND)
        self._add("sea", printed.names["sea"], _rect_points(L.MAP_FRAME))
        self.counter_notes: dict[str, str] = {}
        """Tooltips of the counters now on the board, set by the game UI at each sync."""
        self.space_notes: dict[str, str] = {}
        """What each space holds now (control, markers), added to its tooltip."""
        self._piles: dict[str, Point] = {}
        self._members: dict[str, tuple[str, ...]] = {}
        self._pile_of: dict[str, str] = {}
        super().__init__(L.WORLD, L.COUNTER, self._piles.get, background=C.PAPER)

    def _add(self, sid: str, name: str, points: Sequence[Point]) -> None:
        self.shapes[sid] = _shape(sid, name, points)

    # --- StackedBoard -----------------------------------------------------------------------

    def set_counters(self, counters: Mapping[str, Sequence[CounterSpec]]) -> None:
        """Counters by space id, one pile each (the BoardView contract)."""
        self.place({space: [specs] for space, specs in counters.items()})

    def place(self, piles: Mapping[str, Sequence[Sequence[CounterSpec]]]) -> None:
        """Counters by space id as piles, each pile bottom first. Raises ValueError for a space
        the board does not show."""
        positions: dict[str, Point] = {}
        members: dict[str, tuple[str, ...]] = {}
        by_pile: dict[str, list[CounterSpec]] = {}
        for space, space_piles in piles.items():
            if space not in self.shapes:
                raise ValueError(f"counters placed on unknown space {space!r}")
            shown = [p for p in space_piles if p]
            for n, pile in enumerate(shown):
                pid = pile_id(space, n)
                positions[pid] = self._slot(space, n, len(shown))
                members[pid] = tuple(spec.id for spec in pile)
                by_pile[pid] = list(pile)
        self._piles.clear()
        self._piles.update(positions)
        self._members = members
        self._pile_of = {cid: pid for pid, cids in members.items() for cid in cids}
        self._stacks.set_counters(by_pile)

    def _draw_marks(self, surface: pygame.Surface, camera: Camera, hover: str | None,
                    highlights: Mapping[str, str]) -> Mapping[str, str]:
        """Outline the highlighted spaces and the hovered one; a highlight naming a pile, a
        stack or a group marks each of its counters."""
        counters: dict[str, str] = {}
        for target, style in highlights.items():
            shape = self.shapes.get(target)
            if shape is not None:
                draw_highlight(surface, self._screen(shape.points, camera), style)
            for cid in self.expand(target):
                counters.setdefault(cid, style)
        if hover in self.shapes and hover not in highlights and hover not in _SCENERY \
                and hover != "sea":
            draw_highlight(surface, self._screen(self.shapes[hover].points, camera), "hover")
        return counters

    def _hit_location(self, world_pos: tuple[float, float]) -> str | None:
        for shape in self.shapes.values():
            if shape.box.collidepoint(world_pos) and point_in_polygon(shape.points, world_pos):
                return shape.id
        return None

    def tooltip(self, target: str) -> str | None:
        """A counter's note from the game UI (not the engine's name and factors), a stack's or
        group's counters, a space's (or a pile's) name and what it holds now."""
        if target in self.counter_notes:
            return self.counter_notes[target]
        members = self.stack_members(target)
        if members:
            names = [self.counter_notes.get(c, c).split(" — ")[0] for c in members]
            head = "Coordinated group" if target.startswith("group:") else "Stack"
            return f"{head}: {', '.join(names)}"
        # a pile stands on its space: it is named by it ("Which one?" lists the place too)
        shape = self.shapes.get(target, self.shapes.get(pile_space(target) or ""))
        if shape is None:
            return None
        target = shape.id  # a pile stands for its space
        note = self.space_notes.get(target)
        return f"{shape.name} — {note}" if note else shape.name

    def _location_anchor(self, target: str) -> Point | None:
        if target in self._piles:
            return self._piles[target]
        if target in self.shapes:
            return self.space_anchor(target)
        members = self.stack_members(target)
        return self._stacks.anchor(members[0]) if members else None

    # --- piles and stacks ---------------------------------------------------------------------

    def pile_of(self, counter: str) -> str | None:
        return self._pile_of.get(counter)

    def pile_members(self, pile: str) -> tuple[str, ...]:
        return self._members.get(pile, ())

    def stack_members(self, target: str) -> tuple[str, ...]:
        """Counters named by a "stack:<counter>" or "group:<a>+<b>" key, in pile order."""
        if target.startswith("stack:"):
            pile = self._pile_of.get(target[6:])
            return self._members.get(pile, ()) if pile else ()
        if target.startswith("group:"):
            out: list[str] = []
            for cid in target[6:].split("+"):
                pile = self._pile_of.get(cid)
                out.extend(self._members.get(pile, ()) if pile else ())
            return tuple(out)
        return ()

    def expand(self, target: str) -> tuple[str, ...]:
        """The counters a highlight key marks."""
        if target in self._pile_of:
            return (target,)
        if target in self._members:
            return self._members[target]
        return self.stack_members(target)

    # --- geometry -------------------------------------------------------------------------------

    def space_anchor(self, space: str) -> Point:
        """Where a space's first pile stands (the centre of a box or track box)."""
        return self._slot(space, 0, 1)

    def _slot(self, space: str, n: int, count: int) -> Point:
        if space in L.SLOTS:
            slots = L.SLOTS[space]
            x, y = slots[n % len(slots)]
            shift = 14 * (n // len(slots))
            return (x + shift, y - shift)
        shape = self.shapes[space]
        box = shape.box
        if space in L.BOXES:
            step = box.width / max(count, len(L.BOX_PILES.get(space, ())), 1)
            return (box.x + step * (n + 0.5), box.y + 20 + (box.height - 20) / 2)
        if space in L.CITIES or space in L.LINES:
            return (box.centerx + 6 * n, box.centery + (7 if space in L.CITIES else 0) - 6 * n)
        x, y = centroid(shape.points)
        if space.startswith("res") and count > 1:
            # the two Resources markers on one value: each shows most of its face
            return (x + L.COUNTER * 0.62 * (n - (count - 1) / 2), y)
        return (x + 6 * n, y - 6 * n)

    def _screen(self, points: Sequence[Point], camera: Camera) -> list[Point]:
        return [camera.world_to_screen(x, y) for x, y in points]

    def _paint(self, tile: pygame.Surface, z: float, origin: tuple[int, int],
               world: pygame.FRect) -> None:
        paint_board(Pen(tile, z, origin, world), self.printed)


__all__ = ["FilipinasBoard", "pile_id", "pile_space"]
