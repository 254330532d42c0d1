"""The player aid (F1): the game's `AidPage`s one at a time, their text wrapped and their
`AidTable`s drawn as tables with columns and ruled rows.

The dialog is sized once for its largest page, so paging never moves it or its buttons; a page
taller than the window scrolls with the wheel. PgUp/PgDn and Left/Right page (Enter too, as the
first button of the old dialog did), Up/Down scroll, Escape closes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.adapter import AidPage, AidTable
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import Dialog

CELL_PAD = 6


def column_widths(table: AidTable, fnt: pygame.font.Font, bold: pygame.font.Font,
                  width: int, scale: float) -> list[int]:
    """Each column's width: its widest cell (or heading), shrunk when the table would be wider
    than `width` (cells then wrap between words; a word is cut only when the longest words of
    the columns cannot all fit)."""
    pad = 2 * w.px(CELL_PAD, scale)
    count = max(len(table.columns), max((len(r) for r in table.rows), default=0), 1)
    natural = [pad + w.px(20, scale)] * count
    for k, head in enumerate(table.columns):
        natural[k] = max(natural[k], pad + bold.size(head)[0])
    for row in table.rows:
        for k, cell in enumerate(row):
            natural[k] = max(natural[k], pad + fnt.size(cell)[0])
    total = sum(natural)
    if total <= width:
        return natural
    # no word cut in two when the longest word of each column fits: each keeps that much and
    # the rest goes to the columns in proportion to what more they would take
    words = [pad] * count
    for k, head in enumerate(table.columns):
        words[k] = max(words[k], pad + max((bold.size(x)[0] for x in head.split()), default=0))
    for row in table.rows:
        for k, cell in enumerate(row):
            words[k] = max(words[k], pad + max((fnt.size(x)[0] for x in cell.split()),
                                               default=0))
    if sum(words) <= width:
        spare = width - sum(words)
        more = [n - least for n, least in zip(natural, words, strict=True)]
        wanted = sum(more) or 1
        return [least + m * spare // wanted for least, m in zip(words, more, strict=True)]
    # every column keeps at least a share, the wide ones give up the rest
    floor = min(width // count, pad + w.px(60, scale))
    spare = width - floor * count
    extra = [max(0, n - floor) for n in natural]
    over = sum(extra) or 1
    return [floor + e * spare // over for e in extra]


def table_rows(table: AidTable, fnt: pygame.font.Font, bold: pygame.font.Font, width: int,
               scale: float) -> tuple[list[int], list[list[list[str]]]]:
    """Column widths and, per row (the heading row first), each cell's wrapped lines."""
    widths = column_widths(table, fnt, bold, width, scale)
    inner = [max(1, cw - 2 * w.px(CELL_PAD, scale)) for cw in widths]
    rows: list[list[list[str]]] = []
    if table.columns:
        rows.append([w.wrap(head, bold, inner[k]) for k, head in enumerate(table.columns)])
    for row in table.rows:
        rows.append([w.wrap(cell, fnt, inner[k]) for k, cell in enumerate(row)])
    return widths, rows


class AidDialog(Dialog):
    """A `Dialog` paging through the player aid, its size fixed by the largest page."""

    def __init__(self, pages: Sequence[AidPage], page: int = 0) -> None:
        self.pages = list(pages)
        self.page = page % len(self.pages)
        buttons: list[tuple[str, None]] = [("Close", None)]
        super().__init__(self._title(), "", buttons, escape=0)
        self._page_rect = pygame.Rect(0, 0, 0, 0)
        self._page_h = 0
        self._paging: list[Button] = []
        if len(self.pages) > 1:
            self._prev = Button("◀ Previous (PgUp)", lambda: self.turn(-1))
            self._next = Button("Next (PgDn) ▶", lambda: self.turn(+1))
            self._paging = [self._prev, self._next]

    def _title(self) -> str:
        current = self.pages[self.page]
        return f"Player aid {self.page + 1}/{len(self.pages)}: {current.title}"

    def turn(self, step: int) -> None:
        """Show the page `step` pages on (wrapping round)."""
        self.page = (self.page + step) % len(self.pages)
        self.title = self._title()
        self._scroll = 0

    @property
    def text(self) -> str:
        return "\n".join(self.pages[self.page].lines) if hasattr(self, "pages") else ""

    @text.setter
    def text(self, value: str) -> None:
        """The page's text comes from its lines; Dialog's own text is not used."""

    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        return (w.text_font(w.BODY, self.scale), w.text_font(w.SMALL + 1, self.scale),
                w.text_font(w.SMALL + 1, self.scale, bold=True))

    def _page_height(self, page: AidPage, width: int) -> int:
        body_f, cell_f, bold_f = self._fonts()
        h = 0
        for line in page.lines:
            h += len(w.wrap(line, body_f, width)) * body_f.get_linesize()
        for table in page.tables:
            h += w.px(10, self.scale)
            if table.title:
                h += bold_f.get_linesize()
            _, rows = table_rows(table, cell_f, bold_f, width, self.scale)
            for row in rows:
                h += max((len(c) for c in row), default=1) * cell_f.get_linesize() \
                    + 2 * w.px(3, self.scale)
        return h

    def layout(self, screen: pygame.Rect, scale: float) -> None:
        self.screen = pygame.Rect(screen)
        self.scale = scale
        pad = w.px(18, scale)
        gap = w.px(10, scale)
        width = min(screen.width - 2 * gap, w.px(900, scale))
        inner = width - 2 * pad
        title_f = w.text_font(w.TITLE, scale, bold=True)
        titles = [w.wrap(f"Player aid {i + 1}/{len(self.pages)}: {p.title}", title_f, inner)
                  for i, p in enumerate(self.pages)]
        title_h = max(len(t) for t in titles) * title_f.get_linesize() + gap
        buttons = [*self._paging, *self.buttons]
        for button in buttons:
            button.scale = scale
        btn_h = max(b.height_for(b.min_width()) for b in buttons)
        tallest = max(self._page_height(p, inner - w.px(10, scale)) for p in self.pages)
        room = screen.height - 2 * gap - 2 * pad - title_h - btn_h - gap
        self._page_h = max(0, min(tallest, room))
        height = 2 * pad + title_h + self._page_h + gap + btn_h
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = screen.center
        self._title_h = title_h
        self._page_rect = pygame.Rect(self.rect.x + pad, self.rect.y + pad + title_h,
                                      inner - w.px(10, scale), self._page_h)
        self._body = self._page_rect
        y = self._page_rect.bottom + gap
        x = self.rect.x + pad
        for button in self._paging:
            button.rect = pygame.Rect(x, y, button.min_width(), btn_h)
            x += button.min_width() + gap
        close = self.buttons[0]
        close.rect = pygame.Rect(self.rect.right - pad - close.min_width(), y,
                                 close.min_width(), btn_h)

    def _max_scroll(self) -> int:
        return max(0, self._page_height(self.pages[self.page], self._page_rect.width)
                   - self._page_rect.height)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_RETURN,
                             pygame.K_KP_ENTER) and self._paging:
                self.turn(+1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_LEFT) and self._paging:
                self.turn(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                step = w.px(40, self.scale) * (1 if event.key == pygame.K_DOWN else -1)
                self._scroll = max(0, min(self._max_scroll(), self._scroll + step))
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F1):
                self.press("Close")
            return True
        if event.type == pygame.MOUSEWHEEL:
            step = w.px(40, self.scale)
            self._scroll = max(0, min(self._max_scroll(), self._scroll - event.y * step))
            return True
        for button in [*self._paging, *self.buttons]:
            button.process_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        radius = w.px(6, self.scale)
        pygame.draw.rect(surface, (20, 18, 16), self.rect.move(w.px(5, self.scale),
                                                               w.px(6, self.scale)),
                         border_radius=radius)
        pygame.draw.rect(surface, w.PANEL, self.rect, border_radius=radius)
        pygame.draw.rect(surface, colors.INK, self.rect, 2, border_radius=radius)
        pad = w.px(18, self.scale)
        title_f = w.text_font(w.TITLE, self.scale, bold=True)
        w.blit_lines(surface, w.wrap(self.title, title_f, self.rect.width - 2 * pad), title_f,
                     w.TEXT, (self.rect.x + pad, self.rect.y + pad))
        clip = surface.get_clip()
        surface.set_clip(self._page_rect.clip(clip))
        self._draw_page(surface, self.pages[self.page])
        surface.set_clip(clip)
        limit = self._max_scroll()
        if limit:
            area = self._page_rect
            full = area.height + limit
            bar_h = max(w.px(20, self.scale), area.height ** 2 // full)
            top = area.y + (area.height - bar_h) * self._scroll // limit
            pygame.draw.rect(surface, w.MUTED, (area.right + w.px(4, self.scale), top,
                                                w.px(4, self.scale), bar_h))
        for button in [*self._paging, *self.buttons]:
            button.draw(surface)

    def _draw_page(self, surface: pygame.Surface, page: AidPage) -> None:
        body_f, cell_f, bold_f = self._fonts()
        area = self._page_rect
        x, y = area.x, area.y - self._scroll
        for line in page.lines:
            y = w.blit_lines(surface, w.wrap(line, body_f, area.width), body_f, w.TEXT, (x, y))
        cell_pad = w.px(CELL_PAD, self.scale)
        vpad = w.px(3, self.scale)
        for table in page.tables:
            y += w.px(10, self.scale)
            if table.title:
                surface.blit(bold_f.render(table.title, True, w.TEXT), (x, y))
                y += bold_f.get_linesize()
            widths, rows = table_rows(table, cell_f, bold_f, area.width, self.scale)
            table_w = sum(widths)
            top = y
            for r, row in enumerate(rows):
                head = r == 0 and bool(table.columns)
                row_h = max((len(c) for c in row), default=1) * cell_f.get_linesize() + 2 * vpad
                if head:
                    pygame.draw.rect(surface, w.BUTTON, (x, y, table_w, row_h))
                elif r % 2 == 0:
                    pygame.draw.rect(surface, colors.lighter(w.PANEL, 0.4), (x, y, table_w,
                                                                             row_h))
                cx = x
                for k, cell in enumerate(row):
                    w.blit_lines(surface, cell, bold_f if head else cell_f, w.TEXT,
                                 (cx + cell_pad, y + vpad))
                    cx += widths[k] if k < len(widths) else 0
                y += row_h
                pygame.draw.line(surface, w.PANEL_EDGE, (x, y), (x + table_w, y), 1)
            pygame.draw.rect(surface, w.PANEL_EDGE, (x, top, table_w, y - top), 1)
            cx = x
            for cw in widths[:-1]:
                cx += cw
                pygame.draw.line(surface, w.PANEL_EDGE, (cx, top), (cx, y), 1)
