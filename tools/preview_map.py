"""Draw a quick PNG preview of a text-row hex map YAML (such as scenarios/guerra/map.yaml).

A development aid for map makers, not the game's board view: terrain colours, province borders
in red (as the rulebook prints them), roads in grey, city stars with names, port anchors and the
Strait hex. Run headless from the project root:

    SDL_VIDEODRIVER=dummy .venv/bin/python -m tools.preview_map scenarios/guerra/map.yaml out.png
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame
import yaml

from engine.core.hexgrid import ODD, Hex, OffsetCoord, hex_neighbor, roffset_to_cube
from engine.ui.fonts import font
from engine.ui.layout import LAYOUT_POINTY, Layout, Point, hex_to_pixel, polygon_corners

TERRAIN_COLOURS: Mapping[str, tuple[int, int, int]] = {
    "sea": (163, 198, 222),
    "land": (236, 228, 196),
    "mountain": (176, 132, 86),
    "portugal": (205, 205, 198),
    "france": (198, 202, 208),
    "foreign": (210, 204, 192),
}
BORDER = (200, 30, 30)
ROAD = (110, 110, 110)
INK = (20, 20, 20)
SEA_INK = (20, 60, 160)
"""Ports and the Strait hex are ringed in this blue."""


def parse_hex(text: str) -> Hex:
    """The hex of a YAML id "col,row" on an odd-r map."""
    col, row = (int(part) for part in text.split(","))
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def grid_cells(rows: str) -> dict[Hex, str]:
    """The character of every hex of a text-row grid."""
    return {
        roffset_to_cube(ODD, OffsetCoord(col, row)): char
        for row, line in enumerate(rows.splitlines())
        for col, char in enumerate(line)
    }


def star(surface: pygame.Surface, centre: Point, radius: float, points: int) -> None:
    """A black star of `points` points, as the board marks cities (§2.1)."""
    cx, cy = centre
    corners = [
        (
            cx + (radius if i % 2 == 0 else radius * 0.45) * math.sin(math.pi * i / points),
            cy - (radius if i % 2 == 0 else radius * 0.45) * math.cos(math.pi * i / points),
        )
        for i in range(2 * points)
    ]
    pygame.draw.polygon(surface, INK, corners)


PALETTE = (
    (244, 190, 160), (170, 215, 160), (170, 195, 235), (240, 220, 140),
    (215, 175, 225), (160, 220, 215), (235, 170, 190), (205, 205, 160),
)
"""Fill colours for provinces, given so that neighbours differ."""


def province_colours(provinces: Mapping[Hex, str]) -> dict[str, tuple[int, int, int]]:
    """A palette colour for each province character, different from its neighbours' (greedy
    colouring in character order)."""
    touching: dict[str, set[str]] = {c: set() for c in provinces.values() if c != "."}
    for h, char in provinces.items():
        for side in range(6):
            other = provinces.get(hex_neighbor(h, side), ".")
            if "." not in (char, other) and other != char:
                touching[char].add(other)
    colours: dict[str, tuple[int, int, int]] = {}
    for char in sorted(touching):
        used = {colours[n] for n in touching[char] if n in colours}
        colours[char] = next((c for c in PALETTE if c not in used), PALETTE[0])
    return colours


def draw(data: Mapping[str, Any], hex_px: float, fill_provinces: bool) -> pygame.Surface:
    """The whole map drawn with hexes of `hex_px` pixels from centre to corner; with
    `fill_provinces` each province gets its own colour and its name, and mountains are
    hatched."""
    width, height = int(data["width"]), int(data["height"])
    layout = Layout(LAYOUT_POINTY, (hex_px, hex_px), (hex_px * math.sqrt(3) / 2 + 4, hex_px + 4))
    size = (int(math.sqrt(3) * hex_px * (width + 0.5)) + 8, int(hex_px * (1.5 * height + 0.5)) + 8)
    surface = pygame.Surface(size)
    surface.fill((255, 255, 255))
    terrain = {h: data["terrain_legend"][c] for h, c in grid_cells(data["terrain"]).items()}
    provinces = grid_cells(data["provinces"])
    draw_hexes(surface, layout, terrain, provinces if fill_provinces else None)
    draw_borders(surface, layout, terrain, provinces)
    for road in data.get("roads") or ():
        points = [hex_to_pixel(layout, parse_hex(x)) for x in road["hexes"]]
        pygame.draw.lines(surface, ROAD, False, points, 3)
    if data.get("strait"):
        strait = hex_to_pixel(layout, parse_hex(data["strait"]["hex"]))
        pygame.draw.circle(surface, SEA_INK, strait, hex_px / 2, 3)
    if fill_provinces:
        draw_province_names(surface, layout, provinces, data["province_legend"])
    draw_cities(surface, layout, data["cities"])
    return surface


def draw_hexes(
    surface: pygame.Surface,
    layout: Layout,
    terrain: Mapping[Hex, str],
    provinces: Mapping[Hex, str] | None,
) -> None:
    """Every hex in its terrain colour, or in its province's colour when `provinces` is given
    (a mountain then gets a brown hatch)."""
    fills = province_colours(provinces) if provinces else {}
    for h, kind in terrain.items():
        corners = polygon_corners(layout, h)
        char = provinces.get(h, ".") if provinces else "."
        if char != ".":
            pygame.draw.polygon(surface, fills[char], corners)
            if kind == "mountain":
                pygame.draw.line(surface, TERRAIN_COLOURS["mountain"], corners[3], corners[0], 3)
        else:
            pygame.draw.polygon(surface, TERRAIN_COLOURS[kind], corners)
        pygame.draw.polygon(surface, (150, 150, 140), corners, 1)


def draw_borders(
    surface: pygame.Surface,
    layout: Layout,
    terrain: Mapping[Hex, str],
    provinces: Mapping[Hex, str],
) -> None:
    """Province borders in red, as the rulebook prints them (§2.1), and national borders in
    black."""
    for h, char in provinces.items():
        if char == ".":
            continue
        corners = polygon_corners(layout, h)
        for side in range(6):
            n = hex_neighbor(h, side)
            other = provinces.get(n, ".")
            if other not in (".", char):
                colour = BORDER
            elif terrain.get(n) in ("portugal", "france", "foreign"):
                colour = INK
            else:
                continue
            pygame.draw.line(surface, colour, corners[side], corners[(side + 1) % 6], 3)


def draw_province_names(
    surface: pygame.Surface, layout: Layout, provinces: Mapping[Hex, str], legend: Mapping[str, str]
) -> None:
    """Each province's character and id near the middle of its hexes."""
    name_font = font(max(8, int(layout.size[0] * 0.7)), condensed=True)
    for char, name in sorted(legend.items()):
        spots = [hex_to_pixel(layout, h) for h, c in provinces.items() if c == char]
        if spots:
            x = sum(p[0] for p in spots) / len(spots)
            y = sum(p[1] for p in spots) / len(spots)
            text = name_font.render(f"{char} {name}", True, BORDER)
            surface.blit(text, text.get_rect(center=(x, y - layout.size[1])))


def draw_cities(
    surface: pygame.Surface, layout: Layout, cities: Sequence[Mapping[str, Any]]
) -> None:
    """City stars (eight points for the size-4 cities), a blue ring on ports, and names."""
    hex_px = layout.size[0]
    label_font = font(max(9, int(hex_px * 0.75)), bold=True, condensed=True)
    for city in cities:
        x, y = hex_to_pixel(layout, parse_hex(city["hex"]))
        largest = city["size"] == 4
        star(surface, (x, y), hex_px * (0.6 if largest else 0.45), 8 if largest else 5)
        if city["port"]:
            pygame.draw.circle(surface, SEA_INK, (x, y), hex_px * 0.75, 2)
        text = label_font.render(city["name"], True, INK)
        surface.blit(text, text.get_rect(midtop=(x, y + hex_px * 0.45)))


def main(argv: Sequence[str] | None = None) -> None:
    """Render the map file given on the command line to a PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", type=Path, help="map YAML with terrain and province rows")
    parser.add_argument("png", type=Path, help="where to write the picture")
    parser.add_argument("--hex-px", type=float, default=14.0, help="hex size in pixels")
    parser.add_argument(
        "--fill-provinces", action="store_true", help="colour each province to check its shape"
    )
    args = parser.parse_args(argv)
    with args.map.open(encoding="utf-8") as stream:
        data = yaml.safe_load(stream)
    args.png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(data, args.hex_px, args.fill_provinces), str(args.png))


if __name__ == "__main__":
    main()
