"""The dice animation for `DiceRolled` events: the dice tumble for about 0.6 s (random faces, a
slight rotation and bounce), settle on the values the rules logged, stay a moment, then go.

The faces shown while tumbling are decoration; the settled faces are always the event's `values`
(DESIGN.md §3: every roll comes from the game's Dice and is recorded). A d6 shows pips; any other
die (an averaging die, a d10) shows its numbers. A click or key skips: the first settles the dice
at once, the next dismisses them. Speed 0 shows nothing (the log has the roll), 1 is normal,
2 is fast.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from functools import lru_cache

import pygame

from engine.core.actions import DiceRolled
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.fonts import font

TUMBLE = 0.6
HOLD = 1.0
FLIP_EVERY = 0.07

_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def tumble_faces(die: str, values: tuple[int, ...], faces: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Faces to flicker through while tumbling: the die's own faces when the event lists them,
    1..N for a "dN" die, else a range around the logged values."""
    if faces:
        return tuple(sorted(set(faces)))
    match = re.fullmatch(r"d(\d+)", die.strip().lower())
    if match and int(match.group(1)) > 1:
        return tuple(range(1, int(match.group(1)) + 1))
    low = min(values, default=1)
    high = max(values, default=6)
    return tuple(range(min(low, 1), max(high, 6) + 1))


@lru_cache(maxsize=256)
def die_face(value: int, size: int, pips: bool) -> pygame.Surface:
    """One die face: ivory with ink pips (d6) or its number in bold."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 6)
    pygame.draw.rect(surf, (250, 246, 232), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, colors.INK, surf.get_rect(), max(2, size // 24), border_radius=radius)
    if pips and value in _PIPS:
        r = max(2, size // 11)
        for fx, fy in _PIPS[value]:
            pygame.draw.circle(surf, colors.INK, (round(fx * size), round(fy * size)), r)
    else:
        fnt = font(size * 11 // 20, bold=True)
        img = fnt.render(str(value), True, colors.INK)
        surf.blit(img, img.get_rect(center=(size // 2, size // 2)))
    return surf


class DiceAnimation:
    """Animates one `DiceRolled` event; `finished` turns True when it is over."""

    def __init__(self, event: DiceRolled, speed: int = 1, rng: random.Random | None = None) -> None:
        self.event = event
        self.values = tuple(event.values)
        self.speed = speed
        self._rng = rng if rng is not None else random.Random()
        self._pool = tumble_faces(event.die, self.values, event.faces)
        self._pips = event.die.strip().lower() == "d6"
        factor = 0.5 if speed >= 2 else 1.0
        self.tumble_time = TUMBLE * factor
        self.hold_time = HOLD * factor
        self.elapsed = 0.0 if speed > 0 else self.tumble_time + self.hold_time
        self.faces = [self._rng.choice(self._pool) for _ in self.values]
        self._phase = [self._rng.uniform(0.0, FLIP_EVERY) for _ in self.values]
        self._spin = [self._rng.uniform(-1.0, 1.0) for _ in self.values]
        self._next_flip = list(self._phase)
        if self.settled:
            self.faces = list(self.values)

    @property
    def settled(self) -> bool:
        """The dice show the logged values."""
        return self.elapsed >= self.tumble_time

    @property
    def finished(self) -> bool:
        return self.elapsed >= self.tumble_time + self.hold_time

    def skip(self) -> None:
        """Settle at once; when already settled, end."""
        if not self.settled:
            self.elapsed = self.tumble_time
            self.faces = list(self.values)
        else:
            self.elapsed = self.tumble_time + self.hold_time

    def update(self, dt: float) -> None:
        if self.finished:
            return
        was_settled = self.settled
        self.elapsed += dt
        if self.settled:
            if not was_settled:
                self.faces = list(self.values)
            return
        for i in range(len(self.faces)):
            while self._next_flip[i] <= self.elapsed:
                self._next_flip[i] += FLIP_EVERY * (1.0 + 2.0 * self.elapsed / self.tumble_time)
                self.faces[i] = self._rng.choice(self._pool)

    def process_event(self, event: pygame.event.Event) -> bool:
        """A click or a key skips; every press is taken while the dice are on screen."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.skip()
            return True
        return event.type == pygame.MOUSEBUTTONUP

    def _pose(self, i: int) -> tuple[float, float]:
        """(rotation in degrees, lift as a fraction of the die size) of die `i` now."""
        if self.settled:
            return 0.0, 0.0
        p = self.elapsed / self.tumble_time
        fade = (1.0 - p) ** 2
        angle = 28.0 * self._spin[i] * math.sin(14.0 * self.elapsed + 3.0 * i) * fade
        lift = abs(math.sin(11.0 * self.elapsed + self._phase[i] * 40.0)) * 0.45 * fade
        return angle, lift

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None:
        """Draw the dice on a dark band across the middle of `area`."""
        if self.finished:
            return
        size = w.px(64, scale)
        gap = w.px(18, scale)
        caption_f = w.text_font(w.BODY, scale, bold=True)
        band_h = size * 2 + caption_f.get_linesize() + 2 * gap
        band = pygame.Rect(area.x, area.centery - band_h // 2, area.width, band_h)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((*colors.INK, 200))
        surface.blit(shade, band)
        caption = self.event.text if self.settled else (
            f"Rolling for {self.event.purpose}…" if self.event.purpose else "Rolling…")
        lines = w.wrap(caption, caption_f, area.width - 2 * gap)[:2]
        w.blit_lines(surface, lines, caption_f, colors.PAPER, (band.x + gap, band.y + gap // 2),
                     center_width=band.width - 2 * gap)
        count = len(self.faces)
        total = count * size + (count - 1) * gap
        x = band.centerx - total // 2
        base_y = band.bottom - gap - size
        for i, face in enumerate(self.faces):
            angle, lift = self._pose(i)
            img = die_face(face, size, self._pips and face in _PIPS)
            if angle:
                img = pygame.transform.rotozoom(img, angle, 1.0)
            centre = (x + size // 2, base_y + size // 2 - round(lift * size))
            surface.blit(img, img.get_rect(center=centre))
            x += size + gap


class DiceTray:
    """The last roll, kept on the board after its animation (the final values and the log's
    account of them, modifiers included) while what follows from it is resolved: casualties,
    retreats, a reroll. A click on the tray puts it away; the next roll replaces it."""

    def __init__(self, event: DiceRolled) -> None:
        self.event = event
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """Top right of `area` (the games keep their hands and prompts along the bottom and
        their own combat bands at the top left), else top left, where it covers none of
        `avoid` (what the board keeps clear: a game's tracks, its own combat tray): the dice,
        then the roll's text beside them."""
        size = w.px(34, scale)
        gap = w.px(8, scale)
        fnt = w.text_font(w.SMALL, scale)
        values = self.event.values
        dice_w = len(values) * size + max(0, len(values) - 1) * gap // 2
        text_w = min(w.px(360, scale), max(w.px(120, scale), area.width // 2 - dice_w))
        lines = w.wrap(self.event.text, fnt, text_w)
        text_w = max(fnt.size(line)[0] for line in lines)
        height = max(size, len(lines) * fnt.get_linesize()) + 2 * gap
        width = dice_w + text_w + 3 * gap
        self.rect = pygame.Rect(area.right - gap - width, area.y + gap, width, height)
        if self.rect.collidelist(list(avoid)) >= 0:
            left = self.rect.move(area.x + gap - self.rect.x, 0)
            if left.collidelist(list(avoid)) < 0:
                self.rect = left
        box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box.fill((*colors.INK, 215))
        surface.blit(box, self.rect)
        pips = self.event.die.strip().lower() == "d6"
        x = self.rect.x + gap
        for value in values:
            surface.blit(die_face(value, size, pips and value in _PIPS),
                         (x, self.rect.centery - size // 2))
            x += size + gap // 2
        w.blit_lines(surface, lines, fnt, colors.PAPER, (self.rect.x + 2 * gap + dice_w,
                                                         self.rect.y + gap))


def skips_dice(event: pygame.event.Event) -> bool:
    """A key or a left click, which skips a dice animation; moving the mouse never does."""
    if event.type == pygame.KEYDOWN:
        return True
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
