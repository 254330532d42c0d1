"""The decision prompt: what the rules ask now (`Decision.prompt`) and one button per answer that
is not made on the board (DESIGN.md §2: every decision is an action). Long texts wrap; when the
buttons do not fit, the list scrolls with the mouse wheel."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.ui import widgets as w
from engine.ui.widgets.button import Button

Option = tuple[str, Callable[[], None]]


class Prompt:
    """A text and a scrolling column of option buttons inside `rect`."""

    def __init__(self) -> None:
        self.text = ""
        self.note = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.buttons: list[Button] = []
        self._labels: list[str] = []
        self._scroll = 0
        self._content_h = 0
        self._mouse = (-1, -1)

    def set(self, text: str, options: Sequence[Option], note: str = "") -> None:
        """Show `text` with one button per option; `note` is a muted line under the text (why
        there is nothing to press, a hint). Unchanged labels keep their buttons (and hover)."""
        labels = [label for label, _ in options]
        self.text = text
        self.note = note
        if labels != self._labels:
            self._labels = labels
            self.buttons = [Button(label, callback, scale=self.scale)
                            for label, callback in options]
            self._scroll = 0
            if self.rect.width:
                self.layout(self.rect, self.scale)
        else:
            for button, (_, callback) in zip(self.buttons, options, strict=True):
                button.on_click = callback

    def _text_lines(self, width: int) -> tuple[list[str], list[str]]:
        head = w.wrap(self.text, w.text_font(w.BODY, self.scale, bold=True), width)
        note = w.wrap(self.note, w.text_font(w.SMALL, self.scale), width) if self.note else []
        return head, note

    def _text_height(self, width: int) -> int:
        head, note = self._text_lines(width)
        return (len(head) * w.text_font(w.BODY, self.scale, bold=True).get_linesize()
                + len(note) * w.text_font(w.SMALL, self.scale).get_linesize())

    def preferred_height(self, width: int, scale: float) -> int:
        """The height that shows the text and every button at `width`."""
        self.scale = scale
        pad = w.px(10, scale)
        gap = w.px(6, scale)
        inner = width - 2 * pad
        height = 2 * pad + self._text_height(inner)
        for button in self.buttons:
            button.scale = scale
            height += gap + button.height_for(inner)
        return height

    def whole_height(self, width: int, limit: int) -> int:
        """The tallest height up to `limit` that ends below a whole button (the text and the
        first button at least): a prompt too long for its room shows no button cut in half
        at its bottom edge ("Cancel" half off the panel) and scrolls to the others."""
        pad = w.px(10, self.scale)
        gap = w.px(6, self.scale)
        inner = width - 2 * pad - w.px(6, self.scale)
        height = pad + self._text_height(inner)
        best = 0
        for button in self.buttons:
            height += gap + button.height_for(inner)
            if best and height + gap // 2 > limit:
                break
            best = height + gap // 2  # short of the next button's top
        return min(limit, best) if best else limit

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        pad = w.px(10, scale)
        gap = w.px(6, scale)
        inner = rect.width - 2 * pad - w.px(6, scale)
        y = rect.y + pad + self._text_height(inner)
        for button in self.buttons:
            button.scale = scale
            h = button.height_for(inner)
            button.rect = pygame.Rect(rect.x + pad, y + gap - self._scroll, inner, h)
            y += gap + h
        self._content_h = y + pad - rect.y

    def _scroll_by(self, dy: int) -> None:
        limit = max(0, self._content_h - self.rect.height)
        new = max(0, min(limit, self._scroll + dy))
        if new != self._scroll:
            shift = self._scroll - new
            self._scroll = new
            for button in self.buttons:
                button.rect.move_ip(0, shift)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._mouse):
                self._scroll_by(-event.y * w.px(40, self.scale))
                return True
            return False
        if hasattr(event, "pos"):
            if not self.rect.collidepoint(event.pos):
                for button in self.buttons:
                    button.reset()
                return False
            used = [button.process_event(event) for button in self.buttons]
            return any(used) or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        pad = w.px(10, self.scale)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        inner = self.rect.width - 2 * pad - w.px(6, self.scale)
        head, note = self._text_lines(inner)
        y = w.blit_lines(surface, head, w.text_font(w.BODY, self.scale, bold=True), w.TEXT,
                         (self.rect.x + pad, self.rect.y + pad - self._scroll))
        w.blit_lines(surface, note, w.text_font(w.SMALL, self.scale), w.MUTED,
                     (self.rect.x + pad, y))
        for button in self.buttons:
            if button.rect.colliderect(self.rect):
                button.draw(surface)
        surface.set_clip(clip)
        if self._content_h > self.rect.height:
            bar_h = max(w.px(24, self.scale), self.rect.height ** 2 // self._content_h)
            span = self.rect.height - bar_h
            top = self.rect.y + span * self._scroll // max(1, self._content_h - self.rect.height)
            pygame.draw.rect(surface, w.MUTED, (self.rect.right - w.px(5, self.scale), top,
                                                w.px(4, self.scale), bar_h))
