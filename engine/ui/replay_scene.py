"""The replay screen: VCR controls over a restored session (DESIGN.md §3: a save is an action log
replayed through the rules).

Position n shows the state after the first n actions, rebuilt by `Session.state_at(n)` and drawn
through the game's `GameUI` for a chosen viewer (None: the public view). Left/Right step, Home/End
jump, Space plays or pauses; "Continue from here" rewinds the session to the shown position and
opens the game screen there (a new game with its own autosave: the save replayed is never
written over).

No peeking (DESIGN.md §3, §8, docs/robustness.md): a game that is not finished is replayed only
as a person at the table may see it, never as a computer's side:

- against the computer, on the human side's own view;
- in hot-seat, the replay first asks whose view to show (a black screen with one button per
  human side), then passes the screen to that side through the hand-off screen; another human
  side's view is reached only through the hand-off screen again;
- computer against computer, on the public view (a person may take a computer's seat later, so
  no side's hidden information is shown to a watcher before the game is over).

Neither the public "every side" cycling nor "Continue from here" is offered before the end, since
going on from an earlier point would let a player try out the dice still to come. A finished game
may be watched from every side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from engine.ai.agent import Agent
from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.camera import Camera
from engine.ui.game_scene import (
    GameScene,
    build_gameui,
    default_players,
    hover_board,
    log_lines,
)
from engine.ui.handoff import Handoff
from engine.ui.scene import Scene
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import Dialog
from engine.ui.widgets.panel import Panel, layout_side_panel, side_panel_width
from engine.ui.widgets.prompt import Option, Prompt
from engine.ui.widgets.tooltip import Tooltip

STEP_TIME = 0.8
"""Seconds between actions while playing."""


class ReplayScene(Scene):
    """Steps through `session`'s history without changing it (until "Continue from here")."""

    def __init__(
        self,
        app: App,
        plugin: GamePlugin,
        session: Session,
        *,
        viewer: str | None = None,
        players: Mapping[str, str] | None = None,
        agents: Mapping[str, Agent] | None = None,
        position: int = 0,
    ) -> None:
        super().__init__(app)
        self.plugin = plugin
        self.session = session
        self.finished = session.result() is not None
        """Only a finished game may be watched from every side and played on from any point."""
        self.players = dict(default_players(plugin) if players is None else players)
        self.humans = [s for s in plugin.sides if self.players.get(s, "human") == "human"]
        """The sides a person may have played (a side the save does not name counts as one)."""
        self.handoff: Handoff | None = None
        self.choosing = False
        """Hot-seat, unfinished: the black screen asking whose view to show is up."""
        if not self.finished:
            viewer = self.humans[0] if len(self.humans) == 1 else None
        self.viewer = viewer
        self.agents = agents
        self.gameui = build_gameui(plugin, session)
        self.camera = Camera(self._board_rect(app.size), self.gameui.board.world_size)
        self.panel = Panel()
        self.turns = Prompt()
        self.tooltip = Tooltip()
        self.playing = False
        self._timer = 0.0
        self._mouse: tuple[int, int] | None = None
        self.hover: str | None = None
        self.position = 0
        self.state: Any = None
        self.play_button = Button("Play ▶", self.toggle_play)
        self.view_button = Button("", self.next_viewer)
        self.controls = [
            Button("|◀ Start", lambda: self.show(0)),
            Button("◀ Back", lambda: self.step(-1)),
            self.play_button,
            Button("Forward ▶", lambda: self.step(1)),
            Button("End ▶|", lambda: self.show(self.length)),
            self.view_button,
        ]
        if self.finished:
            self.controls.append(Button("Continue from here", self.continue_here, primary=True))
        self.on_resize(app.size)
        self.show(position)
        if not self.finished and len(self.humans) > 1:
            self.choose_viewer()

    @property
    def length(self) -> int:
        """Number of actions in the replayed game."""
        return len(self.session.history)

    def _side_name(self, side: str | None) -> str:
        return "Public view" if side is None else self.plugin.side_names.get(side, side)

    # --- moving through the game ---------------------------------------------------------------

    def show(self, n: int) -> None:
        """Show the position after the first `n` actions (clamped to the game)."""
        self.position = max(0, min(self.length, n))
        if self.position == self.length:
            self.playing = False
        self.state = self.session.state_at(self.position)
        view = self.session.rules.view(self.state, self.viewer)
        self.gameui.sync(view, self.viewer)
        status = [("Action", f"{self.position} of {self.length}"), *self.gameui.status(view)]
        self.panel.set_content(
            title=self.plugin.title,
            subtitle=f"Replay — {self.session.scenario.title}",
            status=status,
            hand=self.gameui.hand(view) if self.viewer is not None else None,
            hand_title=f"{self._side_name(self.viewer)} hand",
            log=log_lines(self.session, self.viewer, upto=self.position, barrier_mark=False),
        )
        self.play_button.text = "Pause ❚❚" if self.playing else "Play ▶"
        self.view_button.text = self._view_label()
        starts = self.session.turn_boundaries()
        options: list[Option] = [(f"Turn {turn}", self._jumper(start))
                                 for turn, start in sorted(starts.items())]
        current = max((t for t, s in starts.items() if s <= self.position), default=None)
        note = f"Now in turn {current}." if current is not None else "No actions yet."
        self.turns.set("Jump to the start of a turn", options, note)
        for button, (turn, _) in zip(self.turns.buttons, sorted(starts.items()), strict=True):
            button.selected = turn == current
        self._layout()

    def _jumper(self, start: int) -> Callable[[], None]:
        def jump() -> None:
            self.playing = False
            self.show(start)

        return jump

    def step(self, delta: int) -> None:
        self.show(self.position + delta)

    def toggle_play(self) -> None:
        if not self.playing and self.position >= self.length:
            self.position = 0
        self.playing = not self.playing
        self._timer = 0.0
        self.show(self.position)

    def _view_label(self) -> str:
        if self.finished:
            return f"View: {self._side_name(self.viewer)}"
        if len(self.humans) > 1:
            return f"{self._side_name(self.viewer)} view — pass the screen…"
        return f"{self._side_name(self.viewer)} (the game is not finished)"

    def choose_viewer(self) -> None:
        """Hot-seat, unfinished: a black screen asks which human side will look; the hand-off
        screen then passes it to that side."""
        self.playing = False
        self.choosing = True
        self.dirty = True
        self.show_dialog(Dialog(
            "Whose view?",
            "This game is not finished: its replay shows one side's own view, after the "
            "screen is passed to that side's player.",
            [(self._side_name(side), self._passer(side)) for side in self.humans],
            escape=None))

    def _passer(self, side: str) -> Callable[[], None]:
        def pass_to() -> None:
            self.choosing = False
            self.viewer = None
            self.show(self.position)
            self.handoff = Handoff(side, self._side_name(side), lambda: [
                "This game is not finished: its replay shows only what your side may see."])

        return pass_to

    def next_viewer(self) -> None:
        """Cycle the view: public, then each side (a side's view shows its hidden cards); in an
        unfinished game only from one human side to another, through the hand-off screen."""
        if not self.finished:
            if len(self.humans) > 1:
                self.choose_viewer()
            else:
                self.app.toast("This game is not finished: its replay shows only "
                               + ("the public view." if not self.humans
                                  else f"the {self._side_name(self.viewer)} side's view."))
            return
        order: list[str | None] = [None, *self.plugin.sides]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.show(self.position)

    def continue_here(self) -> None:
        """Rewind the game to the shown position and play on from it (after confirming when
        later actions would be dropped); only for a finished game."""
        if not self.finished:
            return
        later = self.length - self.position

        def go() -> None:
            self.session.rewind(self.position)
            self.app.replace(GameScene(self.app, self.plugin, self.session, self.players,
                                       self.agents))

        if later == 0:
            go()
            return
        self.playing = False
        self.show_dialog(Dialog(
            "Continue from here?",
            f"The game goes on from action {self.position}; the {later} later "
            f"action{'s' if later != 1 else ''} of this game will be dropped.",
            [("Continue", go), ("Cancel", None)]))

    # --- layout, events, frames ----------------------------------------------------------------

    def _bar_height(self) -> int:
        return w.px(64, self.app.scale)

    def _board_rect(self, size: tuple[int, int]) -> pygame.Rect:
        panel_w = side_panel_width(size, self.app.scale)
        return pygame.Rect(0, 0, size[0] - panel_w, size[1] - self._bar_height())

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self._board_rect(size))
        self.tooltip.scale = self.app.scale
        self._layout()

    def _layout(self) -> None:
        size = self.app.size
        scale = self.app.scale
        panel_w = layout_side_panel(self.panel, self.turns, size, scale)
        bar = pygame.Rect(0, size[1] - self._bar_height(), size[0] - panel_w, self._bar_height())
        gap = w.px(8, scale)
        widths = []
        for button in self.controls:
            button.scale = scale
            widths.append(button.min_width())
        room = bar.width - gap * (len(self.controls) + 1)
        factor = min(1.0, room / max(1, sum(widths)))
        x = bar.x + gap
        height = bar.height - 2 * gap
        for button, width in zip(self.controls, widths, strict=True):
            button.rect = pygame.Rect(x, bar.y + gap, round(width * factor), height)
            x += button.rect.width + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.choosing:
            return True
        if self.handoff is not None:
            self.handoff.process_event(event)
            if self.handoff.done:
                self.viewer, self.handoff = self.handoff.side, None
                self.show(self.position)
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.step(-1),
                pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_HOME: lambda: self.show(0),
                pygame.K_END: lambda: self.show(self.length),
                pygame.K_SPACE: self.toggle_play,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        if hasattr(event, "pos"):
            self._mouse = event.pos
        self.tooltip.process_event(event)
        used = [button.process_event(event) for button in self.controls]
        if any(used) or self.turns.process_event(event) or self.panel.process_event(event):
            return True
        return self.camera.handle_event(event)

    @property
    def animating(self) -> bool:
        """The board refines a zoom level."""
        return self.camera.refining

    def wake_in(self) -> float | None:
        """The next step while playing, or a tooltip waiting for its delay."""
        if self.playing:
            return max(0.0, STEP_TIME - self._timer)
        return 0.05 if self.tooltip.text is not None and not self.tooltip.visible else None

    def update(self, dt: float) -> None:
        shown, hover, at = self.tooltip.visible, self.hover, self.position
        self.tooltip.update(dt)
        if self.handoff is not None or self.choosing:
            return
        if self.playing:
            self._timer += dt
            if self._timer >= STEP_TIME:
                self._timer = 0.0
                self.step(1)
        self.hover = hover_board(self.camera, self.gameui.board, self.tooltip, self._mouse)
        if (self.tooltip.visible, self.hover, self.position) != (shown, hover, at):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.choosing:
            surface.fill(colors.BLACK)
            return
        if self.handoff is not None:
            self.handoff.draw(surface, self.app.scale)
            return
        self.gameui.board.draw(surface, self.camera, self.hover, {})
        bar = pygame.Rect(0, self.camera.viewport.bottom, self.camera.viewport.width,
                          self._bar_height())
        pygame.draw.rect(surface, w.HEADER, bar)
        for button in self.controls:
            button.draw(surface)
        self.panel.draw(surface)
        self.turns.draw(surface)
        self.tooltip.draw(surface)
