"""The counters standing on a board's locations, drawn over the static map each frame.

`CounterStacks` places the counters of every location (a stack slightly offset, the hovered
stack fanned out so each counter shows and can be clicked), hit-tests them and marks the
highlighted ones. The counters themselves are painted by `engine.ui.counters`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from engine.ui.adapter import CounterSpec
from engine.ui.camera import Camera
from engine.ui.colors import INK, PAPER
from engine.ui.counters import counter_picture
from engine.ui.drawing import draw_highlight, rect_points
from engine.ui.layout import Point

PAINT_BUDGET = 0.002
"""Seconds a frame may spend painting counters at a new size; the others are shown scaled from
another size and painted in the next frames (the camera is told it is refining)."""

FAN_MIN_PX = 48
"""Smallest on-screen size of the counters of a fanned stack, so they stay legible when the
board is zoomed out."""


class CounterStacks:
    """The counters on every location of a board, drawn over the static map each frame.

    A stack is drawn bottom first, each counter shifted up and right so the ones below peek out.
    The stack under the pointer fans out into a row (several rows when large) on a paper
    backdrop, at no less than FAN_MIN_PX on screen, so every counter is visible and can be
    clicked. Locations are drawn top to bottom of the board so lower stacks overlap higher ones,
    as cardboard would.
    """

    __slots__ = ("size", "_anchor", "_stacks", "_anchors", "_where", "_order", "_fanned", "_zoom",
                 "_deadline", "_camera", "_version", "_placed", "_placed_key", "_bounds_of")

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
        self._deadline = 0.0
        self._camera: Camera | None = None
        self._version = 0
        """Counts `set_counters` calls: the places kept for drawing belong to one of them."""
        self._placed: dict[str, list[tuple[str, pygame.Surface, int, int, float]]] = {}
        self._placed_key: tuple[object, ...] = ()
        self._bounds_of: tuple[int, dict[str, pygame.FRect]] = (-1, {})

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
        if stacks == self._stacks:
            return  # the same counters (a refresh that moved none): what is kept stays valid
        self._stacks = stacks
        self._version += 1
        # Kept, as locations do not move, so a frame does not look every anchor up again.
        self._anchors = anchors
        self._where = where
        self._order = sorted(stacks, key=lambda loc: (anchors[loc][1], anchors[loc][0]))
        if self._fanned not in stacks:
            self._fanned = None

    def invalidate(self) -> None:
        """Forget the pictures and places kept for drawing (as if every counter were new)."""
        self._placed_key = ()
        self._placed = {}

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
        """The counter under `world_pos` (the topmost; a fanned counter first), or None. A
        point between fanned counters where the stack stands unfanned (the gap at the hex
        centre) belongs to the nearest fanned counter, so the place the player pointed at to
        fan the stack out still answers; elsewhere the fan's backdrop takes no click, so a
        neighbouring hex stays clickable while a stack is fanned out."""
        bounds = self._bounds()
        if self._fanned is not None:
            fanned = self.rects(self._fanned)
            for spec, r in reversed(fanned):
                if r.collidepoint(world_pos):
                    return spec.id
            home = bounds.get(self._fanned)
            if home is not None and home.collidepoint(world_pos) and fanned:
                return min(fanned, key=lambda pair: _distance(pair[1], world_pos))[0].id
        for loc in reversed(self._order):
            if loc == self._fanned or not bounds[loc].collidepoint(world_pos):
                continue
            for spec, r in reversed(self.rects(loc)):
                if r.collidepoint(world_pos):
                    return spec.id
        return None

    def _bounds(self) -> dict[str, pygame.FRect]:
        """The rectangle around each stack as it stands unfanned, kept until the counters
        change (a hover tests the pointer against every stack)."""
        if self._bounds_of[0] != self._version:
            fanned, self._fanned = self._fanned, None
            try:
                bounds = {}
                for loc in self._order:
                    rects = [r for _, r in self.rects(loc)]
                    bounds[loc] = rects[0].unionall(rects[1:])
            finally:
                self._fanned = fanned
            self._bounds_of = (self._version, bounds)
        return self._bounds_of[1]

    def stack(self, location: str) -> tuple[CounterSpec, ...]:
        """The counters on `location`, bottom first."""
        return self._stacks.get(location, ())

    def placements(self) -> dict[str, str]:
        """Counter id -> location id of every counter (to see what moved between two views)."""
        return {cid: loc for cid, (loc, _) in self._where.items()}

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

    def stack_bounds(self) -> Mapping[str, pygame.FRect]:
        """The world rectangle around each location's stack as it stands unfanned."""
        return self._bounds()

    def draw(self, surface: pygame.Surface, camera: Camera, highlights: Mapping[str, str],
             before_fan: Callable[[], None] | None = None) -> None:
        """Draw every stack seen by `camera`, the fanned one last, with counter highlights;
        `before_fan` draws what goes over the counters but under the fanned stack.

        The counters' pictures and their places at this zoom are kept per location until the
        zoom, the fanned stack or the counters change, so a frame that pans only adds the
        board's origin on screen (rounded once, as the map's tiles are: counters and map move
        together, pixel for pixel)."""
        zoom = camera.zoom
        view = pygame.FRect(camera.visible_world_rect()).inflate(self.size * 2, self.size * 2)
        self._deadline = time.perf_counter() + PAINT_BUDGET
        self._camera = camera
        key = (zoom, self._fanned, self._version)
        if self._placed_key != key:
            self._placed_key = key
            self._placed = {}
        placed_at = self._placed
        bx = round(camera.viewport.x - camera.offset[0] * zoom)
        by = round(camera.viewport.y - camera.offset[1] * zoom)
        marked = {self._where[c][0] for c in highlights if c in self._where}
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for loc in self._order:
            if loc == self._fanned or not view.collidepoint(self._anchors[loc]):
                continue
            placed = placed_at.get(loc)
            if placed is None:
                placed = self._place(loc, zoom)
            if loc in marked:
                # each mark right after its counter, so the counters above cover it as they
                # cover the counter
                surface.fblits(batch)
                batch.clear()
                for cid, picture, x, y, side in placed:
                    surface.blit(picture, (x + bx, y + by))
                    style = highlights.get(cid)
                    if style is not None:
                        draw_highlight(surface, rect_points(pygame.FRect(x + bx, y + by, side,
                                                                         side)), style)
            else:
                batch.extend([(picture, (x + bx, y + by)) for _, picture, x, y, _ in placed])
        surface.fblits(batch)
        if before_fan is not None:
            before_fan()
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
            batch.extend(self._blit(spec, rect) for spec, rect in placed)
            return
        surface.fblits(batch)
        batch.clear()
        for spec, rect in placed:
            surface.blit(*self._blit(spec, rect))
            style = highlights.get(spec.id)
            if style is not None:
                draw_highlight(surface, rect_points(rect), style)

    def _blit(self, spec: CounterSpec,
              screen: pygame.FRect) -> tuple[pygame.Surface, tuple[int, int]]:
        """The counter's picture and where it goes, for `blit` or `fblits`; a picture shown
        scaled from another size (over this frame's budget) keeps the camera refining."""
        picture, exact = counter_picture(spec, round(screen.width), self._deadline)
        if not exact and self._camera is not None:
            self._camera.refining = True
        return picture, (round(screen.x), round(screen.y))

    def _place(self, loc: str, zoom: float) -> list[tuple[str, pygame.Surface, int, int, float]]:
        """The counters of `loc` at `zoom`: id, picture, top-left corner from the board's
        origin on screen, side on screen. Kept for the next frames when every picture is the
        exact one; one scaled from another size (over this frame's budget) keeps the camera
        refining and is looked up again next frame."""
        placed = []
        exact = True
        for spec, r in self.rects(loc):
            side = r.width * zoom
            picture, fits = counter_picture(spec, round(side), self._deadline)
            exact = exact and fits
            placed.append((spec.id, picture, round(r.x * zoom), round(r.y * zoom), side))
        if exact:
            self._placed[loc] = placed
        elif self._camera is not None:
            self._camera.refining = True
        return placed

    @staticmethod
    def _to_screen(r: pygame.FRect, camera: Camera) -> pygame.FRect:
        x, y = camera.world_to_screen(r.x, r.y)
        return pygame.FRect(x, y, r.width * camera.zoom, r.height * camera.zoom)


def _distance(rect: pygame.FRect, point: Point) -> float:
    """How far `point` lies outside `rect` (0 inside)."""
    dx = max(rect.left - point[0], 0.0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0.0, point[1] - rect.bottom)
    return math.hypot(dx, dy)


def distinct_answers(candidates: Sequence[str], answer: Callable[[str], object], *,
                     prefer: str | None = None) -> list[str]:
    """One candidate for each different answer, in order (a counter of a stack and the place
    beneath it, asked "Which one?" only when they would answer a click differently); of
    candidates that answer alike, `prefer` (the one clicked) stands for them, else the
    first."""
    kept: list[tuple[object, str]] = []
    for candidate in candidates:
        key = answer(candidate)
        same = next((i for i, (k, _) in enumerate(kept) if k == key), None)
        if same is None:
            kept.append((key, candidate))
        elif candidate == prefer:
            kept[same] = (key, candidate)
    return [candidate for _, candidate in kept]


def picker_name(board: Any, target: str) -> tuple[str, str]:
    """How the "Which one?" list names a counter or a place, as the screen names it on hover:
    the first line of its tooltip, as a name and the rest ("Aguinaldo", "Filipino General,
    Logistics Factor 2, ...") when the tooltip reads "name — details"."""
    text = board.tooltip(target)
    first = str(text).split("\n")[0] if text else target
    name, _, detail = first.partition(" — ")
    return name, detail
