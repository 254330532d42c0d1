"""A modal dialog: a title, a message (wrapped, scrolled with the wheel when long, as a scenario
error listing every problem can be), optional choice rows and a row of buttons.

The launcher asks Human or Computer for each side through choice rows; errors and the end of a
game are shown the same way. Enter presses the first button, Escape the `escape` one. Any button
closes the dialog before its callback runs, so a callback may open the next dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.widgets.button import Button


@dataclass(slots=True)
class ChoiceRow:
    """A labelled one-of-several choice, e.g. "Red: Human | Computer". A row with `shown`
    that answers False (another row's choice makes it moot: a seat outside the number of
    players chosen) shows `off` instead of its options and takes no click."""

    label: str
    options: tuple[str, ...]
    selected: int = 0
    shown: Callable[[], bool] | None = None
    off: str = ""

    @property
    def active(self) -> bool:
        return self.shown is None or self.shown()

    @property
    def value(self) -> str:
        return self.options[self.selected]


def _bold_width(button: Button, scale: float) -> int:
    """The one-line width of a choice button at `scale` when selected (bold, the wider)."""
    button.scale = scale
    was, button.selected = button.selected, True
    try:
        return button.min_width()
    finally:
        button.selected = was


class Dialog:
    """A modal box; the owning scene holds it in `scene.dialog` while it is open."""

    def __init__(
        self,
        title: str,
        text: str,
        buttons: Sequence[tuple[str, Callable[[], None] | None]],
        *,
        rows: Sequence[ChoiceRow] = (),
        escape: int | None = -1,
    ) -> None:
        if not buttons:
            raise ValueError("a dialog needs at least one button")
        self.title = title
        self.text = text
        self.rows = list(rows)
        self.escape = escape
        self.closed = False
        self.scale = 1.0
        self.screen = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._body = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        self._scroll = 0
        self._actions = list(buttons)
        self._presses = [self._closer(i) for i in range(len(buttons))]
        self.buttons = [Button(label, press) for (label, _), press in zip(buttons, self._presses,
                                                                         strict=True)]
        self.buttons[0].primary = True
        self._row_buttons: list[list[Button]] = [
            [Button(opt, self._chooser(r, k)) for k, opt in enumerate(row.options)]
            for r, row in enumerate(self.rows)
        ]

    def _closer(self, index: int) -> Callable[[], None]:
        def press() -> None:
            self.closed = True
            callback = self._actions[index][1]
            if callback is not None:
                callback()

        return press

    def _chooser(self, row: int, option: int) -> Callable[[], None]:
        def choose() -> None:
            self.rows[row].selected = option

        return choose

    def press(self, label: str) -> None:
        """Press the button labelled `label` (keyboard shortcuts and tests use it)."""
        for press, (text, _) in zip(self._presses, self._actions, strict=True):
            if text == label:
                press()
                return
        raise KeyError(label)

    def layout(self, screen: pygame.Rect, scale: float) -> None:
        """Centre the dialog on `screen` and place its parts."""
        self.screen = pygame.Rect(screen)
        self.scale = scale
        pad = w.px(18, scale)
        gap = w.px(10, scale)
        body_font = w.text_font(w.BODY, scale)
        label_w = max((body_font.size(r.label)[0] for r in self.rows), default=0) + gap
        # wide enough for the longest row label and its options unbroken ("Instant", not
        # "Insta nt"), within the screen
        rows_w = max((label_w + len(buttons) * (max(_bold_width(b, scale) for b in buttons) + gap)
                      for buttons in self._row_buttons if buttons), default=0)
        width = min(screen.width - 2 * gap, max(w.px(640, scale), rows_w + 2 * pad))
        inner = width - 2 * pad
        title_h = w.text_font(w.TITLE, scale, bold=True).get_linesize() + gap
        self._lines = w.wrap(self.text, body_font, inner) if self.text else []
        row_h = body_font.get_linesize() + 2 * w.px(8, scale)
        rows_h = len(self.rows) * (row_h + gap)
        for button in self.buttons:
            button.scale = scale
        btn_h = max(b.height_for(b.min_width()) for b in self.buttons)
        btn_w = min(inner, max(b.min_width() for b in self.buttons))
        per_line = max(1, (inner + gap) // (btn_w + gap))
        btn_lines = -(-len(self.buttons) // per_line)
        buttons_h = btn_lines * (btn_h + gap)
        text_h = len(self._lines) * body_font.get_linesize()
        room = screen.height - 2 * gap - 2 * pad - title_h - rows_h - buttons_h - gap
        body_h = max(0, min(text_h, room))
        height = 2 * pad + title_h + body_h + gap + rows_h + buttons_h
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = screen.center
        y = self.rect.y + pad + title_h
        self._body = pygame.Rect(self.rect.x + pad, y, inner, body_h)
        self._scroll = min(self._scroll, max(0, text_h - body_h))
        y += body_h + gap
        for row, buttons in zip(self.rows, self._row_buttons, strict=True):
            x = self.rect.x + pad + label_w
            each = (inner - label_w - gap * (len(buttons) - 1)) // max(1, len(buttons))
            for k, button in enumerate(buttons):
                button.scale = scale
                button.selected = k == row.selected
                button.rect = pygame.Rect(x, y, each, row_h)
                x += each + gap
            y += row_h + gap
        for i, button in enumerate(self.buttons):
            line, col = divmod(i, per_line)
            in_line = min(per_line, len(self.buttons) - line * per_line)
            x0 = self.rect.right - pad - in_line * btn_w - (in_line - 1) * gap
            button.rect = pygame.Rect(x0 + col * (btn_w + gap), y + line * (btn_h + gap),
                                      btn_w, btn_h)

    def process_event(self, event: pygame.event.Event) -> bool:
        """Modal: every event is taken, whether or not it lands on the dialog."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._presses[0]()
            elif event.key == pygame.K_ESCAPE and self.escape is not None:
                self._presses[self.escape]()
            return True
        if event.type == pygame.MOUSEWHEEL:
            text_h = len(self._lines) * w.text_font(w.BODY, self.scale).get_linesize()
            step = w.px(40, self.scale)
            self._scroll = max(0, min(text_h - self._body.height, self._scroll - event.y * step))
            return True
        for r, buttons in enumerate(self._row_buttons):
            if not self.rows[r].active:
                continue
            for button in buttons:
                button.process_event(event)
            for k, button in enumerate(buttons):
                button.selected = k == self.rows[r].selected
        for button in self.buttons:
            button.process_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        shadow = self.rect.move(w.px(5, self.scale), w.px(6, self.scale))
        pygame.draw.rect(surface, (20, 18, 16), shadow, border_radius=w.px(6, self.scale))
        pygame.draw.rect(surface, w.PANEL, self.rect, border_radius=w.px(6, self.scale))
        pygame.draw.rect(surface, colors.INK, self.rect, 2, border_radius=w.px(6, self.scale))
        pad = w.px(18, self.scale)
        title_font = w.text_font(w.TITLE, self.scale, bold=True)
        surface.blit(title_font.render(self.title, True, w.TEXT),
                     (self.rect.x + pad, self.rect.y + pad))
        body_font = w.text_font(w.BODY, self.scale)
        clip = surface.get_clip()
        surface.set_clip(self._body)
        w.blit_lines(surface, self._lines, body_font, w.TEXT,
                     (self._body.x, self._body.y - self._scroll))
        surface.set_clip(clip)
        text_h = len(self._lines) * body_font.get_linesize()
        if text_h > self._body.height:
            bar_h = max(w.px(20, self.scale), self._body.height ** 2 // text_h)
            span = self._body.height - bar_h
            top = self._body.y + span * self._scroll // max(1, text_h - self._body.height)
            pygame.draw.rect(surface, w.MUTED, (self._body.right + w.px(4, self.scale), top,
                                                w.px(4, self.scale), bar_h))
        label_font = body_font
        for row, buttons in zip(self.rows, self._row_buttons, strict=True):
            active = row.active
            if buttons:
                label = label_font.render(row.label, True, w.TEXT if active else w.MUTED)
                r = buttons[0].rect
                surface.blit(label, (self.rect.x + pad, r.centery - label.get_height() // 2))
                if not active:
                    off = label_font.render(row.off, True, w.MUTED)
                    surface.blit(off, (r.x, r.centery - off.get_height() // 2))
                    continue
            for button in buttons:
                button.draw(surface)
        for button in self.buttons:
            button.draw(surface)
