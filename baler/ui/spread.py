"""Counters that share a small space stand side by side (issue: markers never hide each other):
two victory-point markers on one space, the surveillance and shooting markers in one area's box.
Elsewhere a stack keeps the engine's slight offset and fans out under the pointer (a stack on
the territorial control map also says how many units it holds, baler/ui/pieces.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.ui.adapter import CounterSpec
from engine.ui.areaview import AreaMapView, AreaRegion, SpaceStyle
from engine.ui.colors import Color
from engine.ui.stacks import CounterStacks

Point = tuple[float, float]
MIN_SHOWN = 0.6
"""The least part of each counter's width left uncovered by its neighbour."""


class SpreadStacks(CounterStacks):
    """`CounterStacks` that lays the counters of the `spread` locations out in a row, centred
    on the location, overlapping only as much as the space's width requires."""

    def __init__(self, counter_size: float, anchor: Callable[[str], Point | None],
                 spread: Callable[[str], bool], widths: dict[str, float]) -> None:
        super().__init__(counter_size, anchor)
        self._spread = spread
        self._widths = widths

    def rects(self, location: str) -> list[tuple[CounterSpec, pygame.FRect]]:
        placed = super().rects(location)
        n = len(placed)
        if n < 2 or location == self.fanned or not self._spread(location):
            return placed
        cx = sum(r.centerx for _, r in placed) / n
        cy = sum(r.centery for _, r in placed) / n
        size = self.size
        room = self._widths.get(location, size)
        step = max(size * MIN_SHOWN, min(size * 1.05, (room - size) / (n - 1)))
        left = cx - (n - 1) * step / 2
        out = []
        for i, (spec, r) in enumerate(placed):
            moved = pygame.FRect(r)
            moved.center = (left + i * step, cy)
            out.append((spec, moved))
        return out


class SpreadMap(AreaMapView):
    """The engine's area map with `SpreadStacks` for its counters."""

    def __init__(self, spaces: Sequence[SpaceStyle], spread: Callable[[str], bool],
                 widths: dict[str, float], *, regions: Sequence[AreaRegion],
                 world_size: tuple[int, int], counter_size: float, background: Color) -> None:
        super().__init__(spaces, regions=regions, world_size=world_size,
                         counter_size=counter_size, background=background)
        # The base class builds plain stacks; the counters of a few spaces are laid out in rows.
        self._stacks = SpreadStacks(counter_size, self._location_anchor, spread, widths)
