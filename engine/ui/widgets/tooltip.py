"""A hover tooltip: after the mouse rests on one element for a moment, a small box names it (the
board's tooltips give the rulebook's name of a hex, space or counter)."""

from __future__ import annotations

import pygame

from engine.ui import colors
from engine.ui import widgets as w


class Tooltip:
    """Shows `text` near the mouse once the same target has been hovered for `delay` seconds."""

    def __init__(self, delay: float = 0.5) -> None:
        self.delay = delay
        self.scale = 1.0
        self.key: str | None = None
        self.text: str | None = None
        self.pos = (0, 0)
        self.avoid: pygame.Rect | None = None
        self.drawn: pygame.Rect | None = None
        """Where the box was drawn last."""
        """The thing the tooltip explains, on screen (a counter, a card, a button): the box
        keeps off it."""
        self._rested = 0.0

    @property
    def visible(self) -> bool:
        return self.text is not None and self._rested >= self.delay

    def hover(self, key: str | None, text: str | None) -> None:
        """Tell the tooltip what is under the mouse now (`key` identifies it); a new key restarts
        the delay, None hides the box."""
        if key != self.key:
            self.key = key
            self._rested = 0.0
        self.text = text if key is not None else None

    def update(self, dt: float) -> None:
        if self.key is not None:
            self._rested += dt

    def process_event(self, event: pygame.event.Event) -> bool:
        """Follows the mouse; a press hides the box until the next rest. Never consumes events."""
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._rested = 0.0
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.text is None:
            return
        fnt = w.text_font(w.SMALL, self.scale)
        pad = w.px(6, self.scale)
        lines = w.wrap(self.text, fnt, w.px(360, self.scale))
        width = max(fnt.size(line)[0] for line in lines) + 2 * pad
        height = len(lines) * fnt.get_linesize() + 2 * pad
        rect = self.place((width, height), surface.get_rect())
        self.drawn = rect
        pygame.draw.rect(surface, colors.lighter(colors.PAPER, 0.5), rect)
        pygame.draw.rect(surface, colors.INK, rect, 1)
        w.blit_lines(surface, lines, fnt, colors.INK, (rect.x + pad, rect.y + pad))

    def place(self, size: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
        """The box beside the pointer (below and right of it, else where it fits in `bounds`),
        never over `avoid`: when it would cover it, below, above, right or left of it."""
        pad = w.px(6, self.scale)
        rect = pygame.Rect((self.pos[0] + w.px(16, self.scale),
                            self.pos[1] + w.px(18, self.scale)), size)
        if rect.right > bounds.right:
            rect.right = self.pos[0] - pad
        if rect.bottom > bounds.bottom:
            rect.bottom = self.pos[1] - pad
        rect.clamp_ip(bounds)
        avoid = self.avoid
        if avoid is None or not rect.colliderect(avoid):
            return rect
        x = min(max(self.pos[0] - size[0] // 2, bounds.left), bounds.right - size[0])
        y = min(max(self.pos[1] - size[1] // 2, bounds.top), bounds.bottom - size[1])
        for spot in ((x, avoid.bottom + pad), (x, avoid.top - pad - size[1]),
                     (avoid.right + pad, y), (avoid.left - pad - size[0], y)):
            tried = pygame.Rect(spot, size)
            if bounds.contains(tried):
                return tried
        return rect
