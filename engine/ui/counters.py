"""Counter art: `render_counter` paints a die-cut cardboard counter from a `CounterSpec`, a
bevelled square with a shadow, the label at the top, a NATO-style unit symbol (or short
letters) in the middle and the factors at the bottom; the flipped side carries a diagonal band.

Stacks of counters on a board live in `engine.ui.stacks`; lettering and highlight helpers in
`engine.ui.drawing`.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

import pygame

from engine.ui.adapter import CounterSpec
from engine.ui.colors import Color, darker, lighter, luminance
from engine.ui.fonts import font

NATO_SYMBOLS = frozenset(
    {"infantry", "cavalry", "artillery", "armor", "hq", "leader", "fleet", "air", "marker"}
)
"""Symbols drawn as figures; any other `CounterSpec.symbol` is printed as letters."""

_SHADOW = (0, 0, 0, 90)


# -- text ----------------------------------------------------------------------------------------


def _fitted(text: str, size: int, max_width: int, bold: bool, condensed: bool) -> pygame.Surface:
    """`text` rendered no wider than `max_width`: shrunk down to 80% of `size`, then cut."""
    min_size = max(6, round(size * 0.8))
    for s in range(size, min_size - 1, -1):
        if font(s, bold, condensed).size(text)[0] <= max_width:
            return font(s, bold, condensed).render(text, True, (255, 255, 255))
    f = font(min_size, bold, condensed)
    cut = text
    while len(cut) > 1 and f.size(cut + ".")[0] > max_width:
        cut = cut[:-1]
    return f.render(cut + ".", True, (255, 255, 255))


def _ink_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    center: tuple[int, int],
    max_width: int,
    bold: bool,
    condensed: bool,
) -> None:
    # Rendered white and tinted, so the fitted-size search is shared by every ink colour.
    img = _fitted(text, size, max_width, bold, condensed).copy()
    img.fill(color, special_flags=pygame.BLEND_RGB_MULT)
    surface.blit(img, img.get_rect(center=center))


# -- counters ------------------------------------------------------------------------------------


def shadow_px(size_px: int) -> int:
    """How far the drop shadow of a counter of `size_px` reaches right and down."""
    return max(1, round(size_px * 0.06))


CACHE_SIZE = 8192
"""Counter pictures kept: 288 counters (the most any game shows) at more than 17 zoom sizes and
the fan's size, so zooming back and forth paints none again."""

_pictures: OrderedDict[tuple[CounterSpec, int], pygame.Surface] = OrderedDict()
_sizes: dict[CounterSpec, set[int]] = {}


def render_counter(spec: CounterSpec, size_px: int) -> pygame.Surface:
    """The counter for `spec`, `size_px` square, plus its shadow (`shadow_px`) right and below;
    blit it at the counter's top-left corner. Cached (least recently used first out)."""
    key = (spec, size_px)
    picture = _pictures.get(key)
    if picture is not None:
        _pictures.move_to_end(key)
        return picture
    picture = _paint_counter(spec, size_px)
    _pictures[key] = picture
    _sizes.setdefault(spec, set()).add(size_px)
    while len(_pictures) > CACHE_SIZE:
        (old, old_size), _ = _pictures.popitem(last=False)
        _sizes[old].discard(old_size)
    return picture


def counter_picture(spec: CounterSpec, size_px: int, deadline: float) -> tuple[pygame.Surface,
                                                                              bool]:
    """The counter's picture and whether it is the exact one: painted (or cached) while
    `time.perf_counter()` is before `deadline`, else a cached picture of another size scaled to
    this one, so a zoom step does not paint hundreds of counters in one frame. Without any
    cached size it is painted anyway."""
    if (spec, size_px) in _pictures or time.perf_counter() < deadline or not _sizes.get(spec):
        return render_counter(spec, size_px), True
    near = min(_sizes[spec], key=lambda n: abs(n - size_px))
    source = _pictures[(spec, near)]
    ratio = size_px / near
    size = (max(1, round(source.get_width() * ratio)), max(1, round(source.get_height() * ratio)))
    return pygame.transform.smoothscale(source, size), False


def _paint_counter(spec: CounterSpec, size_px: int) -> pygame.Surface:
    s = max(8, size_px)
    face = pygame.Surface((s, s), pygame.SRCALPHA)
    face.fill((*spec.fill, 255))
    if spec.flipped:
        _flip_band(face, spec.fill, spec.ink)
    _bevel(face, spec.fill)
    _content(face, spec)
    # Die-cut corners: keep the face only inside a rounded square.
    radius = max(2, s // 10)
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    edge = darker(spec.fill, 0.55)
    pygame.draw.rect(face, edge, face.get_rect(), width=1, border_radius=radius)

    sh = shadow_px(s)
    out = pygame.Surface((s + sh, s + sh), pygame.SRCALPHA)
    pygame.draw.rect(out, _SHADOW, (sh, sh, s, s), border_radius=radius)
    out.blit(face, (0, 0))
    return out


def _flip_band(face: pygame.Surface, fill: Color, ink: Color) -> None:
    """The reverse side's mark: a band from the bottom-left to the top-right corner, lighter
    than the ground under dark figures and darker under light ones, so the text on it keeps its
    contrast."""
    s = face.get_width()
    b = s * 0.17
    band = [(0, s - b), (s - b, 0), (s, 0), (s, b), (b, s), (0, s)]
    if luminance(ink) > luminance(fill):
        shade = darker(fill, 0.3)
    elif luminance(fill) > 215:
        shade = darker(fill, 0.15)
    else:
        shade = lighter(fill, 0.5)
    pygame.draw.polygon(face, shade, band)


def _bevel(face: pygame.Surface, fill: Color) -> None:
    """Light top and left edges, dark bottom and right: the raised look of cardboard."""
    s = face.get_width()
    w = max(1, s // 24)
    light, dark = lighter(fill, 0.45), darker(fill, 0.35)
    pygame.draw.polygon(face, light, [(0, 0), (s, 0), (s - w, w), (w, w), (w, s - w), (0, s)])
    pygame.draw.polygon(
        face, dark, [(s, s), (0, s), (w, s - w), (s - w, s - w), (s - w, w), (s, 0)]
    )


def _content(face: pygame.Surface, spec: CounterSpec) -> None:
    """Label at the top, factors at the bottom, the symbol in the space between."""
    s = face.get_width()
    inner = round(s * 0.88)
    top = round(s * 0.08)
    bottom = s - round(s * 0.07)
    if spec.label:
        size = max(7, round(s * 0.2))
        _ink_text(face, spec.label, size, spec.ink, (s // 2, top + size // 2), inner, False, True)
        top += round(size * 1.15)
    if spec.factors:
        size = max(9, round(s * 0.3))
        centre = (s // 2, bottom - size // 2)
        _ink_text(face, spec.factors, size, spec.ink, centre, inner, True, True)
        bottom -= round(size * 1.05)
    avail = max(4, bottom - top)
    h = min(round(s * 0.36), round(avail * 0.9))
    w = min(round(s * 0.6), round(h * 1.65))
    box = pygame.Rect(0, 0, w, h)
    box.center = (s // 2, (top + bottom) // 2)
    if spec.symbol in NATO_SYMBOLS:
        _SYMBOLS[spec.symbol](face, box, spec.ink, max(1, s // 26), spec.fill)
    else:
        size = max(8, round(h * 0.95))
        _ink_text(face, spec.symbol, size, spec.ink, box.center, inner, True, True)


SymbolPainter = Callable[[pygame.Surface, pygame.Rect, Color, int, Color], None]


def _unit_box(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int) -> None:
    pygame.draw.rect(face, ink, box, width=lw)


def _infantry(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    _unit_box(face, box, ink, lw)
    pygame.draw.line(face, ink, box.topleft, (box.right - 1, box.bottom - 1), lw)
    pygame.draw.line(face, ink, (box.left, box.bottom - 1), (box.right - 1, box.top), lw)


def _cavalry(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    _unit_box(face, box, ink, lw)
    pygame.draw.line(face, ink, (box.left, box.bottom - 1), (box.right - 1, box.top), lw)


def _artillery(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    _unit_box(face, box, ink, lw)
    pygame.draw.circle(face, ink, box.center, max(2, round(box.height * 0.22)))


def _armor(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    _unit_box(face, box, ink, lw)
    track = box.inflate(-round(box.width * 0.3), -round(box.height * 0.44))
    pygame.draw.rect(face, ink, track, width=lw, border_radius=track.height // 2)


def _hq(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    """A flag on a staff, with a bar across it: the headquarters."""
    staff_x = box.left
    pygame.draw.line(face, ink, (staff_x, box.top), (staff_x, box.bottom + box.height // 4), lw + 1)
    flag = pygame.Rect(staff_x, box.top, box.width, round(box.height * 0.75))
    pygame.draw.rect(face, ink, flag, width=lw)
    bar = pygame.Rect(flag.left, 0, flag.width, max(2, flag.height // 3))
    bar.centery = flag.centery
    pygame.draw.rect(face, ink, bar)


def _leader(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    """A five-pointed star."""
    cx, cy = box.center
    outer = min(box.width, box.height * 1.25) / 2
    inner = outer * 0.42
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(a), cy + 0.08 * outer + r * math.sin(a)))
    pygame.draw.polygon(face, ink, points)


def _fleet(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    """A ship in profile: hull, deckhouse, mast."""
    x0, x1, w, h = box.left, box.right, box.width, box.height
    deck = box.top + round(h * 0.58)
    hull = [
        (x0, deck),
        (x1, deck),
        (x1 - round(w * 0.14), box.bottom),
        (x0 + round(w * 0.1), box.bottom),
    ]
    pygame.draw.polygon(face, ink, hull)
    house = pygame.Rect(
        x0 + round(w * 0.3), deck - round(h * 0.26), round(w * 0.34), round(h * 0.26)
    )
    pygame.draw.rect(face, ink, house)
    mast_x = x0 + round(w * 0.47)
    pygame.draw.line(face, ink, (mast_x, box.top), (mast_x, deck), lw)
    pygame.draw.line(
        face,
        ink,
        (mast_x - round(w * 0.12), box.top + round(h * 0.16)),
        (mast_x + round(w * 0.12), box.top + round(h * 0.16)),
        lw,
    )


def _air(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    """NATO fixed wing: two wings meeting at the centre of the unit box."""
    _unit_box(face, box, ink, lw)
    cx, cy = box.center
    dx, dy = box.width * 0.36, box.height * 0.3
    pygame.draw.polygon(face, ink, [(cx, cy), (cx - dx, cy - dy), (cx - dx, cy + dy)])
    pygame.draw.polygon(face, ink, [(cx, cy), (cx + dx, cy - dy), (cx + dx, cy + dy)])


def _marker(face: pygame.Surface, box: pygame.Rect, ink: Color, lw: int, fill: Color) -> None:
    """A disc, as printed on control and status markers."""
    r = round(min(box.width, box.height * 1.3) / 2)
    pygame.draw.circle(face, lighter(fill, 0.35), box.center, r)
    pygame.draw.circle(face, ink, box.center, r, max(2, lw + 1))


_SYMBOLS: dict[str, SymbolPainter] = {
    "infantry": _infantry,
    "cavalry": _cavalry,
    "artillery": _artillery,
    "armor": _armor,
    "hq": _hq,
    "leader": _leader,
    "fleet": _fleet,
    "air": _air,
    "marker": _marker,
}

