"""The game log as the side panel shows it, kept incrementally (DESIGN.md §8, "redraw on
change": the cost of a refresh does not grow with the game).

`LogView` holds the lines one reader sees, wrapped at the panel's width once, when they arrive;
only the rows inside the panel are drawn, each from a cached text surface. It follows new
entries unless the reader scrolled back, in which case what they read stays in place, until
they scroll back to the newest line or close the enlarged log.
`LogFeed` turns a session's history into those lines for one viewer: each refresh it reads only
the entries added since the last one (after an undo it cuts back to the common prefix), adds a
heading per turn, names places through the game's `place_name`, and marks the undo barrier.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from engine.core.session import Entry, Session
from engine.ui import widgets as w

BARRIER_TEXT = "— undo stops here —"
DETAIL_MARK = " ℹ"
"""Ends a line that has a detail to open (a computer's reason: its statistics)."""
REASON_COLOR = (40, 70, 120)
"""A computer's reason: the ink blue of a printed example, never the red of a refusal."""
SURFACE_CACHE = 400
"""Rendered rows kept; a panel shows a few dozen, scrolling back renders the others again."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log entry: `kind` is "event", "turn" (a turn heading), "note" (something the screen
    did by itself, such as a reaction window passed), "reason" (why a computer side did what
    it did, before the action's results; `detail` holds the statistics a player may open) or
    "barrier" (the mark after the last action that undo cannot take back)."""

    text: str
    kind: str = "event"
    detail: str = ""


class LogView:
    """The wrapped rows of one reader's log, the undo-barrier mark and the scroll position
    (pixels back from the newest row; 0 follows new entries)."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.scroll = 0
        self.scale = 1.0
        self.width = 0
        self.barrier: int | None = None
        """The barrier mark sits after this many lines (None: no mark)."""
        self._rows: list[tuple[str, str]] = []
        self._starts: list[int] = [0]
        self._height = 0
        self._surfaces: dict[tuple[str, str], pygame.Surface] = {}
        self._picture: tuple[tuple[object, ...], pygame.Surface] | None = None

    # --- content --------------------------------------------------------------------------

    def _font(self, kind: str) -> pygame.font.Font:
        return w.text_font(w.SMALL, self.scale, bold=kind == "turn")

    @property
    def line_height(self) -> int:
        return self._font("event").get_linesize()

    def _wrap(self, line: LogLine) -> list[tuple[str, str]]:
        text = line.text + DETAIL_MARK if line.detail else line.text
        if self.width <= 0:
            return [(text, line.kind)]
        return [(part, line.kind) for part in w.wrap(text, self._font(line.kind), self.width)]

    def append(self, lines: Sequence[LogLine]) -> None:
        """Add lines at the bottom, wrapping only them; a reader scrolled back keeps reading
        the same lines."""
        before = len(self._rows)
        for line in lines:
            self.lines.append(line)
            self._rows.extend(self._wrap(line))
            self._starts.append(len(self._rows))
        if self.scroll:
            self.scroll = min(self.max_scroll, self.scroll + (len(self._rows) - before)
                              * self.line_height)

    def truncate(self, count: int) -> None:
        """Keep the first `count` lines (an undo took the others back)."""
        if count >= len(self.lines):
            return
        del self.lines[count:]
        del self._starts[count + 1:]
        del self._rows[self._starts[-1]:]
        if self.barrier is not None and self.barrier > count:
            self.barrier = None
        self.scroll = min(self.scroll, self.max_scroll)

    def reset(self, lines: Sequence[LogLine]) -> None:
        """Replace every line (a replay jumping to another position)."""
        if list(lines) == self.lines:
            return
        self.lines, self._rows, self._starts, self.barrier = [], [], [0], None
        self.scroll = 0
        self.append(lines)

    def layout(self, width: int, height: int, scale: float) -> None:
        """The text width and visible height; the rows are wrapped again only when the width or
        the scale changed (a resize), never because lines arrived."""
        self._height = height
        if width == self.width and scale == self.scale:
            self.scroll = min(self.scroll, self.max_scroll)
            return
        self.width, self.scale = width, scale
        self._surfaces.clear()
        lines, barrier = self.lines, self.barrier
        self.lines, self._rows, self._starts = [], [], [0]
        self.append(lines)
        self.barrier = barrier
        self.scroll = min(self.scroll, self.max_scroll)

    # --- rows and scrolling ----------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self._rows) + (1 if self._barrier_row() is not None else 0)

    def _barrier_row(self) -> int | None:
        if self.barrier is None or self.barrier > len(self.lines):
            return None
        return self._starts[self.barrier]

    def row(self, index: int) -> tuple[str, str]:
        """Display row `index` (0 is the oldest), the barrier mark counted as a row."""
        mark = self._barrier_row()
        if mark is not None:
            if index == mark:
                return BARRIER_TEXT, "barrier"
            if index > mark:
                index -= 1
        return self._rows[index]

    @property
    def max_scroll(self) -> int:
        line_h = self.line_height
        return max(0, self.row_count - max(1, self._height // line_h)) * line_h

    @property
    def following(self) -> bool:
        """True when the newest line shows and new ones will scroll into view."""
        return self.scroll == 0

    def line_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> LogLine | None:
        """The line drawn under `pos` when the rows are drawn in `rect` (None off the rows or
        on the barrier mark)."""
        if not rect.collidepoint(pos):
            return None
        line_h = self.line_height
        fits = max(1, rect.height // line_h)
        first = max(0, self.row_count - fits - self.scroll // line_h)
        index = first + (pos[1] - rect.y) // line_h
        if index >= min(self.row_count, first + fits):
            return None
        mark = self._barrier_row()
        if mark is not None:
            if index == mark:
                return None
            if index > mark:
                index -= 1
        found = bisect.bisect_right(self._starts, index) - 1
        return self.lines[found] if 0 <= found < len(self.lines) else None

    def scroll_by(self, dy: int) -> None:
        """Positive: back towards older lines. Back within a line of the newest, the log
        follows new entries again."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        if self.scroll < self.line_height:
            self.scroll = 0

    def follow(self) -> None:
        """Show the newest line and follow new entries again (the enlarged log closed, or
        "newer below" clicked)."""
        self.scroll = 0

    # --- drawing --------------------------------------------------------------------------

    def _surface(self, text: str, kind: str) -> pygame.Surface:
        key = (text, kind)
        img = self._surfaces.get(key)
        if img is None:
            color = w.ACCENT if kind in ("barrier", "note") else \
                REASON_COLOR if kind == "reason" else w.TEXT
            img = self._font(kind).render(text, True, color)
            if len(self._surfaces) >= SURFACE_CACHE:
                del self._surfaces[next(iter(self._surfaces))]
            self._surfaces[key] = img
        return img

    def draw(self, surface: pygame.Surface, rect: pygame.Rect,
             background: tuple[int, int, int] = w.PANEL) -> None:
        """The rows inside `rect` only, on `background`: the work is proportional to what
        shows. They are one picture, painted again only when the rows shown change (a line
        arrives, a scroll)."""
        line_h = self.line_height
        fits = max(1, rect.height // line_h)
        # whole rows only: the newest at the bottom when following, none cut in half
        first = max(0, self.row_count - fits - self.scroll // line_h)
        last = min(self.row_count, first + fits)
        rows = tuple(self.row(index) for index in range(first, last))
        key = (rect.size, self.scale, background, rows)
        if self._picture is None or self._picture[0] != key:
            picture = pygame.Surface(rect.size)
            picture.fill(background)
            self._paint(picture, rows, line_h)
            self._picture = (key, picture)
        surface.blit(self._picture[1], rect)

    def _paint(self, picture: pygame.Surface, rows: tuple[tuple[str, str], ...],
               line_h: int) -> None:
        width = picture.get_width()
        for n, (text, kind) in enumerate(rows):
            y = n * line_h
            img = self._surface(text, kind)
            if kind == "barrier":
                mid = y + line_h // 2
                x = width // 2 - img.get_width() // 2
                pygame.draw.line(picture, w.ACCENT, (0, mid), (x - 4, mid), 1)
                pygame.draw.line(picture, w.ACCENT, (x + img.get_width() + 4, mid),
                                 (width, mid), 1)
                picture.blit(img, (x, y))
            else:
                picture.blit(img, (0, y))


def named(name: Callable[[str], Any] | None, text: str) -> str:
    """`text` with the game's printed names for its ids (`GameUI.place_name`), as it is when
    the game has none or its naming fails (a naming slip must not cost the player the log)."""
    if name is None:
        return text
    try:
        return str(name(text))
    except Exception:
        return text


class LogFeed:
    """Feeds one viewer's `LogView` from a session's history, a few entries at a time.

    `name` rewrites each line with printed place and counter names (the game's `place_name`);
    `notes` maps a history index to a line the screen adds after that entry's events (a
    reaction window passed by itself); `reasons` to a line it puts before them (the
    computer's reason for its move, with its detail).
    """

    def __init__(self, viewer: str | None, name: Callable[[str], str] | None = None,
                 notes: Mapping[int, str] | None = None, *, barrier_mark: bool = True,
                 reasons: Mapping[int, LogLine] | None = None) -> None:
        self.viewer = viewer
        self.view = LogView()
        self._name = name
        self._notes = notes if notes is not None else {}
        self._reasons = reasons if reasons is not None else {}
        self._barrier_mark = barrier_mark
        self._entries: list[Entry] = []
        self._counts: list[int] = []
        """Lines before each entry's own lines (so an undo can cut back)."""
        self._turns: list[int | None] = []
        """The last turn heading before each entry."""
        self._turn: int | None = None
        self._barriers: list[tuple[int, int]] = []
        """(entry index, lines after it) of each entry that rolled, drew or revealed."""

    def _text(self, text: str) -> str:
        return named(self._name, text)

    def update(self, session: Session) -> None:
        """Catch up with `session.history`: only new entries are read."""
        history = session.history
        keep = min(len(self._entries), len(history))
        while keep and history[keep - 1] is not self._entries[keep - 1]:
            keep -= 1
        if keep < len(self._entries):
            self.view.truncate(self._counts[keep])
            self._turn = self._turns[keep]
            del self._entries[keep:], self._counts[keep:], self._turns[keep:]
            self._barriers = [b for b in self._barriers if b[0] < keep]
        new: list[LogLine] = []
        count = len(self.view.lines)
        for entry in history[keep:]:
            self._entries.append(entry)
            self._counts.append(count + len(new))
            self._turns.append(self._turn)
            reason = self._reasons.get(entry.index)
            if reason is not None:
                if entry.turn != self._turn:
                    self._turn = entry.turn
                    new.append(LogLine(f"Turn {entry.turn}", "turn"))
                new.append(reason)
            for event in entry.events:
                if not event.visible(self.viewer):
                    continue
                if entry.turn != self._turn:
                    self._turn = entry.turn
                    new.append(LogLine(f"Turn {entry.turn}", "turn"))
                new.append(LogLine(self._text(event.text)))
            note = self._notes.get(entry.index)
            if note:
                new.append(LogLine(note, "note"))
            if entry.barrier:
                self._barriers.append((entry.index, count + len(new)))
        self.view.append(new)
        if self._barrier_mark:
            self.view.barrier = self._barriers[-1][1] if self._barriers else None
