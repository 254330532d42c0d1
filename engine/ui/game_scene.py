"""The game screen of a game on this computer: the board through a camera, the side panel with
the decision prompt, dice, undo/redo and the end of the game, with its parts in
`engine.ui.screen` (the board and hand under the pointer, since your last turn, the player aid,
hot-seat hand-off, computer seats, the hint, saves, the game menu; that package's docstring
lists them).

Everything drawn comes from `Rules.view(state, viewer)` through the game's `GameUI` (DESIGN.md
§3); every action goes through the door to the game (`GameScene.door`, a `LocalDoor` over the
session, §9), as the online screen's goes through its `RemoteDoor`. The viewer changes only
through a `Handoff`, so one human side never sees another's hidden information.

Trust at the table (§8): looking is free and acting is explicit. A board click the game answers
with a menu opens it at the pointer (so does one the game plays at once when it would roll:
tried first on a copy of the state); an item that rolls, draws, reveals or plays a card is marked
and, with "confirm irreversible actions" on, asked about once. A click on a stack that is not
fanned out asks which counter is meant when two of them would answer differently. Any card
opens full size on a click or right-click and is enlarged while the pointer rests on it. Every
refusal shows its reason and its section.

Keys: Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, F1 player aid, F5 reloads the scenario's files
(`engine.ui.reload`), L enlarges the log, H asks the computer for a hint (engine.ui.computer),
Escape closes what is open or clears the selection (the game menu only when nothing is
selected); a right-click clears the selection too.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from typing import Any

import pygame

from engine.ai.agent import Agent, without_concessions
from engine.ai.registry import default_level
from engine.core.actions import Action, DiceRolled, Event, IllegalActionError, TurnEnded
from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.net.door import Refused
from engine.net.local import LocalDoor
from engine.plugins import load_object
from engine.ui import computer, hotseat
from engine.ui.adapter import BoardView, CardFace, GameUI, MenuItem
from engine.ui.app import App
from engine.ui.autosave import Autosaver
from engine.ui.camera import Camera
from engine.ui.clickguard import IGNORED, ClickGuard, camera_view, control_at
from engine.ui.dice_anim import DiceAnimation, DiceTray, skips_dice
from engine.ui.handoff import (
    REPLAY_STEP,
    BoardReplay,
    Handoff,
    SeatBanner,
)
from engine.ui.irreversible import BarrierProbe
from engine.ui.scene import Scene
from engine.ui.screen.computer_seats import AI_PAUSE, WATCH_SPEEDS, ComputerSeats, is_computer
from engine.ui.screen.game_menu import GameMenu
from engine.ui.screen.handoff_seats import ScreenHandoff
from engine.ui.screen.hint import HINT_BUTTON, HintKey, mark_hinted
from engine.ui.screen.save_keeper import LEAVE_TITLE, SAVED_TITLE, SaveKeeper
from engine.ui.screen.since_last_turn import moved_between
from engine.ui.widgets.action_menu import PopupMenu, item_text
from engine.ui.widgets.button import Button
from engine.ui.widgets.card_viewer import CardViewer, draw_hover_card
from engine.ui.widgets.dialog import Dialog
from engine.ui.widgets.log_view import BARRIER_TEXT, LogFeed, LogLine
from engine.ui.widgets.panel import Panel, layout_side_panel, side_panel_width
from engine.ui.widgets.prompt import Option, Prompt
from engine.ui.widgets.tooltip import Tooltip

__all__ = ["BARRIER_TEXT", "LEAVE_TITLE", "SAVED_TITLE", "WATCH_SPEEDS", "GameScene",
           "build_gameui", "computer_agent_name", "default_players", "hover_board",
           "is_computer", "log_lines", "make_agents"]

SECTION_CITED = re.compile(r"§|\bsection\b|\bsec\.|\(\d+(?:[.\s]\d+[a-z]?)*[a-z]?\)|\brule\b"
                           r"|\([A-Z][^()]*\)\.?$", re.I)
"""A reason that already names its rule (a section sign, "section 7", "(7.2)", "(7 1a)", or a
section's name in brackets at its end: "(Cards modifiers).")."""
AUTO_PASS_LIMIT = 200
"""Reaction windows answered by themselves in a row before the screen stops and asks (a game
whose windows reopen for ever would otherwise hang the screen)."""


def build_gameui(plugin: GamePlugin, session: Session) -> GameUI:
    """The game's `GameUI`, from the factory its plugin names in `ui`."""
    factory: Callable[[GamePlugin, Any], GameUI] = load_object(plugin.ui)
    return factory(plugin, session.scenario)


def computer_agent_name(plugin: GamePlugin) -> str:
    """The level a "computer" side without a level gets (older saves): the game's default
    level (engine.ai.registry.default_level: Normal where it exists)."""
    return default_level(plugin)


def default_players(plugin: GamePlugin) -> dict[str, str]:
    """The launcher's default: the first side human, the others played by the computer."""
    return {side: "human" if i == 0 else "computer" for i, side in enumerate(plugin.sides)}


def make_agents(plugin: GamePlugin, players: Mapping[str, str], seed: int) -> dict[str, Agent]:
    """One agent for each computer side: "computer" gets the game's default level,
    "computer:LEVEL" the agent of that name."""
    from engine.sim import make_agent  # the agents' modules: not before the first frame

    agents: dict[str, Agent] = {}
    for i, side in enumerate(plugin.sides):
        kind = players.get(side)
        if not is_computer(kind):
            continue
        assert kind is not None
        level = kind.partition(":")[2] or computer_agent_name(plugin)
        agents[side] = make_agent(plugin, level, side, seed + i)
    return agents


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
                pos: tuple[int, int] | None,
                legend: Callable[[], Sequence[tuple[str, str]]] | None = None,
                *, fresh: bool = False) -> str | None:
    """The board's target under the pointer at `pos` (None off the board or while the view is
    dragged), named in `tooltip`; the codes of the game's `legend` that the text uses are
    explained under it. The text is asked for when the target changes, or when `fresh` (the
    board was synced again, so what it says may have changed)."""
    target = None
    if pos is not None and camera.viewport.collidepoint(pos) and not camera.dragging:
        target = board.hit(camera.screen_to_world(*pos))
    if target == tooltip.key and target is not None and not fresh:
        return target  # same target: its text is already there
    text = board.tooltip(target) if target else None
    if text and legend is not None:
        words = set(re.split(r"[\s,;:()]+", text))
        known = [f"{code}: {meaning}" for code, meaning in legend() if code in words]
        if known:
            text = "\n".join([text, *known])
    tooltip.hover(target, text)
    return target


class GameScene(ScreenHandoff, ComputerSeats, HintKey, SaveKeeper, GameMenu, Scene):
    """One game in progress. `players` maps each side to "human", "computer" or
    "computer:LEVEL"; `agents` gives the computer sides' agents (built with `make_agents` when
    missing).

    Hand-off rule (DESIGN.md §3, docs/hotseat.md, `engine.ui.hotseat`): with two or more human
    sides, the screen goes black until the player clicks only before a private decision of a
    side holding secrets; another side's other decisions are answered at once on the public view
    (or on that side's own view when it holds nothing hidden). A reaction window with no usable
    answer, and in hot-seat a decision of another side with a single possible answer, are played
    by the screen and the log says so. With one human side the viewer is always that side.
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
        pass_reactions: bool = True,
        gameui: GameUI | None = None,
    ) -> None:
        super().__init__(app)
        self.plugin = plugin
        self.session = session
        self._door: LocalDoor | None = None
        self.players = {s: players.get(s, "human") for s in plugin.sides}
        self.agents = dict(agents) if agents is not None else make_agents(
            plugin, self.players, session.seed)
        self.autosave = autosave
        # a still picture (render): nobody plays, the prompt just says who is to decide what
        self.still = still
        self.started = datetime.now()
        self.autosaver = Autosaver(plugin.id, self.started)
        self._save_problem = ""
        # a GameUI depends only on the scenario: the launcher may hand over the one it built
        self.gameui = gameui if gameui is not None else build_gameui(plugin, session)
        self.camera = Camera(self._board_rect(app.size), self.gameui.board.world_size)
        self.panel = Panel()
        self.panel.on_toggle_log = self.toggle_log
        self.prompt = Prompt()
        self.tooltip = Tooltip()
        self.humans = [s for s in plugin.sides if self.players[s] == "human"]
        self.viewer: str | None = self.humans[0] if len(self.humans) == 1 else None
        """The side whose view is drawn: the only human, the last one handed the screen in a
        hot-seat game, or None (public view only) when the computer plays every side or a
        hot-seat player answers on the public view."""
        self.seat: str | None = self.viewer
        """The human side whose decisions the screen takes now (the viewer, or the side
        answering on the public view)."""
        self.handoff: Handoff | None = None
        self.handoffs = 0
        """Hand-off screens shown so far (tools/count_handoffs.py reads it)."""
        self.pass_reactions = pass_reactions
        """The screen's hand-off economies: answers played by the screen, the black screen only
        before private decisions (off only to measure the screen without them)."""
        self._unsummed = False
        """Hot-seat: the viewer took the screen without the hand-off summary."""
        self.selection: str | None = None
        self.highlight: frozenset[str] = frozenset()
        self.choices: tuple[Action, ...] = ()
        self.menu: PopupMenu | None = None
        self.card_viewer: CardViewer | None = None
        self.replay: BoardReplay | None = None
        self.tray: DiceTray | None = None
        self.moved: frozenset[str] = frozenset()
        """Counters the computer's last action moved or placed, marked until the human acts."""
        self.overlays_on: dict[str, bool] = {}
        """The game's map overlays switched on in the game menu."""
        self.notes: dict[int, str] = {}
        """Lines the screen adds to the log after the action of that index."""
        self.reasons: dict[int, LogLine] = {}
        """The computer's reason for the action of that index, put before its results."""
        # the game's words for the computer's moves come with its agents' modules: read with
        # the first move told or hint asked (`_game_reasons`), never before the first frame
        self.advisor = computer.Advisor(plugin, None)
        """"What would the computer do?" for the human side deciding now (H)."""
        self._hint_shown = ""
        self.options_to_ask: Any = None
        """The table's options (Guerra's level, players and tie agreement;
        `engine.ui.catalogue.TableOptions`) to ask in one dialog of rows, as the launcher does:
        given for a game opened without the launcher."""
        self.feeds: dict[str | None, LogFeed] = {}
        self.animations: deque[DiceAnimation] = deque()
        self.ai_delay = AI_PAUSE.get(app.settings.dice_speed, 0.6)
        self._ai_wait = 0.0
        self.watch_paused = False
        """Computer against computer: the moves wait (Space); N plays the next one."""
        self._watch_step = False
        self.watch_speed = next((i for i, (_, pause) in enumerate(WATCH_SPEEDS)
                                 if pause == self.ai_delay), 1)
        # computer sides think on a worker thread over a copy of the state, so the window keeps
        # drawing while a slow opponent searches
        self._thinker: ThreadPoolExecutor | None = None
        self._thought: Future[Action] | None = None
        self._think_started = 0.0
        self._think_shown = ""
        self._placements: dict[str, str] | None = None
        self._marks_shown_for = -1
        """The decision (history length) whose marks were last brought into view."""
        self._result_shown = False
        self._mouse: tuple[int, int] | None = None
        self.guard = ClickGuard()
        """Presses on a control that came under a still pointer a moment ago are ignored."""
        self._press_on_board = False
        self._right_press = False
        self._replay_buttons: list[Button] = []
        self._replay_camera: tuple[float, tuple[float, float]] | None = None
        """The camera's zoom and offset before a replay panned it, given back at its end."""
        self._handoff_since = 0
        self._setup: int | None = None
        """History entries that only set the game up (its options), which no summary shows."""
        self.banner: SeatBanner | None = None
        """The seat that took the screen without the black screen, announced over the board."""
        self._tip_fresh = False
        self._card_hover: tuple[str | None, CardFace | None, float] = (None, None, 0.0)
        self.hover: str | None = None
        self._probe: BarrierProbe | None = None
        self._legal_memo: list[tuple[tuple[object, ...], list[Action]]] | None = None
        """The legal actions listed while an event is handled, by position (None between
        events: the state may change in between by other hands than the screen's)."""
        self.on_resize(app.size)
        # the game's screen knows the game before the first hand-over names a seat (Guerra's
        # sector headings read the options of the view)
        self.gameui.sync(session.rules.view(session.state, self.viewer), self.viewer)
        self._settle()

    # --- who sees what -------------------------------------------------------------------------

    @property
    def deciding(self) -> str | None:
        """The side that must decide now (None once the game is over). A table decision (the
        game's options) goes to a human at the screen even when its seat is a computer's."""
        decision = self.session.decision
        player: str | None = decision.player
        if decision.table and self.humans and self.players.get(player or "") != "human":
            return self.seat if self.seat in self.humans else self.humans[0]
        return player

    def _my_turn(self) -> bool:
        """A human side decides now and the screen is theirs."""
        player = self.deciding
        return player is not None and self.players.get(player) == "human" \
            and player == self.seat and self.handoff is None

    def side_name(self, side: str | None) -> str:
        """The side's name as the game prints it."""
        if side is None:
            return "Nobody"
        return self.plugin.side_names.get(side, side)

    @property
    def door(self) -> LocalDoor:
        """The door to this game (`engine.net.door.Door`) for the parts of the screen shared
        with the online one: every side of the session is one of its seats."""
        door = self._door
        if door is None or door.session is not self.session \
                or door.humans != tuple(self.humans):  # F5 gave another session; a take-over
            door = self._door = LocalDoor(self.plugin, self.session, humans=self.humans)
        return door

    def _submit(self, action: Action) -> list[Event]:
        """Play `action` through the door with the revision it answers, as the online screen
        does; the events of what it did (IllegalActionError with the rules' reason and section
        when they refuse it)."""
        door = self.door
        base = door.length
        door.play(action, door.revision)
        for update in door.poll():
            if isinstance(update, Refused):
                raise IllegalActionError(update.reason, update.section)
        return [event for entry in self.session.history[base:] for event in entry.events]

    def _wait_text(self) -> str:
        return f"Wait: {self.side_name(self.deciding)} is deciding now."

    def _marks_under(self) -> dict[str, str]:
        return {t: "selected" for t in self.moved}

    def _marks_over(self) -> dict[str, str]:
        return {t: "hint" for t in self.advisor.marks}

    # --- layout and refresh --------------------------------------------------------------------

    def _board_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(0, 0, size[0] - side_panel_width(size, self.app.scale), size[1])

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self._board_rect(size))
        self.tooltip.scale = self.app.scale
        self._close_popups()
        self._layout_panel()

    def _layout_panel(self) -> None:
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)

    def toggle_log(self) -> None:
        """L or the log's button: the log fills the panel, or goes back to its place."""
        self.panel.log_expanded = not self.panel.log_expanded
        if not self.panel.log_expanded:
            self.panel.log_view.follow()  # back in its place, the log shows the newest lines
        self._layout_panel()

    def _feed(self) -> LogFeed:
        feed = self.feeds.get(self.viewer)
        if feed is None:
            name = self._extra("place_name")
            feed = LogFeed(self.viewer, (lambda t: str(name(t))) if name is not None else None,
                           self.notes, reasons=self.reasons)
            self.feeds[self.viewer] = feed
        return feed

    def refresh(self) -> None:
        """Redo the board, panel and prompt from the rules' view for the current viewer. The
        log is fed only the entries added since the last refresh."""
        if self.advisor.hint is not None and (self.handoff is not None or self.advisor.stale(
                self.deciding if self._my_turn() else None, len(self.session.history))):
            self.advisor.clear()
        view = self.session.rules.view(self.session.state, self.viewer)
        self.gameui.sync(view, self.viewer)
        self._tip_fresh = True
        if self._placements is not None:
            self.moved = moved_between(self._placements, self._stack_placements())
            self._placements = None
        status = list(self.gameui.status(view))
        if len(self.humans) >= 2 and self.viewer is not None:
            status.append(("Screen", f"{self.side_name(self.viewer)} player"))
        elif len(self.humans) >= 2 and self.seat is not None:
            status.append(("Screen", f"public view, {self.side_name(self.seat)} player"))
        hand = self.gameui.hand(view) if self.viewer is not None else None
        feed = self._feed()
        feed.update(self.session)
        self.panel.set_log_view(feed.view)
        self.panel.set_content(
            title=self.plugin.title,
            subtitle=self.session.scenario.title,
            status=status,
            hand=hand,
            hand_title=f"{self.side_name(self.viewer)} hand",
        )
        self._set_prompt()
        self._layout_panel()
        self._bring_marks_into_view()
        self.dirty = True

    def _bring_marks_into_view(self) -> None:
        """A new decision of the player at the screen answered only on the map, whose marked
        places are all off the view (Guerra's reinforcements of the turn table, placed far
        from where the player looked last), brings the nearest of them into view, once per
        decision and never past the board's edge. A decision with an answer elsewhere (the
        combat phase's "End the combats" after a combat) leaves the view where the player
        was."""
        key = len(self.session.history)
        if key == self._marks_shown_for or not self._my_turn() or self.still:
            return
        self._marks_shown_for = key
        marks = getattr(self.gameui.board, "marks", None)
        if not isinstance(marks, Mapping) or not marks:
            return
        legal = self._legal()
        on_board = set(self.gameui.board_actions(legal))
        if any(a not in on_board for a in without_concessions(legal)):
            return
        view = self.camera.viewport
        anchors = [a for a in map(self.gameui.board.anchor, marks) if a is not None]
        screen = [self.camera.world_to_screen(*a) for a in anchors]
        if not anchors or any(view.collidepoint(s) for s in screen):
            return
        cx, cy = view.center
        nearest = min(zip(screen, anchors, strict=True),
                      key=lambda pair: (pair[0][0] - cx) ** 2 + (pair[0][1] - cy) ** 2)[1]
        self.camera.bring_into_view(nearest)

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
        elif is_computer(self.players.get(player)):
            text = f"{self.side_name(player)} (computer) is deciding…"
            if self.watching:
                options = self._watch_options()
                note = self._watch_note()
        elif player != self.seat:
            text = f"{self.side_name(player)} to play: hand the screen over."
        elif self.choices:
            text = "Which one?"
            options = [self._option(a) for a in self.choices]
            options.append(("Cancel", self.clear_selection))
        else:
            text = decision.prompt
            legal = self._legal()
            # a set: a list made this test quadratic (Baler: 16,000 comparisons a refresh)
            on_board = set(self.gameui.board_actions(legal))
            options = [self._option(a) for a in legal if a not in on_board]
            if self.selection is not None:
                name = self.gameui.board.tooltip(self.selection) or self.selection
                note = f"Selected: {name}. Click a marked target, or Esc to deselect."
            elif on_board:
                note = "Or act on the map with a click."
            if decision.section:
                note = f"{note} ({decision.section})".strip()
            acted = self._others_acted()
            if acted:
                options.append((f"Since your last turn ({acted} action{'s' * (acted != 1)})…",
                                self.show_since_last_turn))
            if not self._no_hint():
                options.append((HINT_BUTTON, self.ask_hint))
                note = self._hint_note(note)
            if self.viewer is None and len(self.humans) >= 2:
                note = f"{note} Public view: no hidden information is shown.".strip()
                options.append((f"Show the {self.side_name(player)} player's own view…",
                                self._own_view))
        self.prompt.set(text, options, note)
        if self.advisor.action is not None and self._my_turn():
            mark_hinted(self.prompt.buttons, self.gameui.action_label(self.advisor.action))

    # --- the hint ("What would the computer do?") ----------------------------------------------

    # --- computer against computer -------------------------------------------------------------

    def _option(self, action: Action) -> Option:
        """A prompt button: the action's words, marked "(no undo)" and asked about once like a
        menu row when it passes the undo barrier (`engine.ui.irreversible`)."""
        item = MenuItem(self.gameui.action_label(action), action,
                        irreversible=self.no_undo(action))
        return item_text(item), functools.partial(self.ask_then_play, item)

    def no_undo(self, action: Action) -> bool:
        """Whether playing `action` now passes the undo barrier, as the deciding side can know
        it (`engine.ui.irreversible.BarrierProbe`)."""
        if self._probe is None:
            self._probe = BarrierProbe(self.session.rules, self._extra("irreversible"))
        history = self.session.history
        return self._probe(self.session.state,
                           (self.session.state, history[-1] if history else None), action)

    # --- playing -------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play `action` through the door to the game; an illegal one is refused with its
        reason."""
        player = self.deciding
        human = player is not None and self.players.get(player) == "human"
        try:
            events = self._submit(action)
        except IllegalActionError as err:
            self._refuse(err)
            return False
        if human:
            self.moved = frozenset()
        self.clear_selection(refresh=False)
        self._after(events)
        return True

    def _cite(self, reason: str, section: str = "") -> str:
        """`reason` with its rule: the error's section, else the decision's when the reason
        does not name one itself."""
        if section:
            return reason if f"({section})" in reason else f"{reason} ({section})"
        cited = self.session.decision.section
        if not cited or SECTION_CITED.search(reason) or cited in reason:
            return reason
        return f"{reason} (see {cited})"

    def _refuse(self, err: IllegalActionError) -> None:
        self.app.toast(self._cite(err.reason, err.section), "error")

    def _queue(self, events: Sequence[Event]) -> bool:
        """Queue what the events show: dice to animate (and keep in the tray), an autosave at
        the end of a turn. True when dice are to be animated."""
        rolled = False
        for event in events:
            if isinstance(event, DiceRolled) and event.visible(self.viewer):
                self.tray = DiceTray(event)
                if self.app.settings.dice_speed > 0:
                    self.animations.append(DiceAnimation(event, self.app.settings.dice_speed))
                    rolled = True
            elif isinstance(event, TurnEnded):
                self.tray = None
        if self.autosave:
            ended = any(isinstance(event, TurnEnded) for event in events)
            self._say_save_problem(self.autosaver.after_action(self.session, self.players, ended))
        return rolled

    def _after(self, events: list[Event]) -> None:
        self._ai_wait = 0.0
        if self._queue(events):
            # The board and log keep showing the moment before the roll until the dice settle
            # and go, so neither gives the result away.
            self.app.sound.dice()
            self.prompt.set("Rolling the dice…", [], "Click or press a key to skip.")
            self._layout_panel()
            return
        self._settle()

    def _auto_answer(self) -> tuple[Action, str] | None:
        """The answer the screen plays by itself now (`engine.ui.hotseat.auto_answer`), with the
        log's note, if any. A private decision's note names the question, not the answer."""
        player = self.deciding
        if not self.pass_reactions or self.still or player is None \
                or self.players.get(player) != "human":
            return None
        decision = self.session.decision
        auto = hotseat.auto_answer(
            self.session.rules, self.session.state, self.session.legal_actions(),
            away=len(self.humans) >= 2 and player != self.seat,
            pass_setting=self.app.settings.auto_pass_reactions)
        if auto is None:
            return None
        what = f"answered \"{decision.prompt}\"" if decision.private \
            else self.gameui.action_label(auto.action)
        return auto.action, f"{self.side_name(player)}: {what} ({auto.why})"

    def _settle(self) -> None:
        """After actions and their dice: answer reaction windows that need no one, then hand
        the screen over if due, and redraw."""
        for _ in range(AUTO_PASS_LIMIT):
            auto = self._auto_answer()
            if auto is None:
                break
            action, note = auto
            self.notes[len(self.session.history)] = note
            try:
                events = self._submit(action)
            except IllegalActionError as err:
                self._refuse(err)
                break
            if self._queue(events):
                self.app.sound.dice()
                self.prompt.set("Rolling the dice…", [], "Click or press a key to skip.")
                self._layout_panel()
                return
        self._take_screen()
        self._start_handoff_if_due()
        self.refresh()

    def _rules_selection(self) -> bool:
        """The player's last action is a selection the game keeps in its rules (Guerra's
        `Select`: nothing rolled, nothing spent), which Esc, a right-click or a click on
        another counter may take back."""
        is_selection = self._extra("is_selection")
        history = self.session.history
        return (is_selection is not None and bool(history) and self._my_turn()
                and history[-1].player == self.deciding
                and bool(is_selection(history[-1].action)) and self.session.can_undo())

    def deselect_rules_selection(self) -> bool:
        """Take back the game's own selection (Esc, right-click); False when there is none."""
        if not self._rules_selection():
            return False
        self.session.undo()
        self._drop_notes_past_history()
        self.clear_selection()
        return True

    def _switch_rules_selection(self, target: str | None, pos: tuple[int, int] | None) -> bool:
        """A click the game refuses while its own selection stands, on something that could be
        selected instead: the selection moves there (the old one is taken back first). When
        the click would not select anything either, the selection stays as it was."""
        if target is None or not self._rules_selection():
            return False
        is_selection = self._extra("is_selection")
        assert is_selection is not None
        self.session.undo()
        self.clear_selection()  # the game's picture of the board without the selection
        click = self.gameui.on_click(target, None, self.session.legal_actions())
        if click.action is not None and is_selection(click.action):
            self._drop_notes_past_history()
            self.apply_click(click, pos)
            return True
        self.session.redo()
        self.refresh()
        return False

    def undo(self) -> None:
        if not self._my_turn():
            self.app.toast("Only the player deciding now can undo.", "error")
            return
        if not self.session.can_undo():
            self.app.toast(self.session.undo_barrier_reason(), "error")
            return
        action = self.session.undo()
        self._drop_notes_past_history()
        self.clear_selection(refresh=False)
        self.refresh()
        self.app.toast(f"Undone: {self.gameui.action_label(action)}")

    def _drop_notes_past_history(self) -> None:
        """The log notes of actions no longer in the history (taken back, or not replayed after
        a reload) go with them: a note belongs to its action, not to the next one."""
        for index in [k for k in self.notes if k >= len(self.session.history)]:
            del self.notes[index]
        for index in [k for k in self.reasons if k >= len(self.session.history)]:
            del self.reasons[index]

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
        self.app.toast(f"Redone: {self.gameui.action_label(self.session.history[-1].action)}")
        self._after(events)

    def adopt(self, session: Session) -> None:
        """Go on with `session`, this game rebuilt on reloaded scenario files (F5): the board
        is drawn again from its data, the computer's thinking on the old position is dropped,
        and the screen changes hands if the side deciding now is another human's."""
        self._thought, self._ai_wait, self._think_shown = None, 0.0, ""
        self.session = session
        self.gameui = build_gameui(self.plugin, session)
        self._probe = None
        if self.gameui.board.world_size != self.camera.world_size:
            self.camera = Camera(self._board_rect(self.app.size), self.gameui.board.world_size)
        switch = self._extra("set_overlay")
        for oid, on in self.overlays_on.items():
            if on and switch is not None:
                switch(oid, True)
        self._drop_notes_past_history()
        self._setup = None
        self.feeds.clear()
        self.animations.clear()
        self.tray, self._placements, self.moved = None, None, frozenset()
        self._result_shown = False
        self._close_popups()
        self.clear_selection(refresh=False)
        self._settle()

    # --- saves ---------------------------------------------------------------------------------

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

    # --- events and frames ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._legal_memo = []
        try:
            return self._handle_event(event)
        finally:
            self._legal_memo = None

    def _legal(self) -> list[Action]:
        """The legal actions now. While one event is handled they are listed once per
        position: a click asks the game what it means, then the prompt lists the rest."""
        history = self.session.history
        # play appends an entry, undo and replay swap the state: both change the identities
        key = (self.session.state, history[-1] if history else None)
        memo = self._legal_memo
        if memo is None:
            return self.session.legal_actions()
        if memo and all(a is b for a, b in zip(memo[0][0], key, strict=True)):
            return memo[0][1]
        legal = self.session.legal_actions()
        memo[:] = [(key, legal)]
        return legal

    def _handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            # tracked behind the hand-off screen too, so hover and the tooltip are at the
            # pointer when the board returns
            self._mouse = self.tooltip.pos = event.pos
        if self.handoff_event(event):
            return True
        if self.card_event(event):
            return True
        if self.animations and skips_dice(event):
            return self.animations[0].process_event(event)
        if self._guarded(event):
            return True
        if self.menu_event(event):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        self.tooltip.process_event(event)
        if self.tray is not None and event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.tray.rect.collidepoint(event.pos) and not self.animations:
            self.tray = None
            return True
        if self.prompt.process_event(event) or self.panel.process_event(event):
            return True
        if self._hand_click(event) or self._reason_click(event):
            return True
        return self.board_event(event)

    def _guarded(self, event: pygame.event.Event) -> bool:
        """A left press on a control that came under the still pointer a moment ago (a list
        laid out again after an action), and its release, are ignored, and the player told
        (engine.ui.clickguard)."""
        left = getattr(event, "button", None) == 1
        if event.type == pygame.MOUSEMOTION:
            self.guard.look(event.pos, control_at(self, event.pos), self.app.now,
                            camera_view(self))
        elif event.type == pygame.MOUSEBUTTONDOWN and left:
            if self.guard.press(event.pos, control_at(self, event.pos), self.app.now,
                                camera_view(self)):
                self.app.toast(IGNORED)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and left:
            return self.guard.release()
        return False

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
        elif event.key == pygame.K_F5 and not self.still:
            from engine.ui.reload import reload_scenario

            reload_scenario(self)
        elif event.key == pygame.K_l and not ctrl:
            self.toggle_log()
        elif event.key == pygame.K_h and not ctrl and not self.still:
            self.ask_hint()
        elif self.watching and event.key == pygame.K_SPACE:
            self.toggle_watch_pause()
        elif self.watching and event.key == pygame.K_n and not ctrl:
            self.watch_step()
        elif self.watching and event.key in (pygame.K_COMMA, pygame.K_PERIOD):
            self.set_watch_speed(-1 if event.key == pygame.K_COMMA else 1)
        elif not ctrl and self._overlay_key(event.key) is not None:
            self.toggle_overlay(str(self._overlay_key(event.key)))
        elif event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu = None
            elif self.selection is not None or self.choices:
                self.clear_selection()
            elif self._rules_selection():
                self.deselect_rules_selection()
            elif self.panel.log_expanded:
                self.toggle_log()
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
        """A tooltip or an enlarged card waiting for its delay, a computer side to play, or the
        replay's next step: look again soon."""
        if self.replay is not None:
            return max(0.0, REPLAY_STEP - self.replay.timer)
        if self.handoff is not None or self.dialog is not None:
            return None
        if self.banner is not None:
            return 0.05
        waiting_tip = self.tooltip.text is not None and not self.tooltip.visible
        target, face, rested = self._card_hover
        waiting_card = face is not None and rested < self.tooltip.delay
        player = self.deciding
        computer = player is not None and is_computer(self.players.get(player)) \
            and self.session.result() is None and not self._watch_held()
        thinking = self._thought is not None \
            and not (self._watch_held() and self._thought.done())
        waiting = waiting_tip or waiting_card or computer or thinking or self.advisor.thinking
        return 0.05 if waiting else None

    def update(self, dt: float) -> None:
        before = self._shown()
        self._update(dt)
        if self._shown() != before:
            self.dirty = True
        if self.banner is not None:  # it fades out, then goes
            self.dirty = True
            if not self.banner.alive(self.app.now):
                self.banner = None

    def _shown(self) -> tuple[object, ...]:
        """What `update` may change on screen without an event: a tooltip or a hovered card
        coming up, the hover, the computer's thinking time, a move played (by the computer or
        a reaction window)."""
        return (self.tooltip.visible, self._hovered_card(), self.hover, self._think_shown,
                len(self.session.history), self.handoff is None, self.replay is None,
                self._hint_shown)

    def _update(self, dt: float) -> None:
        self.tooltip.update(dt)
        if self.options_to_ask is not None:
            self._offer_options()
        if self.autosave and not self.still:
            self._say_save_problem(self.autosaver.tick(dt, self.session, self.players))
        if self.replay is not None:
            self.replay.update(dt)
            if self.replay.timer == 0.0:
                self._show_replay_state()
                self.dirty = True
            return
        if self.handoff is not None:
            return
        if self.animations:
            self.animations[0].update(dt)
            if self.animations[0].finished:
                self.animations.popleft()
                if not self.animations:
                    self._settle()
            return
        self._update_hover()
        self._hover_card(dt)
        self._hint_tick()
        if self.dialog is not None:
            return
        if self.session.result() is not None:
            if not self._result_shown:
                self._show_result()
            return
        player = self.deciding
        if player is not None and is_computer(self.players.get(player)):
            self._computer_turn(player, dt)

    def close(self) -> None:
        """Stop the computer's worker thread and bring the autosave up to date (the scene is
        leaving the screen: window closed, Quit)."""
        self.flush_autosave()
        self.advisor.close()
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
            self._thinker = None

    def _offer_options(self) -> None:
        """The table's options in one dialog of rows, once, when they are the decision now and
        a person at this screen answers it; "In the panel" leaves the panel's list of every
        combination."""
        if self.dialog is not None or self.handoff is not None or self.watching \
                or not self.session.decision.table or not self._my_turn():
            return
        options, self.options_to_ask = self.options_to_ask, None
        if set(options.actions.values()) != set(self._legal()):
            return
        rows = options.choice_rows()

        def start() -> None:
            action = options.actions.get(options.chosen(rows))
            if action is not None:
                self.ask_then_play(MenuItem(self.gameui.action_label(action), action))

        cited = f" (section {options.section})" if options.section else ""
        self.show_dialog(Dialog(
            "The game's options", f"{options.question}{cited}: chosen once, for the whole "
            "table. \"In the panel\" lists every combination instead.",
            [("Start", start), ("In the panel", None)], rows=rows))

    def _update_hover(self) -> None:
        if self._reason_tip(self._mouse):
            self.hover = None
            return
        legend = self._extra("legend")
        self.hover = hover_board(self.camera, self.gameui.board, self.tooltip, self._mouse,
                                 legend, fresh=self._tip_fresh)
        self._tip_fresh = False
        rect_of = getattr(self.gameui.board, "target_rect", None)
        self.tooltip.avoid = rect_of(self.hover, self.camera) if rect_of and self.hover else None
        if self.menu is not None or self.card_viewer is not None:
            self.tooltip.hover(None, None)

    def _hover_card(self, dt: float) -> None:
        """Follow the card the pointer rests on (on the board or in the hand)."""
        target = self.hover
        if target is None and self._mouse is not None:
            target = self.panel.hand_item_at(self._mouse)
        if target != self._card_hover[0]:
            face = self.card_face(target) if target is not None else None
            self._card_hover = (target, face, 0.0)
        else:
            self._card_hover = (target, self._card_hover[1], self._card_hover[2] + dt)

    def _hovered_card(self) -> CardFace | None:
        """The card the pointer has rested on for the tooltip's delay, if any."""
        _, face, rested = self._card_hover
        return face if rested >= self.tooltip.delay else None

    @property
    def opaque(self) -> bool:
        """The board's view and the side panel tile the window (a replay leaves the panel's
        place to the table)."""
        return self.replay is None

    def draw_motion(self, surface: pygame.Surface) -> bool:
        """The board alone (with the dice over it) while it refines or the dice tumble: the
        panel and prompt did not change. A frame that only refines the board's picture draws
        again just the part its new tiles cover (all else on screen is as it was)."""
        if self.replay is not None or self.handoff is not None or self.card_viewer is not None \
                or self.menu is not None or self._hovered_card() is not None:
            return False
        layer = self.camera.layer
        part = layer.refine(self.camera) if layer is not None and not self.animations else None
        clip = surface.get_clip()
        if part is not None:
            surface.set_clip(part)
        self.gameui.board.draw(surface, self.camera, self.hover, self._highlights())
        if self.animations:
            self.animations[0].draw(surface, self.camera.viewport, self.app.scale)
            return True
        if self.tray is not None:
            self.tray.draw(surface, self.camera.viewport, self.app.scale,
                           self._board_keep_clear())
        self.tooltip.draw(surface)
        surface.set_clip(clip)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        covered = self.replay is not None or self.handoff is not None
        # what the player sees under the pointer (nothing of the board behind a hand-off)
        self.guard.look(self._mouse, None if covered else control_at(self, self._mouse),
                        self.app.now, camera_view(self))
        if self.replay is not None:
            self._draw_replay(surface)
            return
        if self.handoff is not None:
            self.handoff.draw(surface, self.app.scale)
            return
        self.gameui.board.draw(surface, self.camera, self.hover, self._highlights())
        self.panel.draw(surface)
        self.prompt.draw(surface)
        if self.animations:
            self.animations[0].draw(surface, self.camera.viewport, self.app.scale)
            return
        if self.tray is not None:
            self.tray.draw(surface, self.camera.viewport, self.app.scale,
                           self._board_keep_clear())
        if self.card_viewer is not None:
            self.card_viewer.draw(surface)
            return
        if self.menu is not None:
            self.menu.draw(surface)
            return
        if self.banner is not None:
            tray = [self.tray.rect] if self.tray is not None else []
            self.banner.draw(surface, self.camera.viewport, self.app.scale, self.app.now, tray)
        face = self._hovered_card()
        if face is not None and self._mouse is not None:
            draw_hover_card(surface, face, self._mouse, self.app.scale)
        else:
            self.tooltip.draw(surface)
