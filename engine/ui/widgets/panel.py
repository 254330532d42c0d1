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
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self._prompt_height = 0
        self._mouse = (-1, -1)
        self._hand_top = 0

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
        hand_h = 0
        if self.hand is not None:
            items = max(1, len(self.hand))
            hand_h = small_f.get_linesize() + items * (body_f.get_linesize() + w.px(6, scale))
            hand_h += pad
        log_min = 6 * small_f.get_linesize() + small_f.get_linesize() + pad
        room = rect.bottom - y - hand_h - log_min
        prompt_h = max(0, min(prompt_height, room, round(rect.height * 0.45)))
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
        """The index of the hand item under `pos`, if any."""
        for i, rect in enumerate(self.hand_rects):
            if rect.collidepoint(pos):
                return i
        return None

    def process_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the log scrolls it (up: older lines); a click on the log's button
        enlarges or shrinks it."""
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(self._mouse):
            self.log_view.scroll_by(event.y * 3 * self.log_view.line_height)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self.log_toggle_rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP and self.on_toggle_log is not None:
                self.on_toggle_log()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        pygame.draw.rect(surface, w.PANEL, rect)
        pygame.draw.line(surface, w.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        pad = w.px(12, self.scale)
        title_f, body_f, small_f = self._fonts()
        inner = rect.width - 2 * pad
        header_h = pad + title_f.get_linesize() + (small_f.get_linesize() if self.subtitle else 0)
        pygame.draw.rect(surface, w.HEADER, (rect.x, rect.y, rect.width, header_h + pad // 2))
        title = w.wrap(self.title, title_f, inner)[0]
        surface.blit(title_f.render(title, True, w.HEADER_TEXT), (rect.x + pad, rect.y + pad // 2))
        y = rect.y + pad // 2 + title_f.get_linesize()
        if self.subtitle:
            sub = w.wrap(self.subtitle, small_f, inner)[0]
            surface.blit(small_f.render(sub, True, colors.PAPER_DARK), (rect.x + pad, y))
        if self.log_expanded:
            self._draw_log(surface, small_f)
            return
        y = rect.y + header_h + pad
        label_w = self._label_width(body_f)
        for label, value in self.status:
            surface.blit(body_f.render(f"{label}:", True, w.MUTED), (rect.x + pad, y))
            lines = w.wrap(value, body_f, max(1, inner - label_w))
            y = w.blit_lines(surface, lines, body_f, w.TEXT, (rect.x + pad + label_w, y))
        if self.prompt_rect.height:
            pygame.draw.rect(surface, colors.lighter(w.PANEL, 0.35), self.prompt_rect)
            pygame.draw.line(surface, w.ACCENT, self.prompt_rect.topleft,
                             self.prompt_rect.topright, 2)
            pygame.draw.line(surface, w.ACCENT, self.prompt_rect.bottomleft,
                             self.prompt_rect.bottomright, 2)
        if self.hand is not None:
            self._draw_hand(surface, body_f, small_f)
        self._draw_log(surface, small_f)

    def _draw_hand(self, surface: pygame.Surface, body_f: pygame.font.Font,
                   small_f: pygame.font.Font) -> None:
        assert self.hand is not None
        self.hand_rects = []
        pad = w.px(12, self.scale)
        y = self._hand_top + pad // 2
        surface.blit(small_f.render(self.hand_title.upper(), True, w.MUTED), (self.rect.x + pad, y))
        y += small_f.get_linesize()
        if not self.hand:
            surface.blit(body_f.render("(none)", True, w.MUTED), (self.rect.x + pad, y))
            return
        card_h = body_f.get_linesize() + w.px(4, self.scale)
        for item in self.hand:
            card = pygame.Rect(self.rect.x + pad, y, self.rect.width - 2 * pad, card_h)
            self.hand_rects.append(card)
            pygame.draw.rect(surface, colors.WHITE, card, border_radius=w.px(3, self.scale))
            pygame.draw.rect(surface, colors.INK_SOFT, card, 1, border_radius=w.px(3, self.scale))
            text = w.wrap(item, body_f, card.width - 2 * w.px(6, self.scale))[0]
            surface.blit(body_f.render(text, True, w.TEXT),
                         (card.x + w.px(6, self.scale), card.y + w.px(2, self.scale)))
            y += card_h + w.px(6, self.scale) - w.px(4, self.scale)

    def _draw_log(self, surface: pygame.Surface, small_f: pygame.font.Font) -> None:
        line_h = small_f.get_linesize()
        head_y = self.log_rect.y - line_h
        surface.blit(small_f.render("LOG", True, w.MUTED), (self.log_rect.x, head_y))
        toggle = self.log_toggle_rect
        pygame.draw.rect(surface, w.BUTTON, toggle, border_radius=w.px(3, self.scale))
        pygame.draw.rect(surface, w.PANEL_EDGE, toggle, 1, border_radius=w.px(3, self.scale))
        label = "Shrink log (L)" if self.log_expanded else "Enlarge log (L)"
        img = small_f.render(label, True, w.TEXT)
        surface.blit(img, img.get_rect(center=toggle.center))
        if not self.log_view.following:
            more = small_f.render("▼ newer below", True, w.ACCENT)
            surface.blit(more, (toggle.x - more.get_width() - w.px(8, self.scale), head_y))
        if not self.log_view.lines:
            surface.blit(small_f.render("(nothing has happened yet)", True, w.MUTED),
                         self.log_rect.topleft)
            return
        self.log_view.draw(surface, self.log_rect)


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
    panel.layout(rect, scale, prompt.preferred_height(panel_w, scale))
    prompt.layout(panel.prompt_rect, scale)
    return panel_w
