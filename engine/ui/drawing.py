"""Drawing helpers the board views share: map lettering that stays legible on any terrain
(`halo_text`) and highlights that mark a board element with an outline and a pattern, never
with colour alone (`draw_highlight`, DESIGN.md §7).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from engine.ui.colors import HIGHLIGHTS, Color, HighlightStyle
from engine.ui.fonts import font
from engine.ui.layout import Point

# -- text ----------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def halo_text(
    text: str,
    size: int,
    color: Color,
    halo: Color,
    bold: bool = False,
    condensed: bool = False,
) -> pygame.Surface:
    """`text` in `color` ringed by `halo`, as map lettering is printed over terrain."""
    f = font(size, bold, condensed)
    ring = f.render(text, True, halo)
    face = f.render(text, True, color)
    r = 1 if size < 16 else 2
    out = pygame.Surface((face.get_width() + 2 * r, face.get_height() + 2 * r), pygame.SRCALPHA)
    for dx in (-r, 0, r):
        for dy in (-r, 0, r):
            if dx or dy:
                out.blit(ring, (r + dx, r + dy))
    out.blit(face, (r, r))
    return out


# -- highlights ----------------------------------------------------------------------------------


def draw_highlight(surface: pygame.Surface, points: Sequence[Point], style: str) -> None:
    """Mark the polygon `points` (screen pixels) in the highlight `style` ("selected", "target",
    "attack", "hover"): a fill pattern if the style has one, then a cased outline, dashed or
    solid. Unknown styles draw as "selected" so a new style name is never invisible."""
    hs = HIGHLIGHTS.get(style, HIGHLIGHTS["selected"])
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    if hs.pattern:
        rel = tuple((round(x - left), round(y - top)) for x, y in points)
        surface.blit(_patterned(rel, hs), (left, top))
    if hs.dashed:
        _dashed_ring(surface, points, hs.casing, hs.width + 2)
        _dashed_ring(surface, points, hs.color, hs.width)
    else:
        _ring(surface, points, hs.casing, hs.width + 2)
        _ring(surface, points, hs.color, hs.width)


def _ring(surface: pygame.Surface, points: Sequence[Point], color: Color, width: int) -> None:
    pygame.draw.lines(surface, color, True, points, width)
    if width > 2:
        # Thick polylines leave notches at the corners; round caps close them.
        for p in points:
            pygame.draw.circle(surface, color, p, width / 2 - 0.5)


def _dashed_ring(
    surface: pygame.Surface, points: Sequence[Point], color: Color, width: int
) -> None:
    dash, gap = 9.0, 6.0
    phase = 0.0
    for a, b in zip(points, [*points[1:], points[0]], strict=True):
        length = math.dist(a, b)
        if length == 0:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        t = -phase
        while t < length:
            t0, t1 = max(0.0, t), min(length, t + dash)
            if t1 > t0:
                start = (a[0] + ux * t0, a[1] + uy * t0)
                end = (a[0] + ux * t1, a[1] + uy * t1)
                pygame.draw.line(surface, color, start, end, width)
            t += dash + gap
        # Carry the pattern round the corner so dashes keep their rhythm along the ring.
        phase = (length + phase) % (dash + gap)


@lru_cache(maxsize=256)
def _patterned(rel: tuple[tuple[int, int], ...], hs: HighlightStyle) -> pygame.Surface:
    """The style's pattern filling the polygon `rel` (pixels from its bounding box corner)."""
    w = max(x for x, _ in rel) + 1
    h = max(y for _, y in rel) + 1
    pattern = pygame.Surface((w, h), pygame.SRCALPHA)
    if hs.pattern == "dots":
        step = 13
        for row, y in enumerate(range(step // 2, h, step)):
            for x in range(step // 2 + (row % 2) * step // 2, w, step):
                pygame.draw.circle(pattern, hs.casing, (x, y), 3)
                pygame.draw.circle(pattern, hs.color, (x, y), 2)
    else:
        step = 9
        tint = (*hs.color, 170)
        for k in range(-h, w + h, step):
            pygame.draw.line(pattern, tint, (k, 0), (k + h, h), 2)
            pygame.draw.line(pattern, tint, (k + h, 0), (k, h), 2)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), rel)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return pattern


def rect_points(rect: pygame.Rect | pygame.FRect) -> list[Point]:
    """The corners of `rect` in order, for `draw_highlight`."""
    return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
