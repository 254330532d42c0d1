"""The map overlays of La Guerra de España, each switched on or off in the game menu or with its
key (all off at the start):

- weather zones (section 13): every land hex tinted by its meteorological zone A-E, the zones'
  limits, a letter per zone and, on the zones with a ZM marker this turn, the yellow ZM marker;
- sectors (section 3, games of 3-4 players): the northern and southern sectors tinted, the
  line between them and, on each, its name and the seats that command it;
- provinces in dispute (section 9): the provinces in dispute hatched and outlined in red;
- roads over the reach marks (section 7 1a): the first-class roads drawn again over the marks of
  the hexes a selected counter reaches, so the dots never hide a road.

The tints, hatching and limits are painted into the tiles of the board's static picture, one
picture per set of overlays switched on (`GuerraMap.set_overlays`); the letters, ZM markers,
sector names, roads over the marks and the legend are drawn live over it (few, and they change
with the turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

import pygame

from engine.core.hexgrid import Hex, hex_neighbor
from engine.ui.colors import INK, PAPER, Color, darker
from engine.ui.fonts import font
from engine.ui.layout import Point

WEATHER = "weather"
SECTORS = "sectors"
DISPUTED = "disputed"
ROADS = "roads"
OVERLAYS: tuple[tuple[str, str, str], ...] = (
    (WEATHER, "Weather zones (section 13)", "W"),
    (SECTORS, "Sectors of a 3-4 player game (section 3)", "S"),
    (DISPUTED, "Provinces in dispute (section 9)", "D"),
    (ROADS, "Roads over the reach marks (section 7)", "R"),
)
"""Each overlay: id, label in the game menu, key that switches it."""
PAINTED = frozenset({WEATHER, SECTORS, DISPUTED})
"""The overlays painted into the static picture's tiles (the others are drawn live)."""

ZONE_COLOURS: dict[str, Color] = {
    "A": (40, 110, 210),
    "B": (20, 160, 150),
    "C": (150, 70, 200),
    "D": (225, 150, 20),
    "E": (215, 50, 50),
}
"""A tint per weather zone (a zone beyond E takes grey)."""
ZONE_ALPHA = 95
SECTOR_COLOURS: dict[int, Color] = {0: (50, 100, 210), 1: (215, 120, 30)}
"""The first (northern) sector blue, the second (southern) orange."""
SECTOR_ALPHA = 80
DISPUTE_RED: Color = (200, 25, 30)
DISPUTE_BLUE: Color = (52, 92, 170)
ZM_YELLOW: Color = (250, 214, 40)
ZM_RED: Color = (200, 20, 20)
"""The ZM marker of section 2.3: yellow with the letters ZM in red."""
ROAD_GREY: Color = (112, 112, 108)
ROAD_EDGE: Color = (236, 234, 226)
HATCH_STEP = 9
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class LegendRow:
    """A line of the legend: a swatch (colour and style: "tint", "hatch", "zm" or "" for
    none) and its text."""

    colour: Color | None
    style: str
    text: str


class OverlayPainter:
    """What the overlays paint and draw, from the board's geometry: `corners` of every hex
    (world pixels), `zone` and `sector` of every land hex (None off the provinces),
    `territory` of every land hex (its province or region); `sea` the sea hexes; `crowded`
    the hexes a zone's letter must not cover (cities with their names, roads)."""

    def __init__(self, corners: Mapping[Hex, Sequence[Point]], centres: Mapping[Hex, Point],
                 zone: Mapping[Hex, str], sector: Mapping[Hex, int],
                 territory: Mapping[Hex, str], sides: Sequence[tuple[int, int]],
                 sea: frozenset[Hex] = frozenset(), crowded: frozenset[Hex] = frozenset()
                 ) -> None:
        self.corners = corners
        self.centres = centres
        self.zone = dict(zone)
        self.sector = dict(sector)
        self.territory = dict(territory)
        self.zone_edges = _edges(corners, sides, self.zone.get)
        self.sector_edges = _edges(corners, sides, self.sector.get)
        self.province_edges = _outlines(corners, sides, self.territory)
        self.zone_anchor = _anchors(centres, self.zone, crowded)
        self._zone_spots = _spots(centres, self.zone, crowded)
        self._zone_memo: tuple[frozenset[Hex], dict[str, Point]] | None = None
        self.sector_anchor_on_land = _anchors(centres, self.sector)
        self.sector_anchor = _offshore(centres, self.sector, sea, self.sector_anchor_on_land)
        self.boxes: dict[str, pygame.FRect] = {}
        for h, t in self.territory.items():
            xs = [p[0] for p in corners[h]]
            ys = [p[1] for p in corners[h]]
            box = pygame.FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            self.boxes[t] = self.boxes[t].union(box) if t in self.boxes else box

    def zone_anchors(self, occupied: frozenset[Hex]) -> dict[str, Point]:
        """Where each zone's letter goes: its hex nearest the zone's middle with no city,
        road or counter on it or next to it (so the letter and its ZM marker hide nothing),
        else its middle hex."""
        if self._zone_memo is not None and self._zone_memo[0] == occupied:
            return self._zone_memo[1]
        out = {}
        for zone, spots in self._zone_spots.items():
            out[zone] = next((p for h, p in spots
                              if h not in occupied
                              and not any(hex_neighbor(h, d) in occupied for d in range(6))),
                             self.zone_anchor[zone])
        self._zone_memo = (occupied, out)
        return out

    def province_box(self, territory: str) -> pygame.FRect | None:
        """The world rectangle a province covers, with room for its outline."""
        box = self.boxes.get(territory)
        return box.inflate(8, 8) if box is not None else None

    # --- painted into the tiles ------------------------------------------------------------

    def paint(self, tile: pygame.Surface, z: float, origin: tuple[int, int],
              hexes: Sequence[Hex], on: frozenset[str], disputed: frozenset[str],
              px: float) -> None:
        """Tints, hatching and limits of the painted overlays `on` for `hexes` (those near the
        tile), `disputed` naming the provinces in dispute."""
        ox, oy = origin

        def poly(h: Hex) -> list[Point]:
            return [(x * z - ox, y * z - oy) for x, y in self.corners[h]]

        glass = pygame.Surface(tile.get_size(), pygame.SRCALPHA)
        if WEATHER in on:
            for h in hexes:
                zone = self.zone.get(h)
                if zone is not None:
                    pygame.draw.polygon(glass, (*ZONE_COLOURS.get(zone, (128, 128, 128)),
                                                ZONE_ALPHA), poly(h))
        if SECTORS in on:
            for h in hexes:
                sector = self.sector.get(h)
                if sector is not None:
                    pygame.draw.polygon(glass, (*SECTOR_COLOURS.get(sector, (128, 128, 128)),
                                                SECTOR_ALPHA), poly(h))
        tile.blit(glass, (0, 0))
        if DISPUTED in on:
            inside = [h for h in hexes if self.territory.get(h) in disputed]
            if inside:
                _hatch(tile, [poly(h) for h in inside], ox + oy)
        width = max(2, round(px * 0.12))
        if WEATHER in on:
            self._lines(tile, self.zone_edges, z, origin, darker(INK, 0.1), width)
        if SECTORS in on:
            self._lines(tile, self.sector_edges, z, origin, ROAD_EDGE, width + 4)
            self._lines(tile, self.sector_edges, z, origin, INK, width + 1)
        if DISPUTED in on:
            for t in sorted(disputed):
                self._lines(tile, self.province_edges.get(t, []), z, origin, DISPUTE_RED,
                            width)

    @staticmethod
    def _lines(tile: pygame.Surface, edges: Sequence[tuple[Point, Point]], z: float,
               origin: tuple[int, int], colour: Color, width: int) -> None:
        ox, oy = origin
        area = tile.get_clip().inflate(2 * width, 2 * width)
        for a, b in edges:
            sa = (a[0] * z - ox, a[1] * z - oy)
            sb = (b[0] * z - ox, b[1] * z - oy)
            if not area.clipline(sa, sb):
                continue
            pygame.draw.line(tile, colour, sa, sb, width)
            if width > 2:
                pygame.draw.circle(tile, colour, sa, width / 2)
                pygame.draw.circle(tile, colour, sb, width / 2)


# --- drawn live ----------------------------------------------------------------------------


def zone_letter(zone: str, size: int, zm: bool) -> pygame.Surface:
    """The zone's letter in a disc of its colour and, with `zm`, the ZM marker beside it (one
    picture, so the marker never covers the letter)."""
    return _zone_badge(zone, size, zm)


@lru_cache(maxsize=32)
def _zone_badge(zone: str, size: int, zm: bool) -> pygame.Surface:
    disc = size
    marker = zm_marker(round(size * 0.9)) if zm else None
    gap = max(3, size // 6)
    width = disc + (gap + marker.get_width() if marker else 0)
    out = pygame.Surface((width + 2, disc + 2), pygame.SRCALPHA)
    centre = (disc // 2 + 1, disc // 2 + 1)
    pygame.draw.circle(out, PAPER, centre, disc // 2 + 1)
    pygame.draw.circle(out, ZONE_COLOURS.get(zone, (128, 128, 128)), centre, disc // 2 - 1)
    pygame.draw.circle(out, INK, centre, disc // 2 + 1, 2)
    text = font(round(disc * 0.62), bold=True).render(zone, True, PAPER)
    out.blit(text, text.get_rect(center=centre))
    if marker is not None:
        out.blit(marker, marker.get_rect(midleft=(disc + gap, centre[1])))
    return out


@lru_cache(maxsize=16)
def zm_marker(size: int) -> pygame.Surface:
    """The ZM marker counter (section 2.3): a yellow square with "ZM" in red."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.rect(out, ZM_YELLOW, rect, border_radius=max(2, size // 8))
    pygame.draw.rect(out, INK, rect, 2, border_radius=max(2, size // 8))
    text = font(max(7, round(size * 0.42)), bold=True).render("ZM", True, ZM_RED)
    out.blit(text, text.get_rect(center=rect.center))
    return out


def sector_label(lines: Sequence[str], size: int, sector: int) -> pygame.Surface:
    """A sector's name and who commands it, in a box edged with the sector's colour."""
    return _sector_label(tuple(lines), size, sector)


@lru_cache(maxsize=16)
def _sector_label(lines: tuple[str, ...], size: int, sector: int) -> pygame.Surface:
    faces = [font(size if i == 0 else size - 2, bold=i == 0).render(line, True, INK)
             for i, line in enumerate(lines)]
    pad = max(4, size // 3)
    w = max(f.get_width() for f in faces) + 2 * pad
    h = sum(f.get_height() for f in faces) + 2 * pad
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.rect(out, PAPER, rect, border_radius=4)
    pygame.draw.rect(out, SECTOR_COLOURS.get(sector, INK), rect, 3, border_radius=4)
    y = pad
    for face in faces:
        out.blit(face, (pad, y))
        y += face.get_height()
    return out


def draw_roads(surface: pygame.Surface, roads: Sequence[Sequence[tuple[Hex, Point]]],
               marked: frozenset[Hex], cities: frozenset[Hex],
               to_screen: Callable[[float, float], Point], px: float) -> None:
    """The road steps that touch a marked hex, as printed (grey edged with white), stopping
    short of a city's star so it stays on top."""
    width = max(1, round(px * 0.13)) | 1
    segments = []
    for road in roads:
        for (ha, a), (hb, b) in zip(road, road[1:], strict=False):
            if ha not in marked and hb not in marked:
                continue
            sa, sb = to_screen(*a), to_screen(*b)
            length = max(1e-6, ((sb[0] - sa[0]) ** 2 + (sb[1] - sa[1]) ** 2) ** 0.5)
            cut = min(0.45, px * 0.45 / length)
            if ha in cities:
                sa = (sa[0] + (sb[0] - sa[0]) * cut, sa[1] + (sb[1] - sa[1]) * cut)
            if hb in cities:
                sb = (sb[0] + (sa[0] - sb[0]) * cut, sb[1] + (sa[1] - sb[1]) * cut)
            segments.append((sa, sb))
    for colour, w in ((ROAD_EDGE, width + 2), (ROAD_GREY, width)):
        for a, b in segments:
            pygame.draw.line(surface, colour, a, b, w)
            for p in (a, b):
                pygame.draw.circle(surface, colour, p, w / 2)


def legend_picture(sections: Sequence[tuple[str, Sequence[LegendRow]]],
                   size: int, max_width: int) -> pygame.Surface:
    """The legend of the overlays switched on: a title per overlay and its rows, each text
    wrapped to `max_width`."""
    return _legend(tuple((title, tuple(rows)) for title, rows in sections), size, max_width)


@lru_cache(maxsize=8)
def _legend(sections: tuple[tuple[str, tuple[LegendRow, ...]], ...], size: int,
            max_width: int) -> pygame.Surface:
    title_f = font(size, bold=True)
    body_f = font(size - 1)
    pad = 8
    box = body_f.get_height() - 2
    text_w = max_width - 2 * pad - box - 6
    blocks: list[tuple[str, object]] = []
    for title, rows in sections:
        blocks.append(("title", _wrap(title, title_f, max_width - 2 * pad)))
        for row in rows:
            blocks.append(("row", (row, _wrap(row.text, body_f, text_w))))
    height = pad
    width = 0
    for kind, item in blocks:
        if kind == "title":
            assert isinstance(item, list)
            height += len(item) * title_f.get_linesize() + 2
            width = max(width, *(title_f.size(line)[0] for line in item))
        else:
            assert isinstance(item, tuple)
            lines = item[1]
            height += len(lines) * body_f.get_linesize()
            width = max(width, box + 6 + max(body_f.size(line)[0] for line in lines))
    out = pygame.Surface((width + 2 * pad, height + pad), pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.rect(out, darker(PAPER, 0.06), rect, border_radius=4)
    pygame.draw.rect(out, INK, rect, 2, border_radius=4)
    y = pad
    for kind, item in blocks:
        if kind == "title":
            assert isinstance(item, list)
            for line in item:
                out.blit(title_f.render(line, True, INK), (pad, y))
                y += title_f.get_linesize()
            y += 2
            continue
        assert isinstance(item, tuple)
        row, lines = item
        swatch = pygame.Rect(pad, y + 2, box, box)
        _swatch(out, swatch, row)
        for line in lines:
            out.blit(body_f.render(line, True, INK), (swatch.right + 6, y))
            y += body_f.get_linesize()
    return out


def _swatch(surface: pygame.Surface, rect: pygame.Rect, row: LegendRow) -> None:
    if row.style == "zm":
        marker = zm_marker(rect.height)
        surface.blit(marker, rect.topleft)
        return
    if row.colour is None or not row.style:
        return
    if row.style == "hatch":
        pygame.draw.rect(surface, PAPER, rect)
        _hatch(surface, [[rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]], 0)
        pygame.draw.rect(surface, DISPUTE_RED, rect, 2)
        return
    pygame.draw.rect(surface, row.colour, rect)
    pygame.draw.rect(surface, INK, rect, 1)


def _wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines or [""]


# --- geometry ------------------------------------------------------------------------------


def _hatch(surface: pygame.Surface, polygons: Sequence[Sequence[Point]], phase: int) -> None:
    """Red diagonal strokes on a light blue wash inside `polygons` (the "en litigio" marker's
    colours), lined up across tiles by `phase` (the tile's origin x + y)."""
    area = surface.get_clip()
    if not area.width or not area.height:
        return
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    for points in polygons:
        pygame.draw.polygon(mask, (255, 255, 255, 255),
                            [(x - area.x, y - area.y) for x, y in points])
    strokes = pygame.Surface(area.size, pygame.SRCALPHA)
    strokes.fill((*DISPUTE_BLUE, 60))
    w, h = area.size
    start = -((phase + area.x + area.y) % HATCH_STEP)
    for k in range(start, w + h, HATCH_STEP):
        pygame.draw.line(strokes, (*DISPUTE_RED, 190), (k, 0), (k - h, h), 2)
    strokes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(strokes, area.topleft)


def _edges(corners: Mapping[Hex, Sequence[Point]], sides: Sequence[tuple[int, int]],
           key: Callable[[Hex], object]) -> list[tuple[Point, Point]]:
    """The hex sides between two keyed hexes of different keys, once each."""
    found = []
    for h in corners:
        mine = key(h)
        if mine is None:
            continue
        for d in range(6):
            n = hex_neighbor(h, d)
            if n < h:
                continue
            theirs = key(n)
            if theirs is None or theirs == mine:
                continue
            i, j = sides[d]
            found.append((corners[h][i], corners[h][j]))
    return found


def _outlines(corners: Mapping[Hex, Sequence[Point]], sides: Sequence[tuple[int, int]],
              territory: Mapping[Hex, str]) -> dict[str, list[tuple[Point, Point]]]:
    """Each territory's outline: the sides of its hexes towards any other hex or none."""
    found: dict[str, list[tuple[Point, Point]]] = {}
    for h, mine in territory.items():
        for d in range(6):
            if territory.get(hex_neighbor(h, d)) != mine:
                i, j = sides[d]
                found.setdefault(mine, []).append((corners[h][i], corners[h][j]))
    return found


def _anchors(centres: Mapping[Hex, Point], keys: Mapping[Hex, K],
             crowded: frozenset[Hex] = frozenset()) -> dict[K, Point]:
    """For each key, the centre of its hex nearest the mean of its hexes, not a `crowded` one
    if it has others."""
    groups: dict[K, list[tuple[bool, Point]]] = {}
    for h, k in keys.items():
        groups.setdefault(k, []).append((h in crowded, centres[h]))
    out = {}
    for k, spots in groups.items():
        mx = sum(p[0] for _, p in spots) / len(spots)
        my = sum(p[1] for _, p in spots) / len(spots)
        free = [p for busy, p in spots if not busy] or [p for _, p in spots]
        out[k] = min(free, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
    return out


def _spots(centres: Mapping[Hex, Point], keys: Mapping[Hex, K],
           crowded: frozenset[Hex]) -> dict[K, list[tuple[Hex, Point]]]:
    """For each key, its hexes that are not `crowded`, nearest the mean of all its hexes
    first."""
    groups: dict[K, list[Hex]] = {}
    for h, k in keys.items():
        groups.setdefault(k, []).append(h)
    out: dict[K, list[tuple[Hex, Point]]] = {}
    for k, hexes in groups.items():
        mx = sum(centres[h][0] for h in hexes) / len(hexes)
        my = sum(centres[h][1] for h in hexes) / len(hexes)
        free = sorted((h for h in hexes if h not in crowded),
                      key=lambda h: ((centres[h][0] - mx) ** 2 + (centres[h][1] - my) ** 2, h))
        out[k] = [(h, centres[h]) for h in free]
    return out


def _offshore(centres: Mapping[Hex, Point], keys: Mapping[Hex, K], sea: frozenset[Hex],
              fallback: Mapping[K, Point], away: int = 3) -> dict[K, Point]:
    """For each key, a sea hex `away` hexes off the coast whose nearest land is of that key,
    the one nearest the key's own anchor: a label there hides no city, name or factor. The
    `fallback` anchor for a key with no such sea hex."""
    distance: dict[Hex, int] = {}
    owner: dict[Hex, K | None] = {}
    frontier = [h for h in centres if h not in sea]
    for h in frontier:
        distance[h] = 0
        owner[h] = keys.get(h)
    for step in range(1, away + 1):
        reached = []
        for h in frontier:
            for d in range(6):
                n = hex_neighbor(h, d)
                if n in sea and n not in distance:
                    distance[n] = step
                    owner[n] = owner[h]
                    reached.append(n)
        frontier = sorted(reached)
    out: dict[K, Point] = {}
    for key, home in fallback.items():
        spots = [centres[h] for h, dist in distance.items()
                 if dist == away and owner[h] == key]
        out[key] = min(spots, key=lambda p: (p[0] - home[0]) ** 2 + (p[1] - home[1]) ** 2) \
            if spots else home
    return out
