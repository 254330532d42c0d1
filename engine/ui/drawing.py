"""Drawing helpers the board views share: map lettering that stays legible on any terrain
(`halo_text`) and highlights that mark a board element with an outline and a pattern, never
with colour alone (`draw_highlight`, DESIGN.md §7).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
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


MARKS_BYTES = 16 * 2**20
"""Memory for the pictures of highlights (patterns and outlines), least recently used first
out: a decision marks a dozen places on every frame, and a dashed outline alone is hundreds of
line segments (Filipinas: more than half of a frame's time before it was kept)."""
_marks: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_marks_bytes = 0
_seen: dict[tuple[object, ...], None] = {}
"""Outlines drawn directly once (the last 256, by their key in `_marks`)."""


def draw_highlight(surface: pygame.Surface, points: Sequence[Point], style: str) -> None:
    """Mark the polygon `points` (screen pixels) in the highlight `style` ("selected", "target",
    "attack", "hover", "hint"): a fill pattern if the style has one, then a cased outline, dashed or
    solid. Unknown styles draw as "selected" so a new style name is never invisible.

    The polygon is drawn at whole pixels from its bounding box. Inside the surface's clip, its
    pattern and outline are pictures kept for the next frames (blitted again while the board
    pans); a polygon only partly inside (a large region close up, or a frame that draws a part
    of the board again) has the part inside drawn afresh, the same pixels, and one wholly
    outside costs nothing."""
    hs = HIGHLIGHTS.get(style, HIGHLIGHTS["selected"])
    left = math.floor(min(p[0] for p in points))
    top = math.floor(min(p[1] for p in points))
    rel = tuple((round(x - left), round(y - top)) for x, y in points)
    w = max(x for x, _ in rel) + 1
    h = max(y for _, y in rel) + 1
    pad = hs.width + 2 * hs.edge
    clip = surface.get_clip()
    ring = pygame.Rect(left - pad, top - pad, w + 2 * pad, h + 2 * pad)
    if not ring.colliderect(clip):
        return
    whole = clip.contains(ring) and ring.width * ring.height * 4 <= MARKS_BYTES // 4
    if hs.pattern:
        if whole:
            surface.blit(_kept(rel, hs, _patterned), (left, top))
        else:
            part = pygame.Rect(left, top, w, h).clip(clip)
            if part.width and part.height:
                surface.blit(_pattern_part(rel, hs, part.move(-left, -top)), part.topleft)
    key = (_outline_picture, rel, hs)
    if whole and (key in _marks or key in _seen):
        surface.blit(_kept(rel, hs, _outline_picture), ring.topleft)
        return
    # the first time a polygon shows (the wheel just turned), its outline is drawn directly:
    # a picture is made for one drawn again
    if whole:
        _seen[key] = None
        if len(_seen) > 256:
            del _seen[next(iter(_seen))]
    _outline(surface, rel, (left, top), hs)


def _kept(rel: tuple[tuple[int, int], ...], hs: HighlightStyle,
          make: Callable[[tuple[tuple[int, int], ...], HighlightStyle], pygame.Surface]
          ) -> pygame.Surface:
    """The picture `make(rel, hs)`, from the cache when it was made before."""
    global _marks_bytes
    key = (make, rel, hs)
    picture = _marks.get(key)
    if picture is not None:
        _marks.move_to_end(key)
        return picture
    picture = make(rel, hs)
    size = picture.get_width() * picture.get_height() * 4
    if size <= MARKS_BYTES // 4:
        _marks[key] = picture
        _marks_bytes += size
        while _marks_bytes > MARKS_BYTES:
            _, gone = _marks.popitem(last=False)
            _marks_bytes -= gone.get_width() * gone.get_height() * 4
    return picture


def _outline(surface: pygame.Surface, rel: Sequence[tuple[int, int]], origin: tuple[int, int],
             hs: HighlightStyle) -> None:
    """The cased outline of the polygon `rel` placed at `origin`: dashed or solid. The dashes
    are measured from the polygon's own corner and their ends rounded there, so the outline
    drawn straight onto the screen and the one kept as a picture (`_outline_picture`) are the
    same pixels wherever the polygon stands (a frame is drawn again only on a change)."""
    ox, oy = origin
    if hs.dashed:
        clip = pygame.Rect(surface.get_clip()).inflate(2 * hs.width + 8, 2 * hs.width + 8)
        dashes = [((round(a[0]) + ox, round(a[1]) + oy), (round(b[0]) + ox, round(b[1]) + oy))
                  for a, b in _dashes(rel, clip.move(-ox, -oy))]
        for width, color in ((hs.width + 2 * hs.edge, hs.casing), (hs.width, hs.color)):
            for start, end in dashes:
                pygame.draw.line(surface, color, start, end, width)
    else:
        points = [(x + ox, y + oy) for x, y in rel]
        _ring(surface, points, hs.casing, hs.width + 2 * hs.edge)
        _ring(surface, points, hs.color, hs.width)


def _outline_picture(rel: tuple[tuple[int, int], ...], hs: HighlightStyle) -> pygame.Surface:
    """The outline of the polygon `rel` on a transparent picture with a margin of the casing's
    width (the polygon's corner at (pad, pad))."""
    pad = hs.width + 2 * hs.edge
    w = max(x for x, _ in rel) + 1 + 2 * pad
    h = max(y for _, y in rel) + 1 + 2 * pad
    picture = pygame.Surface((w, h), pygame.SRCALPHA)
    _outline(picture, rel, (pad, pad), hs)
    return picture


def _ring(surface: pygame.Surface, points: Sequence[Point], color: Color, width: int) -> None:
    pygame.draw.lines(surface, color, True, points, width)
    if width > 2:
        # Thick polylines leave notches at the corners; round caps close them.
        for p in points:
            pygame.draw.circle(surface, color, p, width / 2 - 0.5)


DASH, GAP = 9.0, 6.0


def _dashes(points: Sequence[Point], clip: pygame.Rect) -> list[tuple[Point, Point]]:
    """The dashes along the closed polygon, their rhythm carried round the corners; only
    those that reach `clip`, so a ring mostly off the screen (a large region close up) costs
    what shows of it."""
    period = DASH + GAP
    out: list[tuple[Point, Point]] = []
    phase = 0.0
    for a, b in zip(points, [*points[1:], points[0]], strict=True):
        ax, ay = a
        length = math.dist(a, b)
        if length == 0:
            continue
        ux, uy = (b[0] - ax) / length, (b[1] - ay) / length
        span = _clipped(a, ux, uy, length, clip)
        if span is not None:
            lo, hi = span
            t = -phase + max(0, math.floor((lo - DASH + phase) / period)) * period
            while t < hi:
                t0 = t if t > 0.0 else 0.0
                t1 = t + DASH if t + DASH < length else length
                if t1 > t0:
                    out.append(((ax + ux * t0, ay + uy * t0), (ax + ux * t1, ay + uy * t1)))
                t += period
        # Carry the pattern round the corner so dashes keep their rhythm along the ring.
        phase = (length + phase) % period
    return out


def _clipped(a: Point, ux: float, uy: float, length: float,
             rect: pygame.Rect) -> tuple[float, float] | None:
    """The part [lo, hi] of the segment a + t(ux, uy), 0 <= t <= length, inside `rect`
    (Liang-Barsky), or None."""
    lo, hi = 0.0, length
    for p, q in ((-ux, a[0] - rect.left), (ux, rect.right - a[0]),
                 (-uy, a[1] - rect.top), (uy, rect.bottom - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
        if lo > hi:
            return None
    return lo, hi


def _patterned(rel: tuple[tuple[int, int], ...], hs: HighlightStyle) -> pygame.Surface:
    """The style's pattern filling the polygon `rel` (pixels from its bounding box corner)."""
    w = max(x for x, _ in rel) + 1
    h = max(y for _, y in rel) + 1
    return _pattern_part(rel, hs, pygame.Rect(0, 0, w, h))


def _pattern_part(rel: tuple[tuple[int, int], ...], hs: HighlightStyle,
                  part: pygame.Rect) -> pygame.Surface:
    """The part `part` (pixels from the bounding box corner) of the style's pattern filling
    the polygon `rel`: the pattern's tile repeated from the corner, then cut to the polygon."""
    tile = _pattern_tile(hs)
    t = tile.get_width()
    pattern = pygame.Surface(part.size, pygame.SRCALPHA)
    pattern.fblits([(tile, (x, y)) for y in range(-(part.y % t), part.height, t)
                    for x in range(-(part.x % t), part.width, t)])
    mask = pygame.Surface(part.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - part.x, y - part.y) for x, y in rel])
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return pattern


@lru_cache(maxsize=8)
def _pattern_tile(hs: HighlightStyle) -> pygame.Surface:
    """A square of the style's pattern that repeats seamlessly: dots in staggered rows 13
    pixels apart, or a tinted crosshatch of lines 9 pixels apart."""
    if hs.pattern == "dots":
        step, size = 13, 13 * 16
    else:
        step, size = 9, 9 * 22
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    # drawn over three tiles' width so what crosses an edge comes back on the other side
    if hs.pattern == "dots":
        for row, y in enumerate(range(step // 2 - size, 2 * size, step)):
            for x in range(step // 2 + (row % 2) * (step // 2) - size, 2 * size, step):
                pygame.draw.circle(tile, hs.casing, (x, y), 3)
                pygame.draw.circle(tile, hs.color, (x, y), 2)
    else:
        tint = (*hs.color, 170)
        for k in range(-2 * size, 2 * size, step):
            pygame.draw.line(tile, tint, (k, -size), (k + 3 * size, 2 * size), 2)
            pygame.draw.line(tile, tint, (k + 3 * size, -size), (k, 2 * size), 2)
    return tile


def rect_points(rect: pygame.Rect | pygame.FRect) -> list[Point]:
    """The corners of `rect` in order, for `draw_highlight`."""
    return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
