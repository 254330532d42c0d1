"""What the printed board of La Guerra de España shows over its terrain (section 2.1), painted
into the map's static layer: grey first-class roads, the hatched foreign land with its name,
the Strait of Gibraltar hex, port anchors with their port factors, and the city stars with
on provincial capitals, the population (red, top), economic (blue) and morale (red) factors
(the cities' names are placed live, clear of the counters: `citynames`).

Every function draws into a tile at zoom `z`: a world point (x, y) lands on tile pixel
(x * z - ox, y * z - oy); `px` is a hex's radius on the tile.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from engine.core.hexgrid import Hex, hex_neighbors
from engine.ui.colors import INK, PAPER, SEA, Color, darker
from engine.ui.drawing import halo_text
from engine.ui.layout import Point
from guerra.rules.data import GuerraData, Terrain

ROAD_GREY: Color = (112, 112, 108)
"""Roads are grey lines on the printed board (section 2.1)."""
ROAD_EDGE: Color = (236, 234, 226)
FACTOR_RED: Color = (190, 30, 30)
"""Population and morale factors are printed in red, the economic factor in blue (2.1)."""
FACTOR_BLUE: Color = (30, 70, 170)
HATCH: Color = (150, 146, 138)
STRAIT_BLUE: Color = (30, 70, 150)
FOREIGN_NAMES = {Terrain.PORTUGAL: "PORTUGAL", Terrain.FRANCE: "FRANCE",
                 Terrain.FOREIGN: "FRENCH MOROCCO"}
"""How the impassable land beyond the borders is named on the map (section 2.1)."""


@dataclass(frozen=True, slots=True)
class PrintedCity:
    """A city as printed: star, name, stacking class and, on a capital, its factors."""

    name: str
    centre: Point
    size: int
    capital: bool
    population: int
    economic: int
    morale: int


@dataclass(frozen=True, slots=True)
class Anchor:
    """A port's anchor on the sea hex next to it, with the province's port factor (0: none)."""

    centre: Point
    factor: int


@dataclass(frozen=True, slots=True)
class Printed:
    """Everything `paint` draws, in world coordinates."""

    roads: tuple[tuple[Point, ...], ...]
    cities: tuple[PrintedCity, ...]
    anchors: tuple[Anchor, ...]
    strait: Point | None
    foreign: tuple[Point, ...]
    foreign_names: tuple[tuple[str, Point], ...]


def build(data: GuerraData, road_chains: Sequence[Sequence[Hex]],
          centre: Mapping[Hex, Point]) -> Printed:
    """The printed features of the board from the rules' data (`centre`: world centre of each
    hex)."""
    board = data.board
    cities = []
    for h, city in sorted(board.cities.items(), key=lambda kv: kv[1].id):
        p = data.provinces.get(city.province)
        on_capital = city.capital and p is not None
        cities.append(PrintedCity(
            city.name, centre[h], city.size, city.capital,
            p.population if on_capital and p else 0,
            p.economic if on_capital and p else 0,
            p.morale if on_capital and p else 0))
    anchors = []
    factor_port = {pid: _factor_port(data, pid) for pid, p in data.provinces.items() if p.port}
    for h, city in board.cities.items():
        if city.id not in data.ports:
            continue
        sea = _open_sea(data, h)
        if sea is None:
            continue
        factor = data.provinces[city.province].port \
            if factor_port.get(city.province) == city.id else 0
        anchors.append(Anchor(centre[sea], factor))
    foreign = tuple(centre[h] for h, t in board.terrain.items()
                    if t in FOREIGN_NAMES)
    names = []
    for terrain, label in FOREIGN_NAMES.items():
        spots = [centre[h] for h, t in board.terrain.items() if t is terrain]
        if spots:
            names.append((label, _middle(spots)))
    return Printed(
        roads=tuple(tuple(centre[h] for h in chain) for chain in road_chains if len(chain) > 1),
        cities=tuple(cities),
        anchors=tuple(sorted(anchors, key=lambda a: a.centre)),
        strait=centre[board.strait] if board.strait is not None else None,
        foreign=foreign,
        foreign_names=tuple(names),
    )


def _factor_port(data: GuerraData, pid: str) -> str | None:
    """The port city that carries a province's port factor: its capital if a port, else its
    first port (section 2.1: the factor is printed by the city that owns it)."""
    ports = [c for c in data.board.cities.values()
             if c.province == pid and c.id in data.ports]
    ports.sort(key=lambda c: (not c.capital, c.id))
    return ports[0].id if ports else None


def _open_sea(data: GuerraData, h: Hex) -> Hex | None:
    """The sea hex next to a port with most sea around it, where the anchor is printed (not
    the Strait hex, which carries its own mark, unless there is no other)."""
    terrain = data.board.terrain
    seas = [n for n in hex_neighbors(h) if terrain.get(n) is Terrain.SEA]
    if len(seas) > 1 and data.board.strait in seas:
        seas.remove(data.board.strait)
    if not seas:
        return None
    return max(seas, key=lambda n: (sum(terrain.get(m) is Terrain.SEA
                                        for m in hex_neighbors(n)), -n.q, -n.r))


def _middle(points: Sequence[Point]) -> Point:
    """The listed point nearest the mean of `points`, so a name sits on its own land."""
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


def paint(printed: Printed, tile: pygame.Surface, z: float, origin: tuple[int, int],
          world: pygame.FRect, px: float) -> None:
    """Draw the printed features that fall inside `world` onto `tile`."""
    reach = world.inflate(8 * px / z, 8 * px / z)

    def at(p: Point) -> Point:
        return (p[0] * z - origin[0], p[1] * z - origin[1])

    if px >= 6:
        for c in printed.foreign:
            if reach.collidepoint(c):
                _hatch(tile, at(c), px)
    for name, c in printed.foreign_names:
        if reach.collidepoint(c):
            size = max(9, round(px * 0.7))
            text = halo_text(name, size, darker(HATCH, 0.45), PAPER, bold=True)
            tile.blit(text, text.get_rect(center=at(c)))
    width = max(1, round(px * 0.13)) | 1
    for road in printed.roads:
        if not any(reach.collidepoint(p) for p in road):
            continue
        points = [at(p) for p in road]
        for color, w in ((ROAD_EDGE, width + 2), (ROAD_GREY, width)):
            pygame.draw.lines(tile, color, False, points, w)
            for p in points:
                pygame.draw.circle(tile, color, p, w / 2)
    if printed.strait is not None and reach.collidepoint(printed.strait):
        _strait(tile, at(printed.strait), px)
    if px >= 7:
        for anchor in printed.anchors:
            if reach.collidepoint(anchor.centre):
                _anchor(tile, at(anchor.centre), px, anchor.factor)
    for city in printed.cities:
        if reach.collidepoint(city.centre):
            _city(tile, at(city.centre), px, city)


def _hatch(tile: pygame.Surface, c: Point, px: float) -> None:
    """Diagonal strokes: land off the board's play, shown but impassable (GAP-GUE-29)."""
    w = max(1, round(px * 0.05))
    for k in (-0.4, 0.0, 0.4):
        a = (c[0] + (k - 0.3) * px, c[1] + 0.3 * px)
        b = (c[0] + (k + 0.3) * px, c[1] - 0.3 * px)
        pygame.draw.line(tile, HATCH, a, b, w)


def _strait(tile: pygame.Surface, c: Point, px: float) -> None:
    """The Strait hex of section 7.2: a blue ring, a two-way arrow and its name."""
    w = max(1, round(px * 0.08))
    pygame.draw.circle(tile, STRAIT_BLUE, c, px * 0.72, w)
    top, bottom = (c[0], c[1] - px * 0.5), (c[0], c[1] + px * 0.5)
    pygame.draw.line(tile, STRAIT_BLUE, top, bottom, w)
    for tip, d in ((top, 1), (bottom, -1)):
        pygame.draw.polygon(tile, STRAIT_BLUE, [
            tip, (tip[0] - px * 0.16, tip[1] + d * px * 0.2), (tip[0] + px * 0.16,
                                                               tip[1] + d * px * 0.2)])
    if px >= 9:
        text = halo_text("Strait", max(8, round(px * 0.34)), STRAIT_BLUE, SEA, bold=True,
                         condensed=True)
        tile.blit(text, text.get_rect(midright=(round(c[0] - px * 0.78), round(c[1]))))


def _anchor(tile: pygame.Surface, c: Point, px: float, factor: int) -> None:
    """An anchor; beside it, the port factor in black (section 2.1)."""
    w = max(1, round(px * 0.07))
    r = px * 0.26
    x, y = c[0] - (px * 0.18 if factor else 0), c[1]
    pygame.draw.circle(tile, INK, (x, y - r * 1.05), r * 0.28, w)
    pygame.draw.line(tile, INK, (x, y - r * 0.8), (x, y + r), w)
    pygame.draw.line(tile, INK, (x - r * 0.5, y - r * 0.45), (x + r * 0.5, y - r * 0.45), w)
    pygame.draw.arc(tile, INK, (x - r, y - r * 0.2, 2 * r, 1.2 * r * 1.0), math.pi, 2 * math.pi,
                    w)
    if factor and px >= 10:
        text = halo_text(str(factor), max(8, round(px * 0.42)), INK, SEA, bold=True)
        tile.blit(text, text.get_rect(midleft=(round(x + r * 1.1), round(y))))


def star_points(c: Point, radius: float, points: int) -> list[Point]:
    """A star of `points` points centred on `c`, its first point straight up."""
    return [
        (c[0] + (radius if i % 2 == 0 else radius * 0.45) * math.sin(math.pi * i / points),
         c[1] - (radius if i % 2 == 0 else radius * 0.45) * math.cos(math.pi * i / points))
        for i in range(2 * points)
    ]


def _city(tile: pygame.Surface, c: Point, px: float, city: PrintedCity) -> None:
    """Star (eight points for Madrid and Barcelona) and on a capital the red population factor
    on top, the blue economic factor on the left and the red morale factor on the right
    (section 2.1). The name with its stacking class is placed live (`citynames`), clear of
    the counters."""
    big = city.size >= 4
    radius = px * (0.3 if big else 0.24)
    star_c = (c[0], c[1] - px * 0.12)
    pygame.draw.polygon(tile, PAPER, star_points(star_c, radius + max(1.5, px * 0.05),
                                                 8 if big else 5))
    pygame.draw.polygon(tile, INK, star_points(star_c, radius, 8 if big else 5))
    if not city.capital or px < 11:
        return
    f = max(8, round(px * 0.38))
    if city.population:
        text = halo_text(str(city.population), f, FACTOR_RED, PAPER, bold=True)
        tile.blit(text, text.get_rect(center=(round(c[0]), round(c[1] - px * 0.62))))
    for value, color, dx in ((city.economic, FACTOR_BLUE, -0.56), (city.morale, FACTOR_RED, 0.56)):
        if value:
            text = halo_text(str(value), f, color, PAPER, bold=True)
            tile.blit(text, text.get_rect(center=(round(c[0] + dx * px), round(star_c[1]))))
