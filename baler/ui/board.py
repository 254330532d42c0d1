"""The board view of Heroes of Baler: the printed board (an `AreaMapView` of the church map and
the areas around it) with, over it, what a player holds and what lies on the table — the hand
of cards along the bottom of the board area, the dice of the combat in progress along the top,
the shared cards face up in the shared area and, at the end, the final score.

The hand and the dice stay the same size on screen whatever the zoom, so a card can always be
read; they are hit-tested through the camera the board was last drawn with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from baler.rules.state import GameData
from baler.ui import geometry
from baler.ui import palette as P
from baler.ui.cardart import card_face, draw_icon
from baler.ui.cardtext import card_tooltip
from baler.ui.overlays import (
    Table,
    draw_dice_tray,
    draw_score,
    draw_strip,
    score_rect,
    strip_layout,
    strip_rect,
    tray_layout,
    tray_rect,
)
from baler.ui.spread import SpreadMap
from engine.ui.adapter import CounterSpec
from engine.ui.camera import Camera
from engine.ui.drawing import draw_highlight, rect_points
from engine.ui.stacks import CounterStacks


class BalerBoard:
    """The `BoardView` of Heroes of Baler (see the module docstring)."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        board = geometry.build(data)
        self.rects = board.rects
        self._tracks = [pygame.FRect(s.shape) for s in board.spaces
                        if s.id.startswith(("turn-", "vp-")) and not isinstance(s.shape[0], tuple)]
        """The Turn and Victory point tracks (world rectangles), which the dice tray keeps off."""
        widths = {sid: rect[2] for sid, rect in board.rects.items()}
        spread = frozenset(f"markers-a{a}" for a in data.areas)
        self.map = SpreadMap(board.spaces, lambda loc: loc in spread or loc.startswith("vp-"),
                             widths, regions=board.regions, world_size=geometry.WORLD,
                             counter_size=geometry.COUNTER, background=P.PAPER)
        self.table = Table()
        self.marks: dict[str, str] = {}
        """Targets the deciding player may click now, with their highlight style."""
        self.tooltips: dict[str, str] = {}
        """Tooltips the game adds for spaces (piles, bags) beyond the printed names."""
        self._camera: Camera | None = None
        self._items: list[tuple[str, pygame.Rect]] = []
        self._panels: list[pygame.Rect] = []
        self.enlarged: str | None = None
        """The card drawn large over the strip (its tooltip would only repeat it)."""

    # -- BoardView -----------------------------------------------------------------------------

    @property
    def world_size(self) -> tuple[int, int]:
        return self.map.world_size

    @property
    def stacks(self) -> CounterStacks:
        """The counters on the map's spaces, as every board of the table offers them."""
        return self.map.stacks

    def set_counters(self, counters: Mapping[str, list[CounterSpec]]) -> None:
        self.map.set_counters(counters)

    def draw(self, surface: pygame.Surface, camera: Camera, hover: str | None,
             highlights: Mapping[str, str]) -> None:
        """The board, the shared cards, then the dice tray, the hand strip and the score."""
        self._camera = camera
        # The engine's highlights belong to a selection; without one, mark what may be clicked.
        marks = dict(highlights) if highlights else dict(self.marks)
        # Areas are outlined, not filled: a pattern over a whole area would hide its posts.
        on_map = {k: v for k, v in marks.items() if not k.startswith(("card:", "die:", "area-"))}
        self.map.draw(surface, camera, hover, on_map)
        clip = surface.get_clip()
        surface.set_clip(camera.viewport.clip(clip))
        for target, style in marks.items():
            if target in self.map.regions:
                self._outline_area(surface, camera, target, style)
        self._draw_shared(surface, camera, marks)
        view = camera.viewport
        self._items = []
        self._panels = [strip_rect(view)]
        if self.table.dice is not None:
            avoid = self._tracks_on_screen(camera) + self._marked_on_screen(camera, marks)
            box = tray_rect(view, self.table.dice, avoid)
            self._items += tray_layout(view, box, self.table.dice)
            self._panels.append(box)
            draw_dice_tray(surface, view, box, self.table.dice, self._items, marks, hover)
        strip = strip_layout(view, self.table)
        self._items += strip
        self.enlarged = draw_strip(surface, view, self.table, strip, marks, hover, self.data)
        if self.table.score:
            self._panels.append(score_rect(view, self.table.score))
            draw_score(surface, view, self.table.score)
        surface.set_clip(clip)

    def target_rect(self, target: str, camera: Camera) -> pygame.Rect | None:
        """A card, a die or a counter on screen (its tooltip keeps off it)."""
        for item, rect in self._items:
            if item == target:
                return pygame.Rect(rect)
        return self.map.target_rect(target, camera)

    def keep_clear(self) -> list[pygame.Rect]:
        """The combat tray and the final score as last drawn, and the Turn and Victory point
        tracks: toasts and the roll's tray keep off them (toasts lie over the hand strip, as
        ever, rather than over the board's spaces)."""
        tracks = self._tracks_on_screen(self._camera) if self._camera is not None else []
        return [*self._panels[1:], *tracks]

    def _marked_on_screen(self, camera: Camera, marks: Mapping[str, str]) -> list[pygame.Rect]:
        """The spaces and counters that may be clicked now, on screen (the dice tray keeps off
        them: an incursion's survivor goes back to a post while the dice lie there)."""
        out = []
        for target in marks:
            if target in self.rects:
                x, y, w, h = self.rects[target]
                left, top = camera.world_to_screen(x, y)
                out.append(pygame.Rect(round(left), round(top), round(w * camera.zoom),
                                       round(h * camera.zoom)))
            elif target in self.data.units:
                rect = self.map.target_rect(target, camera)
                if rect is not None:
                    out.append(rect)
        return out

    def _tracks_on_screen(self, camera: Camera) -> list[pygame.Rect]:
        """The Turn and Victory point tracks where they lie on screen (the dice tray keeps off
        them)."""
        out = []
        for track in self._tracks:
            left, top = camera.world_to_screen(track.x, track.y)
            out.append(pygame.Rect(round(left), round(top), round(track.width * camera.zoom),
                                   round(track.height * camera.zoom)))
        return out

    def hit(self, world_pos: tuple[float, float]) -> str | None:
        if self._camera is not None:
            screen = self._camera.world_to_screen(*world_pos)
            for target, rect in reversed(self._items):
                if rect.collidepoint(screen):
                    return target
            if any(panel.collidepoint(screen) for panel in self._panels):
                return "overlay"
        return self.map.hit(world_pos)

    def tooltip(self, target: str) -> str | None:
        if target.startswith("card:"):
            if target == self.enlarged:
                return None
            card = target.split(":")[-1]
            if card in self.data.cards:
                return card_tooltip(self.data.cards[card])
            return None
        if target.startswith("die:"):
            return _die_tooltip(target, self.table.dice)
        if target.startswith("back:"):
            return target.split(":", 1)[1]
        if target == "overlay":
            return None
        if target in self.tooltips:
            return self.tooltips[target]
        spec = self.map.stacks.spec(target)
        if spec is not None and target.startswith("m:"):
            # A marker's name already states its value (the factors printed on it).
            return spec.name
        text = self.map.tooltip(target)
        space = self.map.stacks.location_of(target)
        if text is not None and space is not None:
            # A counter covers its post: name the post and every area it belongs to as well.
            where = self.tooltips.get(space) or self.map.tooltip(space)
            return f"{text}\non {where}" if where else text
        return text

    def anchor(self, target: str) -> tuple[float, float] | None:
        for item, rect in self._items:
            if item == target and self._camera is not None:
                return self._camera.screen_to_world(*rect.center)
        return self.map.anchor(target)

    def _outline_area(self, surface: pygame.Surface, camera: Camera, region: str,
                      style: str) -> None:
        """A clickable area: a cased outline, solid red with crossed sabres at its number for an
        attack, dashed white otherwise."""
        points = [camera.world_to_screen(x, y) for x, y in self.map.regions[region].polygon]
        if style == "attack":
            pygame.draw.lines(surface, P.WHITE, True, points, 7)
            pygame.draw.lines(surface, (210, 36, 28), True, points, 4)
            anchor = self.map.anchor(region)
            if anchor is not None:
                cx, cy = camera.world_to_screen(*anchor)
                r = max(9, round(16 * camera.zoom))
                draw_icon(surface, "attack", (round(cx + 2.2 * r), round(cy)), r)
            return
        draw_highlight(surface, points, "hover")
        pygame.draw.lines(surface, P.INK, True, points, 5)
        dashed = [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]
        for a, b in dashed:
            _dashes(surface, a, b)

    # -- the shared cards, printed on the board ------------------------------------------------

    def _draw_shared(self, surface: pygame.Surface, camera: Camera,
                     marks: Mapping[str, str]) -> None:
        for slot, card in self.table.shared.items():
            space = f"shared-{slot}"
            if space not in self.rects or card is None:
                continue
            x, y, w, h = self.rects[space]
            sx, sy = camera.world_to_screen(x + 3, y + 3)
            width, height = round((w - 6) * camera.zoom), round((h - 6) * camera.zoom)
            if width < 12 or height < 16:
                continue
            surface.blit(card_face(self.data.cards[card], width, height), (round(sx), round(sy)))
            style = marks.get(space)
            if style is not None:
                box = pygame.Rect(round(sx), round(sy), width, height)
                draw_highlight(surface, rect_points(box), style)



def _dashes(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float]) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(length, t + 10)
        pygame.draw.line(surface, P.WHITE, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * end, a[1] + uy * end), 3)
        t += 16


def _die_tooltip(target: str, dice: dict[str, Any] | None) -> str | None:
    if dice is None:
        return None
    _, pool_i, die_i = target.split(":")
    pool = dice["pools"][int(pool_i)]
    value = pool["values"][int(die_i)]
    done = " (already modified)" if pool["modified"][int(die_i)] else ""
    return f"{pool['label']}: die {int(die_i) + 1} shows {value}{done}"
