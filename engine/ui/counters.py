"""Counter art and what the board views draw over their static map each frame.

`render_counter` paints a die-cut cardboard counter from a `CounterSpec`: a bevelled square with
a shadow, the label at the top, a NATO-style unit symbol (or short letters) in the middle and the
factors at the bottom; the flipped side carries a diagonal band. `CounterStacks` places the
counters of every location on a board (a stack slightly offset, the hovered stack fanned out so
each counter shows and can be clicked). `draw_highlight` marks a board element with an outline
and a pattern, never with colour alone; `halo_text` writes names that stay legible on any
terrain.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

import pygame

from engine.ui.adapter import CounterSpec
from engine.ui.camera import Camera
from engine.ui.colors import (
    HIGHLIGHTS,
    INK,
    PAPER,
    Color,
    HighlightStyle,
    darker,
    lighter,
    luminance,
)
from engine.ui.fonts import font
from engine.ui.layout import Point

FAN_MIN_PX = 48
"""Smallest on-screen size of the counters of a fanned stack, so they stay legible when the
board is zoomed out."""

NATO_SYMBOLS = frozenset(
    {"infantry", "cavalry", "artillery", "armor", "hq", "leader", "fleet", "air", "marker"}
)
"""Symbols drawn as figures; any other `CounterSpec.symbol` is printed as letters."""

_SHADOW = (0, 0, 0, 90)


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


@lru_cache(maxsize=2048)
def render_counter(spec: CounterSpec, size_px: int) -> pygame.Surface:
    """The counter for `spec`, `size_px` square, plus its shadow (`shadow_px`) right and below;
    blit it at the counter's top-left corner."""
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


# -- stacks --------------------------------------------------------------------------------------


class CounterStacks:
    """The counters on every location of a board, drawn over the static map each frame.

    A stack is drawn bottom first, each counter shifted up and right so the ones below peek out.
    The stack under the pointer fans out into a row (several rows when large) on a paper
    backdrop, at no less than FAN_MIN_PX on screen, so every counter is visible and can be
    clicked. Locations are drawn top to bottom of the board so lower stacks overlap higher ones,
    as cardboard would.
    """

    __slots__ = ("size", "_anchor", "_stacks", "_anchors", "_where", "_order", "_fanned", "_zoom")

    def __init__(self, counter_size: float, anchor: Callable[[str], Point | None]) -> None:
        """`counter_size`: side of a counter in world pixels; `anchor`: world centre of a
        location id (None for an unknown one)."""
        self.size = counter_size
        self._anchor = anchor
        self._stacks: dict[str, tuple[CounterSpec, ...]] = {}
        self._anchors: dict[str, Point] = {}
        self._where: dict[str, tuple[str, int]] = {}
        self._order: list[str] = []
        self._fanned: str | None = None
        self._zoom = 1.0

    def set_counters(self, counters: Mapping[str, Sequence[CounterSpec]]) -> None:
        """Replace every counter: by location id, bottom first. Raises ValueError for a location
        the board does not know."""
        stacks: dict[str, tuple[CounterSpec, ...]] = {}
        where: dict[str, tuple[str, int]] = {}
        anchors: dict[str, Point] = {}
        for loc, specs in counters.items():
            if not specs:
                continue
            at = self._anchor(loc)
            if at is None:
                raise ValueError(f"counters placed on unknown location {loc!r}")
            anchors[loc] = at
            stacks[loc] = tuple(specs)
            for i, spec in enumerate(specs):
                where[spec.id] = (loc, i)
        self._stacks = stacks
        # Kept, as locations do not move, so a frame does not look every anchor up again.
        self._anchors = anchors
        self._where = where
        self._order = sorted(stacks, key=lambda loc: (anchors[loc][1], anchors[loc][0]))
        if self._fanned not in stacks:
            self._fanned = None

    def spec(self, counter_id: str) -> CounterSpec | None:
        """The spec of a counter on the board, or None."""
        found = self._where.get(counter_id)
        return None if found is None else self._stacks[found[0]][found[1]]

    def location_of(self, counter_id: str) -> str | None:
        """The location id a counter stands on, or None."""
        found = self._where.get(counter_id)
        return None if found is None else found[0]

    @property
    def fanned(self) -> str | None:
        """The location whose stack is fanned out, if any."""
        return self._fanned

    def hover(self, target: str | None, zoom: float) -> None:
        """Fan out the stack `target` is on (a counter or a location id); the fan is sized for
        `zoom`. A single counter fans only when it is too small on screen to read."""
        self._zoom = zoom
        loc = self.location_of(target) if target in self._where else target
        n = len(self._stacks.get(loc, ())) if loc is not None else 0
        fan = n >= 2 or (n == 1 and self.size * zoom < FAN_MIN_PX)
        self._fanned = loc if fan else None

    def rects(self, location: str) -> list[tuple[CounterSpec, pygame.FRect]]:
        """World rectangles of the counters on `location`, bottom first, as drawn now."""
        specs = self._stacks.get(location, ())
        at = self._anchors.get(location)
        if not specs or at is None:
            return []
        if location == self._fanned:
            return list(zip(specs, self._fan_rects(at, len(specs)), strict=True))
        n = len(specs)
        step = self._step(n)
        half = (n - 1) * step / 2
        out = []
        for i, spec in enumerate(specs):
            r = pygame.FRect(0, 0, self.size, self.size)
            r.center = (at[0] - half + i * step, at[1] + half - i * step)
            out.append((spec, r))
        return out

    def _step(self, n: int) -> float:
        # A tall stack would wander off its hex: the offsets shrink so a stack stays compact.
        return self.size * min(0.1, 0.4 / (n - 1)) if n > 1 else 0.0

    def _fan_geometry(self, n: int) -> tuple[int, int, float, float]:
        """Columns, rows, counter side and gap of a fan of `n` counters, in world pixels."""
        cols = min(n, 5)
        rows = math.ceil(n / cols)
        side = max(self.size, FAN_MIN_PX / self._zoom)
        return cols, rows, side, side * 0.12

    def _fan_rects(self, at: Point, n: int) -> list[pygame.FRect]:
        cols, rows, side, gap = self._fan_geometry(n)
        height = rows * side + (rows - 1) * gap
        out = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            row_left = at[0] - (in_row * side + (in_row - 1) * gap) / 2
            out.append(
                pygame.FRect(
                    row_left + col * (side + gap),
                    at[1] - height / 2 + row * (side + gap),
                    side,
                    side,
                )
            )
        return out

    def _backdrop(self) -> pygame.FRect | None:
        if self._fanned is None:
            return None
        rects = [r for _, r in self.rects(self._fanned)]
        pad = self._fan_geometry(len(rects))[3]
        return rects[0].unionall(rects[1:]).inflate(2 * pad, 2 * pad)

    def hit(self, world_pos: Point) -> str | None:
        """The counter under `world_pos` (the topmost), or the fanned location when the point
        is on the fan's backdrop between its counters; None elsewhere."""
        if self._fanned is not None:
            for spec, r in reversed(self.rects(self._fanned)):
                if r.collidepoint(world_pos):
                    return spec.id
            backdrop = self._backdrop()
            if backdrop is not None and backdrop.collidepoint(world_pos):
                return self._fanned
        for loc in reversed(self._order):
            if loc == self._fanned:
                continue
            for spec, r in reversed(self.rects(loc)):
                if r.collidepoint(world_pos):
                    return spec.id
        return None

    def anchor(self, counter_id: str) -> Point | None:
        """World centre of a counter as drawn now."""
        loc = self.location_of(counter_id)
        if loc is None:
            return None
        for spec, r in self.rects(loc):
            if spec.id == counter_id:
                return r.center
        return None

    def tooltip(self, counter_id: str) -> str | None:
        """The counter's name and factors (and its side when flipped)."""
        spec = self.spec(counter_id)
        if spec is None:
            return None
        text = f"{spec.name} {spec.factors}".strip()
        return f"{text} (flipped)" if spec.flipped else text

    def draw(self, surface: pygame.Surface, camera: Camera, highlights: Mapping[str, str]) -> None:
        """Draw every stack seen by `camera`, the fanned one last, with counter highlights."""
        view = pygame.FRect(camera.visible_world_rect()).inflate(self.size * 2, self.size * 2)
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for loc in self._order:
            if loc == self._fanned:
                continue
            if view.collidepoint(self._anchors[loc]):
                self._draw_stack(surface, loc, camera, highlights, batch)
        surface.fblits(batch)
        backdrop = self._backdrop()
        if self._fanned is None or backdrop is None:
            return
        screen = self._to_screen(backdrop, camera)
        panel = pygame.Surface(screen.size, pygame.SRCALPHA)
        panel.fill((*PAPER, 235))
        surface.blit(panel, screen.topleft)
        pygame.draw.rect(surface, INK, screen, width=2)
        batch.clear()
        self._draw_stack(surface, self._fanned, camera, highlights, batch)
        surface.fblits(batch)

    def _draw_stack(
        self,
        surface: pygame.Surface,
        loc: str,
        camera: Camera,
        highlights: Mapping[str, str],
        batch: list[tuple[pygame.Surface, tuple[int, int]]],
    ) -> None:
        """Queue the stack's counters on `batch` for one `fblits`. A stack holding a highlighted
        counter is drawn at once instead, each mark right after its counter, so the counters
        above cover the mark as they cover the counter."""
        placed = [(spec, self._to_screen(r, camera)) for spec, r in self.rects(loc)]
        if not any(spec.id in highlights for spec, _ in placed):
            batch.extend(_blit(spec, rect) for spec, rect in placed)
            return
        surface.fblits(batch)
        batch.clear()
        for spec, rect in placed:
            surface.blit(*_blit(spec, rect))
            style = highlights.get(spec.id)
            if style is not None:
                draw_highlight(surface, rect_points(rect), style)

    @staticmethod
    def _to_screen(r: pygame.FRect, camera: Camera) -> pygame.FRect:
        x, y = camera.world_to_screen(r.x, r.y)
        return pygame.FRect(x, y, r.width * camera.zoom, r.height * camera.zoom)


def _blit(spec: CounterSpec, screen: pygame.FRect) -> tuple[pygame.Surface, tuple[int, int]]:
    """The counter's picture and where it goes, for `blit` or `fblits`."""
    return render_counter(spec, round(screen.width)), (round(screen.x), round(screen.y))
