"""A push button: fires its callback when the mouse is pressed and released over it.

Labels wrap onto several lines when the button is narrow (prompt options can be long), and the
owner asks `height_for(width)` to stack buttons. A disabled button is drawn greyed and never
fires.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.ui import widgets as w


class Button:
    """One clickable button with a wrapped label."""

    def __init__(
        self,
        text: str,
        on_click: Callable[[], None] | None = None,
        *,
        rect: pygame.Rect | None = None,
        scale: float = 1.0,
        enabled: bool = True,
        primary: bool = False,
        selected: bool = False,
    ) -> None:
        self.text = text
        self.on_click = on_click
        self.rect = rect if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.scale = scale
        self.enabled = enabled
        self.primary = primary
        self.selected = selected
        self.hovered = False
        self._pressed = False

    def _font(self) -> pygame.font.Font:
        return w.text_font(w.BODY, self.scale, bold=self.primary or self.selected)

    def _pad(self) -> int:
        return w.px(8, self.scale)

    def height_for(self, width: int) -> int:
        """The height this button needs at `width` pixels to show its whole label."""
        fnt = self._font()
        lines = w.wrap(self.text, fnt, max(1, width - 2 * self._pad()))
        return len(lines) * fnt.get_linesize() + 2 * self._pad()

    def min_width(self) -> int:
        """The width that fits the label on one line."""
        return self._font().size(self.text)[0] + 3 * self._pad()

    def reset(self) -> None:
        """Forget hover and a half-done press (the mouse left the area holding the button)."""
        self.hovered = False
        self._pressed = False

    def process_event(self, event: pygame.event.Event) -> bool:
        """Track hover and presses; fire on release over the button. True when the event was a
        press or release on this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = self.enabled
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if not self.rect.collidepoint(event.pos):
                return False
            if was_pressed and self.enabled and self.on_click is not None:
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        if not self.enabled:
            fill, ink = w.BUTTON_DISABLED, w.MUTED
        elif self.primary or self.selected:
            fill = w.PRIMARY_HOVER if self.hovered else w.PRIMARY
            ink = w.HEADER_TEXT
        else:
            fill = w.BUTTON_PRESSED if self._pressed else (
                w.BUTTON_HOVER if self.hovered else w.BUTTON)
            ink = w.TEXT
        radius = w.px(5, self.scale)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        border = 2 if self.hovered and self.enabled else 1
        pygame.draw.rect(surface, w.PANEL_EDGE, self.rect, border, border_radius=radius)
        fnt = self._font()
        pad = self._pad()
        lines = w.wrap(self.text, fnt, max(1, self.rect.width - 2 * pad))
        text_h = len(lines) * fnt.get_linesize()
        top = self.rect.y + (self.rect.height - text_h) // 2
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        w.blit_lines(surface, lines, fnt, ink, (self.rect.x + pad, top),
                     center_width=self.rect.width - 2 * pad)
        surface.set_clip(clip)
