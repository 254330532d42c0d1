"""The province control markers of section 2.3, drawn live on the capital hexes: Nationalist
white with the Spanish flag, Republican green with the Republican flag, in dispute blue with
"en litigio" in red. Each differs by its figure as well as by its colour (DESIGN §7)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from engine.ui.colors import CONTROL_BLUE, CONTROL_GREEN, CONTROL_WHITE, INK, Color, darker
from engine.ui.drawing import halo_text
from engine.ui.layout import Point

FLAG_RED: Color = (196, 30, 36)
FLAG_YELLOW: Color = (250, 200, 20)
FLAG_PURPLE: Color = (110, 40, 120)
MARKER_GROUND = {"nationalist": CONTROL_WHITE, "republican": CONTROL_GREEN,
                 "disputed": CONTROL_BLUE}


def draw_control_marker(surface: pygame.Surface, centre: Point, size: int, state: str) -> None:
    """A small square marker of side `size` centred on `centre` (its picture is kept: a map
    shows dozens on every frame)."""
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(centre[0]), round(centre[1]))
    surface.blit(control_marker(size, state), rect.topleft)


@lru_cache(maxsize=64)
def control_marker(size: int, state: str) -> pygame.Surface:
    """The marker of side `size` with its shadow, on a transparent picture whose top-left
    corner is the marker's."""
    surface = pygame.Surface((size + 1, size + 1), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size)
    ground = MARKER_GROUND[state]
    pygame.draw.rect(surface, darker(INK, 0.2), rect.move(1, 1), border_radius=2)
    pygame.draw.rect(surface, ground, rect, border_radius=2)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=2)
    flag = rect.inflate(-max(4, size // 3), -max(4, size // 2))
    if state == "nationalist":
        # red, yellow twice as wide, red
        band = flag.height / 4
        pygame.draw.rect(surface, FLAG_RED, flag)
        pygame.draw.rect(surface, FLAG_YELLOW, (flag.x, round(flag.y + band), flag.width,
                                                round(2 * band)))
    elif state == "republican":
        band = flag.height / 3
        for i, color in enumerate((FLAG_RED, FLAG_YELLOW, FLAG_PURPLE)):
            pygame.draw.rect(surface, color, (flag.x, round(flag.y + i * band), flag.width,
                                              round(band) + 1))
    else:
        text = halo_text("L", max(7, round(size * 0.75)), FLAG_RED, CONTROL_WHITE, bold=True)
        surface.blit(text, text.get_rect(center=rect.center))
        return surface
    pygame.draw.rect(surface, INK, flag, 1)
    return surface
