"""The small menu that opens where the board was clicked (DESIGN.md §8, "looking is free, acting
is explicit"): a title, then one row per thing that may be done there with its cost. A greyed row
cannot be chosen and says why under its label; a row that rolls, draws, reveals or plays a card
is marked "(no undo)". The same widget lists the counters of a stack when a click must say which
one is meant.

Mouse: a click on a live row chooses it; a click outside closes the menu and goes no further (it
was meant for the menu, not for the board beneath). Keys: Up/Down move, Enter chooses; the scene
closes the menu on Escape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.adapter import MenuItem

NO_UNDO = "(no undo)"


@dataclass(frozen=True, slots=True)
class MenuRow:
    """One row: `text` on the first line, `detail` (muted, wrapped) under it; a row without
    `callback` is greyed out."""

    text: str
    callback: Callable[[], None] | None = None
    detail: str = ""


def item_text(item: MenuItem) -> str:
    """"Label — cost", with "(no undo)" for an item that passes the undo barrier."""
    text = f"{item.label} — {item.cost}" if item.cost else item.label
    return f"{text} {NO_UNDO}" if item.irreversible else text


def item_rows(items: Sequence[MenuItem],
              choose: Callable[[MenuItem], None]) -> list[MenuRow]:
    """Rows for a game's menu items; a greyed item shows its reason."""

    def chooser(item: MenuItem) -> Callable[[], None]:
        return lambda: choose(item)

    return [MenuRow(item_text(item), chooser(item) if item.action is not None else None,
                    "" if item.action is not None else item.reason)
            for item in items]


class PopupMenu:
    """A titled column of rows placed next to `at`, kept inside `bounds`. `closed` turns True
    once a row was chosen or the menu was dismissed."""

    def __init__(self, title: str, rows: Sequence[MenuRow], at: tuple[int, int],
                 bounds: pygame.Rect, scale: float) -> None:
        self.title = title
        self.rows = list(rows)
        self.scale = scale
        self.closed = False
        self.hovered: int | None = None
        self._pressed: int | None = None
        self.row_rects: list[pygame.Rect] = []
        self._lines: list[tuple[list[str], list[str]]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._layout(at, bounds)

    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        return (w.text_font(w.BODY, self.scale, bold=True), w.text_font(w.BODY, self.scale),
                w.text_font(w.SMALL, self.scale))

    def _layout(self, at: tuple[int, int], bounds: pygame.Rect) -> None:
        title_f, body_f, small_f = self._fonts()
        pad = w.px(8, self.scale)
        cap = min(w.px(440, self.scale), bounds.width - 2 * pad)
        widest = max([title_f.size(self.title)[0]] + [body_f.size(r.text)[0] for r in self.rows])
        inner = max(w.px(160, self.scale), min(cap - 2 * pad, widest))
        self._lines = [(w.wrap(r.text, body_f, inner),
                        w.wrap(r.detail, small_f, inner - pad) if r.detail else [])
                       for r in self.rows]
        title_lines = w.wrap(self.title, title_f, inner) if self.title else []
        y = pad + len(title_lines) * title_f.get_linesize() + (pad if title_lines else 0)
        rects = []
        for head, detail in self._lines:
            h = (len(head) * body_f.get_linesize() + len(detail) * small_f.get_linesize()
                 + pad)
            rects.append(pygame.Rect(pad // 2, y, inner + pad, h))
            y += h
        width, height = inner + 2 * pad, y + pad // 2
        rect = pygame.Rect(at[0] + w.px(12, self.scale), at[1] - pad, width, height)
        if rect.right > bounds.right:
            rect.right = at[0] - w.px(12, self.scale)
        if rect.bottom > bounds.bottom:
            rect.bottom = bounds.bottom - pad
        rect.clamp_ip(bounds)
        self.rect = rect
        self.row_rects = [r.move(rect.topleft) for r in rects]

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.row_rects):
            if r.collidepoint(pos):
                return i
        return None

    def _choose(self, index: int) -> None:
        callback = self.rows[index].callback
        if callback is None:
            return
        self.closed = True
        callback()

    def process_event(self, event: pygame.event.Event) -> bool:
        """Every mouse press, release and key is taken while the menu is open; a press outside
        it closes it."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._row_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                return False
            if not self.rect.collidepoint(event.pos):
                self.closed = True
            elif event.button == 1:
                self._pressed = self._row_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1 and self._pressed is not None \
                    and self._row_at(event.pos) == self._pressed:
                self._choose(self._pressed)
            self._pressed = None
            return True
        if event.type == pygame.KEYDOWN:
            live = [i for i, r in enumerate(self.rows) if r.callback is not None]
            if event.key in (pygame.K_DOWN, pygame.K_UP) and live:
                step = 1 if event.key == pygame.K_DOWN else -1
                if self.hovered not in live:
                    self.hovered = live[0] if step > 0 else live[-1]
                else:
                    self.hovered = live[(live.index(self.hovered) + step) % len(live)]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hovered is not None:
                self._choose(self.hovered)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        title_f, body_f, small_f = self._fonts()
        pad = w.px(8, self.scale)
        shadow = self.rect.move(w.px(3, self.scale), w.px(4, self.scale))
        pygame.draw.rect(surface, (20, 18, 16), shadow, border_radius=w.px(4, self.scale))
        pygame.draw.rect(surface, w.PANEL, self.rect, border_radius=w.px(4, self.scale))
        pygame.draw.rect(surface, colors.INK, self.rect, 2, border_radius=w.px(4, self.scale))
        inner = self.rect.width - 2 * pad
        if self.title:
            y = w.blit_lines(surface, w.wrap(self.title, title_f, inner), title_f, w.TEXT,
                             (self.rect.x + pad, self.rect.y + pad))
            pygame.draw.line(surface, w.ACCENT, (self.rect.x + pad, y + pad // 2),
                             (self.rect.right - pad, y + pad // 2), 1)
        for i, (row, r, (head, detail)) in enumerate(
                zip(self.rows, self.row_rects, self._lines, strict=True)):
            live = row.callback is not None
            if live and i == self.hovered:
                pygame.draw.rect(surface, w.BUTTON_HOVER, r, border_radius=w.px(3, self.scale))
                pygame.draw.rect(surface, w.PANEL_EDGE, r, 1, border_radius=w.px(3, self.scale))
            ink = w.TEXT if live else w.MUTED
            y = w.blit_lines(surface, head, body_f, ink, (r.x + pad // 2, r.y + pad // 2))
            w.blit_lines(surface, detail, small_f, w.ACCENT if not live else w.MUTED,
                         (r.x + pad, y))
