"""The auxiliary map for the control of provinces (sections 2.6 and 9.1) as a mini-map in a corner
of the board: every province coloured by its control marker (Nationalist white, Republican green,
in dispute blue and hatched), the part of the map the camera shows as a frame, and the counts of
provinces under it. A click on it moves the camera there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from engine.ui.camera import Camera
from engine.ui.colors import (
    CONTROL_BLUE,
    CONTROL_GREEN,
    CONTROL_WHITE,
    INK,
    PAPER,
    Color,
    darker,
)
from engine.ui.fonts import font
from engine.ui.layout import Point

CONTROL_COLOURS: dict[str, Color] = {
    "nationalist": CONTROL_WHITE,
    "republican": CONTROL_GREEN,
    "disputed": CONTROL_BLUE,
}
"""The control markers of section 2.3: white (Nationalist), green (Republican), blue (in
dispute, "en litigio")."""
CONTROL_NAMES = {"nationalist": "Nationalist", "republican": "Republican",
                 "disputed": "In dispute"}
MINI_SEA: Color = (170, 194, 208)
MINI_FOREIGN: Color = (196, 194, 188)
MINI_REGION: Color = (232, 226, 204)
"""Nationalist ground outside the provinces (Spanish North Africa)."""
FRAME: Color = (255, 214, 40)


@dataclass(frozen=True, slots=True)
class MiniCell:
    """One hex of the mini-map: its corners in world coordinates, its terrain class ("sea",
    "foreign", "land") and its territory (a province or a region id, "" for none)."""

    corners: tuple[Point, ...]
    terrain: str
    territory: str


class ControlMap:
    """The province-control mini-map of a board `world_size` pixels big."""

    def __init__(self, cells: Sequence[MiniCell], borders: Sequence[tuple[Point, Point]],
                 world_size: tuple[int, int]) -> None:
        self.cells = list(cells)
        self.borders = list(borders)
        self.world_size = world_size
        self.status: dict[str, str] = {}
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where the mini-map was last drawn on screen (its whole panel)."""
        self.map_rect = pygame.Rect(0, 0, 0, 0)
        """The map part of the panel."""

    def set_status(self, status: Mapping[str, str]) -> None:
        """Control of every province: "nationalist", "republican" or "disputed"."""
        self.status = dict(status)

    # --- geometry ------------------------------------------------------------------------------

    def place(self, viewport: pygame.Rect) -> None:
        """Size and put the mini-map in the bottom-right corner of `viewport`, over North
        Africa and the Mediterranean, where the fewest counters stand."""
        width = max(150, min(260, round(viewport.width * 0.21)))
        map_h = round(width * self.world_size[1] / self.world_size[0])
        size = self._text_size(width)
        head = font(size, bold=True).get_linesize()
        legend = font(size - 1, condensed=True).get_linesize()
        pad = 6
        height = head + map_h + 2 * legend + 3 * pad
        self.rect = pygame.Rect(viewport.right - 10 - width - 2 * pad,
                                viewport.bottom - 10 - height, width + 2 * pad, height)
        self.map_rect = pygame.Rect(self.rect.x + pad, self.rect.y + pad + head, width, map_h)

    @staticmethod
    def _text_size(width: int) -> int:
        return max(11, min(15, width // 17))

    def world_at(self, pos: Point) -> Point:
        """The world point under a screen position of the map part."""
        s = self.world_size[0] / self.map_rect.width
        return ((pos[0] - self.map_rect.x) * s, (pos[1] - self.map_rect.y) * s)

    def contains(self, pos: Point) -> bool:
        return self.rect.collidepoint(pos)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """The panel with its map and legend (one picture, painted again only when the
        control table or the size changes) and the camera frame."""
        self.place(camera.viewport)
        key = (self.rect.size, self.map_rect.size, tuple(sorted(self.status.items())))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._panel())
        surface.blit(self._cache[1], self.rect.topleft)
        self._frame(surface, camera)

    def _panel(self) -> pygame.Surface:
        """The panel, its title, the map coloured by control and the legend, on a transparent
        picture of the panel's size (its corners are rounded)."""
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        rect = panel.get_rect()
        pygame.draw.rect(panel, darker(PAPER, 0.12), rect, border_radius=4)
        pygame.draw.rect(panel, INK, rect, 2, border_radius=4)
        size = self._text_size(self.map_rect.width)
        title = font(size, bold=True).render("Province control (9.1)", True, INK)
        panel.blit(title, (6, 4))
        map_rect = self.map_rect.move(-self.rect.x, -self.rect.y)
        panel.blit(self._render(), map_rect.topleft)
        self._legend(panel, size, rect, map_rect)
        return panel

    def _render(self) -> pygame.Surface:
        w, h = self.map_rect.size
        s = w / self.world_size[0]
        out = pygame.Surface((w, h))
        out.fill(MINI_SEA)
        hatch: list[list[Point]] = []
        for cell in self.cells:
            if cell.terrain == "sea":
                continue
            points = [(x * s, y * s) for x, y in cell.corners]
            if cell.terrain == "foreign":
                color = MINI_FOREIGN
            else:
                state = self.status.get(cell.territory)
                color = CONTROL_COLOURS[state] if state else MINI_REGION
                if state == "disputed":
                    hatch.append(points)
            pygame.draw.polygon(out, color, points)
        for points in hatch:
            # White strokes on the blue: "in dispute" reads without colour too.
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            pygame.draw.line(out, CONTROL_WHITE, (min(xs), max(ys)), (max(xs), min(ys)), 1)
        for a, b in self.borders:
            pygame.draw.line(out, darker(INK, 0.1), (a[0] * s, a[1] * s), (b[0] * s, b[1] * s), 1)
        return out

    def _legend(self, surface: pygame.Surface, size: int, rect: pygame.Rect,
                map_rect: pygame.Rect) -> None:
        counts = {k: 0 for k in CONTROL_NAMES}
        for value in self.status.values():
            counts[value] = counts.get(value, 0) + 1
        f = font(size - 1, condensed=True)
        x = rect.x + 6
        y = map_rect.bottom + 4
        box = f.get_height() - 4
        for key, label in CONTROL_NAMES.items():
            if x + box + f.size(f"{label} {counts[key]}")[0] > rect.right - 4:
                x, y = rect.x + 6, y + f.get_linesize()
            swatch = pygame.Rect(x, y + 2, box, box)
            pygame.draw.rect(surface, CONTROL_COLOURS[key], swatch)
            if key == "disputed":
                pygame.draw.line(surface, CONTROL_WHITE, swatch.bottomleft, swatch.topright, 1)
            pygame.draw.rect(surface, INK, swatch, 1)
            text = f.render(f"{label} {counts[key]}", True, INK)
            surface.blit(text, (swatch.right + 3, y))
            x = swatch.right + text.get_width() + 9

    def _frame(self, surface: pygame.Surface, camera: Camera) -> None:
        """The part of the board the camera shows."""
        s = self.map_rect.width / self.world_size[0]
        view = camera.visible_world_rect()
        frame = pygame.Rect(round(self.map_rect.x + view.x * s),
                            round(self.map_rect.y + view.y * s),
                            max(4, round(view.width * s)), max(4, round(view.height * s)))
        frame = frame.clip(self.map_rect)
        if frame.width and frame.height:
            pygame.draw.rect(surface, INK, frame.inflate(2, 2), 3)
            pygame.draw.rect(surface, FRAME, frame, 1)
