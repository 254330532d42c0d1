"""Hex <-> pixel conversion, following the Red Blob Games hexagon guide's `Orientation` and
`Layout`. Pure math: it draws nothing and does not import pygame, so board views and their tests
share it. Pixels are screen pixels, y growing downwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.hexgrid import FractionalHex, Hex, hex_round

Point = tuple[float, float]
"""A pixel position or offset (x, y)."""

_SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class Orientation:
    """Pointy-top or flat-top: the matrix taking (q, r) to pixels (f0..f3), its inverse (b0..b3)
    and the angle of corner 0 in sixths of a turn."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


LAYOUT_POINTY = Orientation(
    _SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5
)
LAYOUT_FLAT = Orientation(
    3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0
)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a hex grid sits on screen: orientation, hex size (centre to corner, per axis, so a
    hex may be squashed) and the pixel position of Hex(0, 0)'s centre."""

    orientation: Orientation
    size: Point
    origin: Point


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    """Pixel position of the centre of `h`."""
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size[0]
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size[1]
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_hex_fractional(layout: Layout, x: float, y: float) -> FractionalHex:
    """The fractional (q, r) under pixel (x, y)."""
    m = layout.orientation
    px = (x - layout.origin[0]) / layout.size[0]
    py = (y - layout.origin[1]) / layout.size[1]
    return (m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py)


def pixel_to_hex(layout: Layout, x: float, y: float) -> Hex:
    """The hex containing pixel (x, y), e.g. the hex under the mouse."""
    return hex_round(*pixel_to_hex_fractional(layout, x, y))


def hex_corner_offset(layout: Layout, corner: int) -> Point:
    """Offset from a hex's centre to its corner number `corner` (0..5)."""
    angle = 2.0 * math.pi * (layout.orientation.start_angle - corner) / 6.0
    return (layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle))


def polygon_corners(layout: Layout, h: Hex) -> list[Point]:
    """The six corners of `h` in pixels, in order around the hex, ready to draw as a polygon."""
    cx, cy = hex_to_pixel(layout, h)
    corners = []
    for i in range(6):
        dx, dy = hex_corner_offset(layout, i)
        corners.append((cx + dx, cy + dy))
    return corners


def bounds(layout: Layout, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
    """Smallest box (min_x, min_y, max_x, max_y) holding every corner of `hexes`, to size a board
    surface or centre a camera; raises ValueError when there are no hexes."""
    offsets = [hex_corner_offset(layout, i) for i in range(6)]
    min_dx = min(dx for dx, _ in offsets)
    max_dx = max(dx for dx, _ in offsets)
    min_dy = min(dy for _, dy in offsets)
    max_dy = max(dy for _, dy in offsets)
    centres = [hex_to_pixel(layout, h) for h in hexes]
    if not centres:
        raise ValueError("bounds of no hexes")
    return (
        min(x for x, _ in centres) + min_dx,
        min(y for _, y in centres) + min_dy,
        max(x for x, _ in centres) + max_dx,
        max(y for _, y in centres) + max_dy,
    )
