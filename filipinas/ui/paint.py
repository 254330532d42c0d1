"""The printed board, painted once per zoom level into the static layer's tiles: the sea and
the coast of Luzon, the six Provinces with their resource values, the cities and Fortified
Line boxes, Hong Kong, the mini-map with the Visayas and Mindanao, the boxes and the tracks.

Everything printed comes from `PrintedBoard` (names and numbers of the scenario YAML) and the
geometry of `filipinas.ui.layout`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from engine.ui import colors as C
from engine.ui.drawing import halo_text
from filipinas.ui import layout as L

Point = tuple[float, float]

PROVINCE_FILLS: dict[str, C.Color] = {
    "tarlac": (222, 214, 160), "pampanga": (214, 222, 168), "bulacan": (228, 210, 166),
    "manila": (230, 200, 150), "cavite": (216, 204, 150), "batangas": (224, 218, 172),
}
"""Each Province its own pale tint, as printed maps colour neighbours apart."""
OUTSIDE_LAND: C.Color = (200, 196, 168)
"""Luzon outside the area of play: greyer than the Provinces."""
BOX_FILL: C.Color = (244, 238, 220)
CITY_FILL: C.Color = (246, 240, 226)
LINE_FILL: C.Color = (206, 190, 160)
HONG_KONG_FILL: C.Color = (226, 232, 236)
WET: C.Color = (170, 196, 222)
DRY: C.Color = (240, 218, 150)
BAND_LIGHT: C.Color = (240, 232, 208)
BAND_DARK: C.Color = (206, 168, 132)
"""The Resource and Morale tracks' bands shade from light to dark."""


@dataclass(frozen=True, slots=True)
class PrintedBoard:
    """The names and numbers printed on the board, read from the scenario's YAML."""

    names: dict[str, str]
    resources: dict[str, float]
    turns: tuple[tuple[int, str, str], ...]
    """(turn, months, season) of the Turn Track."""
    cards_by_ap: tuple[tuple[int, int, int], ...]
    morale_bands: tuple[tuple[int, int, int], ...]
    us_entry: int


class Pen:
    """World-to-tile drawing for one tile of the static layer."""

    def __init__(self, tile: pygame.Surface, z: float, origin: tuple[int, int],
                 world: pygame.FRect) -> None:
        self.tile, self.z, self.origin = tile, z, origin
        self.reach = world.inflate(40, 40)

    def pt(self, p: Point) -> Point:
        return (p[0] * self.z - self.origin[0], p[1] * self.z - self.origin[1])

    def pts(self, points: Iterable[Point]) -> list[Point]:
        return [self.pt(p) for p in points]

    def w(self, width: float) -> int:
        return max(1, round(width * self.z))

    def visible(self, points: Sequence[Point]) -> bool:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        box = pygame.FRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        return box.colliderect(self.reach)

    def polygon(self, points: Sequence[Point], fill: C.Color | None, edge: C.Color | None,
                width: float = 1) -> None:
        if not self.visible(points):
            return
        poly = self.pts(points)
        if fill is not None:
            pygame.draw.polygon(self.tile, fill, poly)
        if edge is not None:
            pygame.draw.lines(self.tile, edge, True, poly, self.w(width))

    def rect(self, r: L.Rect, fill: C.Color | None, edge: C.Color | None, width: float = 1,
             shadow: bool = False) -> None:
        x, y, w, h = r
        if not self.reach.colliderect((x - 1, y - 1, w + 5, h + 5)):
            return
        corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        if shadow:
            self.polygon([(px + 3, py + 3) for px, py in corners], C.mix(BOX_FILL, C.INK, 0.5),
                         None)
        self.polygon(corners, fill, edge, width)

    def text(self, text: str, at: Point, size: float, color: C.Color = C.INK,
             halo: C.Color = C.PAPER, bold: bool = True, anchor: str = "center",
             condensed: bool = True) -> None:
        px = max(7, round(size * self.z))
        # far from the tile (a label of another part of the board): not even looked up
        reach = self.reach
        half_w = (len(text) * px * 1.2 + 10) / self.z
        half_h = (2 * px + 10) / self.z
        if at[0] + half_w < reach.left or at[0] - half_w > reach.right \
                or at[1] + half_h < reach.top or at[1] - half_h > reach.bottom:
            return
        img = halo_text(text, px, color, halo, bold, condensed)
        x, y = self.pt(at)
        rect = img.get_rect(**{anchor: (round(x), round(y))})
        if rect.colliderect(self.tile.get_rect()):
            self.tile.blit(img, rect)


def paint_board(pen: Pen, board: PrintedBoard) -> None:
    """The whole printed board into one tile."""
    _main_map(pen, board)
    _minimap(pen, board)
    _boxes(pen, board)
    _tracks(pen, board)


# --- the main map ------------------------------------------------------------------------------

def _waves(pen: Pen, frame: L.Rect) -> None:
    """The sea's waves in staggered rows; only those near the tile (a tile is a small part of
    the sea close up)."""
    x0, y0, w, h = frame
    step = 26
    reach = pen.reach
    for row, y in enumerate(range(int(y0) + 14, int(y0 + h) - 6, step)):
        if y < reach.top or y - 3 > reach.bottom:
            continue
        first = int(x0) + 10 + (row % 2) * 13
        skip = max(0, math.ceil((reach.left - 12 - first) / (2 * step)))
        end = min(int(x0 + w) - 16, math.ceil(reach.right) + 1)
        for x in range(first + skip * 2 * step, end, 2 * step):
            a, b = pen.pt((x, y)), pen.pt((x + 12, y))
            mid = pen.pt((x + 6, y - 3))
            pygame.draw.lines(pen.tile, C.SEA_WAVE, False, [a, mid, b], pen.w(1))


def _main_map(pen: Pen, board: PrintedBoard) -> None:
    pen.rect(L.MAP_FRAME, C.SEA, None, shadow=True)
    _waves(pen, L.MAP_FRAME)
    pen.polygon(L.LUZON_LAND, OUTSIDE_LAND, None)
    for pid, poly in L.PROVINCES.items():
        pen.polygon(poly, PROVINCE_FILLS[pid], None)
    pen.polygon(L.LAGUNA_DE_BAY, C.SEA, None)
    # Coast first, Province borders over it: the borders are what the rules read.
    pen.polygon(L.LUZON_LAND, None, C.COAST, 2)
    pen.polygon(L.LAGUNA_DE_BAY, None, C.COAST, 2)
    for poly in L.PROVINCES.values():
        pen.polygon(poly, None, C.REGION_BORDER, 3)
    for name, at in L.OUTSIDE_PLAY:
        pen.text(name.upper(), at, 12, C.INK_SOFT, OUTSIDE_LAND, bold=False)
    for name, at, size in L.WATER_NAMES:
        pen.text(name, at, size, C.COAST, C.SEA, bold=size > 14)
    for pid, at in L.PROVINCE_LABELS.items():
        label = board.names[pid].upper()
        pen.text(label, at, 17, C.INK, PROVINCE_FILLS[pid])
        _resource_badge(pen, at, label, board.resources[pid], PROVINCE_FILLS[pid])
    for sid, r in L.LINES.items():
        _line_box(pen, sid, r, board)
    for sid, r in L.CITIES.items():
        _city(pen, sid, r, board)
    pen.rect(L.HONG_KONG, HONG_KONG_FILL, C.INK, 2, shadow=True)
    x, y, w, _ = L.HONG_KONG
    pen.text(board.names["hong_kong"], (x + w / 2, y + 11), 13, C.INK, HONG_KONG_FILL)
    pen.rect(L.MAP_FRAME, None, C.INK, 3)
    _cartouche(pen)


def _resource_badge(pen: Pen, at: Point, label: str, value: float, fill: C.Color) -> None:
    """The Province's resource value in a circle after its name (4.3)."""
    half = len(label) * 5.6
    centre = (at[0] + half + 16, at[1])
    c = pen.pt(centre)
    pygame.draw.circle(pen.tile, C.PAPER, c, 12 * pen.z)
    pygame.draw.circle(pen.tile, C.INK, c, 12 * pen.z, pen.w(2))
    pen.text(f"{value:g}", centre, 15, C.INK, C.PAPER)


def _city(pen: Pen, sid: str, r: L.Rect, board: PrintedBoard) -> None:
    """A city and port: a walled square with its name; Manila's star marks the Captaincy
    General (4.3)."""
    pen.rect(r, CITY_FILL, C.INK, 3, shadow=True)
    x, y, w, h = r
    pen.rect((x + 4, y + 4, w - 8, h - 8), None, C.INK_SOFT, 1)
    name = board.names[sid].split(" (")[0]
    star = " ★" if "Captaincy" in board.names[sid] else ""
    pen.text(name + star, (x + w / 2, y + 11), 12, C.INK, CITY_FILL)
    pen.text("⚓", (x + w - 9, y + h - 10), 11, C.COAST, CITY_FILL, bold=False)


def _line_box(pen: Pen, sid: str, r: L.Rect, board: PrintedBoard) -> None:
    """A Fortified Line box: hatched like earthworks, its name beside it (4.3)."""
    pen.rect(r, LINE_FILL, C.INK, 2, shadow=True)
    x, y, w, h = r
    for k in range(6, int(w + h), 10):
        a = (x + max(0, k - h), y + min(h, k))
        b = (x + min(w, k), y + max(0, k - w))
        pygame.draw.line(pen.tile, C.darker(LINE_FILL, 0.18), pen.pt(a), pen.pt(b), pen.w(1))
    text, at = L.LINE_CAPTIONS[sid]
    pen.text(text, at, 11, C.INK, C.PAPER, anchor="midleft" if at[0] > x + w else "midright")


def _cartouche(pen: Pen) -> None:
    x, y, w, _ = L.CARTOUCHE
    pen.rect(L.CARTOUCHE, C.PAPER, C.INK, 2, shadow=True)
    pen.text("FILIPINAS 1896-1898", (x + w / 2, y + 22), 20, C.ROAD_CASING, C.PAPER)
    pen.text("Fin de un Imperio", (x + w / 2, y + 48), 13, C.INK_SOFT, C.PAPER, bold=False)


# --- the mini-map ------------------------------------------------------------------------------

def lonlat(p: Point) -> Point:
    """A longitude-latitude point on the mini-map."""
    x0, y0, _, _ = L.MINIMAP_FRAME
    lon0, lat0 = L.MINIMAP_ORIGIN
    sx, sy = L.MINIMAP_SCALE
    return (x0 + 10 + (p[0] - lon0) * sx, y0 + 12 + (lat0 - p[1]) * sy)


def _minimap(pen: Pen, board: PrintedBoard) -> None:
    pen.rect(L.MINIMAP_FRAME, C.SEA, None, shadow=True)
    for points in L.ISLANDS.values():
        pen.polygon([lonlat(p) for p in points], C.LAND, C.COAST, 1)
    (lon0, lat0), (lon1, lat1) = L.MAIN_MAP_AREA
    area = [lonlat(p) for p in ((lon0, lat0), (lon1, lat0), (lon1, lat1), (lon0, lat1))]
    pen.polygon(area, None, C.ROAD, 2)
    pen.text("main map", lonlat((lon1 + 0.15, lat0 - 0.1)), 10, C.ROAD, C.SEA,
             anchor="midleft")
    pen.text("LUZON", lonlat((121.3, 17.3)), 11, C.INK_SOFT, C.LAND)
    x, y, w, _ = L.MINIMAP_FRAME
    pen.text("THE PHILIPPINE ISLANDS", (x + w - 10, y + 16), 12, C.COAST, C.SEA,
             anchor="midright")
    for sid, r in L.MINIMAP_BOXES.items():
        bx, by, bw, bh = r
        tip = lonlat(L.MINIMAP_POINTERS[sid])
        start = (bx + bw / 2, by) if tip[1] < by else (bx + bw / 2, by + bh)
        if bx > tip[0]:
            start = (bx, by + bh / 2)
        pygame.draw.line(pen.tile, C.INK, pen.pt(start), pen.pt(tip), pen.w(2))
        pygame.draw.circle(pen.tile, C.INK, pen.pt(tip), 3 * pen.z)
        pen.rect(r, BOX_FILL, C.INK, 2, shadow=True)
        pen.text(board.names[sid], (bx + bw / 2, by + 11), 12, C.INK, BOX_FILL)
    pen.rect(L.MINIMAP_FRAME, None, C.INK, 2)


# --- boxes and tracks --------------------------------------------------------------------------

def _boxes(pen: Pen, board: PrintedBoard) -> None:
    for sid, r in L.BOXES.items():
        pen.rect(r, BOX_FILL, C.INK, 2, shadow=True)
        x, y, w, _ = r
        name = L.BOX_LABELS.get(sid, board.names[sid])
        pen.text(name, (x + w / 2, y + 11), 12, C.INK, BOX_FILL)
        if sid == "graveyard":
            pen.text("✠", (x + w - 12, y + 11), 12, C.INK_SOFT, BOX_FILL, bold=False)


def track_rect(prefix: str, value: int) -> L.Rect:
    """The world rectangle of one box of a track."""
    (x, y), first, _, _ = L.TRACKS[prefix]
    width = L.TURN_BOX_WIDTH if prefix == "turn" else L.TRACK_BOX
    return (x + (value - first) * width, y, width, L.TRACK_BOX)


def _band_fill(value: int, bands: tuple[tuple[int, int, int], ...]) -> C.Color:
    """Boxes of one band share a shade; the bands shade from the lowest value up."""
    order = sorted(bands)
    index = next((i for i, (lo, hi, _) in enumerate(order) if lo <= value <= hi), 0)
    return C.mix(BAND_DARK, BAND_LIGHT, index / max(1, len(order) - 1))


def _tracks(pen: Pen, board: PrintedBoard) -> None:
    for prefix, ((x, y), first, count, title) in L.TRACKS.items():
        pen.text(title, (x, y - 11), 13, C.INK, C.PAPER, anchor="midleft")
        left, top, _, height = track_rect(prefix, first)
        last = track_rect(prefix, first + count - 1)
        if not pen.reach.colliderect((left - 1, top - 1, last[0] + last[2] - left + 2,
                                      height + 2)):
            continue  # the whole row is away from the tile
        for value in range(first, first + count):
            r = track_rect(prefix, value)
            fill = BOX_FILL
            if prefix == "turn":
                season = next((s for t, _, s in board.turns if t == value), "dry")
                fill = WET if season == "wet" else DRY
            elif prefix == "res":
                fill = _band_fill(value, board.cards_by_ap)
            elif prefix == "morale":
                fill = _band_fill(value, board.morale_bands)
            elif prefix == "us" and value >= board.us_entry:
                fill = C.lighter(C.ROAD, 0.55)
            pen.rect(r, fill, C.INK, 1)
            pen.text(str(value), (r[0] + 4, r[1] + 2), 11, C.darker(fill, 0.6), fill,
                     anchor="topleft")
            if prefix == "turn":
                _turn_box(pen, r, value, board, fill)
    _track_bands(pen, board)


def _turn_box(pen: Pen, r: L.Rect, turn: int, board: PrintedBoard, fill: C.Color) -> None:
    months, season = next(((m, s) for t, m, s in board.turns if t == turn), ("", "dry"))
    icon = "☂" if season == "wet" else "☀"
    pen.text(icon, (r[0] + r[2] - 10, r[1] + 10), 12, C.INK, fill, bold=False)
    month_range, _, year = months.rpartition(" ")
    pen.text(month_range, (r[0] + r[2] / 2, r[1] + r[3] - 19), 9, C.INK_SOFT, fill, bold=False)
    pen.text(year, (r[0] + r[2] / 2, r[1] + r[3] - 8), 9, C.INK_SOFT, fill, bold=False)


def _track_bands(pen: Pen, board: PrintedBoard) -> None:
    """Under the Resources track, the cards drawn per box (5.1.3); under the Morale track, the
    cities the Filipinos need for Spain to surrender (5.3.1); the US entry box (7.0)."""
    for lo, hi, cards in board.cards_by_ap:
        _under("res", lo, min(hi, 20), f"{cards} card{'s' if cards != 1 else ''}", pen)
    for lo, hi, cities in board.morale_bands:
        text = {0: "Spain surrenders", 1: "1 city", 2: "2 cities"}.get(cities, f"{cities}")
        _under("morale", lo, hi, text, pen)
    _under("us", board.us_entry, board.us_entry, "war", pen)


def _under(prefix: str, lo: int, hi: int, text: str, pen: Pen) -> None:
    a = track_rect(prefix, lo)
    b = track_rect(prefix, hi)
    y = a[1] + a[3] + 4
    left, right = a[0] + 3, b[0] + b[2] - 3
    pygame.draw.line(pen.tile, C.INK_SOFT, pen.pt((left, y + 6)), pen.pt((right, y + 6)),
                     pen.w(1))
    for end in (left, right):
        pygame.draw.line(pen.tile, C.INK_SOFT, pen.pt((end, y)), pen.pt((end, y + 6)),
                         pen.w(1))
    pen.text(text, ((left + right) / 2, y + 16), 10, C.INK_SOFT, C.PAPER, bold=False)


def centroid(points: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if math.isclose(a, 0.0):
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return (cx / (3 * a), cy / (3 * a))
