"""The hot-seat hand-off screen (DESIGN.md §3: a hand-off screen before each change of viewer).

When the screen must pass from one human side to another, the game screen shows this instead of
anything else: first a black window saying "Pass to the <side> player — click when ready", then,
after the click, a short "since your last turn" summary of the log events that player may see,
and only after a second click the board drawn for that player. The summary is computed on the
first click, so nothing private to the new player is even prepared while the old one looks.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.ui import colors
from engine.ui import widgets as w

SUMMARY_LINES = 14
"""At most this many events are listed; older ones are counted."""


def summarize(texts: list[str], limit: int = SUMMARY_LINES) -> list[str]:
    """The newest `limit` texts, preceded by a count of the ones left out."""
    if len(texts) <= limit:
        return list(texts)
    return [f"… {len(texts) - limit + 1} earlier events (see the log)", *texts[-(limit - 1):]]


class Handoff:
    """One hand-off to `side`; `done` turns True after the summary has been clicked away."""

    def __init__(self, side: str, side_name: str, summary: Callable[[], list[str]]) -> None:
        self.side = side
        self.side_name = side_name
        self._summary = summary
        self.stage = "pass"
        """"pass" (black screen, nothing of the game shown), "summary", then "done"."""
        self.lines: list[str] = []

    @property
    def done(self) -> bool:
        return self.stage == "done"

    def advance(self) -> None:
        """The player clicked: show the summary, then finish."""
        if self.stage == "pass":
            self.lines = summarize(self._summary())
            self.stage = "summary"
        elif self.stage == "summary":
            self.stage = "done"

    def process_event(self, event: pygame.event.Event) -> bool:
        """A click (on release, so the press cannot reach the board afterwards) or Enter/Space
        advances; every event is taken while the hand-off is up."""
        click = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if click or key:
            self.advance()
        return True

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        surface.fill(colors.BLACK)
        area = surface.get_rect()
        title_f = w.text_font(30, scale, bold=True)
        body_f = w.text_font(w.BODY + 2, scale)
        hint_f = w.text_font(w.BODY, scale)
        width = min(area.width - 2 * w.px(40, scale), w.px(900, scale))
        left = area.centerx - width // 2
        grey = (150, 150, 150)
        if self.stage == "pass":
            lines = w.wrap(f"Pass to the {self.side_name} player", title_f, width)
            hint = "Click when ready"
            top = area.centery - (len(lines) * title_f.get_linesize()) // 2 - title_f.get_linesize()
            y = w.blit_lines(surface, lines, title_f, colors.PAPER, (left, top),
                             center_width=width)
            y += w.px(16, scale)
            w.blit_lines(surface, [f"— {hint} —"], hint_f, grey, (left, y), center_width=width)
            return
        heading = f"{self.side_name}: since your last turn"
        body = self.lines or ["Nothing you can see has happened."]
        wrapped = [part for line in body for part in w.wrap(f"• {line}", body_f, width)]
        height = (title_f.get_linesize() + w.px(16, scale) + len(wrapped) * body_f.get_linesize()
                  + w.px(24, scale) + hint_f.get_linesize())
        y = max(w.px(20, scale), area.centery - height // 2)
        surface.blit(title_f.render(heading, True, colors.PAPER), (left, y))
        y += title_f.get_linesize() + w.px(16, scale)
        y = w.blit_lines(surface, wrapped, body_f, colors.PAPER_DARK, (left, y))
        y += w.px(24, scale)
        surface.blit(hint_f.render("Click to see the board", True, grey), (left, y))
