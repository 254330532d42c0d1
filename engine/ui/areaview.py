"""A board of named spaces (Heroes of Baler's church and guard posts, Filipinas' provinces,
boxes and tracks) drawn like a printed map, with counters on top.

Location ids are the spaces' ids; background regions (the areas of the church) have ids of
their own and can be highlighted and hovered too. The static picture is rendered through a
`StaticLayer`, like the hex map's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard, cast

import pygame

from engine.ui.boardbase import StackedBoard
from engine.ui.camera import Camera
from engine.ui.colors import INK, LINK, PAPER, Color, darker, mix
from engine.ui.drawing import draw_highlight, halo_text
from engine.ui.layout import Point

Shape = tuple[float, float, float, float] | tuple[Point, ...]
"""A rectangle (x, y, width, height) or a polygon (its corners in order), in world pixels."""

_KIND_BORDER = {"post": 3, "box": 2, "track": 1}
"""Outline width by kind of space; other kinds (provinces...) get 2."""


_LABEL_ROOM = 18
"""World pixels the label takes at the top of a space."""


@dataclass(frozen=True, slots=True)
class SpaceStyle:
    """How one space is printed: its id and rulebook name, its shape, fill and kind ("post",
    "box", "track", "province"...), and every area it belongs to. `label` is the text printed in
    the space (the name when empty); `anchor` is where its counters stack (the shape's centre
    when None)."""

    id: str
    name: str
    shape: Shape
    fill: Color = PAPER
    kind: str = "space"
    areas: tuple[str, ...] = ()
    label: str = ""
    anchor: Point | None = None


@dataclass(frozen=True, slots=True)
class AreaRegion:
    """A background region printed under the spaces (an area of the church), with its name in
    large letters at `label_at` (the polygon's centre when None)."""

    id: str
    name: str
    polygon: tuple[Point, ...]
    fill: Color
    label_at: Point | None = None


def track_spaces(
    prefix: str,
    origin: Point,
    count: int,
    box_size: float,
    start: int = 0,
    *,
    name: str = "",
    fill: Color = PAPER,
    per_row: int | None = None,
) -> list[SpaceStyle]:
    """The numbered boxes of a track: ids f"{prefix}{n}" for n = start .. start + count - 1, left
    to right from `origin` (wrapping after `per_row` boxes), each labelled with its number and
    named f"{name} {n}" (or just the number when `name` is empty)."""
    row = per_row or count
    spaces = []
    for k in range(count):
        n = start + k
        r, c = divmod(k, row)
        spaces.append(
            SpaceStyle(
                id=f"{prefix}{n}",
                name=f"{name} {n}" if name else str(n),
                shape=(origin[0] + c * box_size, origin[1] + r * box_size, box_size, box_size),
                fill=fill,
                kind="track",
                label=str(n),
            )
        )
    return spaces


def _is_rect(shape: Shape) -> TypeGuard[tuple[float, float, float, float]]:
    return not isinstance(shape[0], tuple)


def _polygon(shape: Shape) -> list[Point]:
    """The shape's corners, a rectangle's included."""
    if _is_rect(shape):
        x, y, w, h = shape
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return list(cast(tuple[Point, ...], shape))


def _centroid(points: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon (its vertex average when it has no area)."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-9:
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return (cx / (3 * a), cy / (3 * a))


def point_in_polygon(points: Sequence[Point], p: Point) -> bool:
    """Whether `p` lies inside the polygon (even-odd rule)."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _within(box: pygame.FRect, p: Point) -> bool:
    """A quick rejection before the polygon test (edges included, unlike `collidepoint`)."""
    return box.left <= p[0] <= box.right and box.top <= p[1] <= box.bottom


def _bbox(points: Iterable[Point]) -> pygame.FRect:
    pts = list(points)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return pygame.FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


class AreaMapView(StackedBoard):
    """The `BoardView` of an area map: regions, spaces, the links between spaces and tracks.

    `hit` returns the id of the counter under the point (in a fanned stack, the one under the
    pointer), else the topmost space (the last listed), else the region, else None.
    """

    def __init__(
        self,
        spaces: Sequence[SpaceStyle],
        *,
        regions: Sequence[AreaRegion] = (),
        links: Sequence[tuple[str, str]] = (),
        world_size: tuple[int, int] | None = None,
        counter_size: float = 48,
        background: Color = PAPER,
    ) -> None:
        """`world_size` defaults to the drawn shapes' extent plus a margin. Raises ValueError
        for no spaces, duplicate ids or a link naming an unknown space."""
        if not spaces:
            raise ValueError("an area map needs at least one space")
        ids = [s.id for s in spaces] + [r.id for r in regions]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate space or region ids {duplicates}")
        self.spaces = {s.id: s for s in spaces}
        self.regions = {r.id: r for r in regions}
        unknown = sorted({i for link in links for i in link if i not in self.spaces})
        if unknown:
            raise ValueError(f"links name unknown spaces {unknown}")
        self._polys = {s.id: _polygon(s.shape) for s in spaces}
        self._polys.update({r.id: list(r.polygon) for r in regions})
        self._boxes = {i: _bbox(p) for i, p in self._polys.items()}
        self._anchors = {s.id: self._default_anchor(s) for s in spaces}
        self._links = [(self._anchors[a], self._anchors[b]) for a, b in links]
        if world_size is None:
            extent = self._boxes[ids[0]].unionall(list(self._boxes.values()))
            world_size = (math.ceil(extent.right + 24), math.ceil(extent.bottom + 24))
        super().__init__(world_size, counter_size, self._anchors.get, background=background)

    # -- StackedBoard --------------------------------------------------------------------------

    def _draw_marks(self, surface: pygame.Surface, camera: Camera, hover: str | None,
                    highlights: Mapping[str, str]) -> Mapping[str, str]:
        """Region and space highlights, the hovered space or region outlined."""
        # Regions before spaces, so a highlighted space stays visible inside a highlighted area.
        marks = sorted(
            ((t, s) for t, s in highlights.items() if t in self._polys),
            key=lambda ts: ts[0] in self.spaces,
        )
        for target, style in marks:
            draw_highlight(surface, self._screen_polygon(target, camera), style)
        if hover is not None and hover in self._polys and hover not in highlights:
            draw_highlight(surface, self._screen_polygon(hover, camera), "hover")
        return highlights

    def _hit_location(self, world_pos: tuple[float, float]) -> str | None:
        for group in (self.spaces, self.regions):
            for sid in reversed(list(group)):
                poly = self._polys[sid]
                if _within(self._boxes[sid], world_pos) and point_in_polygon(poly, world_pos):
                    return sid
        return None

    def _location_tooltip(self, target: str) -> str | None:
        """A space's name and every area it belongs to ("Bell tower — areas: North, South,
        East, West"); a region's name."""
        space = self.spaces.get(target)
        if space is not None:
            if not space.areas:
                return space.name
            word = "area" if len(space.areas) == 1 else "areas"
            return f"{space.name} — {word}: {', '.join(space.areas)}"
        region = self.regions.get(target)
        return region.name if region is not None else None

    def _location_anchor(self, target: str) -> Point | None:
        found = self._anchors.get(target)
        if found is None and target in self.regions:
            return self._region_label_at(self.regions[target])
        return found

    # -- geometry ------------------------------------------------------------------------------

    def _default_anchor(self, space: SpaceStyle) -> Point:
        """Where counters stack: `space.anchor`, else the shape's centre, lowered under the
        label printed at the top of the space (track boxes print their number in a corner)."""
        if space.anchor is not None:
            return space.anchor
        x, y = _centroid(self._polys[space.id])
        return (x, y) if space.kind == "track" else (x, y + _LABEL_ROOM / 2)

    def _screen_polygon(self, target: str, camera: Camera) -> list[Point]:
        return [camera.world_to_screen(x, y) for x, y in self._polys[target]]

    def _region_label_at(self, region: AreaRegion) -> Point:
        return region.label_at or _centroid(region.polygon)

    # -- static picture ------------------------------------------------------------------------

    def _paint(
        self, tile: pygame.Surface, z: float, origin: tuple[int, int], world: pygame.FRect
    ) -> None:
        """Draw the part of the board inside `world` into `tile` (see `camera.Painter`)."""
        ox, oy = origin
        reach = world.inflate(8 / z + 2, 8 / z + 2)

        def to_tile(points: Iterable[Point]) -> list[Point]:
            return [(x * z - ox, y * z - oy) for x, y in points]

        for region in self.regions.values():
            if self._boxes[region.id].colliderect(reach):
                poly = to_tile(region.polygon)
                pygame.draw.polygon(tile, region.fill, poly)
                pygame.draw.lines(tile, darker(region.fill, 0.45), True, poly, max(1, round(2 * z)))
        for region in self.regions.values():
            # Names may spill over their region's box, so they are placed on every tile.
            self._paint_region_name(tile, region, z, origin)
        width = max(1, round(3 * z))
        for a, b in self._links:
            if reach.clipline(a, b):
                pa, pb = to_tile((a, b))
                pygame.draw.line(tile, LINK, pa, pb, width)
                for p in (pa, pb):
                    pygame.draw.circle(tile, LINK, p, width)
        for space in self.spaces.values():
            if self._boxes[space.id].colliderect(reach):
                self._paint_space(tile, space, to_tile(self._polys[space.id]), z)

    def _paint_region_name(
        self, tile: pygame.Surface, region: AreaRegion, z: float, origin: tuple[int, int]
    ) -> None:
        size = max(8, round(26 * z))
        text = halo_text(region.name.upper(), size, darker(region.fill, 0.5), region.fill, True)
        x, y = self._region_label_at(region)
        at = text.get_rect(center=(round(x * z - origin[0]), round(y * z - origin[1])))
        if at.colliderect(tile.get_rect()):
            tile.blit(text, at)

    def _paint_space(
        self, tile: pygame.Surface, space: SpaceStyle, poly: list[Point], z: float
    ) -> None:
        """A space: drop shadow, fill, an outline as heavy as the kind of space, its label."""
        shadow = [(x + 3 * z, y + 3 * z) for x, y in poly]
        pygame.draw.polygon(tile, mix(space.fill, INK, 0.55), shadow)
        pygame.draw.polygon(tile, space.fill, poly)
        border = max(1, round(_KIND_BORDER.get(space.kind, 2) * z))
        pygame.draw.lines(tile, INK, True, poly, border)
        if space.kind == "post":
            # Guard posts carry a second, inner rule, as fortification boxes are printed.
            inner = _bbox(poly).inflate(-8 * z, -8 * z)
            if _is_rect(space.shape) and inner.width > 0 and inner.height > 0:
                pygame.draw.rect(tile, darker(space.fill, 0.35), inner, max(1, round(z)))
        label = space.label or space.name
        box = _bbox(poly)
        if space.kind == "track":
            size = max(7, round(min(box.height * 0.3, 16 * z)))
            text = halo_text(label, size, darker(space.fill, 0.6), space.fill, True, True)
            tile.blit(text, (round(box.x + 3 * z), round(box.y + 2 * z)))
            return
        size = max(7, round(13 * z))
        text = halo_text(label, size, INK, space.fill, True, True)
        tile.blit(text, text.get_rect(midtop=(round(box.centerx), round(box.y + 4 * z))))
