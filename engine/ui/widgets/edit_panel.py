"""The side panel of the position editor: a title, the last refusal or change, the Undo, Redo,
Save and Leave buttons, then sections that fold open on a click. A section holds settings (a
label, the value and the buttons that change it) and trays (an off-board pile: a bag, a box, a
hand or a deck) whose entries can be dragged to the board or to another tray; the body scrolls
with the mouse wheel.

The panel only shows and reports: the editor scene asks which button, step, tray or entry lies
under the pointer and does the editing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.widgets.button import Button

REFUSED = (170, 30, 24)
"""The refusal's text: the red of a printed rules summary, with a heavy rule beside it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One piece of a tray: its id (what the editor moves) and its label."""

    piece: str
    label: str


@dataclass(frozen=True, slots=True)
class Tray:
    """An off-board pile: `id` is where a piece dropped on it goes."""

    id: str
    title: str
    entries: tuple[Entry, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """A button of a setting: its text and what it does (an edit of the position)."""

    text: str
    key: str
    """Identifies the change for the editor (the kit's edit), e.g. "turn:+1"."""


@dataclass(frozen=True, slots=True)
class Setting:
    label: str
    value: str
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A fold of the panel: settings, then trays."""

    id: str
    title: str
    settings: tuple[Setting, ...] = ()
    trays: tuple[Tray, ...] = ()
    hint: str = ""


@dataclass(slots=True)
class _Row:
    kind: str  # section, hint, setting, step, tray, entry
    rect: pygame.Rect
    ref: str = ""
    text: str = ""
    value: str = ""
    extra: list[tuple[pygame.Rect, Step]] = field(default_factory=list)


class EditPanel:
    """The editor's side panel (see the module docstring)."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 on_save: Callable[[], None], on_leave: Callable[[], None]) -> None:
        self.title = ""
        self.subtitle = ""
        self.message = ""
        self.refused = False
        self.sections: list[Section] = []
        self.open: set[str] = set()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.scroll = 0
        self.buttons = [Button("Undo", on_undo), Button("Redo", on_redo),
                        Button("Save", on_save, primary=True), Button("Leave", on_leave)]
        self.rows: list[_Row] = []
        self._content_h = 0
        self._mouse = (-1, -1)
        self.dragging: str | None = None
        """The piece being dragged (its entry is drawn hollow, the trays show where it may
        go)."""

    # --- content and layout ----------------------------------------------------------------

    def set_content(self, title: str, subtitle: str, sections: Sequence[Section]) -> None:
        self.title, self.subtitle = title, subtitle
        self.sections = list(sections)
        self.layout(self.rect, self.scale)

    def say(self, message: str, refused: bool = False) -> None:
        self.message, self.refused = message, refused
        self.layout(self.rect, self.scale)

    def set_enabled(self, undo: bool, redo: bool) -> None:
        self.buttons[0].enabled = undo
        self.buttons[1].enabled = redo

    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        return (w.text_font(w.TITLE, self.scale, bold=True), w.text_font(w.BODY, self.scale),
                w.text_font(w.SMALL, self.scale))

    def _header_height(self) -> int:
        pad = w.px(12, self.scale)
        title_f, body_f, small_f = self._fonts()
        inner = self.rect.width - 2 * pad
        h = pad + title_f.get_linesize() + small_f.get_linesize() + pad
        lines = w.wrap(self.message, body_f, max(1, inner - w.px(10, self.scale))) \
            if self.message else []
        h += max(2, len(lines)) * body_f.get_linesize() + pad
        h += self._button_height() + pad
        return h

    def _button_height(self) -> int:
        return w.text_font(w.BODY, self.scale).get_linesize() + 2 * w.px(8, self.scale)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        for b in self.buttons:
            b.scale = scale
        if rect.width <= 0:
            return
        pad = w.px(12, scale)
        top = rect.y + self._header_height()
        gap = w.px(6, scale)
        bw = (rect.width - 2 * pad - 3 * gap) // 4
        by = top - pad - self._button_height()
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(rect.x + pad + i * (bw + gap), by, bw, self._button_height())
        self.body = pygame.Rect(rect.x, top, rect.width, max(0, rect.bottom - top))
        self._layout_rows()

    def _layout_rows(self) -> None:
        """Rows in body coordinates (before scrolling)."""
        pad = w.px(12, self.scale)
        _, body_f, small_f = self._fonts()
        line = body_f.get_linesize()
        inner = self.rect.width - 2 * pad
        x = self.rect.x + pad
        y = 0
        rows: list[_Row] = []
        for section in self.sections:
            head_h = line + w.px(8, self.scale)
            rows.append(_Row("section", pygame.Rect(x, y, inner, head_h), section.id,
                             section.title))
            y += head_h + w.px(4, self.scale)
            if section.id not in self.open:
                continue
            if section.hint:
                lines = w.wrap(section.hint, small_f, inner)
                h = len(lines) * small_f.get_linesize()
                rows.append(_Row("hint", pygame.Rect(x, y, inner, h), text=section.hint))
                y += h + w.px(4, self.scale)
            for setting in section.settings:
                y = self._setting_row(rows, setting, x, y, inner, line)
            for tray in section.trays:
                title = f"{tray.title} ({len(tray.entries)})"
                h = line + w.px(6, self.scale)
                rows.append(_Row("tray", pygame.Rect(x, y, inner, h), tray.id, title,
                                 tray.note))
                y += h + w.px(2, self.scale)
                for entry in tray.entries:
                    rect = pygame.Rect(x + w.px(14, self.scale), y,
                                       inner - w.px(14, self.scale), line + w.px(4, self.scale))
                    rows.append(_Row("entry", rect, entry.piece, entry.label))
                    y += rect.height + w.px(2, self.scale)
                y += w.px(4, self.scale)
            y += w.px(6, self.scale)
        self.rows = rows
        self._content_h = y
        self.scroll = max(0, min(self.scroll, max(0, y - self.body.height)))

    def _setting_row(self, rows: list[_Row], setting: Setting, x: int, y: int, inner: int,
                     line: int) -> int:
        _, body_f, _ = self._fonts()
        step_w = [max(w.px(30, self.scale), body_f.size(s.text)[0] + w.px(14, self.scale))
                  for s in setting.steps]
        gap = w.px(4, self.scale)
        buttons_w = sum(step_w) + gap * len(step_w)
        h = line + w.px(8, self.scale)
        row = _Row("setting", pygame.Rect(x, y, inner, h), text=setting.label,
                   value=setting.value)
        bx = x + inner - buttons_w + gap
        for width, step in zip(step_w, setting.steps, strict=True):
            row.extra.append((pygame.Rect(bx, y + w.px(2, self.scale), width,
                                          h - w.px(4, self.scale)), step))
            bx += width + gap
        rows.append(row)
        return y + h + w.px(2, self.scale)

    def _screen(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.move(0, self.body.y - self.scroll)

    # --- queries for the scene -------------------------------------------------------------

    def _row_at(self, pos: tuple[int, int], kinds: tuple[str, ...]) -> _Row | None:
        if not self.body.collidepoint(pos):
            return None
        for row in self.rows:
            if row.kind in kinds and self._screen(row.rect).collidepoint(pos):
                return row
        return None

    def entry_at(self, pos: tuple[int, int]) -> str | None:
        """The piece of the tray entry under `pos`."""
        row = self._row_at(pos, ("entry",))
        return row.ref if row is not None else None

    def tray_at(self, pos: tuple[int, int]) -> str | None:
        """The tray under `pos` (its title or one of its entries)."""
        if not self.body.collidepoint(pos):
            return None
        current = None
        for row in self.rows:
            if row.kind == "tray":
                current = row.ref
            elif row.kind != "entry":
                current = None
            if row.kind in ("tray", "entry") and self._screen(row.rect).collidepoint(pos):
                return current
        return None

    def step_at(self, pos: tuple[int, int]) -> Step | None:
        row = self._row_at(pos, ("setting",))
        if row is None:
            return None
        for rect, step in row.extra:
            if self._screen(rect).collidepoint(pos):
                return step
        return None

    def rect_of_entry(self, piece: str) -> pygame.Rect | None:
        for row in self.rows:
            if row.kind == "entry" and row.ref == piece:
                return self._screen(row.rect)
        return None

    # --- events --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        """Buttons, folding sections and scrolling; True when used."""
        if hasattr(event, "pos"):
            self._mouse = event.pos
        for b in self.buttons:
            if b.process_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL and self.body.collidepoint(self._mouse):
            step = 3 * w.text_font(w.BODY, self.scale).get_linesize()
            most = max(0, self._content_h - self.body.height)
            self.scroll = max(0, min(most, self.scroll - event.y * step))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos, ("section",))
            if row is not None:
                self.open.symmetric_difference_update({row.ref})
                self._layout_rows()
                return True
        return False

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, drop_target: str | None = None) -> None:
        rect = self.rect
        if rect.width <= 0:
            return
        pygame.draw.rect(surface, w.PANEL, rect)
        pygame.draw.line(surface, w.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        pad = w.px(12, self.scale)
        title_f, body_f, small_f = self._fonts()
        inner = rect.width - 2 * pad
        head_h = pad + title_f.get_linesize() + small_f.get_linesize()
        pygame.draw.rect(surface, w.HEADER, (rect.x, rect.y, rect.width, head_h))
        surface.blit(title_f.render(w.wrap(self.title, title_f, inner)[0], True,
                                    w.HEADER_TEXT), (rect.x + pad, rect.y + pad // 2))
        surface.blit(small_f.render(w.wrap(self.subtitle, small_f, inner)[0], True,
                                    colors.PAPER_DARK),
                     (rect.x + pad, rect.y + pad // 2 + title_f.get_linesize()))
        y = rect.y + head_h + pad // 2
        if self.message:
            lines = w.wrap(self.message, body_f, max(1, inner - w.px(10, self.scale)))
            ink = REFUSED if self.refused else w.TEXT
            if self.refused:
                bar = pygame.Rect(rect.x + pad, y, w.px(4, self.scale),
                                  len(lines) * body_f.get_linesize())
                pygame.draw.rect(surface, REFUSED, bar)
            w.blit_lines(surface, lines, body_f, ink, (rect.x + pad + w.px(10, self.scale), y))
        for b in self.buttons:
            b.draw(surface)
        pygame.draw.line(surface, w.PANEL_EDGE, (rect.x, self.body.y - 1),
                         (rect.right, self.body.y - 1), 1)
        clip = surface.get_clip()
        surface.set_clip(self.body.clip(clip))
        for row in self.rows:
            box = self._screen(row.rect)
            if box.bottom < self.body.y or box.top > self.body.bottom:
                continue
            self._draw_row(surface, row, box, drop_target, body_f, small_f)
        surface.set_clip(clip)
        most = self._content_h - self.body.height
        if most > 0:
            track = self.body.height
            knob_h = max(w.px(20, self.scale), track * self.body.height // self._content_h)
            knob_y = self.body.y + (track - knob_h) * self.scroll // most
            pygame.draw.rect(surface, w.PANEL_EDGE,
                             (rect.right - w.px(5, self.scale), knob_y, w.px(4, self.scale),
                              knob_h))

    def _draw_row(self, surface: pygame.Surface, row: _Row, box: pygame.Rect,
                  drop_target: str | None, body_f: pygame.font.Font,
                  small_f: pygame.font.Font) -> None:
        pad = w.px(6, self.scale)
        radius = w.px(3, self.scale)
        if row.kind == "section":
            opened = row.ref in self.open
            pygame.draw.rect(surface, w.BUTTON, box, border_radius=radius)
            pygame.draw.rect(surface, w.PANEL_EDGE, box, 1, border_radius=radius)
            mark = "▾" if opened else "▸"
            surface.blit(body_f.render(f"{mark} {row.text}", True, w.TEXT),
                         (box.x + pad, box.y + w.px(4, self.scale)))
        elif row.kind == "hint":
            w.blit_lines(surface, w.wrap(row.text, small_f, box.width), small_f, w.MUTED,
                         box.topleft)
        elif row.kind == "setting":
            label_w = box.width - sum(r.width + w.px(4, self.scale) for r, _ in row.extra)
            text = w.wrap(f"{row.text}: {row.value}", body_f, max(1, label_w - pad))[0]
            surface.blit(body_f.render(text, True, w.TEXT), (box.x, box.y + w.px(4, self.scale)))
            for rect, step in row.extra:
                r = self._screen(rect)
                hovered = r.collidepoint(self._mouse)
                fill = w.BUTTON_HOVER if hovered else w.BUTTON
                pygame.draw.rect(surface, fill, r, border_radius=radius)
                pygame.draw.rect(surface, w.PANEL_EDGE, r, 1, border_radius=radius)
                img = body_f.render(step.text, True, w.TEXT)
                surface.blit(img, img.get_rect(center=r.center))
        elif row.kind == "tray":
            target = drop_target == row.ref
            fill = colors.lighter(w.PANEL, 0.5) if not target else w.BUTTON_HOVER
            pygame.draw.rect(surface, fill, box, border_radius=radius)
            pygame.draw.rect(surface, w.ACCENT if target else w.PANEL_EDGE, box,
                             2 if target else 1, border_radius=radius)
            surface.blit(body_f.render(w.wrap(row.text, body_f, box.width - 2 * pad)[0], True,
                                       w.TEXT), (box.x + pad, box.y + w.px(3, self.scale)))
        elif row.kind == "entry":
            dragged = self.dragging == row.ref
            hovered = box.collidepoint(self._mouse)
            fill = w.PANEL if dragged else (w.BUTTON_HOVER if hovered else colors.WHITE)
            pygame.draw.rect(surface, fill, box, border_radius=radius)
            pygame.draw.rect(surface, w.PANEL_EDGE, box, 1, border_radius=radius)
            text = w.wrap(row.text, body_f, max(1, box.width - 2 * pad))[0]
            surface.blit(body_f.render(text, True, w.MUTED if dragged else w.TEXT),
                         (box.x + pad, box.y + w.px(2, self.scale)))
