"""What every board view shares: the static picture cached in a `StaticLayer` and the counters
in `CounterStacks` drawn over it each frame.

`StackedBoard` answers the `BoardView` calls in the order they all follow (a counter before the
location under it); a view paints its picture (`_paint`) and answers for its locations
(`_draw_marks`, `_hit_location`, `_location_tooltip`, `_location_anchor`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence

import pygame

from engine.ui.adapter import CounterSpec
from engine.ui.camera import Camera, StaticLayer
from engine.ui.colors import PAPER, Color
from engine.ui.layout import Point
from engine.ui.stacks import CounterStacks


class StackedBoard(ABC):
    """A `BoardView` of `world_size` world pixels whose counters, `counter_size` wide, stand
    where `anchor` puts their location id (None for a location the board does not know)."""

    def __init__(
        self,
        world_size: tuple[int, int],
        counter_size: float,
        anchor: Callable[[str], Point | None],
        *,
        background: Color = PAPER,
    ) -> None:
        self._size = world_size
        self._stacks = CounterStacks(counter_size, anchor)
        self._layer = StaticLayer(world_size, self._paint, background=background)

    # -- BoardView -----------------------------------------------------------------------------

    @property
    def world_size(self) -> tuple[int, int]:
        return self._size

    @property
    def layer(self) -> StaticLayer:
        """The cached static picture (its `builds` count shows when it is re-rendered)."""
        return self._layer

    @property
    def stacks(self) -> CounterStacks:
        """The counters on the board."""
        return self._stacks

    def set_counters(self, counters: Mapping[str, Sequence[CounterSpec]]) -> None:
        """Counters by location id, bottom first; raises ValueError for an unknown location."""
        self._stacks.set_counters(counters)

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        hover: str | None,
        highlights: Mapping[str, str],
    ) -> None:
        """The picture from the cache, then the locations' marks, then the counters; `hover`
        fans out the stack under the pointer."""
        clip = surface.get_clip()
        surface.set_clip(camera.viewport.clip(clip))
        self._layer.draw(surface, camera)
        marked = self._draw_marks(surface, camera, hover, highlights)
        self._stacks.hover(hover, camera.zoom)
        self._stacks.draw(surface, camera, marked)
        surface.set_clip(clip)

    def hit(self, world_pos: tuple[float, float]) -> str | None:
        """The counter under the point (in a fanned stack, the one under the pointer), else the
        location."""
        counter = self._stacks.hit(world_pos)
        return counter if counter is not None else self._hit_location(world_pos)

    def tooltip(self, target: str) -> str | None:
        """A counter's name and factors, else what the location says."""
        text = self._stacks.tooltip(target)
        return text if text is not None else self._location_tooltip(target)

    def target_rect(self, target: str, camera: Camera) -> pygame.Rect | None:
        """The counter `target` on screen as drawn now, or None for anything else (a tooltip
        explaining a counter keeps off it)."""
        loc = self._stacks.location_of(target)
        if loc is None:
            return None
        for spec, r in self._stacks.rects(loc):
            if spec.id == target:
                x, y = camera.world_to_screen(r.x, r.y)
                return pygame.Rect(round(x), round(y), round(r.width * camera.zoom),
                                   round(r.height * camera.zoom))
        return None

    def anchor(self, target: str) -> tuple[float, float] | None:
        found = self._stacks.anchor(target)
        return found if found is not None else self._location_anchor(target)

    # -- what a view adds ----------------------------------------------------------------------

    @abstractmethod
    def _paint(
        self, tile: pygame.Surface, z: float, origin: tuple[int, int], world: pygame.FRect
    ) -> None:
        """Draw the part of the board inside `world` into `tile` (see `camera.Painter`)."""

    def _draw_marks(self, surface: pygame.Surface, camera: Camera, hover: str | None,
                    highlights: Mapping[str, str]) -> Mapping[str, str]:
        """Outline the highlighted and hovered locations; returns the highlights of counters."""
        return highlights

    def _hit_location(self, world_pos: tuple[float, float]) -> str | None:
        return None

    def _location_tooltip(self, target: str) -> str | None:
        return None

    def _location_anchor(self, target: str) -> Point | None:
        return None
