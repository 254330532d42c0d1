"""A one-line text entry: click to focus, type, Backspace (Ctrl+Backspace a word), Ctrl+A to
select all (what is typed next replaces it, Backspace clears it), Ctrl+U to clear, Enter to
submit.

What is typed is kept to `limit` printable characters (a pasted novel or a control character
never reaches the owner); the text scrolls left when it is wider than the box.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.ui import colors
from engine.ui import widgets as w


class TextField:
    """A labelled text box; `on_enter` runs when Enter is pressed while it has the focus."""

    def __init__(self, label: str, text: str = "", *, limit: int = 200,
                 on_enter: Callable[[], None] | None = None, placeholder: str = "") -> None:
        self.label = label
        self.limit = limit
        self.text = ""
        self.set(text)
        self.on_enter = on_enter
        self.placeholder = placeholder
        self.focused = False
        self.all_selected = False
        """Ctrl+A: the whole text is selected, and the next key replaces or clears it."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def set(self, text: str) -> None:
        self.text = "".join(c for c in text if c.isprintable())[: self.limit]

    def height(self, scale: float) -> int:
        return w.text_font(w.BODY, scale).get_linesize() + 2 * w.px(8, scale)

    def process_event(self, event: pygame.event.Event) -> bool:
        """True when the event was for this field (a click on it, a key while it has focus)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was, self.focused = self.focused, self.rect.collidepoint(event.pos)
            self.all_selected = False
            if self.focused != was:
                (pygame.key.start_text_input if self.focused else pygame.key.stop_text_input)()
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.set(("" if self.all_selected else self.text) + event.text)
            self.all_selected = False
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            selected, self.all_selected = self.all_selected, False
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and selected:
                self.text = ""
            elif event.key == pygame.K_BACKSPACE and ctrl:
                kept = self.text.rstrip()
                self.text = kept[:len(kept) - len(kept.split()[-1])] if kept.split() else ""
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key == pygame.K_a and ctrl:
                self.all_selected = bool(self.text)
            elif event.key == pygame.K_u and ctrl:
                self.text = ""
            elif event.key in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT,
                               pygame.K_RSHIFT) or (not ctrl and _types(event)):
                # a modifier alone keeps the selection, and so does a key that types (its
                # text comes next, as TEXTINPUT, and replaces the selection)
                self.all_selected = selected
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_enter is not None:
                    self.on_enter()
            elif event.key == pygame.K_ESCAPE:
                self.focused = False
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.scale
        radius = w.px(4, scale)
        pygame.draw.rect(surface, colors.lighter(w.PANEL, 0.5), self.rect, border_radius=radius)
        pygame.draw.rect(surface, w.PRIMARY if self.focused else w.PANEL_EDGE, self.rect,
                         2 if self.focused else 1, border_radius=radius)
        fnt = w.text_font(w.BODY, scale)
        pad = w.px(8, scale)
        shown, ink = (self.text, w.TEXT) if self.text or self.focused \
            else (self.placeholder, w.MUTED)
        img = fnt.render(shown, True, ink)
        room = self.rect.width - 2 * pad
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2).clip(clip))
        x = self.rect.x + pad - max(0, img.get_width() - room)
        y = self.rect.centery - img.get_height() // 2
        if self.all_selected and self.focused:
            pygame.draw.rect(surface, colors.lighter(w.PRIMARY, 0.6),
                             pygame.Rect(x, y, img.get_width(), img.get_height()))
        surface.blit(img, (x, y))
        if self.focused:
            cx = min(self.rect.right - pad, self.rect.x + pad + img.get_width()) + 1
            pygame.draw.line(surface, w.TEXT, (cx, y + 2), (cx, y + img.get_height() - 2), 2)
        surface.set_clip(clip)


def _types(event: pygame.event.Event) -> bool:
    """Whether a key press types a character (its TEXTINPUT comes next)."""
    text = getattr(event, "unicode", "")
    return isinstance(text, str) and len(text) == 1 and text.isprintable()
