"""The game screen: the board through a camera, the side panel with the decision prompt, dice,
hot-seat hand-off, computer turns, undo/redo, saves and the end of the game.

Everything drawn comes from `Rules.view(state, viewer)` through the game's `GameUI` (DESIGN.md
§3); every change goes through `Session.play` (§2). The viewer changes only through a `Handoff`,
so one human side never sees another's hidden information. Keys: Ctrl+Z undo, Ctrl+Y redo,
Ctrl+S save, Escape clears the selection (or opens the game menu).
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from engine import paths
from engine.ai.agent import Agent
from engine.core.actions import Action, DiceRolled, Event, IllegalActionError, TurnEnded
from engine.core.game import GamePlugin
from engine.core.saves import write_save
from engine.core.session import Session
from engine.plugins import load_object
from engine.sim import make_agent
from engine.ui.adapter import BoardView, Click, GameUI
from engine.ui.app import App
from engine.ui.camera import Camera
from engine.ui.dice_anim import DiceAnimation
from engine.ui.handoff import Handoff
from engine.ui.scene import Scene
from engine.ui.widgets.dialog import ChoiceRow, Dialog
from engine.ui.widgets.panel import LogLine, Panel, layout_side_panel, side_panel_width
from engine.ui.widgets.prompt import Option, Prompt
from engine.ui.widgets.tooltip import Tooltip

AI_PAUSE = {0: 0.15, 1: 0.6, 2: 0.3}
"""Seconds a computer side waits before acting, by dice speed, so a person can follow."""
BARRIER_TEXT = "— undo stops here —"
DICE_SPEEDS = ("Instant", "Normal", "Fast")


def build_gameui(plugin: GamePlugin, session: Session) -> GameUI:
    """The game's `GameUI`, from the factory its plugin names in `ui`."""
    factory: Callable[[GamePlugin, Any], GameUI] = load_object(plugin.ui)
    return factory(plugin, session.scenario)


def computer_agent_name(plugin: GamePlugin) -> str:
    """The agent a "Computer" side gets: the game's "ai" if it has one, else its first, else the
    random agent every game can use."""
    if "ai" in plugin.agents:
        return "ai"
    return next(iter(plugin.agents), "random")


def default_players(plugin: GamePlugin) -> dict[str, str]:
    """The launcher's default: the first side human, the others played by the computer."""
    return {side: "human" if i == 0 else "computer" for i, side in enumerate(plugin.sides)}


def make_agents(plugin: GamePlugin, players: Mapping[str, str], seed: int) -> dict[str, Agent]:
    """One agent for each side that `players` marks "computer"."""
    name = computer_agent_name(plugin)
    return {side: make_agent(plugin, name, side, seed + i)
            for i, side in enumerate(plugin.sides) if players.get(side) == "computer"}


def log_lines(session: Session, viewer: str | None, upto: int | None = None,
              barrier_mark: bool = True) -> list[LogLine]:
    """The log `viewer` may see (of the first `upto` actions), with a heading per turn and, when
    `barrier_mark`, the undo barrier marked after the last action that rolled, drew or revealed."""
    history = session.history if upto is None else session.history[:upto]
    barrier = max((e.index for e in history if e.barrier), default=None) if barrier_mark \
        else None
    lines: list[LogLine] = []
    turn: int | None = None
    marked = barrier is None
    for entry, event in session.log(viewer):
        if upto is not None and entry.index >= upto:
            break
        if not marked and barrier is not None and entry.index > barrier:
            lines.append(LogLine(BARRIER_TEXT, "barrier"))
            marked = True
        if entry.turn != turn:
            turn = entry.turn
            lines.append(LogLine(f"Turn {turn}", "turn"))
        lines.append(LogLine(event.text))
    if not marked:
        lines.append(LogLine(BARRIER_TEXT, "barrier"))
    return lines


def hover_board(camera: Camera, board: BoardView, tooltip: Tooltip,
                pos: tuple[int, int] | None) -> str | None:
    """The board's target under the pointer at `pos` (None off the board or while the view is
    dragged), named in `tooltip`."""
    target = None
    if pos is not None and camera.viewport.collidepoint(pos) and not camera.dragging:
        target = board.hit(camera.screen_to_world(*pos))
    tooltip.hover(target, board.tooltip(target) if target else None)
    return target


class GameScene(Scene):
    """One game in progress. `players` maps each side to "human" or "computer"; `agents` gives
    the computer sides' agents (built with `make_agents` when missing).

    Hand-off rule (DESIGN.md §3): with two or more human sides, whenever a human side other than
    the current viewer must decide (whether or not its decision is `private`), the screen goes
    black until that player clicks. With one human side the viewer is always that side.
    """

    def __init__(
        self,
        app: App,
        plugin: GamePlugin,
        session: Session,
        players: Mapping[str, str],
        agents: Mapping[str, Agent] | None = None,
        *,
        autosave: bool = True,
        still: bool = False,
    ) -> None:
        super().__init__(app)
        self.plugin = plugin
        self.session = session
        self.players = {s: players.get(s, "human") for s in plugin.sides}
        self.agents = dict(agents) if agents is not None else make_agents(
            plugin, self.players, session.seed)
        self.autosave = autosave
        # a still picture (render): nobody plays, the prompt just says who is to decide what
        self.still = still
        self.started = datetime.now()
        self.gameui = build_gameui(plugin, session)
        self.camera = Camera(self._board_rect(app.size), self.gameui.board.world_size)
        self.panel = Panel()
        self.prompt = Prompt()
        self.tooltip = Tooltip()
        self.humans = [s for s in plugin.sides if self.players[s] == "human"]
        self.viewer: str | None = self.humans[0] if len(self.humans) == 1 else None
        """The side whose view is drawn: the only human, the last one handed the screen in a
        hot-seat game, or None (public view only) when the computer plays every side."""
        self.handoff: Handoff | None = None
        self.last_seen: dict[str, int] = {}
        self.selection: str | None = None
        self.highlight: frozenset[str] = frozenset()
        self.choices: tuple[Action, ...] = ()
        self.animations: deque[DiceAnimation] = deque()
        self.ai_delay = AI_PAUSE.get(app.settings.dice_speed, 0.6)
        self._ai_wait = 0.0
        # computer sides think on a worker thread over a copy of the state, so the window keeps
        # drawing while a slow opponent searches
        self._thinker: ThreadPoolExecutor | None = None
        self._thought: Future[Action] | None = None
        self._result_shown = False
        self._mouse: tuple[int, int] | None = None
        self._press_on_board = False
        self.hover: str | None = None
        self.on_resize(app.size)
        self._start_handoff_if_due()
        self.refresh()

    # --- who sees what -------------------------------------------------------------------------

    @property
    def deciding(self) -> str | None:
        """The side that must decide now (None once the game is over). A table decision (the
        game's options) goes to a human at the screen even when its seat is a computer's."""
        decision = self.session.decision
        player: str | None = decision.player
        if decision.table and self.humans and self.players.get(player or "") != "human":
            return self.viewer if self.viewer in self.humans else self.humans[0]
        return player

    def _my_turn(self) -> bool:
        """A human side decides now and the screen is theirs."""
        player = self.deciding
        return player is not None and self.players.get(player) == "human" \
            and player == self.viewer and self.handoff is None

    def side_name(self, side: str | None) -> str:
        """The side's name as the game prints it."""
        if side is None:
            return "Nobody"
        return self.plugin.side_names.get(side, side)

    def _handoff_due(self) -> str | None:
        """The human side the screen must pass to now, if any (only with two or more humans)."""
        player = self.deciding
        if len(self.humans) < 2 or player is None or player not in self.humans:
            return None
        return None if player == self.viewer else player

    def _start_handoff_if_due(self) -> None:
        side = self._handoff_due()
        if side is None or self.handoff is not None or self.animations:
            return
        if self.viewer is not None:
            self.last_seen[self.viewer] = len(self.session.history)
        since = self.last_seen.get(side, 0)

        def summary() -> list[str]:
            return [event.text for _, event in self.session.log(side, since=since)]

        self.selection, self.highlight, self.choices = None, frozenset(), ()
        self.tooltip.hover(None, None)
        self.handoff = Handoff(side, self.side_name(side), summary)

    def _finish_handoff(self) -> None:
        assert self.handoff is not None
        self.viewer = self.handoff.side
        self.handoff = None
        self.refresh()

    # --- layout and refresh --------------------------------------------------------------------

    def _board_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(0, 0, size[0] - side_panel_width(size, self.app.scale), size[1])

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self._board_rect(size))
        self.tooltip.scale = self.app.scale
        self._layout_panel()

    def _layout_panel(self) -> None:
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)

    def refresh(self) -> None:
        """Redo the board, panel and prompt from the rules' view for the current viewer."""
        view = self.session.rules.view(self.session.state, self.viewer)
        self.gameui.sync(view, self.viewer)
        status = list(self.gameui.status(view))
        if len(self.humans) >= 2 and self.viewer is not None:
            status.append(("Screen", f"{self.side_name(self.viewer)} player"))
        hand = self.gameui.hand(view) if self.viewer is not None else None
        self.panel.set_content(
            title=self.plugin.title,
            subtitle=self.session.scenario.title,
            status=status,
            hand=hand,
            hand_title=f"{self.side_name(self.viewer)} hand",
            log=log_lines(self.session, self.viewer),
        )
        self._set_prompt()
        self._layout_panel()
        self.dirty = True

    def _set_prompt(self) -> None:
        result = self.session.result()
        player = self.deciding
        decision = self.session.decision
        options: list[Option] = []
        note = ""
        if result is not None:
            text = f"Game over. {self._result_text()}"
            options = [("Show the result", self._show_result)]
        elif player is None:
            text = decision.prompt
        elif self.still:
            text = f"{self.side_name(player)} to play: {decision.prompt}"
        elif self.players.get(player) == "computer":
            text = f"{self.side_name(player)} (computer) is deciding…"
        elif player != self.viewer:
            text = f"{self.side_name(player)} to play: hand the screen over."
        elif self.choices:
            text = "Which one?"
            options = [(self.gameui.action_label(a), self._player(a)) for a in self.choices]
            options.append(("Cancel", self.clear_selection))
        else:
            text = decision.prompt
            legal = self.session.legal_actions()
            on_board = self.gameui.board_actions(legal)
            options = [(self.gameui.action_label(a), self._player(a))
                       for a in legal if a not in on_board]
            if self.selection is not None:
                name = self.gameui.board.tooltip(self.selection) or self.selection
                note = f"Selected: {name}. Click a marked target, or Esc to deselect."
            elif on_board:
                note = "Or act on the map with a click."
            if decision.section:
                note = f"{note} ({decision.section})".strip()
        self.prompt.set(text, options, note)

    def _player(self, action: Action) -> Callable[[], None]:
        def play() -> None:
            self.play(action)

        return play

    def _highlights(self) -> dict[str, str]:
        """Highlight styles by target for `BoardView.draw`: the selection and its targets."""
        marks = {t: self.gameui.highlight_style(t) or "target" for t in self.highlight}
        if self.selection is not None:
            marks[self.selection] = "selected"
        return marks

    # --- playing -------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play `action` through the session; an illegal one is refused with its reason."""
        try:
            events = self.session.play(action)
        except IllegalActionError as err:
            self._refuse(err)
            return False
        self.clear_selection(refresh=False)
        self._after(events)
        return True

    def _refuse(self, err: IllegalActionError) -> None:
        text = f"{err.reason} ({err.section})" if err.section else err.reason
        self.app.toast(text, "error")

    def _after(self, events: list[Event]) -> None:
        """Queue what the events show: dice to animate, an autosave at the end of a turn."""
        rolled = False
        for event in events:
            if isinstance(event, DiceRolled) and event.visible(self.viewer) \
                    and self.app.settings.dice_speed > 0:
                self.animations.append(DiceAnimation(event, self.app.settings.dice_speed))
                rolled = True
            elif isinstance(event, TurnEnded) and self.autosave:
                self._autosave()
        self._ai_wait = 0.0
        if rolled:
            # The board and log keep showing the moment before the roll until the dice settle
            # and go, so neither gives the result away.
            self.app.sound.dice()
            self.prompt.set("Rolling the dice…", [], "Click or press a key to skip.")
            self._layout_panel()
            return
        self._start_handoff_if_due()
        self.refresh()

    def clear_selection(self, refresh: bool = True) -> None:
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        if refresh:
            self.refresh()

    def apply_click(self, click: Click) -> None:
        """Act on what the game says a board click means."""
        if click.action is not None:
            self.play(click.action)
        elif click.choices:
            self.choices = tuple(click.choices)
            self.refresh()
        elif click.select is not None:
            self.selection, self.highlight = click.select, frozenset(click.highlight)
            self.choices = ()
            self.refresh()
        elif click.reason is not None:
            self.app.toast(click.reason, "error")
        else:
            self.clear_selection()

    def _board_click(self, pos: tuple[int, int]) -> None:
        if self.session.result() is not None:
            return
        if not self._my_turn():
            player = self.deciding
            self.app.toast(f"Wait: {self.side_name(player)} is deciding now.")
            return
        target = self.gameui.board.hit(self.camera.screen_to_world(*pos))
        click = self.gameui.on_click(target, self.selection, self.session.legal_actions())
        self.apply_click(click)

    def undo(self) -> None:
        if not self._my_turn():
            self.app.toast("Only the player deciding now can undo.", "error")
            return
        if not self.session.can_undo():
            self.app.toast(self.session.undo_barrier_reason(), "error")
            return
        action = self.session.undo()
        self.clear_selection(refresh=False)
        self.refresh()
        self.app.toast(f"Undone: {self.gameui.action_label(action)}")

    def redo(self) -> None:
        if not self._my_turn() or not self.session.can_redo():
            self.app.toast("Nothing to redo.", "error")
            return
        try:
            events = self.session.redo()
        except IllegalActionError as err:
            self._refuse(err)
            return
        self.clear_selection(refresh=False)
        self._after(events)

    # --- saves ---------------------------------------------------------------------------------

    def autosave_path(self) -> Path:
        """`autosave_dir()/<game>-<start time>.json`: one file per game, rewritten each turn."""
        return paths.autosave_dir() / f"{self.plugin.id}-{self.started:%Y%m%d-%H%M%S}.json"

    def _autosave(self) -> None:
        try:
            write_save(self.autosave_path(), self.session, self.players)
        except OSError as err:
            self.app.toast(f"Autosave failed: {err}", "error")

    def save(self) -> None:
        """Ctrl+S: write a save into the saves folder and say where."""
        path = paths.saves_dir() / f"{self.plugin.id}-{datetime.now():%Y%m%d-%H%M%S}.json"
        try:
            write_save(path, self.session, self.players)
        except OSError as err:
            self.app.toast(f"Could not save: {err}", "error")
            return
        self.app.toast(f"Saved to {path}")

    # --- end of game, menu ---------------------------------------------------------------------

    def _result_text(self) -> str:
        result = self.session.result()
        if result is None:
            return ""
        head = "A draw" if result.winner is None else f"{self.side_name(result.winner)} wins"
        return f"{head} ({result.reason})"

    def _show_result(self) -> None:
        result = self.session.result()
        if result is None:
            return
        self._result_shown = True
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        title = "Draw" if result.winner is None else f"{self.side_name(result.winner)} wins"
        lines = [result.reason]
        if result.scores:
            lines.append(", ".join(f"{self.side_name(s)}: {v}" for s, v in result.scores.items()))
        self.show_dialog(Dialog(title, "\n".join(lines), [
            ("New game", self.app.go_home),
            ("Look at the board", None),
            ("Quit", self.app.quit),
        ], escape=1))

    def open_player_aid(self, page: int = 0) -> None:
        """F1: the game's player aid, one page at a time."""
        pages = list(self.gameui.player_aid())
        if not pages:
            self.app.toast("This game has no player aid.")
            return
        page %= len(pages)
        current = pages[page]
        buttons: list[tuple[str, Callable[[], None] | None]] = [("Close", None)]
        if len(pages) > 1:
            buttons = [
                ("Next page", lambda: self.open_player_aid(page + 1)),
                ("Previous page", lambda: self.open_player_aid(page - 1)),
                ("Close", None),
            ]
        self.show_dialog(Dialog(
            f"Player aid {page + 1}/{len(pages)}: {current.title}",
            "\n".join(current.lines), buttons, escape=len(buttons) - 1))

    def open_menu(self) -> None:
        """Escape with nothing selected: settings and leaving the game."""
        speed = ChoiceRow("Dice", DICE_SPEEDS, self.app.settings.dice_speed)

        def apply() -> None:
            self.app.set_dice_speed(speed.selected)
            self.ai_delay = AI_PAUSE[speed.selected]

        def leave() -> None:
            apply()
            self.app.go_home()

        def save() -> None:
            apply()
            self.save()

        self.show_dialog(Dialog(
            "Game menu",
            "F1 player aid, Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, F11 full screen, "
            "F12 screenshot, Ctrl +/- text size, M sound. Drag or arrow keys to pan, wheel "
            "to zoom, F or Home to see the whole board.",
            [("Resume", apply), ("Save", save), ("Main menu", leave), ("Quit", self.app.quit)],
            rows=[speed], escape=0))

    # --- events and frames ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            # tracked behind the hand-off screen too, so hover is right when the board returns
            self._mouse = event.pos
        if self.handoff is not None:
            self.handoff.process_event(event)
            if self.handoff.done:
                self._finish_handoff()
            return True
        if self.animations and self._skips(event):
            return self.animations[0].process_event(event)
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        self.tooltip.process_event(event)
        if self.prompt.process_event(event) or self.panel.process_event(event):
            return True
        if self.camera.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_on_board = self.camera.viewport.collidepoint(event.pos)
            return self._press_on_board
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            on_board = self._press_on_board and self.camera.viewport.collidepoint(event.pos)
            self._press_on_board = False
            if on_board:
                self._board_click(event.pos)
            return on_board
        return False

    @staticmethod
    def _skips(event: pygame.event.Event) -> bool:
        """A key or a left click, which skips a dice animation."""
        if event.type == pygame.KEYDOWN:
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_F1:
            self.open_player_aid()
        elif event.key == pygame.K_ESCAPE:
            if self.selection is not None or self.choices:
                self.clear_selection()
            else:
                self.open_menu()
        else:
            return False
        return True

    @property
    def animating(self) -> bool:
        """Dice tumble over the board, or the board refines a zoom level (each frame
        differs)."""
        return (bool(self.animations) or self.camera.refining) and self.handoff is None

    def wake_in(self) -> float | None:
        """A tooltip waiting for its delay, or a computer side to play: look again soon."""
        if self.handoff is not None or self.dialog is not None:
            return None
        waiting_tip = self.tooltip.text is not None and not self.tooltip.visible
        player = self.deciding
        computer = player is not None and self.players.get(player) == "computer" \
            and self.session.result() is None
        return 0.05 if waiting_tip or computer or self._thought is not None else None

    def update(self, dt: float) -> None:
        before = (self.tooltip.visible, self.hover, len(self.session.history))
        self._update(dt)
        if (self.tooltip.visible, self.hover, len(self.session.history)) != before:
            # a tooltip came or went, the hover moved, or the computer played
            self.dirty = True

    def _update(self, dt: float) -> None:
        self.tooltip.update(dt)
        if self.handoff is not None:
            return
        if self.animations:
            self.animations[0].update(dt)
            if self.animations[0].finished:
                self.animations.popleft()
                if not self.animations:
                    self._start_handoff_if_due()
                    self.refresh()
            return
        self._update_hover()
        if self.dialog is not None:
            return
        if self.session.result() is not None:
            if not self._result_shown:
                self._show_result()
            return
        player = self.deciding
        if player is not None and self.players.get(player) == "computer":
            self._computer_turn(player, dt)

    def _computer_turn(self, player: str, dt: float) -> None:
        """Let the computer side think (in the background), then play its choice after a pause
        long enough for a person to follow."""
        if self._thought is None:
            legal = self.session.legal_actions()
            if not legal:
                return
            if self._thinker is None:
                self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent")
            state = copy.deepcopy(self.session.state)
            self._thought = self._thinker.submit(
                self.agents[player].choose, self.session.rules, state, legal)
        self._ai_wait += dt
        if self._ai_wait < self.ai_delay or not self._thought.done():
            return
        thought, self._thought, self._ai_wait = self._thought, None, 0.0
        self.play(thought.result())

    def close(self) -> None:
        """Stop the computer's worker thread (the scene is leaving the screen)."""
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
            self._thinker = None

    def _update_hover(self) -> None:
        self.hover = hover_board(self.camera, self.gameui.board, self.tooltip, self._mouse)

    def draw_motion(self, surface: pygame.Surface) -> bool:
        """The board alone (with the dice over it) while it refines or the dice tumble: the
        panel and prompt did not change."""
        if self.handoff is not None:
            return False
        self._draw_board(surface)
        return True

    def _draw_board(self, surface: pygame.Surface) -> None:
        self.gameui.board.draw(surface, self.camera, self.hover, self._highlights())
        if self.animations:
            self.animations[0].draw(surface, self.camera.viewport, self.app.scale)
        else:
            self.tooltip.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        if self.handoff is not None:
            self.handoff.draw(surface, self.app.scale)
            return
        self.gameui.board.draw(surface, self.camera, self.hover, self._highlights())
        self.panel.draw(surface)
        self.prompt.draw(surface)
        if self.animations:
            self.animations[0].draw(surface, self.camera.viewport, self.app.scale)
        else:
            self.tooltip.draw(surface)
