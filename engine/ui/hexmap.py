"""A hex board (La Guerra de España's map of Spain) drawn like a printed map: terrain fills and
patterns, coastlines, province borders, roads, cities and hex numbers, with counters on top.

Location ids are axial hex ids "q,r" (see `hex_id`). The static picture is rendered through a
`StaticLayer`, so a frame costs a few tile blits plus the counters, whatever the map's size.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from engine.core.hexgrid import Hex, hex_neighbor
from engine.ui.boardbase import StackedBoard
from engine.ui.camera import Camera
from engine.ui.colors import (
    CITY,
    COAST,
    FOREST_TREE,
    INK,
    MARSH_REED,
    MOUNTAIN,
    MOUNTAIN_RIDGE,
    PAPER,
    REGION_BORDER,
    ROAD,
    ROAD_CASING,
    SEA_WAVE,
    Color,
    darker,
    mix,
)
from engine.ui.drawing import draw_highlight, halo_text
from engine.ui.layout import Layout, Point, bounds, hex_corner_offset, hex_to_pixel, pixel_to_hex

PATTERNS = frozenset({"", "sea", "mountain", "hills", "forest", "marsh"})
"""Terrain patterns a cell may carry; "sea" also decides where coastlines run."""


@dataclass(frozen=True, slots=True)
class CellStyle:
    """How one hex is printed: its fill, a terrain pattern, a small label (the hex number or a
    name) and the region (province) it belongs to; borders are drawn between regions."""

    fill: Color
    pattern: str = ""
    label: str = ""
    region: str = ""


def hex_id(h: Hex) -> str:
    """The location id of a hex: its axial coordinates "q,r"."""
    return f"{h.q},{h.r}"


def parse_hex_id(location: str) -> Hex | None:
    """The hex named by a location id "q,r", or None if it is not one."""
    q, sep, r = location.partition(",")
    if not sep:
        return None
    try:
        return Hex(int(q), int(r))
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class _Edge:
    a: Point
    b: Point
    coast: bool
    """A coastline (land against sea) rather than a border between two regions."""


class HexMapView(StackedBoard):
    """The `BoardView` of a hex map.

    The view moves the layout's origin so the board's top-left corner lies at (margin, margin)
    in world coordinates; `layout` is the shifted layout it draws with. `hit` returns the id of
    the counter under the point (in a fanned stack, the one under the pointer), else the hex id
    "q,r" of a hex of the map, else None.
    """

    def __init__(
        self,
        layout: Layout,
        cells: Mapping[Hex, CellStyle],
        *,
        roads: Sequence[Sequence[Hex]] = (),
        cities: Mapping[Hex, str] | None = None,
        names: Mapping[Hex, str] | None = None,
        counter_size: float | None = None,
        margin: float | None = None,
    ) -> None:
        """`roads` are polylines through hex centres; `cities` puts a dot and a name on a hex;
        `names` are the hexes' tooltips. `counter_size` (world pixels) defaults to fit inside
        a hex. Raises ValueError for an unknown pattern or a road or city off the map."""
        if not cells:
            raise ValueError("a hex map needs at least one hex")
        unknown = sorted({c.pattern for c in cells.values()} - PATTERNS)
        if unknown:
            raise ValueError(f"unknown hex patterns {unknown}; known: {sorted(PATTERNS)}")
        off_map = [h for road in roads for h in road if h not in cells]
        off_map += [h for h in (cities or {}) if h not in cells]
        if off_map:
            raise ValueError(f"roads or cities on hexes not on the map: {off_map[:5]}")
        radius = min(layout.size)
        m = radius * 0.8 if margin is None else margin
        x0, y0, x1, y1 = bounds(layout, cells)
        self.layout = Layout(
            layout.orientation,
            layout.size,
            (layout.origin[0] - x0 + m, layout.origin[1] - y0 + m),
        )
        size = (math.ceil(x1 - x0 + 2 * m), math.ceil(y1 - y0 + 2 * m))
        self.cells = dict(cells)
        self.cities = dict(cities or {})
        self.names = dict(names or {})
        self._radius = radius
        offsets = [hex_corner_offset(self.layout, i) for i in range(6)]
        self._centres = {h: hex_to_pixel(self.layout, h) for h in self.cells}
        self._corners = {
            h: [(cx + dx, cy + dy) for dx, dy in offsets] for h, (cx, cy) in self._centres.items()
        }
        self._outline = {h: darker(c.fill, 0.22) for h, c in self.cells.items()}
        self._bucket_px = radius * 6
        self._buckets: dict[tuple[int, int], list[Hex]] = {}
        for h, c in self._centres.items():
            self._buckets.setdefault(self._bucket(c), []).append(h)
        self._edges = self._find_edges()
        self._roads = [[self._centres[h] for h in road] for road in roads if len(road) >= 2]
        self._road_boxes = [_box(points) for points in self._roads]
        counter = radius * 1.25 if counter_size is None else counter_size
        super().__init__(size, counter, self._location_anchor)

    # -- StackedBoard --------------------------------------------------------------------------

    def _draw_marks(self, surface: pygame.Surface, camera: Camera, hover: str | None,
                    highlights: Mapping[str, str]) -> Mapping[str, str]:
        """Hex highlights, the hovered hex outlined."""
        for target, style in highlights.items():
            h = parse_hex_id(target)
            if h is not None and h in self.cells:
                draw_highlight(surface, self._screen_corners(h, camera), style)
        hovered = parse_hex_id(hover) if hover is not None else None
        if hovered is not None and hovered in self.cells and hover not in highlights:
            draw_highlight(surface, self._screen_corners(hovered, camera), "hover")
        return highlights

    def _hit_location(self, world_pos: tuple[float, float]) -> str | None:
        h = pixel_to_hex(self.layout, *world_pos)
        return hex_id(h) if h in self.cells else None

    def _location_tooltip(self, target: str) -> str | None:
        """A hex's name from `names`, else its city."""
        h = parse_hex_id(target)
        if h is None:
            return None
        return self.names.get(h) or self.cities.get(h)

    # -- geometry ------------------------------------------------------------------------------

    def _location_anchor(self, location: str) -> Point | None:
        h = parse_hex_id(location)
        return self._centres.get(h) if h is not None else None

    def _screen_corners(self, h: Hex, camera: Camera) -> list[Point]:
        return [camera.world_to_screen(x, y) for x, y in self._corners[h]]

    def _bucket(self, p: Point) -> tuple[int, int]:
        return (int(p[0] // self._bucket_px), int(p[1] // self._bucket_px))

    def _hexes_in(self, rect: pygame.FRect) -> list[Hex]:
        """Hexes whose centre lies within a hex's reach of `rect`."""
        grown = rect.inflate(4 * self._radius, 4 * self._radius)
        bx0, by0 = self._bucket(grown.topleft)
        bx1, by1 = self._bucket(grown.bottomright)
        found: list[Hex] = []
        for bx in range(bx0, bx1 + 1):
            for by in range(by0, by1 + 1):
                found.extend(self._buckets.get((bx, by), ()))
        return found

    def _find_edges(self) -> list[_Edge]:
        """Coastlines and region borders, each shared hex side once."""
        # Which two corners of a hex lie on its side towards each direction: the same for every
        # hex of a layout, so it is found once on Hex(0, 0).
        origin = Hex(0, 0)
        mine = [hex_corner_offset(self.layout, i) for i in range(6)]
        sides = []
        for d in range(6):
            n = hex_neighbor(origin, d)
            ncx, ncy = hex_to_pixel(self.layout, n)
            ocx, ocy = hex_to_pixel(self.layout, origin)
            theirs = [(ncx - ocx + dx, ncy - ocy + dy) for dx, dy in mine]
            shared = [i for i, p in enumerate(mine) if any(math.dist(p, t) < 1e-6 for t in theirs)]
            sides.append((shared[0], shared[1]))
        # by (q, r): building a Hex for each of the 18,000 neighbours of a 3,000-hex map was
        # most of a board's set-up time
        by_qr = {(h.q, h.r): style for h, style in self.cells.items()}
        steps = [(hex_neighbor(origin, d).q, hex_neighbor(origin, d).r) for d in range(6)]
        edges = []
        for h, style in self.cells.items():
            for d, (dq, dr) in enumerate(steps):
                qr = (h.q + dq, h.r + dr)
                other = by_qr.get(qr)
                if other is None or qr < (h.q, h.r):
                    continue
                sea_h, sea_n = style.pattern == "sea", other.pattern == "sea"
                coast = sea_h != sea_n
                border = not sea_h and not sea_n and style.region != other.region
                if coast or border:
                    i, j = sides[d]
                    edges.append(_Edge(self._corners[h][i], self._corners[h][j], coast))
        return edges

    # -- static picture ------------------------------------------------------------------------

    def _paint(
        self, tile: pygame.Surface, z: float, origin: tuple[int, int], world: pygame.FRect
    ) -> None:
        """Draw the part of the map inside `world` into `tile` (see `camera.Painter`)."""
        ox, oy = origin
        px = self._radius * z
        hexes = self._hexes_in(world)
        polys = {h: [(x * z - ox, y * z - oy) for x, y in self._corners[h]] for h in hexes}
        for h in hexes:
            pygame.draw.polygon(tile, self.cells[h].fill, polys[h])
        if px >= 9:
            for h in hexes:
                pattern = self.cells[h].pattern
                if pattern:
                    cx, cy = self._centres[h]
                    _PATTERN_PAINTERS[pattern](tile, (cx * z - ox, cy * z - oy), px, h)
        if px >= 5:
            for h in hexes:
                pygame.draw.lines(tile, self._outline[h], True, polys[h], 1)
        self._paint_edges(tile, z, origin, world, px)
        self._paint_roads(tile, z, origin, world, px)
        self._paint_cities(tile, z, origin, px)
        if px >= 26:
            self._paint_labels(tile, z, origin, hexes, px)
        pygame.draw.rect(
            tile, INK, (-ox, -oy, round(self._size[0] * z), round(self._size[1] * z)), 2
        )

    def _paint_edges(
        self,
        tile: pygame.Surface,
        z: float,
        origin: tuple[int, int],
        world: pygame.FRect,
        px: float,
    ) -> None:
        ox, oy = origin
        reach = world.inflate(2 * self._radius, 2 * self._radius)
        coast_w = _odd(px * 0.09)
        border_w = _odd(px * 0.16)
        # Borders first, so where a province border meets the sea the coastline stays on top.
        for coast, color, width in ((False, REGION_BORDER, border_w), (True, COAST, coast_w)):
            for e in self._edges:
                if e.coast != coast or not reach.collidepoint(e.a):
                    continue
                a = (e.a[0] * z - ox, e.a[1] * z - oy)
                b = (e.b[0] * z - ox, e.b[1] * z - oy)
                _thick_line(tile, color, a, b, width)

    def _paint_roads(
        self,
        tile: pygame.Surface,
        z: float,
        origin: tuple[int, int],
        world: pygame.FRect,
        px: float,
    ) -> None:
        ox, oy = origin
        width = _odd(px * 0.14)
        for points, box in zip(self._roads, self._road_boxes, strict=True):
            if not box.colliderect(world):
                continue
            screen = [(x * z - ox, y * z - oy) for x, y in points]
            for color, w in ((ROAD_CASING, width + 2), (ROAD, width)):
                for a, b in zip(screen, screen[1:], strict=False):
                    _thick_line(tile, color, a, b, w)

    def _paint_cities(
        self, tile: pygame.Surface, z: float, origin: tuple[int, int], px: float
    ) -> None:
        ox, oy = origin
        area = tile.get_rect()
        dot = max(2, round(px * 0.2))
        size = max(8, round(px * 0.42))
        for h, name in self.cities.items():
            cx, cy = self._centres[h]
            x, y = cx * z - ox, cy * z - oy
            text = (
                halo_text(name, size, INK, PAPER, bold=True, condensed=True) if px >= 8 else None
            )
            reach = max(dot, text.get_width() // 2 if text else 0) + 4
            if not area.colliderect((x - reach, y - reach, 2 * reach, 2 * reach + size * 2)):
                continue
            pygame.draw.circle(tile, PAPER, (x, y), dot + 2)
            pygame.draw.circle(tile, CITY, (x, y), dot)
            if text is not None:
                tile.blit(text, text.get_rect(midtop=(round(x), round(y + dot + 1))))

    def _paint_labels(
        self, tile: pygame.Surface, z: float, origin: tuple[int, int], hexes: list[Hex], px: float
    ) -> None:
        ox, oy = origin
        size = max(7, round(px * 0.2))
        for h in hexes:
            label = self.cells[h].label
            if not label:
                continue
            cx, cy = self._centres[h]
            fill = self.cells[h].fill
            text = halo_text(label, size, darker(fill, 0.55), fill, condensed=True)
            top = cy * z - oy - self.layout.size[1] * z * 0.86
            tile.blit(text, text.get_rect(midtop=(round(cx * z - ox), round(top))))


def _box(points: Sequence[Point]) -> pygame.FRect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return pygame.FRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _odd(width: float) -> int:
    """A line width rounded to an odd number of pixels: pygame centres odd widths on the line,
    so the round joints drawn by `_thick_line` sit exactly on it."""
    return max(1, round(width)) | 1


def _thick_line(surface: pygame.Surface, color: Color, a: Point, b: Point, width: int) -> None:
    """A line with round ends, so consecutive segments join without notches."""
    pygame.draw.line(surface, color, a, b, width)
    if width > 1:
        pygame.draw.circle(surface, color, a, width / 2)
        pygame.draw.circle(surface, color, b, width / 2)


# -- terrain patterns: each draws in a hex of radius `px` centred on `c` --------------------------


def _sea(tile: pygame.Surface, c: Point, px: float, h: Hex) -> None:
    """Two short wave strokes, staggered on alternate hexes."""
    shift = px * 0.18 * (1 if (h.q + h.r) % 2 else -1)
    for dy, dx in ((-0.22, shift), (0.22, -shift)):
        x0 = c[0] + dx - px * 0.34
        y = c[1] + dy * px
        points = [
            (x0 + px * 0.68 * k / 8, y - px * 0.07 * math.sin(k / 8 * 2 * math.pi))
            for k in range(9)
        ]
        pygame.draw.lines(tile, SEA_WAVE, False, points, max(1, round(px * 0.05)))


_FLANK = mix(MOUNTAIN, MOUNTAIN_RIDGE, 0.4)


def _mountain(tile: pygame.Surface, c: Point, px: float, h: Hex) -> None:
    """Two or three peaks, their right (shaded) flank darker: hand-drawn relief."""
    peaks = ((-0.3, 0.18, 0.5), (0.26, 0.22, 0.42), (0.0, -0.26, 0.46))
    count = 3 if (h.q * 7 + h.r * 3) % 3 else 2
    width = max(1, round(px * 0.06))
    for dx, dy, size in peaks[:count]:
        bx, by = c[0] + dx * px, c[1] + dy * px + size * px * 0.4
        half, height = size * px * 0.55, size * px * 0.8
        top = (bx, by - height)
        pygame.draw.polygon(tile, _FLANK, [top, (bx + half, by), (bx, by)])
        pygame.draw.lines(
            tile, MOUNTAIN_RIDGE, False, [(bx - half, by), top, (bx + half, by)], width
        )


def _hills(tile: pygame.Surface, c: Point, px: float, h: Hex) -> None:
    """Low rounded humps."""
    width = max(1, round(px * 0.05))
    for dx, dy in ((-0.28, 0.12), (0.24, -0.14)):
        rect = pygame.Rect(0, 0, round(px * 0.6), round(px * 0.4))
        rect.center = (round(c[0] + dx * px), round(c[1] + dy * px))
        pygame.draw.arc(tile, MOUNTAIN_RIDGE, rect, 0.3, math.pi - 0.3, width)


def _forest(tile: pygame.Surface, c: Point, px: float, h: Hex) -> None:
    """A few round tree crowns."""
    r = max(2, round(px * 0.13))
    for dx, dy in ((-0.3, 0.15), (0.0, -0.25), (0.3, 0.1), (0.02, 0.35)):
        pygame.draw.circle(tile, FOREST_TREE, (c[0] + dx * px, c[1] + dy * px), r)


def _marsh(tile: pygame.Surface, c: Point, px: float, h: Hex) -> None:
    """Short horizontal strokes with reeds."""
    width = max(1, round(px * 0.05))
    for dx, dy in ((-0.22, -0.2), (0.18, 0.05), (-0.12, 0.3)):
        x, y = c[0] + dx * px, c[1] + dy * px
        pygame.draw.line(tile, MARSH_REED, (x - px * 0.2, y), (x + px * 0.2, y), width)
        pygame.draw.line(tile, MARSH_REED, (x, y), (x, y - px * 0.14), width)


_PATTERN_PAINTERS = {
    "sea": _sea,
    "mountain": _mountain,
    "hills": _hills,
    "forest": _forest,
    "marsh": _marsh,
}
