"""The names of the cities on the map of La Guerra de España, each with its stacking class in a
small black box (section 2.1: the name printed by the city's star; section 8: the class).

On the printed board a name sits under its star; on screen counters stand on the cities and
around them, and at a small zoom the lettering, which never shrinks below a readable size,
outgrows the hexes. So the names are placed live, city by city (the largest cities first):
under the star, or under the counters on the city, or above, beside, or diagonally off them,
whichever spot first overlaps no other name, no counter, no star or printed factor and no
control marker, and lies on the board. When every spot touches a counter, the name goes where it
covers the least and is drawn over the counters (never under one); when every spot touches
another name, the city goes unnamed at this zoom (its tooltip still names it). `place` is the
one place that decides, so a test can lay out every name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine.ui.colors import INK, PAPER
from engine.ui.drawing import halo_text
from engine.ui.layout import Point

MIN_PX = 8
"""The smallest hex radius on screen at which names are shown."""
MIN_FONT = 8
"""Names are never lettered smaller than this, in screen pixels."""


@dataclass(frozen=True, slots=True)
class CityName:
    """A city as its name is placed: the name, stacking class, the star's world centre and
    whether it is a provincial capital (which prints its factors around the star)."""

    name: str
    size: int
    centre: Point
    capital: bool


def font_px(px: float) -> int:
    """The letter size of the names for a hex radius of `px` screen pixels."""
    return max(MIN_FONT, round(px * 0.4))


@lru_cache(maxsize=512)
def picture(name: str, size_class: int, letters: int) -> pygame.Surface:
    """The name in `letters`-pixel lettering with its stacking class boxed at its right."""
    text = halo_text(name, letters, INK, PAPER, bold=True, condensed=True)
    number = halo_text(str(size_class), max(7, round(letters * 0.75)), PAPER, INK, bold=True,
                       condensed=True)
    box = pygame.Surface((number.get_width() + 2, number.get_height()), pygame.SRCALPHA)
    box.fill(INK)
    box.blit(number, (1, 0))
    out = pygame.Surface((text.get_width() + 1 + box.get_width(),
                          max(text.get_height(), box.get_height())), pygame.SRCALPHA)
    out.blit(text, (0, (out.get_height() - text.get_height()) // 2))
    out.blit(box, (text.get_width() + 1, (out.get_height() - box.get_height()) // 2))
    return out


def printed_marks(city: CityName, radius: float) -> list[pygame.FRect]:
    """World rectangles of what is printed at a city besides its name: the star and, on a
    capital, the population factor above it and the economic and morale factors beside it
    (`printing._city`), and the province's control marker (`GuerraMap._draw_control`)."""
    cx, cy = city.centre
    star = pygame.FRect(0, 0, 0.66 * radius, 0.66 * radius)
    star.center = (cx, cy - radius * 0.12)
    marks = [star]
    if city.capital:
        for dx, dy in ((0.0, -0.62), (-0.56, -0.12), (0.56, -0.12)):
            digit = pygame.FRect(0, 0, 0.36 * radius, 0.46 * radius)
            digit.center = (cx + dx * radius, cy + dy * radius)
            marks.append(digit)
        marker = pygame.FRect(0, 0, 0.42 * radius, 0.42 * radius)
        marker.center = (cx + radius * 0.62, cy - radius * 0.5)
        marks.append(marker)
    return marks


def _candidates(city: CityName, own: pygame.FRect, w: float, h: float, gap: float,
                radius: float) -> list[pygame.FRect]:
    """Where the name may go, best first, around `own` (the star and the counters on it)."""
    cx, cy = city.centre
    spots = [
        ("midtop", (cx, cy + 0.6 * radius)),
        ("midtop", (cx, own.bottom + gap)),
        ("midbottom", (cx, own.top - gap)),
        ("midleft", (own.right + gap, cy)),
        ("midright", (own.left - gap, cy)),
        ("topleft", (cx - 0.2 * radius, own.bottom + gap)),
        ("topright", (cx + 0.2 * radius, own.bottom + gap)),
        ("bottomleft", (cx - 0.2 * radius, own.top - gap)),
        ("bottomright", (cx + 0.2 * radius, own.top - gap)),
        ("topleft", (own.right + gap, own.bottom - h / 2)),
        ("topright", (own.left - gap, own.bottom - h / 2)),
        ("bottomleft", (own.right + gap, own.top + h / 2)),
        ("bottomright", (own.left - gap, own.top + h / 2)),
        ("midtop", (cx, own.bottom + gap + h)),
        ("midbottom", (cx, own.top - gap - h)),
    ]
    out = []
    for handle, at in spots:
        rect = pygame.FRect(0, 0, w, h)
        setattr(rect, handle, at)
        out.append(rect)
    return out


def _area(a: pygame.FRect, others: Sequence[pygame.FRect]) -> float:
    total = 0.0
    for i in a.collidelistall(others):
        cut = a.clip(others[i])
        total += cut.width * cut.height
    return total


def place(cities: Sequence[CityName], zoom: float, radius: float,
          stacks: Mapping[Point, pygame.FRect], board: pygame.FRect,
          ) -> dict[str, pygame.FRect]:
    """The world rectangle of each city's name at `zoom` (`radius`: a hex's radius in world
    pixels; `stacks`: the world rectangle of the counters standing on each hex centre;
    `board`: the world rectangle names must lie in). A city left out is unnamed at this
    zoom."""
    px = radius * zoom
    if px < MIN_PX:
        return {}
    letters = font_px(px)
    gap = 1.0 / zoom
    counters = [r.inflate(2 * gap, 2 * gap) for r in stacks.values()]
    printed = [m for city in cities for m in printed_marks(city, radius)]
    order = sorted(cities, key=lambda c: (-c.size, not c.capital, c.name))
    placed: dict[str, pygame.FRect] = {}
    names: list[pygame.FRect] = []
    for city in order:
        pic = picture(city.name, city.size, letters)
        w, h = pic.get_width() / zoom, pic.get_height() / zoom
        star = printed_marks(city, radius)[0]
        own = stacks.get(city.centre)
        box = star.union(own) if own is not None else star
        fallback: tuple[float, pygame.FRect] | None = None
        for rect in _candidates(city, box, w, h, gap, radius):
            if not board.contains(rect) or rect.collidelist(names) >= 0 \
                    or rect.collidelist(printed) >= 0:
                continue
            covered = _area(rect, counters)
            if covered == 0:
                fallback = (0.0, rect)
                break
            if fallback is None or covered < fallback[0]:
                fallback = (covered, rect)
        if fallback is not None:
            placed[city.name] = fallback[1]
            names.append(fallback[1])
    return placed
