"""The side panel of the game screen: a title, the status lines the game gives (turn, phase,
tracks), room for the decision prompt, the viewer's hand and the per-viewer log, which scrolls
with the mouse wheel and keeps to its newest line unless the player scrolled back. The log may be
enlarged to the panel's full height (L or the button above it); it is drawn by a `LogView`, so
its cost does not grow with the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.widgets.log_view import LogLine, LogView
from engine.ui.widgets.prompt import Prompt

__all__ = ["LogLine", "Panel", "layout_side_panel", "side_panel_width"]

NEWER = "▼ newer below"
"""Shown above the log while the reader is scrolled back; a click on it follows again."""


class Panel:
    """Title, status, prompt slot, hand and log, stacked top to bottom in `rect`."""

    def __init__(self) -> None:
        self.title = ""
        self.subtitle = ""
        self.status: list[tuple[str, str]] = []
        self.hand_title = "Hand"
        self.hand: list[str] | None = None
        self.log_view = LogView()
        """The log drawn; the game screen swaps in each viewer's own view."""
        self.log_expanded = False
        """The log fills the panel below the title (the prompt and hand are hidden)."""
        self.on_toggle_log: Callable[[], None] | None = None
        self.log_toggle_rect = pygame.Rect(0, 0, 0, 0)
        self.hand_rects: list[pygame.Rect] = []
        self.hand_lines: list[str] = []
        """The hand's items as drawn (each whole, or cut and ended with "…")."""
        self._hand_compact = False
        """The hand's cards flow side by side (the prompt needs the room)."""
        self._hand_view_h = 0
        self._hand_scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self._prompt_height = 0
        self._mouse = (-1, -1)
        self._hand_top = 0
        self._top: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._hand: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._hand_at: list[pygame.Rect] = []
        """The hand's cards in its picture."""

    @property
    def log(self) -> list[LogLine]:
        """The log lines shown now."""
        return self.log_view.lines

    def set_content(
        self,
        *,
        title: str,
        subtitle: str,
        status: Sequence[tuple[str, str]],
        hand: Sequence[str] | None,
        log: Sequence[LogLine] | None = None,
        hand_title: str = "Hand",
    ) -> None:
        """Replace what the panel shows; the layout is redone only when something changed.
        `log` None leaves the log view alone (the game screen feeds it incrementally); a list
        replaces it (a replay jumping to another position)."""
        if log is not None:
            self.log_view.reset(log)
        new = (title, subtitle, list(status), None if hand is None else list(hand), hand_title)
        old = (self.title, self.subtitle, self.status, self.hand, self.hand_title)
        if new == old:
            return
        self.title, self.subtitle, self.status, self.hand, self.hand_title = new
        self.layout(self.rect, self.scale, self._prompt_height)

    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        return (w.text_font(w.TITLE, self.scale, bold=True), w.text_font(w.BODY, self.scale),
                w.text_font(w.SMALL, self.scale))

    def layout(self, rect: pygame.Rect, scale: float, prompt_height: int = 0) -> None:
        """Place the sections; the prompt gets `prompt_height` pixels (at most 45% of the panel)
        in `prompt_rect`, the log the space left at the bottom."""
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self._prompt_height = prompt_height
        pad = w.px(12, scale)
        title_f, body_f, small_f = self._fonts()
        inner = rect.width - 2 * pad
        y = rect.y + pad + title_f.get_linesize()
        if self.subtitle:
            y += small_f.get_linesize()
        y += pad
        label_w = self._label_width(body_f)
        for _, value in self.status:
            y += len(w.wrap(value, body_f, max(1, inner - label_w))) * body_f.get_linesize()
        y += pad
        self._hand_compact = False
        cap = round(rect.height * 0.45)
        hand_h = self._hand_height(False)
        log_min = 6 * small_f.get_linesize() + small_f.get_linesize() + pad
        room = rect.bottom - y - hand_h - log_min
        if prompt_height > min(room, cap):
            # the decision's buttons come first: the prompt may take more of the panel, the
            # log keeps three lines (L enlarges it), the hand's cards flow side by side
            cap = round(rect.height * 0.6)
            log_min = 3 * small_f.get_linesize() + pad
            compact = self._hand_height(True)
            self._hand_compact = compact < hand_h
            hand_h = min(hand_h, compact)
            room = rect.bottom - y - hand_h - log_min
            if prompt_height > room and self.hand:
                # still short: the hand shows whole rows, one at least, and scrolls
                step = body_f.get_linesize() + w.px(6, scale)
                head = pad // 2 + small_f.get_linesize()
                rows = (rect.bottom - y - log_min - min(prompt_height, cap) - head) // step
                hand_h = min(hand_h, head + max(1, rows) * step)
                room = rect.bottom - y - hand_h - log_min
        self._hand_view_h = hand_h
        prompt_h = max(0, min(prompt_height, room, cap))
        if self.log_expanded:
            y = rect.y + 2 * pad + title_f.get_linesize() + (small_f.get_linesize()
                                                              if self.subtitle else 0)
            prompt_h = hand_h = 0
        self.prompt_rect = pygame.Rect(rect.x, y, rect.width, prompt_h)
        y += prompt_h
        self._hand_top = y
        y += hand_h + pad // 2
        self.log_rect = pygame.Rect(rect.x + pad, y + small_f.get_linesize(), inner,
                                    max(0, rect.bottom - y - small_f.get_linesize() - pad))
        self.log_view.layout(max(1, self.log_rect.width - w.px(16, scale)),
                             self.log_rect.height, scale)
        label = "Shrink log (L)" if self.log_expanded else "Enlarge log (L)"
        img_w = small_f.size(label)[0] + w.px(10, scale)
        self.log_toggle_rect = pygame.Rect(self.log_rect.right - img_w,
                                           self.log_rect.y - small_f.get_linesize(), img_w,
                                           small_f.get_linesize())

    def _hand_view(self) -> pygame.Rect:
        """Where the hand shows on screen (the part of its picture in view)."""
        return pygame.Rect(self.rect.x, self._hand_top, self.rect.width, self._hand_view_h)

    def _hand_places(self) -> list[pygame.Rect]:
        """Where each card of the hand as it is now shows on screen, clipped to the hand's
        view (a card scrolled out of it gets an empty rectangle)."""
        picture = self._hand_picture()
        view = self._hand_view()
        extra = max(0, picture.get_height() - view.height)
        self._hand_scroll = max(0, min(self._hand_scroll, extra))
        return [r.move(view.x, view.y - self._hand_scroll).clip(view) for r in self._hand_at]

    def _draw_hand(self, surface: pygame.Surface) -> None:
        """The hand's picture in its place; scrolled, with a bar, when it is taller."""
        self.hand_rects = self._hand_places()
        picture = self._hand_picture()
        view = self._hand_view()
        extra = max(0, picture.get_height() - view.height)
        surface.blit(picture, view.topleft, pygame.Rect(0, self._hand_scroll, view.width,
                                                        view.height))
        if extra:
            bar_h = max(w.px(20, self.scale), view.height ** 2 // picture.get_height())
            top = view.y + (view.height - bar_h) * self._hand_scroll // extra
            pygame.draw.rect(surface, w.MUTED, (view.right - w.px(5, self.scale), top,
                                                w.px(4, self.scale), bar_h))

    def _hand_height(self, compact: bool) -> int:
        """The hand's height: its heading and its cards, one a line or side by side."""
        if self.hand is None:
            return 0
        _, body_f, small_f = self._fonts()
        step = body_f.get_linesize() + w.px(6, self.scale)
        rows = len(self._hand_cells(compact)) if self.hand else 1
        return small_f.get_linesize() + max(1, rows) * step + w.px(12, self.scale)

    def _hand_cells(self, compact: bool) -> list[list[tuple[str, int]]]:
        """The hand's rows: each card's text (whole, or cut with "…") and width. One card a
        row; `compact`: the cards flow side by side, as many as fit a row."""
        assert self.hand is not None
        _, body_f, _ = self._fonts()
        pad = w.px(12, self.scale)
        inner = self.rect.width - 2 * pad
        text_pad = w.px(6, self.scale)
        gap = w.px(6, self.scale)
        rows: list[list[tuple[str, int]]] = []
        used = inner + 1
        for item in self.hand:
            text = w.ellipsize(item, body_f, inner - 2 * text_pad)
            width = inner if not compact else body_f.size(text)[0] + 2 * text_pad
            if not rows or used + gap + width > inner:
                rows.append([])
                used = -gap
            rows[-1].append((text, width))
            used += gap + width
        return rows

    def _label_width(self, fnt: pygame.font.Font) -> int:
        widths = [fnt.size(f"{label}:")[0] for label, _ in self.status]
        inner = self.rect.width - 2 * w.px(12, self.scale)
        return min(max(widths, default=0) + w.px(10, self.scale), inner // 2)

    def set_log_view(self, view: LogView) -> None:
        """Show another reader's log (each hot-seat player keeps their own scroll position)."""
        if view is not self.log_view:
            self.log_view = view
            view.layout(max(1, self.log_rect.width - w.px(16, self.scale)),
                        self.log_rect.height, self.scale)

    def hand_at(self, pos: tuple[int, int]) -> int | None:
        """The index in the hand as it is now of the item under `pos`, if any. The cards'
        places are those of the current hand and layout, not of the last frame drawn: an
        action or a hand-off may change the hand between a frame and the next event."""
        if self.hand is None or self.log_expanded:
            return None
        for i, rect in enumerate(self._hand_places()):
            if rect.collidepoint(pos):
                return i
        return None

    def hand_item_at(self, pos: tuple[int, int]) -> str | None:
        """The hand item under `pos`, if any (see `hand_at`)."""
        index = self.hand_at(pos)
        return None if index is None or self.hand is None else self.hand[index]

    def process_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the log scrolls it (up: older lines); a click on the log's button
        enlarges or shrinks it."""
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL and self.hand is not None \
                and self._hand_view().collidepoint(self._mouse):
            self._hand_scroll = max(0, self._hand_scroll - event.y * w.px(30, self.scale))
            return True
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(self._mouse):
            self.log_view.scroll_by(event.y * 3 * self.log_view.line_height)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self.log_toggle_rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP and self.on_toggle_log is not None:
                self.on_toggle_log()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and not self.log_view.following and self._newer_rect().collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.log_view.follow()
            return True
        return False

    def _newer_rect(self) -> pygame.Rect:
        """Where "▼ newer below" shows while the reader is scrolled back (a click there goes
        to the newest line)."""
        small_f = self._fonts()[2]
        width = small_f.size(NEWER)[0]
        toggle = self.log_toggle_rect
        return pygame.Rect(toggle.x - width - w.px(8, self.scale), toggle.y, width,
                           small_f.get_linesize())

    def draw(self, surface: pygame.Surface) -> None:
        """The panel. The header with the status lines and the hand are pictures painted
        again only when their content changed (DESIGN.md §8: a click that changes the prompt
        moves them, but renders none of their text again); the log draws its visible rows."""
        rect = self.rect
        pygame.draw.rect(surface, w.PANEL, rect)
        pygame.draw.line(surface, w.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        surface.blit(self._top_picture(), rect.topleft)
        _, _, small_f = self._fonts()
        if not self.log_expanded:
            if self.hand is not None:
                self._draw_hand(surface)
            if self.prompt_rect.height:
                pygame.draw.rect(surface, colors.lighter(w.PANEL, 0.35), self.prompt_rect)
                pygame.draw.line(surface, w.ACCENT, self.prompt_rect.topleft,
                                 self.prompt_rect.topright, 2)
                pygame.draw.line(surface, w.ACCENT, self.prompt_rect.bottomleft,
                                 self.prompt_rect.bottomright, 2)
        self._draw_log_head(surface, small_f)
        if self.log_view.lines:
            self.log_view.draw(surface, self.log_rect)

    def _top_picture(self) -> pygame.Surface:
        """The title, the scenario and (unless the log is enlarged) the status lines."""
        key = (self.rect.width, self.scale, self.title, self.subtitle,
               () if self.log_expanded else tuple(self.status))
        if self._top is not None and self._top[0] == key:
            return self._top[1]
        pad = w.px(12, self.scale)
        title_f, body_f, small_f = self._fonts()
        width = self.rect.width
        inner = width - 2 * pad
        header_h = pad + title_f.get_linesize() + (small_f.get_linesize() if self.subtitle else 0)
        label_w = self._label_width(body_f)
        wrapped = [w.wrap(value, body_f, max(1, inner - label_w)) for _, value in key[4]]
        height = header_h + pad + sum(len(lines) for lines in wrapped) * body_f.get_linesize()
        picture = pygame.Surface((width, height))
        picture.fill(w.PANEL)
        pygame.draw.line(picture, w.PANEL_EDGE, (0, 0), (0, height), 2)
        pygame.draw.rect(picture, w.HEADER, (0, 0, width, header_h + pad // 2))
        title = w.wrap(self.title, title_f, inner)[0]
        picture.blit(title_f.render(title, True, w.HEADER_TEXT), (pad, pad // 2))
        if self.subtitle:
            sub = w.wrap(self.subtitle, small_f, inner)[0]
            picture.blit(small_f.render(sub, True, colors.PAPER_DARK),
                         (pad, pad // 2 + title_f.get_linesize()))
        y = header_h + pad
        for (label, _), lines in zip(key[4], wrapped, strict=True):
            picture.blit(body_f.render(f"{label}:", True, w.MUTED), (pad, y))
            y = w.blit_lines(picture, lines, body_f, w.TEXT, (pad + label_w, y))
        self._top = (key, picture)
        return picture

    def _hand_picture(self) -> pygame.Surface:
        """The hand's heading and its cards (one a line, or side by side when the prompt needs
        the room); `_hand_at` gets their rectangles."""
        assert self.hand is not None
        key = (self.rect.width, self.scale, self.hand_title, tuple(self.hand), self._hand_compact,
               self._hand_view_h)
        if self._hand is not None and self._hand[0] == key:
            return self._hand[1]
        _, body_f, small_f = self._fonts()
        pad = w.px(12, self.scale)
        width = self.rect.width
        card_h = body_f.get_linesize() + w.px(4, self.scale)
        step = card_h + w.px(6, self.scale) - w.px(4, self.scale)
        rows = self._hand_cells(self._hand_compact) if self.hand else []
        picture = pygame.Surface((width, self._hand_height(self._hand_compact)))
        picture.fill(w.PANEL)
        pygame.draw.line(picture, w.PANEL_EDGE, (0, 0), (0, picture.get_height()), 2)
        y = pad // 2
        heading = self.hand_title.upper()
        if self._hand_view_h < picture.get_height():
            heading += f" ({len(self.hand)}: the wheel shows them all)"
        picture.blit(small_f.render(heading, True, w.MUTED), (pad, y))
        y += small_f.get_linesize()
        self._hand_at = []
        self.hand_lines = []
        if not self.hand:
            picture.blit(body_f.render("(none)", True, w.MUTED), (pad, y))
        for row in rows:
            x = pad
            for text, cell_w in row:
                card = pygame.Rect(x, y, cell_w, card_h)
                self._hand_at.append(card)
                self.hand_lines.append(text)
                pygame.draw.rect(picture, colors.WHITE, card, border_radius=w.px(3, self.scale))
                pygame.draw.rect(picture, colors.INK_SOFT, card, 1,
                                 border_radius=w.px(3, self.scale))
                picture.blit(body_f.render(text, True, w.TEXT),
                             (card.x + w.px(6, self.scale), card.y + w.px(2, self.scale)))
                x += cell_w + w.px(6, self.scale)
            y += step
        self._hand = (key, picture)
        return picture

    def _draw_log_head(self, surface: pygame.Surface, small_f: pygame.font.Font) -> None:
        """The log's heading, its button and, while there is no line yet, a word saying so."""
        line_h = small_f.get_linesize()
        head_y = self.log_rect.y - line_h
        surface.blit(w.rendered("LOG", small_f, w.MUTED), (self.log_rect.x, head_y))
        toggle = self.log_toggle_rect
        pygame.draw.rect(surface, w.BUTTON, toggle, border_radius=w.px(3, self.scale))
        pygame.draw.rect(surface, w.PANEL_EDGE, toggle, 1, border_radius=w.px(3, self.scale))
        label = "Shrink log (L)" if self.log_expanded else "Enlarge log (L)"
        img = w.rendered(label, small_f, w.TEXT)
        surface.blit(img, img.get_rect(center=toggle.center))
        if not self.log_view.following:
            surface.blit(w.rendered(NEWER, small_f, w.ACCENT), self._newer_rect().topleft)
        if not self.log_view.lines:
            surface.blit(w.rendered("(nothing has happened yet)", small_f, w.MUTED),
                         self.log_rect.topleft)


def side_panel_width(size: tuple[int, int], scale: float) -> int:
    """The panel's width: about 400 pixels at scale 1, never more than 40% of the window."""
    return max(280, min(w.px(400, scale), round(size[0] * 0.4)))


def layout_side_panel(panel: Panel, prompt: Prompt, size: tuple[int, int], scale: float) -> int:
    """Place `panel` along the right edge of a window of `size`, full height, with `prompt` in
    its prompt slot; returns the panel's width."""
    panel_w = side_panel_width(size, scale)
    rect = pygame.Rect(size[0] - panel_w, 0, panel_w, size[1])
    panel.rect = rect
    panel.scale = scale
    wanted = prompt.preferred_height(panel_w, scale)
    panel.layout(rect, scale, wanted)
    room = panel.prompt_rect.height
    if 0 < room < wanted and prompt.whole_height(panel_w, room) < room:
        panel.layout(rect, scale, prompt.whole_height(panel_w, room))
    prompt.layout(panel.prompt_rect, scale)
    return panel_w
