"""Toasts: short timed messages at the bottom of the window (the reason of an illegal click with
its rule section, where a save or screenshot went). A click on a toast dismisses it.

At most `ToastStack.MAX` stand one above the other, and a message already on screen is not
stacked again (it is renewed). They keep clear of what the scene names (`keep_clear`: the
side panel's buttons, a mini-map, a hand of cards): a toast that would cover one narrows into
the free part of the window beside it, or rises above it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.ui import colors
from engine.ui import widgets as w

ERROR_EDGE = (200, 60, 40)
INFO_EDGE = colors.PAPER_DARK


@dataclass(slots=True)
class Toast:
    """One message: `kind` is "info" or "error" (an error also gets a heavier, striped edge so it
    does not depend on colour alone)."""

    text: str
    kind: str = "info"
    duration: float = 4.0
    age: float = 0.0

    @property
    def expired(self) -> bool:
        return self.age >= self.duration


class ToastStack:
    """The toasts on screen, newest at the bottom, each fading out at the end of its time."""

    MAX = 3

    def __init__(self) -> None:
        self.toasts: list[Toast] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self._rects: list[tuple[pygame.Rect, Toast]] = []
        self.keep_clear: list[pygame.Rect] = []
        """Screen rectangles no toast may cover (set by the app from the scene each frame)."""

    @property
    def messages(self) -> list[str]:
        """The texts on screen now, oldest first."""
        return [t.text for t in self.toasts]

    def push(self, text: str, kind: str = "info", duration: float | None = None) -> Toast:
        """Show `text`; errors stay a little longer by default (they are read, not glanced at)."""
        toast = Toast(text, kind, duration if duration is not None else (6.0 if kind == "error"
                                                                          else 4.0))
        self.toasts = [t for t in self.toasts if (t.text, t.kind) != (text, kind)]
        self.toasts.append(toast)
        del self.toasts[: -self.MAX]
        return toast

    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Toasts are centred along the bottom of `area`."""
        self.area = pygame.Rect(area)
        self.scale = scale

    def update(self, dt: float) -> None:
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if not t.expired]

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            for rect, toast in self._rects:
                if rect.collidepoint(event.pos):
                    if event.type == pygame.MOUSEBUTTONUP and toast in self.toasts:
                        self.toasts.remove(toast)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._rects = []
        if not self.toasts:
            return
        fnt = w.text_font(w.BODY, self.scale)
        pad = w.px(12, self.scale)
        y = self.area.bottom - pad
        for toast in reversed(self.toasts):
            rect, lines = self._place(toast.text, fnt, y)
            height = rect.height
            fade = min(1.0, max(0.0, toast.duration - toast.age) / 0.4)
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            alpha = 235
            box.fill((*colors.INK, alpha))
            edge = ERROR_EDGE if toast.kind == "error" else INFO_EDGE
            edge_w = w.px(6 if toast.kind == "error" else 3, self.scale)
            pygame.draw.rect(box, (*edge, alpha), (0, 0, edge_w, height))
            if toast.kind == "error":
                for sy in range(0, height, w.px(8, self.scale)):
                    pygame.draw.line(box, (*colors.INK, alpha), (0, sy + edge_w), (edge_w, sy))
            w.blit_lines(box, lines, fnt, colors.PAPER, (pad + edge_w, pad))
            if fade < 1.0:
                box.set_alpha(round(255 * fade))
            surface.blit(box, rect)
            self._rects.append((rect, toast))
            y = rect.top - w.px(6, self.scale)

    def _place(self, text: str, fnt: pygame.font.Font, bottom: int
               ) -> tuple[pygame.Rect, list[str]]:
        """The rectangle of a toast whose bottom is at most `bottom`, and its lines: centred in
        the area, else in the widest free part of the area beside what it must keep clear of,
        else above that."""
        pad = w.px(12, self.scale)
        widest = min(self.area.width - 2 * pad, w.px(720, self.scale))
        narrowest = min(widest, w.px(320, self.scale))
        left, right = self.area.left + pad, self.area.right - pad
        centre = self.area.centerx
        width = widest
        for _ in range(2 * len(self.keep_clear) + 2):
            lines = w.wrap(text, fnt, width - 2 * pad)
            rect = pygame.Rect(0, 0, width, len(lines) * fnt.get_linesize() + 2 * pad)
            rect.midbottom = (centre, bottom)
            rect.clamp_ip(pygame.Rect(left, self.area.top, right - left, self.area.height))
            hits = [r for r in self.keep_clear if rect.colliderect(r)]
            if not hits:
                return rect, lines
            band = [r for r in self.keep_clear
                    if r.top < rect.bottom and r.bottom > rect.top]
            span = _widest_gap(left, right, band)
            if span[1] - span[0] >= narrowest and (span[1] - span[0] < width
                                                   or (span[0] + span[1]) // 2 != centre):
                width = min(widest, span[1] - span[0])
                centre = (span[0] + span[1]) // 2
                continue
            # above what blocks it; a column as tall as the window (the side panel) only
            # narrows the room, rising would not clear it
            low = [r.top for r in hits if r.top > self.area.top]
            if not low:
                return rect, lines
            bottom = min(low) - w.px(6, self.scale)
            width, centre = widest, self.area.centerx
        return rect, lines


def _widest_gap(left: int, right: int, blocks: list[pygame.Rect]) -> tuple[int, int]:
    """The widest stretch of [left, right] that none of `blocks` covers."""
    best = (left, left)
    x = left
    for block in sorted(blocks, key=lambda r: r.left):
        if block.left > x and block.left - x > best[1] - best[0]:
            best = (x, min(block.left, right))
        x = max(x, block.right)
    if right - x > best[1] - best[0]:
        best = (x, right)
    return best
