"""The hot-seat hand-off screen (DESIGN.md §3: a hand-off screen before each change of viewer) and
the "since your last turn" summary, with its replay on the board.

When the screen must pass from one human side to another, the game screen shows this instead of
anything else: first a black window saying "Pass to the <side> player — click when ready" (with
the game's heading for that seat, e.g. its sector), then, after the click, every log event that
player may see since their last turn (the list scrolls; nothing is left out) with two buttons:
"Replay on the board" and "Continue". The summary is computed on the first click, so nothing
private to the new player is even prepared while the old one looks. Against the computer the
same summary opens from the prompt, without the black screen.

`BoardReplay` walks the positions since that last turn, one action at a time, for the game
screen to draw under the new player's own view (`Rules.view`), so the replay shows only what
that player may see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import pygame

from engine.core.session import Session
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.camera import Camera
from engine.ui.widgets.button import Button

if TYPE_CHECKING:
    from engine.net.door import Door

GREY = (150, 150, 150)
REPLAY_STEP = 1.2
"""Seconds each action of a replay stays on the board before the next."""


class Handoff:
    """One hand-off to `side`; `done` turns True after the summary has been clicked away, and
    `stage` turns "replay" when the player asked to see the actions on the board.

    `heading` is what the game adds to the side's name ("South sector, Nationalist");
    `pass_first` False opens straight on the summary (the same player keeps the screen).
    """

    def __init__(self, side: str, side_name: str, summary: Callable[[], list[str]], *,
                 heading: str = "", pass_first: bool = True, can_replay: bool = False,
                 viewer: str | None | Literal["side"] = "side") -> None:
        self.side = side
        self.viewer: str | None = side if viewer == "side" else viewer
        """The view the screen shows after it: the side's own, or None for the public view
        (a summary asked for on the public view shows and replays only public events)."""
        self.side_name = side_name
        self.heading = heading
        self.can_replay = can_replay
        self._summary = summary
        self.stage = "pass"
        """"pass" (black screen, nothing of the game shown), "summary", "replay", "done"."""
        self.lines: list[str] = []
        self.scroll = 0
        self.scale = 1.0
        self.buttons: list[Button] = []
        self._list = pygame.Rect(0, 0, 0, 0)
        self._content_h = 0
        if not pass_first:
            self.advance()

    @property
    def done(self) -> bool:
        return self.stage == "done"

    def advance(self) -> None:
        """The player clicked: show the summary, then finish."""
        if self.stage == "pass":
            self.lines = list(self._summary())
            self.stage = "summary"
            self.buttons = [Button("Continue", self._finish, primary=True)]
            if self.can_replay and self.lines:
                self.buttons.append(Button("Replay on the board", self._replay))
        elif self.stage == "summary":
            self.stage = "done"

    def _finish(self) -> None:
        self.stage = "done"

    def _replay(self) -> None:
        self.stage = "replay"

    def process_event(self, event: pygame.event.Event) -> bool:
        """A click (on release, so the press cannot reach the board afterwards) or Enter/Space
        advances; on the summary the wheel scrolls, R or its button replays, a click elsewhere
        continues. Every event is taken."""
        if self.stage == "pass":
            click = event.type == pygame.MOUSEBUTTONUP and event.button == 1
            key = event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if click or key:
                self.advance()
            return True
        if self.stage != "summary":
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * w.px(40, self.scale))
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._finish()
            elif event.key == pygame.K_r and len(self.buttons) > 1:
                self._replay()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_UP, pygame.K_PAGEUP):
                step = self._list.height if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) \
                    else w.px(40, self.scale)
                self.scroll_by(step if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -step)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not any(b.rect.collidepoint(event.pos) for b in self.buttons):
            self._finish()  # a click away from the buttons goes on to the board, as before
        else:
            for button in self.buttons:
                button.process_event(event)
        return True

    def scroll_by(self, dy: int) -> None:
        limit = max(0, self._content_h - self._list.height)
        self.scroll = max(0, min(limit, self.scroll + dy))

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        self.scale = scale
        surface.fill(colors.BLACK)
        area = surface.get_rect()
        title_f = w.text_font(30, scale, bold=True)
        body_f = w.text_font(w.BODY + 2, scale)
        hint_f = w.text_font(w.BODY, scale)
        width = min(area.width - 2 * w.px(40, scale), w.px(900, scale))
        left = area.centerx - width // 2
        if self.stage == "pass":
            lines = w.wrap(f"Pass to the {self.side_name} player", title_f, width)
            head = w.wrap(self.heading, body_f, width) if self.heading else []
            top = area.centery - (len(lines) * title_f.get_linesize()) // 2 - title_f.get_linesize()
            y = w.blit_lines(surface, lines, title_f, colors.PAPER, (left, top),
                             center_width=width)
            y = w.blit_lines(surface, head, body_f, colors.PAPER_DARK, (left, y),
                             center_width=width)
            y += w.px(16, scale)
            w.blit_lines(surface, ["— Click when ready —"], hint_f, GREY, (left, y),
                         center_width=width)
            return
        self._draw_summary(surface, scale, left, width, title_f, body_f, hint_f)

    def _draw_summary(self, surface: pygame.Surface, scale: float, left: int, width: int,
                      title_f: pygame.font.Font, body_f: pygame.font.Font,
                      hint_f: pygame.font.Font) -> None:
        area = surface.get_rect()
        margin = w.px(24, scale)
        y = margin
        heading = f"{self.side_name}: since your last turn"
        for line in w.wrap(heading, title_f, width):
            surface.blit(title_f.render(line, True, colors.PAPER), (left, y))
            y += title_f.get_linesize()
        if self.heading:
            y = w.blit_lines(surface, w.wrap(self.heading, body_f, width), body_f,
                             colors.PAPER_DARK, (left, y))
        y += w.px(12, scale)
        body = self.lines or ["Nothing you can see has happened."]
        wrapped = [part for line in body for part in w.wrap(f"• {line}", body_f, width - 12)]
        self._content_h = len(wrapped) * body_f.get_linesize()
        gap = w.px(10, scale)
        for button in self.buttons:
            button.scale = scale
        btn_h = max((b.height_for(b.min_width()) for b in self.buttons), default=0)
        bottom = area.bottom - margin - btn_h - gap - hint_f.get_linesize()
        self._list = pygame.Rect(left, y, width, max(body_f.get_linesize(),
                                                     min(self._content_h, bottom - y)))
        self.scroll_by(0)
        clip = surface.get_clip()
        surface.set_clip(self._list)
        line_h = body_f.get_linesize()
        first = self.scroll // line_h
        for i in range(first, min(len(wrapped), first + self._list.height // line_h + 2)):
            surface.blit(body_f.render(wrapped[i], True, colors.PAPER_DARK),
                         (left, self._list.y + i * line_h - self.scroll))
        surface.set_clip(clip)
        if self._content_h > self._list.height:
            bar_h = max(w.px(20, scale), self._list.height ** 2 // self._content_h)
            span = self._list.height - bar_h
            top = self._list.y + span * self.scroll // max(1, self._content_h
                                                           - self._list.height)
            pygame.draw.rect(surface, GREY, (self._list.right + w.px(4, scale), top,
                                                   w.px(4, scale), bar_h))
        y = self._list.bottom + gap
        x = left
        for button in self.buttons:
            bw = button.min_width()
            button.rect = pygame.Rect(x, y, bw, btn_h)
            button.draw(surface)
            x += bw + gap
        hint = "Click or Enter: continue"
        if len(self.buttons) > 1:
            hint += " · R: replay on the board"
        if self._content_h > self._list.height:
            hint += " · wheel or arrows to scroll"
        surface.blit(hint_f.render(hint, True, GREY), (left, y + btn_h + gap))


class BoardReplay:
    """The actions of a game after its first `since`, one position at a time, for `viewer`'s
    eyes (None: the public view), read through the door to the game (`engine.net.door.Door`),
    so the local and the online screens replay alike: actions with nothing `viewer` may see
    are passed over (their effect shows with the next step, as it would at a real table)."""

    def __init__(self, door: Door, viewer: str | None, since: int,
                 name: Callable[[str], str] | None = None) -> None:
        """`name` turns a log line's ids and coordinates into the names printed on the board
        (`GameUI.place_name`), as in the log."""
        self.door = door
        self.viewer = viewer
        entries = door.log(viewer, since=since)
        self.steps = [entry.index + 1 for entry in entries if entry.events]
        named = name or str
        self.captions = {entry.index + 1: [named(e.text) for e in entry.events]
                         for entry in entries}
        self.position = 0
        self.timer = 0.0
        self.view: Any = self._view_at(self.steps[0] if self.steps else door.length)

    def _view_at(self, length: int) -> Any:
        return self.door.views_at([length], self.viewer)[0]

    @property
    def finished(self) -> bool:
        return self.position >= len(self.steps)

    @property
    def caption(self) -> str:
        if self.finished:
            return ""
        return "\n".join(f"• {t}" for t in self.captions.get(self.steps[self.position], []))

    def step(self) -> None:
        """Show the next action now."""
        self.position += 1
        self.timer = 0.0
        if not self.finished:
            self.view = self._view_at(self.steps[self.position])

    def skip(self) -> None:
        self.position = len(self.steps)

    def update(self, dt: float) -> None:
        self.timer += dt
        if self.timer >= REPLAY_STEP and not self.finished:
            self.step()


def draw_replay_panel(surface: pygame.Surface, rect: pygame.Rect, replay: BoardReplay,
                      side_name: str, buttons: list[Button], scale: float) -> None:
    """The replay's words in the side panel's place (`rect`), so the board stays clear: which
    step, its log lines (wrapped; a step too long for the panel ends with how many lines are
    left out, which the summary lists) and the step and skip buttons at the bottom."""
    pad = w.px(12, scale)
    body_f = w.text_font(w.BODY, scale)
    head_f = w.text_font(w.BODY, scale, bold=True)
    surface.fill((20, 18, 16), rect)
    pygame.draw.line(surface, colors.PAPER_DARK, rect.topleft, rect.bottomleft, 2)
    width = rect.width - 2 * pad
    y = w.blit_lines(surface, w.wrap(f"Replay for {side_name}", head_f, width), head_f,
                     colors.PAPER, (rect.x + pad, rect.y + pad))
    step = f"Step {replay.position + 1} of {len(replay.steps)}"
    y = w.blit_lines(surface, [step], body_f, GREY, (rect.x + pad, y)) + pad
    for button in buttons:
        button.scale = scale
    heights = [b.height_for(width) for b in buttons]
    bottom = rect.bottom - pad - sum(heights) - pad * (len(buttons) - 1)
    lines = w.wrap(replay.caption, body_f, width)
    fits = max(1, (bottom - pad - y) // body_f.get_linesize())
    if len(lines) > fits:
        left = len(lines) - fits + 1
        lines = [*lines[:fits - 1], f"… and {left} more lines (the summary lists them all)"]
    w.blit_lines(surface, lines, body_f, colors.PAPER, (rect.x + pad, y))
    by = bottom
    for button, height in zip(buttons, heights, strict=True):
        button.rect = pygame.Rect(rect.x + pad, by, width, height)
        button.draw(surface)
        by += height + pad


def pan_to(camera: Camera, places: Sequence[tuple[float, float]]) -> None:
    """Bring a replayed action's places (world points: where counters went, or left from)
    into view when they are not all in it, never past the board's edge."""
    if not places:
        return
    view = camera.viewport.inflate(-camera.viewport.width // 10, -camera.viewport.height // 10)
    if all(view.collidepoint(camera.world_to_screen(*p)) for p in places):
        return
    xs, ys = [p[0] for p in places], [p[1] for p in places]
    camera.bring_into_view(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))


def setup_length(session: Session) -> int:
    """How many first entries of the history only answered the table's set-up (a game's
    options, which place every counter of the scenario): no "since your last turn" lists
    them."""
    length = 0
    while length < len(session.history) and getattr(session.state_at(length).decision,
                                                    "table", False):
        length += 1
    return length


BANNER_TIME = 4.0
"""Seconds the banner of a seat that took the screen stays over the board (it fades in its
last second)."""


class SeatBanner:
    """A seat that takes the screen without the black screen (nothing hidden is shown), named
    in large type across the top of the board: "Republican player — Northern sector, your
    turn", so a change of seat is seen, not only told by a toast."""

    def __init__(self, side_name: str, heading: str, now: float) -> None:
        self.text = f"{side_name} player: your turn"
        self.heading = heading
        self.started = now

    def alive(self, now: float) -> bool:
        return now - self.started < BANNER_TIME

    def draw(self, surface: pygame.Surface, view: pygame.Rect, scale: float, now: float,
             avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """Draw it along the top of the board's `view`, below whatever of `avoid` lies there
        (the dice tray of the roll just made); its rectangle, or None once gone."""
        age = now - self.started
        if age >= BANNER_TIME:
            return None
        alpha = 240 if age < BANNER_TIME - 1 else round(240 * (BANNER_TIME - age))
        title_f = w.text_font(26, scale, bold=True)
        body_f = w.text_font(w.BODY + 2, scale)
        pad = w.px(14, scale)
        width = min(view.width - 2 * pad, w.px(760, scale))
        lines = w.wrap(self.text, title_f, width - 2 * pad)
        head = w.wrap(self.heading, body_f, width - 2 * pad) if self.heading else []
        height = (len(lines) * title_f.get_linesize() + len(head) * body_f.get_linesize()
                  + 2 * pad)
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (view.centerx, view.y + pad)
        for other in sorted(avoid, key=lambda r: r.top):
            if rect.colliderect(other):
                rect.top = other.bottom + pad
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        band.fill((*colors.INK, alpha))
        pygame.draw.rect(band, (*colors.PAPER, alpha), band.get_rect(), 3)
        inner = band.get_width() - 2 * pad
        y = w.blit_lines(band, lines, title_f, colors.PAPER, (pad, pad), center_width=inner)
        w.blit_lines(band, head, body_f, colors.PAPER_DARK, (pad, y), center_width=inner)
        if alpha < 240:
            band.set_alpha(alpha)
        surface.blit(band, rect)
        return rect

